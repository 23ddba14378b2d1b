"""Bufferization models of the `tensor` dialect (and of `tensor_ext.generate`).

Each model answers, for one op, what its buffer form reads and writes and which
results share memory with which operand, and rewrites the op to memref form:

* views (`extract_slice`, `cast`; the reshaping ops `collapse_shape`,
  `expand_shape`, `reshape` have their models in `tensor_reshape`) read and write
  nothing; their result is a view of the source buffer (`memref.subview`,
  `memref.cast`, ...), equivalent to it except for a slice, which only aliases it.
  Their memref type (strided layout) is computed from the buffer type of the source;
* element accesses (`extract`, `insert`, `dim`) become `memref.load` / `memref.store` /
  `memref.dim`; `insert` writes its destination in place, its result is equivalent;
* `insert_slice` copies its source into a subview of its destination. When the source
  was computed in place on the matching `extract_slice` of the same destination (the
  tiling pattern), the source buffer already is that subview and no copy is made.
  It is also a subset insertion (`InsertSliceSubsetModel`), for empty-tensor
  elimination;
* ops creating a tensor from scratch (`empty`, `from_elements`, `splat`, `generate`,
  `pad`, `concat`) bufferize to a new allocation, filled by stores, a loop nest
  running the body, `linalg.fill` or copies into subviews.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from xdsl.dialects import arith, memref, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    NoneAttr,
)
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.dialects.tensor_ext import GenerateOp
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    NoMemoryAccessModel,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.interfaces.subset_insertion import (
    SubsetInsertionModel,
    register_subset_insertion_model,
)
from xdsl_bufferize.models.tensor_reshape import (
    CollapseShapeOpModel,
    ExpandShapeOpModel,
    ReshapeOpModel,
)
from xdsl_bufferize.utils.indices import (
    Mixed,
    as_value,
    buffer_sizes,
    build_copy,
    build_index,
    build_loop_nest,
    build_subview,
    constant_index_value,
    dynamic_sizes_of,
    mixed_values,
    same_mixed,
    tensor_type_of,
)
from xdsl_bufferize.utils.memref_layout import (
    has_identity_layout,
    make_memref_type,
    strides_and_offset,
    subview_type,
)

# ---------------------------------------------------------------------------
# Reverse use-def chains: matching extract_slice / insert_slice pairs.
# ---------------------------------------------------------------------------


def find_in_reverse_chain(
    state: AnalysisState,
    value: SSAValue,
    condition: Callable[[SSAValue], bool],
    equivalent_in_place_only: bool = True,
) -> list[SSAValue]:
    """Walk from `value` back through aliases (op results and block arguments to
    the operands they alias: by default only in-place, equivalent ones, else all);
    return the values where the walk stops: those meeting `condition`, and the
    leaves."""
    found: list[SSAValue] = []
    seen: set[SSAValue] = set()
    worklist = [value]
    while worklist:
        current = worklist.pop()
        if current in seen:
            continue
        seen.add(current)
        if condition(current):
            found.append(current)
            continue
        aliases = [
            alias
            for alias in state.get_aliasing_op_operands(current)
            if not equivalent_in_place_only
            or (
                alias.relation is BufferRelation.EQUIVALENT
                and state.is_in_place(alias.operand)
            )
        ]
        if not aliases:
            found.append(current)
            continue
        worklist.extend(alias.operand.value for alias in aliases)
    return found


def same_slice(
    a: tensor.ExtractSliceOp | tensor.InsertSliceOp | memref.SubviewOp,
    b: tensor.ExtractSliceOp | tensor.InsertSliceOp | memref.SubviewOp,
) -> bool:
    """Whether two slicing ops take the same offsets, sizes and strides."""
    # Fast path: equal static lists and the very same SSA operands.
    if (
        a.static_offsets == b.static_offsets
        and a.static_sizes == b.static_sizes
        and a.static_strides == b.static_strides
        and tuple(_slice_operands(a)) == tuple(_slice_operands(b))
    ):
        return True
    for sa, da, sb, db in (
        (a.static_offsets, a.offsets, b.static_offsets, b.offsets),
        (a.static_sizes, a.sizes, b.static_sizes, b.sizes),
        (a.static_strides, a.strides, b.static_strides, b.strides),
    ):
        ma, mb = mixed_values(sa, da), mixed_values(sb, db)
        if len(ma) != len(mb) or not all(map(same_mixed, ma, mb)):
            return False
    return True


def _slice_operands(
    op: tensor.ExtractSliceOp | tensor.InsertSliceOp | memref.SubviewOp,
) -> Sequence[SSAValue]:
    """The dynamic offsets, sizes and strides of a slicing op, in order (every
    operand after the source, and after the destination of an insert_slice)."""
    return op.operands[2:] if isinstance(op, tensor.InsertSliceOp) else op.operands[1:]


def has_matching_extract_slice(
    state: AnalysisState,
    value: SSAValue,
    insert: tensor.InsertSliceOp,
    require_in_place: bool = False,
) -> bool:
    """Whether `value` comes only from extract_slices of a tensor equivalent to
    `insert`'s dest, taking the same slice as `insert` (MLIR's
    `matchesInsertDestination`).

    For the analysis the chain may go through any aliasing op, decided or not:
    an alias of the slice lies inside its memory or, out of place, in a copy, and
    with the insert's sizes it is the whole slice. With `require_in_place` (once
    the analysis is done, to skip the copy) only in-place equivalent ops are
    followed and the extract_slices must be in place: an out-of-place one is a
    view of a copy."""

    def matches(candidate: SSAValue) -> bool:
        if not isinstance(candidate, OpResult):
            return False
        extract = candidate.op
        return (
            isinstance(extract, tensor.ExtractSliceOp)
            and (not require_in_place or state.is_in_place(OpOperand(extract, 0)))
            and same_slice(extract, insert)
            and (
                extract.source is insert.dest
                or state.are_equivalent_buffers(extract.source, insert.dest)
            )
        )

    return all(
        matches(v)
        for v in find_in_reverse_chain(
            state, value, matches, equivalent_in_place_only=require_in_place
        )
    )


# ---------------------------------------------------------------------------
# Models.
# ---------------------------------------------------------------------------


class _AllocatingModel(BufferizableOpModel):
    """Base for ops whose result is a new buffer; their tensor operands are only
    read."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferizes_to_allocation(self, op: Operation, value: SSAValue) -> bool:
        return value in op.results


