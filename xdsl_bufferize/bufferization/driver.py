"""The one-shot bufferization driver: analysis, tensor copies, rewrite, clean-up.

1. Analysis (`OneShotAnalysisState.analyze`): in-place decisions per tensor operand.
2. Tensor copies (`insert_tensor_copies`, `bufferization/copies.py`): each operand
   decided out of place gets a `bufferization.alloc_tensor() copy(%t)` before its op
   (no copy when the op does not read the operand's data), so every op bufferizes as
   if in place.
3. Rewrite (`bufferize_ops`): ops are visited in pre-order (a region op before the
   ops of its regions) and each model's `bufferize` rewrites its op. A tensor result
   replaced by a memref is wrapped in `bufferization.to_tensor` for its users that
   are not bufferized yet; `get_buffer` of such a tensor folds the wrapper away.
4. Clean-up (`fold_to_buffer_to_tensor`): `to_buffer(to_tensor(m))` becomes `m`
   (with a `memref.cast` if the types differ) and dead wrappers are erased.

Unknown ops (no model) with tensors are an error naming the op, or, with
`allow-unknown-ops`, keep their tensor operands and results: their operands are the
`to_tensor` of a buffer and their results reach buffers through `to_buffer`.

The reports (statistics, `test-analysis-only` annotations, `print-conflicts`) are in
`bufferization/reports.py`; across function boundaries `bufferization/module_driver.py`
drives the same steps function by function.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial

from xdsl.dialects import arith, bufferization, func, memref
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    UnrankedTensorType,
    i32,
)
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.analysis.call_graph import symbol_names
from xdsl_bufferize.analysis.func_attrs import (
    verify_writable_attributes,
    writable_attribute_error,
)
from xdsl_bufferize.analysis.ir_checks import (
    check_ranked_tensors,
    check_region_terminators,
)
from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState
from xdsl_bufferize.bufferization.copies import (
    insert_tensor_copies,
    memory_space_of,
    origin_reason,
)
from xdsl_bufferize.bufferization.reports import (
    BufferizationStatistics,
    annotate_analysis,
    print_conflicts,
)
from xdsl_bufferize.dialects import bufferization_ext as ext
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizationOptions,
    BufferizationState,
    BufferRelation,
    LayoutMapOption,
    bufferizable_model,
    has_tensor_semantics,
    is_op_allowed,
    only_dialects,
    value_owner_op,
)
from xdsl_bufferize.interfaces.copy_reasons import (
    Reason,
    SsaNames,
    copies_made_for,
    reason_of,
)
from xdsl_bufferize.interfaces.diagnostics import (
    ONE_SHOT_STAGE,
    BufferizationError,
    op_error,
)
from xdsl_bufferize.interfaces.memref_copy import (
    copy_ops,
    realloc_ops,
    same_memory_space,
)
from xdsl_bufferize.models import register_all_models
from xdsl_bufferize.models.bufferization import to_tensor_op
from xdsl_bufferize.models.unstructured import convert_successor_blocks
from xdsl_bufferize.utils.ir import (
    BufferType,
    is_memref,
    is_tensor,
    unranked_buffer_type,
)
from xdsl_bufferize.utils.locations import inherit_location
from xdsl_bufferize.utils.memref_layout import fully_dynamic_type

NO_MEMORY_SPACE = NoneAttr()
"""The memory space of a memref type that has none."""


@lru_cache(maxsize=1024)
def identity_memref_type(
    tensor_type: Attribute, memory_space: Attribute = NO_MEMORY_SPACE
) -> MemRefType[Attribute]:
    """The identity-layout memref type of a ranked tensor type, in `memory_space`
    (no space by default)."""
    assert isinstance(tensor_type, TensorType)
    return MemRefType(
        tensor_type.element_type, tensor_type.get_shape(), NoneAttr(), memory_space
    )


def unknown_buffer_type(
    tensor_type: Attribute, option: LayoutMapOption, memory_space: Attribute
) -> MemRefType[Attribute]:
    """The memref type of a ranked tensor at the boundary of an unknown op (MLIR's
    `unknownTypeConverterFn`): fully dynamic strides and offset
    (`fully-dynamic-layout-map`) or the identity layout (`identity-layout-map`)."""
    buffer_type = identity_memref_type(tensor_type, memory_space)
    if option is LayoutMapOption.IDENTITY_LAYOUT_MAP:
        return buffer_type
    return fully_dynamic_type(buffer_type)


def _at_unknown_op_boundary(value: SSAValue) -> bool:
    """Whether no model gives `value` its buffer: a result of an op without a
    model (allow-unknown-ops), an argument of such an op's region, or an entry
    argument of a function whose boundary is not bufferized (the module driver
    types those of the functions it bufferizes; the other blocks' arguments take
    the types of the buffers their branches pass)."""
    if isinstance(value, OpResult):
        return bufferizable_model(value.op) is None
    assert isinstance(value, BlockArgument)
    owner = value.block.parent_op()
    if isinstance(owner, func.FuncOp):
        return value.block is owner.body.blocks.first
    return owner is not None and bufferizable_model(owner) is None


def allocation_memory_space(
    options: BufferizationOptions,
    given: Attribute | None,
    source_type: Attribute | None,
) -> Attribute:
    """The memory space of a new buffer (MLIR's `AllocTensorOp::getBufferType`):
    the `given` one, else that of the buffer it is copied or derived from
    (`source_type`), else the options' default. Raises `PassFailedException`
    (reported at the allocating op) when `must-infer-memory-space` leaves none."""
    if given is not None:
        return given
    if source_type is not None:
        return memory_space_of(source_type)
    default = options.default_memory_space_attr()
    if default is None:
        raise PassFailedException("could not infer memory space")
    return default


_NO_SEGMENTS = DenseArrayBase.from_list(i32, [0, 0])
"""`operandSegmentSizes` of a `memref.alloc` without dynamic sizes or symbols."""


@lru_cache(maxsize=64)
def _alignment_attr(alignment: int) -> IntegerAttr:
    return IntegerAttr(alignment, 64)


def alloc_op(
    tensor_type: TensorType[Attribute],
    alignment: int,
    sizes: Sequence[SSAValue],
    memory_space: Attribute = NO_MEMORY_SPACE,
) -> memref.AllocOp:
    """`memref.alloc` of the identity buffer of `tensor_type` in `memory_space`, as
    `AllocOp.get` builds it; the static case reuses its (immutable) type and
    property attributes."""
    if sizes:
        return memref.AllocOp.get(
            tensor_type.element_type,
            alignment if alignment > 0 else None,
            tensor_type.get_shape(),
            sizes,
            memory_space=memory_space,
        )
    properties: dict[str, Attribute] = {"operandSegmentSizes": _NO_SEGMENTS}
    if alignment > 0:
        properties["alignment"] = _alignment_attr(alignment)
    return memref.AllocOp.create(
        result_types=[identity_memref_type(tensor_type, memory_space)],
        properties=properties,
    )


class OneShotBufferizationState(BufferizationState):
    """Buffers of tensor values during the rewrite, allocation and globals."""

    def __init__(
        self,
        module: Operation,
        options: BufferizationOptions,
        analysis: AnalysisState,
    ) -> None:
        self.module = module
        self.options = options
        self.analysis = analysis
        self.statistics = BufferizationStatistics()
        self._to_buffer_cache: dict[SSAValue, SSAValue] = {}
        self._globals: dict[tuple[Attribute, Attribute], str] = {}
        self._symbols: set[str] | None = None

    # -- buffers of values ------------------------------------------------

    def get_buffer(self, rewriter: PatternRewriter, value: SSAValue) -> SSAValue:
        if is_memref(value):
            return value
        if isinstance(value, OpResult) and isinstance(
            value.op, bufferization.ToTensorOp
        ):
            return value.op.memref
        cached = self._to_buffer_cache.get(value)
        if cached is not None:
            return cached
        buffer_type = self.get_base_buffer_type(value)
        to_buffer = ext.ToBufferOp.build(operands=[value], result_types=[buffer_type])
        if not self.analysis.is_writable(value):
            to_buffer.properties["read_only"] = UnitAttr()
        if isinstance(value, OpResult):
            rewriter.insert(to_buffer, InsertPoint.after(value.op))
        else:
            assert isinstance(value, BlockArgument)
            rewriter.insert(to_buffer, InsertPoint.at_start(value.block))
        self._to_buffer_cache[value] = to_buffer.memref
        return to_buffer.memref

    def get_buffer_type(self, value: SSAValue) -> MemRefType[Attribute]:
        if isinstance(value.type, MemRefType):
            return value.type  # pyright: ignore[reportUnknownVariableType]
        if isinstance(value, OpResult):
            if isinstance(value.op, bufferization.ToTensorOp):
                memref_type = value.op.memref.type
                assert isinstance(memref_type, MemRefType)
                return memref_type  # pyright: ignore[reportUnknownVariableType]
            model = bufferizable_model(value.op)
            if model is not None:
                found = model.buffer_type(value.op, value, self)
                if isinstance(found, MemRefType):
                    return found  # pyright: ignore[reportUnknownVariableType]
                # An in-place result equivalent to an operand has its buffer.
                for aliasing in model.get_aliasing_op_operands(
                    value.op, value, self.analysis
                ):
                    if (
                        aliasing.relation is BufferRelation.EQUIVALENT
                        and self.analysis.is_in_place(aliasing.operand)
                    ):
                        return self.get_buffer_type(aliasing.operand.value)
        elif isinstance(value, BlockArgument):
            # A region argument (a loop's iter_arg, a while's before/after
            # argument): the op owning the region knows which buffers flow in.
            owner = value.block.parent_op()
            model = bufferizable_model(owner) if owner is not None else None
            if owner is not None and model is not None:
                found = model.buffer_type(owner, value, self)
                if isinstance(found, MemRefType):
                    return found  # pyright: ignore[reportUnknownVariableType]
        default = self.options.default_memory_space_attr()
        space = NoneAttr() if default is None else default
        if _at_unknown_op_boundary(value):
            return unknown_buffer_type(
                value.type, self.options.unknown_type_conversion, space
            )
        return identity_memref_type(value.type, space)

    def get_base_buffer_type(self, value: SSAValue) -> BufferType:
        value_type = value.type
        if not isinstance(value_type, UnrankedTensorType | UnrankedMemRefType):
            return self.get_buffer_type(value)
        if isinstance(value_type, UnrankedMemRefType):
            return value_type  # pyright: ignore[reportUnknownVariableType]
        owner = value_owner_op(value)
        if isinstance(owner, bufferization.ToTensorOp):
            buffer_type = owner.memref.type
            assert isinstance(buffer_type, UnrankedMemRefType)
            return buffer_type  # pyright: ignore[reportUnknownVariableType]
        model = bufferizable_model(owner) if owner is not None else None
        if owner is not None and model is not None:
            found = model.buffer_type(owner, value, self)
            if found is not None:
                return found
        return unranked_buffer_type(value_type)  # pyright: ignore[reportUnknownArgumentType]

    def replace_op_with_bufferized_values(
        self,
        rewriter: PatternRewriter,
        op: Operation,
        values: Sequence[SSAValue],
    ) -> None:
        new_results: list[SSAValue | None] = []
        for result, value in zip(op.results, values, strict=True):
            if is_tensor(result) and is_memref(value):
                if result.first_use is not None:
                    wrapper = to_tensor_op(value)
                    rewriter.insert(wrapper, InsertPoint.before(op))
                    self.map_value(result, wrapper.tensor)
                    new_results.append(wrapper.tensor)
                else:
                    new_results.append(None)
            else:
                new_results.append(value)
        rewriter.replace(op, [], new_results)

    def map_value(self, old: SSAValue, new: SSAValue) -> None:
        analysis = self.analysis
        if isinstance(analysis, OneShotAnalysisState):
            analysis.alias_sets.union(old, new)
            analysis.equivalence_sets.union(old, new)

    # -- allocation -------------------------------------------------------

    def allocate(
        self,
        rewriter: PatternRewriter,
        tensor_type: TensorType[Attribute],
        dynamic_sizes: Sequence[SSAValue],
        copy_from: SSAValue | None = None,
        memory_space: Attribute | None = None,
    ) -> SSAValue:
        space = allocation_memory_space(
            self.options,
            memory_space,
            None if copy_from is None else copy_from.type,
        )
        sizes = list(dynamic_sizes)
        shape = tensor_type.get_shape()
        if copy_from is not None and not sizes:
            for index, size in enumerate(shape):
                if size < 0:
                    constant = arith.ConstantOp(IntegerAttr(index, IndexType()))
                    dim = memref.DimOp(copy_from, constant)
                    rewriter.insert(constant)
                    rewriter.insert(dim)
                    sizes.append(dim.result)
        alloc = alloc_op(tensor_type, self.options.buffer_alignment, sizes, space)
        rewriter.insert(alloc)
        self.statistics.allocations += 1
        if copy_from is not None:
            rewriter.insert(copy_ops(copy_from, alloc.memref))
            self.statistics.copies += 1
        return alloc.memref

    def copy(self, rewriter: PatternRewriter, source: SSAValue, dest: SSAValue) -> None:
        """Insert `memref.copy source -> dest` (counted in the statistics)."""
        rewriter.insert(copy_ops(source, dest))
        self.statistics.copies += 1

    def _symbol_names(self) -> set[str]:
        if self._symbols is None:
            self._symbols = symbol_names(self.module)
        return self._symbols

    def get_global_constant(
        self,
        rewriter: PatternRewriter,
        value: Attribute,
        memref_type: MemRefType[Attribute],
    ) -> SSAValue:
        key = (value, memref_type)
        name = self._globals.get(key)
        if name is None:
            shape = "x".join(str(d) for d in memref_type.get_shape())
            base = f"__constant_{shape}x{memref_type.element_type}"
            if not memref_type.get_shape():
                base = f"__constant_{memref_type.element_type}"
            symbols = self._symbol_names()
            name = base
            counter = 0
            while name in symbols:
                name = f"{base}_{counter}"
                counter += 1
            symbols.add(name)
            self._globals[key] = name
            alignment = self.options.buffer_alignment
            global_op = memref.GlobalOp.get(
                StringAttr(name),
                memref_type,
                value,
                StringAttr("private"),
                UnitAttr(),
                alignment if alignment > 16 else None,
            )
            module = self.module
            assert isinstance(module, ModuleOp)
            first = module.body.block.first_op
            if first is None:
                rewriter.insert(global_op, InsertPoint.at_end(module.body.block))
            else:
                rewriter.insert(global_op, InsertPoint.before(first))
            self.statistics.globals += 1
        get_global = memref.GetGlobalOp(name, memref_type)
        rewriter.insert(get_global)
        return get_global.memref


def _is_unknown(op: Operation) -> bool:
    """An op with tensor semantics, no model, and of a dialect the filter allows."""
    return (
        bufferizable_model(op) is None
        and has_tensor_semantics(op)
        and is_op_allowed(op)
    )


def _unknown_op_error(op: Operation) -> BufferizationError:
    return op_error(
        ONE_SHOT_STAGE,
        op,
        "has tensor semantics but no bufferization model (pass "
        "allow-unknown-ops to keep it on tensors behind to_tensor / "
        "to_buffer)",
    )


def check_op_support(root: Operation, options: BufferizationOptions) -> None:
    """Fail on the first op with tensor semantics and no model (unless
    allow-unknown-ops, or under test-analysis-only, which analyses such ops
    conservatively: their tensor operands are read, their results are not
    writable; ops the dialect filter leaves out are no error, MLIR's rule), then on
    a bad writable attribute (`verify_writable_attributes`), in one walk: an
    unknown op anywhere comes before a bad writable attribute."""
    if options.allow_unknown_ops or options.test_analysis_only:
        verify_writable_attributes(root)
        return
    first_bad_attribute: BufferizationError | None = None
    for op in root.walk():
        if _is_unknown(op):
            raise _unknown_op_error(op)
        if first_bad_attribute is None:
            first_bad_attribute = writable_attribute_error(op)
    if first_bad_attribute is not None:
        raise first_bad_attribute


def bufferize_ops(root: Operation, state: OneShotBufferizationState) -> None:
    """Visit ops in pre-order and let each model rewrite its op."""
    names = SsaNames(root) if state.options.explain_copies else None
    if root.regions and bufferizable_model(root) is not None:
        # The root's own blocks fed by branches (a function's cf blocks): their
        # tensor arguments become memrefs first, as its model would do.
        convert_successor_blocks(root.regions, state)
    ops = [op for op in root.walk() if op is not root]
    for op in ops:
        if op.parent is None:
            continue
        model = bufferizable_model(op)
        if model is None or not has_tensor_semantics(op):
            continue
        rewriter = PatternRewriter(op)
        rewriter.operation_insertion_handler.append(partial(inherit_location, op))
        try:
            reason: Reason | None = reason_of(op)
            if reason is None and names is not None:
                reason = origin_reason(op, names)
            with copies_made_for(reason):
                model.bufferize(op, rewriter, state)
        except BufferizationError:
            raise
        except PassFailedException as error:
            raise op_error(ONE_SHOT_STAGE, op, str(error)) from error


def _fold_pair(to_buffer: bufferization.ToBufferOp, alignment: int) -> bool:
    """Fold `to_buffer(to_tensor(m))` to `m` (a cast or, across memory spaces, a
    copy aligned to `alignment`); whether it was folded (erased)."""
    source = to_buffer.tensor
    if not isinstance(source, OpResult) or not isinstance(
        source.op, bufferization.ToTensorOp
    ):
        return False
    memref_value = source.op.memref
    replacement = memref_value
    wanted = to_buffer.memref.type
    if memref_value.type != wanted:
        block = to_buffer.parent_block()
        assert block is not None
        if same_memory_space(memref_value.type, wanted):
            cast = memref.CastOp.get(memref_value, wanted)  # pyright: ignore[reportArgumentType]
            block.insert_op_before(cast, to_buffer)
            replacement = cast.dest
        else:
            # No cast changes the memory space: a copy in the wanted one (MLIR's
            # `castOrReallocMemRefValue`).
            assert isinstance(wanted, MemRefType)
            with copies_made_for(
                f"copy of a {memref_value.type} into memory space "
                f"{wanted.memory_space}: no memref.cast changes the memory space"
            ):
                ops, replacement = realloc_ops(memref_value, wanted, alignment)  # pyright: ignore[reportUnknownArgumentType]
            block.insert_ops_before(ops, to_buffer)
    to_buffer.memref.replace_all_uses_with(replacement)
    to_buffer.detach()
    to_buffer.erase()
    return True


def fold_to_buffer_to_tensor(root: Operation, alignment: int = 64) -> None:
    """Fold `to_buffer(to_tensor(m))` to `m` and erase dead wrappers (in one walk:
    erasing a wrapper may only kill the wrapper defining its operand); a copy
    across memory spaces is aligned to `alignment`."""
    wrappers: list[Operation] = []
    for op in list(root.walk()):
        if isinstance(op, bufferization.ToBufferOp):
            if not _fold_pair(op, alignment):
                wrappers.append(op)
        elif isinstance(op, bufferization.ToTensorOp):
            wrappers.append(op)
    wrappers.reverse()
    while wrappers:
        op = wrappers.pop()
        if op.parent is None or op.results[0].first_use is not None:
            continue
        sources = [
            operand.owner
            for operand in op.operands
            if isinstance(
                operand.owner, bufferization.ToTensorOp | bufferization.ToBufferOp
            )
        ]
        op.detach()
        op.erase()
        wrappers.extend(sources)


def analyze(root: Operation, options: BufferizationOptions) -> OneShotAnalysisState:
    """Run the one-shot analysis on `root` and check the models' verdicts."""
    register_all_models()
    check_op_support(root, options)
    state = OneShotAnalysisState(root, options)
    state.analyze()
    errors = state.verify()
    if errors:
        op, message = errors[0]
        raise op_error(ONE_SHOT_STAGE, op, message)
    return state


def one_shot_bufferize(
    root: Operation, options: BufferizationOptions | None = None
) -> BufferizationStatistics:
    """Bufferize every tensor op under `root` (a module) of the dialects
    `options.dialect_filter` allows (all when empty); return statistics."""
    options = options or BufferizationOptions()
    with only_dialects(options.dialect_filter):
        return _one_shot_bufferize(root, options)


def _one_shot_bufferize(
    root: Operation, options: BufferizationOptions
) -> BufferizationStatistics:
    register_all_models()
    check_region_terminators(root)
    check_ranked_tensors(root)
    state = analyze(root, options)
    stats = BufferizationStatistics(
        in_place=len(state.in_place_operands), out_of_place=len(state.conflicts)
    )
    if options.print_conflicts:
        print_conflicts(state)
    if options.test_analysis_only:
        annotate_analysis(root, state, options)
        return stats
    buffer_state = OneShotBufferizationState(root, options, state)
    stats.tensor_copies = insert_tensor_copies(state, buffer_state.get_buffer_type)
    bufferize_ops(root, buffer_state)
    fold_to_buffer_to_tensor(root, options.buffer_alignment)
    stats.allocations = buffer_state.statistics.allocations
    stats.copies = buffer_state.statistics.copies
    stats.globals = buffer_state.statistics.globals
    return stats


__all__ = [
    "OneShotBufferizationState",
    "analyze",
    "bufferize_ops",
    "check_op_support",
    "fold_to_buffer_to_tensor",
    "one_shot_bufferize",
]