class EmptyOpModel(_AllocatingModel):
    """tensor.empty: becomes a new allocation (memref.alloc), or nothing if unused;
    its contents are undefined."""

    def result_bufferizes_to_memory_write(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.EmptyOp)
        if not op.tensor.uses:
            rewriter.erase(op)
            return
        buffer = state.allocate(
            rewriter, tensor_type_of(op.tensor), list(op.dynamic_sizes)
        )
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class ExtractOpModel(BufferizableOpModel):
    """tensor.extract: becomes memref.load; reads its tensor."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ExtractOp)
        buffer = state.get_buffer(rewriter, op.tensor)
        load = memref.LoadOp.get(buffer, list(op.indices))
        rewriter.insert(load, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [load.res])


class InsertOpModel(BufferizableOpModel):
    """tensor.insert: becomes memref.store into its dest, in place; the result is
    equivalent to the dest."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.InsertOp)
        if operand.value is op.dest and operand.index == 1:
            return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)
        return ()

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.InsertOp)
        buffer = state.get_buffer(rewriter, op.dest)
        store = memref.StoreOp.get(op.scalar, buffer, list(op.indices))
        rewriter.insert(store, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class ExtractSliceOpModel(NoMemoryAccessModel):
    """tensor.extract_slice: becomes memref.subview (strided layout); the result
    aliases (is a view of) the source, not equivalent."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.ExtractSliceOp)
        if operand.index == 0:
            return (AliasingValue(op.result, BufferRelation.UNKNOWN),)
        return ()

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, tensor.ExtractSliceOp)
        return subview_type(
            state.get_buffer_type(op.source),
            mixed_values(op.static_offsets, op.offsets),
            mixed_values(op.static_sizes, op.sizes),
            mixed_values(op.static_strides, op.strides),
            tensor_type_of(op.result).get_shape(),
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ExtractSliceOp)
        source = state.get_buffer(rewriter, op.source)
        view = build_subview(
            rewriter,
            op,
            source,
            mixed_values(op.static_offsets, op.offsets),
            mixed_values(op.static_sizes, op.sizes),
            mixed_values(op.static_strides, op.strides),
            tensor_type_of(op.result).get_shape(),
        )
        state.replace_op_with_bufferized_values(rewriter, op, [view])


class InsertSliceOpModel(BufferizableOpModel):
    """tensor.insert_slice: becomes a memref.copy of the source into a subview of
    the dest (none when the source already is that subview); writes the dest in
    place, the result is equivalent to the dest."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        assert isinstance(op, tensor.InsertSliceOp)
        if operand.index == 0:
            return True
        # The dest is read unless the slice overwrites all of it.
        dest_shape = tensor_type_of(op.dest).get_shape()
        offsets = mixed_values(op.static_offsets, op.offsets)
        sizes = mixed_values(op.static_sizes, op.sizes)
        strides = mixed_values(op.static_strides, op.strides)
        whole = (
            all(constant_index_value(o) == 0 for o in offsets)
            and all(constant_index_value(s) == 1 for s in strides)
            and len(sizes) == len(dest_shape)
            and all(
                d != DYNAMIC_INDEX and constant_index_value(s) == d
                for s, d in zip(sizes, dest_shape, strict=True)
            )
        )
        return not whole

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return operand.index == 1

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.InsertSliceOp)
        if operand.index == 1:
            return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)
        return ()

    def is_not_conflicting(
        self,
        op: Operation,
        read: OpOperand,
        write: OpOperand,
        state: AnalysisState,
    ) -> bool | None:
        assert isinstance(op, tensor.InsertSliceOp)
        if read.owner is op:
            # The dest is read only outside the slice: a write into exactly the
            # matching slice does not conflict with it.
            if read.index == 1 and has_matching_extract_slice(state, write.value, op):
                return True
            # Reading the source and writing the dest do not conflict when the
            # source is the very slice the op writes.
            if (
                read.index == 0
                and write.owner is op
                and write.index == 1
                and has_matching_extract_slice(state, read.value, op)
            ):
                return True
        if (
            write.owner is op
            and write.index == 1
            and state.are_equivalent_buffers(read.value, op.source)
            and has_matching_extract_slice(state, op.source, op)
        ):
            # The op writes back onto the source slice the data it already holds.
            return True
        return None

    def verify_analysis(self, op: Operation, state: AnalysisState) -> str | None:
        assert isinstance(op, tensor.InsertSliceOp)
        # Records whether the source is the very slice of the dest the op writes
        # (then `bufferize` copies nothing).
        state.record_decision(
            op,
            state.is_in_place(OpOperand(op, 1))
            and has_matching_extract_slice(state, op.source, op, require_in_place=True),
        )
        return None

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.InsertSliceOp)
        dest = state.get_buffer(rewriter, op.dest)
        source = state.get_buffer(rewriter, op.source)
        self_copy = state.analysis.decision(op) is True
        if not self_copy and isinstance(source, OpResult):
            # Without the analysis: the source buffer is a subview of the dest
            # buffer taking the same slice.
            view = source.op
            self_copy = (
                isinstance(view, memref.SubviewOp)
                and view.source is dest
                and same_slice(view, op)
            )
        if not self_copy:
            target = build_subview(
                rewriter,
                op,
                dest,
                mixed_values(op.static_offsets, op.offsets),
                mixed_values(op.static_sizes, op.sizes),
                mixed_values(op.static_strides, op.strides),
                tensor_type_of(op.source).get_shape(),
            )
            build_copy(rewriter, op, source, target)
        state.replace_op_with_bufferized_values(rewriter, op, [dest])


class InsertSliceSubsetModel(SubsetInsertionModel):
    """tensor.insert_slice as a subset insertion: the subset is the extract_slice of
    the dest at the op's offsets, sizes and strides."""

    def values_needed_for_extraction(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, tensor.InsertSliceOp)
        return [op.dest, *op.offsets, *op.sizes, *op.strides]

    def build_subset_extraction(
        self, op: Operation, before: Operation
    ) -> tuple[SSAValue, Operation | None]:
        assert isinstance(op, tensor.InsertSliceOp)
        extract = tensor.ExtractSliceOp(
            op.dest,
            mixed_values(op.static_offsets, op.offsets),
            mixed_values(op.static_sizes, op.sizes),
            mixed_values(op.static_strides, op.strides),
            op.source.type,
        )
        Rewriter.insert_op(extract, InsertPoint.before(before))
        return extract.result, extract


class DimOpModel(NoMemoryAccessModel):
    """tensor.dim: becomes memref.dim; reads only the shape, not the contents."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.DimOp)
        buffer = state.get_buffer(rewriter, op.source)
        dim = memref.DimOp(buffer, op.index)
        rewriter.insert(dim, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [dim.result])


class CastOpModel(NoMemoryAccessModel):
    """tensor.cast: becomes memref.cast; the result is equivalent to the source."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.CastOp)
        return (AliasingValue(op.dest, BufferRelation.EQUIVALENT),)

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, tensor.CastOp)
        source_type = state.get_buffer_type(op.source)
        result_type = tensor_type_of(op.dest)
        shape = result_type.get_shape()
        if has_identity_layout(source_type) and (
            DYNAMIC_INDEX not in source_type.get_shape()
            or isinstance(source_type.layout, NoneAttr)
        ):
            return make_memref_type(
                result_type.get_element_type(),
                shape,
                None,
                0,
                source_type.memory_space,
            )
        strides, offset = strides_and_offset(source_type)
        return make_memref_type(
            result_type.get_element_type(),
            shape,
            strides,
            offset,
            source_type.memory_space,
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.CastOp)
        source = state.get_buffer(rewriter, op.source)
        result_type = self.buffer_type(op, op.dest, state)
        assert result_type is not None
        if result_type == source.type:
            state.replace_op_with_bufferized_values(rewriter, op, [source])
            return
        cast_op = memref.CastOp.get(source, result_type)
        rewriter.insert(cast_op, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [cast_op.dest])


class FromElementsOpModel(_AllocatingModel):
    """tensor.from_elements: becomes a new allocation and one memref.store per
    element."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.FromElementsOp)
        result_type = tensor_type_of(op.result)
        shape = result_type.get_shape()
        buffer = state.allocate(rewriter, result_type, [])
        constants: dict[int, SSAValue] = {}

        def index(value: int) -> SSAValue:
            if value not in constants:
                constants[value] = build_index(rewriter, op, value)
            return constants[value]

        for flat, element in enumerate(op.elements):
            indices: list[SSAValue] = []
            rest = flat
            for size in reversed(shape):
                indices.append(index(rest % size))
                rest //= size
            store = memref.StoreOp.get(element, buffer, list(reversed(indices)))
            rewriter.insert(store, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class SplatOpModel(_AllocatingModel):
    """tensor.splat: becomes a new allocation filled with linalg.fill."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.SplatOp)
        buffer = state.allocate(
            rewriter, tensor_type_of(op.result), list(op.dynamicSizes)
        )
        rewriter.insert(FillOp([op.input], [buffer], []), InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


def _inline_element_body(
    rewriter: PatternRewriter,
    region_op: Operation,
    buffer: SSAValue,
    upper_bounds: Sequence[SSAValue],
    store_indices: Callable[[list[SSAValue]], list[SSAValue]] | None = None,
) -> None:
    """Move the single-block body of `region_op` (one index argument per dim,
    ending in tensor.yield) into a loop nest over `upper_bounds`, storing each
    yielded value into `buffer`."""
    block = region_op.regions[0].block

    def body(rw: PatternRewriter, before: Operation, ivs: list[SSAValue]) -> None:
        yield_op = block.last_op
        assert isinstance(yield_op, tensor.YieldOp)
        rw.inline_block(block, InsertPoint.before(before), ivs)
        indices = store_indices(ivs) if store_indices is not None else ivs
        store = memref.StoreOp.get(yield_op.arguments[0], buffer, indices)
        rw.replace(yield_op, store, [])

    build_loop_nest(rewriter, region_op, upper_bounds, body)


class GenerateOpModel(_AllocatingModel):
    """tensor_ext.generate: becomes a new allocation and a scf.for nest running the
    body at each index and storing what it yields."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, GenerateOp)
        result_type = tensor_type_of(op.result)
        buffer = state.allocate(rewriter, result_type, list(op.dynamic_extents))
        dynamic = iter(op.dynamic_extents)
        bounds = [
            next(dynamic) if size == DYNAMIC_INDEX else build_index(rewriter, op, size)
            for size in result_type.get_shape()
        ]
        _inline_element_body(rewriter, op, buffer, bounds)
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class PadOpModel(_AllocatingModel):
    """tensor.pad: becomes a new allocation, filled with the padding value
    (linalg.fill, or the body run per element), then the source copied into its
    interior subview."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.PadOp)
        result_type = tensor_type_of(op.result)
        source = state.get_buffer(rewriter, op.source)
        low = mixed_values(op.static_low, op.low)
        high = mixed_values(op.static_high, op.high)
        source_sizes = buffer_sizes(rewriter, op, source)
        result_sizes: list[Mixed] = []
        for lo, hi, size, result_size in zip(
            low, high, source_sizes, result_type.get_shape(), strict=True
        ):
            if result_size != DYNAMIC_INDEX:
                result_sizes.append(result_size)
                continue
            total = as_value(rewriter, op, size)
            for pad in (lo, hi):
                add = arith.AddiOp(total, as_value(rewriter, op, pad))
                rewriter.insert(add, InsertPoint.before(op))
                total = add.result
            result_sizes.append(total)
        buffer = state.allocate(
            rewriter,
            result_type,
            dynamic_sizes_of(rewriter, op, result_type.get_shape(), result_sizes),
        )
        block = op.region.block
        yield_op = block.last_op
        assert isinstance(yield_op, tensor.YieldOp)
        padding = yield_op.arguments[0]
        defined_inside = (
            isinstance(padding, BlockArgument) and padding.block is block
        ) or (isinstance(padding, OpResult) and padding.op.parent_block() is block)
        if not defined_inside:
            # The padding value is defined outside the body: a plain fill.
            rewriter.insert(FillOp([padding], [buffer], []), InsertPoint.before(op))
        else:
            bounds = [as_value(rewriter, op, s) for s in result_sizes]
            _inline_element_body(rewriter, op, buffer, bounds)
        interior = build_subview(
            rewriter,
            op,
            buffer,
            low,
            source_sizes,
            [1] * len(low),
            cast(MemRefType[Attribute], source.type).get_shape(),
        )
        build_copy(rewriter, op, source, interior)
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class ConcatOpModel(_AllocatingModel):
    """tensor.concat: becomes a new allocation and one memref.copy per input into
    its subview along the concatenated dimension."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ConcatOp)
        result_type = tensor_type_of(op.result)
        concat_dim = op.dim.value.data
        buffers = [state.get_buffer(rewriter, v) for v in op.inputs]
        first_sizes = buffer_sizes(rewriter, op, buffers[0])
        result_sizes: list[Mixed] = []
        all_sizes = [first_sizes] + [buffer_sizes(rewriter, op, b) for b in buffers[1:]]
        for dim, size in enumerate(result_type.get_shape()):
            if size != DYNAMIC_INDEX:
                result_sizes.append(size)
            elif dim != concat_dim:
                result_sizes.append(first_sizes[dim])
            else:
                total = as_value(rewriter, op, all_sizes[0][dim])
                for sizes in all_sizes[1:]:
                    add = arith.AddiOp(total, as_value(rewriter, op, sizes[dim]))
                    rewriter.insert(add, InsertPoint.before(op))
                    total = add.result
                result_sizes.append(total)
        buffer = state.allocate(
            rewriter,
            result_type,
            dynamic_sizes_of(rewriter, op, result_type.get_shape(), result_sizes),
        )
        offset: Mixed = 0
        rank = len(result_type.get_shape())
        for input_buffer, sizes in zip(buffers, all_sizes, strict=True):
            offsets: list[Mixed] = [0] * rank
            offsets[concat_dim] = offset
            target = build_subview(
                rewriter,
                op,
                buffer,
                offsets,
                sizes,
                [1] * rank,
                cast(MemRefType[Attribute], input_buffer.type).get_shape(),
            )
            build_copy(rewriter, op, input_buffer, target)
            step = sizes[concat_dim]
            if isinstance(offset, int) and isinstance(step, int):
                offset = offset + step
            else:
                add = arith.AddiOp(
                    as_value(rewriter, op, offset), as_value(rewriter, op, step)
                )
                rewriter.insert(add, InsertPoint.before(op))
                offset = add.result
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


def register_tensor_models() -> None:
    """Register the bufferization models of the tensor dialect (and
    tensor_ext.generate)."""
    register_bufferizable_model(tensor.EmptyOp, EmptyOpModel())
    register_bufferizable_model(tensor.ExtractOp, ExtractOpModel())
    register_bufferizable_model(tensor.InsertOp, InsertOpModel())
    register_bufferizable_model(tensor.ExtractSliceOp, ExtractSliceOpModel())
    register_bufferizable_model(tensor.InsertSliceOp, InsertSliceOpModel())
    register_subset_insertion_model(tensor.InsertSliceOp, InsertSliceSubsetModel())
    register_bufferizable_model(tensor.DimOp, DimOpModel())
    register_bufferizable_model(tensor.CastOp, CastOpModel())
    register_bufferizable_model(tensor.FromElementsOp, FromElementsOpModel())
    register_bufferizable_model(tensor.SplatOp, SplatOpModel())
    register_bufferizable_model(GenerateOp, GenerateOpModel())
    register_bufferizable_model(tensor.PadOp, PadOpModel())
    register_bufferizable_model(tensor.ConcatOp, ConcatOpModel())
    register_bufferizable_model(tensor.CollapseShapeOp, CollapseShapeOpModel())
    register_bufferizable_model(tensor.ExpandShapeOp, ExpandShapeOpModel())
    register_bufferizable_model(tensor.ReshapeOp, ReshapeOpModel())
