"""BufferizableOpInterface: the per-op knowledge bufferization relies on.

Bufferization turns ops on immutable `tensor` values into ops on mutable `memref`
buffers. Everything the analysis and the rewrite driver need to know about one op
is asked through this protocol, never hard-coded in the analysis:

* which tensor operands the op's buffer form reads (`bufferizes_to_memory_read`) and
  writes (`bufferizes_to_memory_write`);
* which tensor results (or block arguments of its regions) may share a buffer with a
  tensor operand, and whether they are the very same buffer (`get_aliasing_values`,
  with `BufferRelation.EQUIVALENT` or `BufferRelation.UNKNOWN`);
* whether a result is a brand-new allocation (`bufferizes_to_allocation`), is
  writable at all (`is_writable`), or must be bufferized in place;
* which of its regions may run more than once (`is_repetitive_region`), and
  which run their executions in parallel (`is_parallel_region`);
* how to rewrite it to memref form (`bufferize`), given the buffers of its operands.

Ops of xDSL's dialects cannot take a new trait, so models are kept in a registry keyed
by op class (MLIR's "external models"): `register_bufferizable_model(op_type, model)`
and `bufferizable_model(op)`. Ops of our own dialects may instead carry the
`BufferizableOpInterfaceTrait`; lookup goes trait first, then the registry along the
op's class hierarchy (the one rule of `interfaces/registry.ModelRegistry`).

The analysis sees the program as it is (tensors); it speaks to models through
`AnalysisState`. The rewrite driver speaks to models through `BufferizationState`.
Both states are abstract here: `analysis/` and `transforms/` implement them.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum, auto
from functools import lru_cache
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, MemRefType, NoneAttr, TensorType
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.traits import IsTerminator, OpTrait

from xdsl_bufferize.interfaces.registry import ModelRegistry
from xdsl_bufferize.utils.ir import BufferType, is_tensor, is_tensor_type


class BufferRelation(Enum):
    """How the buffer of an aliasing value relates to the buffer of an operand."""

    EQUIVALENT = auto()
    """The value bufferizes to the very same buffer (same base, same view)."""
    UNKNOWN = auto()
    """The value may share memory with the operand (e.g. a subview of it)."""


@dataclass(frozen=True)
class OpOperand:
    """One operand slot of an op (MLIR's `OpOperand`): the op and the operand index."""

    owner: Operation
    index: int

    @property
    def value(self) -> SSAValue:
        """The value currently in this operand slot."""
        return self.owner.operands[self.index]

    def __repr__(self) -> str:
        return f"OpOperand({self.owner.name}#{self.index})"


@dataclass(frozen=True)
class AliasingValue:
    """A value (op result or region block argument) that may alias an operand."""

    value: SSAValue
    relation: BufferRelation
    is_definite: bool = True
    """False if the aliasing happens only on some paths (e.g. one branch of an if)."""


@dataclass(frozen=True)
class AliasingOpOperand:
    """An operand that a value (op result or block argument) may alias."""

    operand: OpOperand
    relation: BufferRelation
    is_definite: bool = True


class LayoutMapOption(Enum):
    """Layout of memref types at function boundaries and unknown-op boundaries."""

    INFER_LAYOUT_MAP = "infer-layout-map"
    IDENTITY_LAYOUT_MAP = "identity-layout-map"
    FULLY_DYNAMIC_LAYOUT_MAP = "fully-dynamic-layout-map"


class AnalysisHeuristic(Enum):
    """The order in which the one-shot analysis decides in-place-ness of writes."""

    BOTTOM_UP = "bottom-up"
    TOP_DOWN = "top-down"
    BOTTOM_UP_FROM_TERMINATORS = "bottom-up-from-terminators"
    FUZZER = "fuzzer"


@dataclass
class BufferizationOptions:
    """Options of one-shot bufferization; names follow MLIR's pass options."""

    allow_unknown_ops: bool = False
    """Wrap unknown ops in to_buffer / to_tensor instead of failing."""
    copy_before_write: bool = False
    """Skip the analysis: every write goes out of place."""
    analysis_heuristic: AnalysisHeuristic = AnalysisHeuristic.BOTTOM_UP
    analysis_fuzzer_seed: int = 0
    buffer_alignment: int = 64
    """Alignment of new allocations (0: none)."""
    allow_return_allocs_from_loops: bool = False
    bufferize_function_boundaries: bool = False
    function_boundary_type_conversion: LayoutMapOption = (
        LayoutMapOption.INFER_LAYOUT_MAP
    )
    unknown_type_conversion: LayoutMapOption = LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP
    test_analysis_only: bool = False
    print_conflicts: bool = False
    explain_copies: bool = False
    """Record why each copy is made (printed by the passes after they run)."""
    infer_private_layouts: bool = False
    """With identity-layout-map at function boundaries: private functions take the
    layout their callers' buffers have (see `infer_private_layouts`)."""
    dump_alias_sets: bool = False
    no_analysis_func_filter: tuple[str, ...] = ()
    dialect_filter: tuple[str, ...] = ()
    """Bufferize only ops of these dialects (empty: every dialect). Ops of the others
    stay on tensors behind `to_buffer` / `to_tensor`, as unknown ops do, without
    needing `allow_unknown_ops` (MLIR's `opFilter`); see `only_dialects`."""
    check_parallel_regions: bool = True
    modify_public_functions: bool = False
    drop_equivalent_buffer_results: bool = True
    public_arguments_writable: bool = True
    """With function boundaries: whether a public function may write its tensor
    arguments in place (MLIR: yes, unless `bufferization.writable = false`). When
    False (the conservative ABI), a public function never writes a caller's buffer:
    it writes a copy, and the module keeps a private in-place variant for its own
    callers (`bufferization/public_wrappers.py`)."""
    result_variants: bool = False
    """With function boundaries: a public function called inside the module that
    returns a statically shaped tensor also gets a private variant that the
    module's calls target (`bufferization/public_wrappers.py`), so that its results can become
    out-parameters its callers allocate (buffer-results-to-out-params leaves public
    signatures alone); set by `comprehensive-bufferize{plan-memory=true}`."""
    must_infer_memory_space: bool = False
    """An allocation whose memory space is neither given (`alloc_tensor`'s
    `memory_space`) nor inferred from a source buffer is an error (MLIR's
    `must-infer-memory-space`), instead of taking `default_memory_space`."""
    default_memory_space: int = 0
    """The memory space of allocations that infer none (0: no memory space; N: the
    integer space `N : i64`), the role of MLIR's `defaultMemorySpaceFn`."""

    def default_memory_space_attr(self) -> Attribute | None:
        """The memory space an allocation takes when nothing gives or infers one
        (`NoneAttr` for no space), or None when it must be inferred."""
        if self.must_infer_memory_space:
            return None
        return memory_space_attr(self.default_memory_space)


@lru_cache(maxsize=64)
def memory_space_attr(space: int) -> Attribute:
    """The memory-space attribute of a memref type in integer space `space`
    (`NoneAttr`, no space, for 0)."""
    return NoneAttr() if space == 0 else IntegerAttr(space, 64)


class AnalysisState(abc.ABC):
    """What a model may ask about the analysis while the analysis runs or after it."""

    options: BufferizationOptions

    @abc.abstractmethod
    def is_in_place(self, operand: OpOperand) -> bool:
        """Whether `operand` was decided (or is assumed) to bufferize in place."""

    @abc.abstractmethod
    def are_equivalent_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        """Whether two tensor values bufferize to the very same buffer."""

    @abc.abstractmethod
    def are_aliasing_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        """Whether the buffers of two tensor values may share memory."""

    @abc.abstractmethod
    def is_value_read(self, value: SSAValue) -> bool:
        """Whether some use of `value`, or of an alias it flows into, reads memory."""

    def bufferizes_to_memory_read(self, operand: OpOperand) -> bool:
        """Ask the operand's owner (conservatively True for unknown ops)."""
        model = bufferizable_model(operand.owner)
        return model is None or model.bufferizes_to_memory_read(
            operand.owner, operand, self
        )

    def bufferizes_to_memory_write(self, operand: OpOperand) -> bool:
        """Ask the operand's owner (conservatively True for unknown ops)."""
        model = bufferizable_model(operand.owner)
        return model is None or model.bufferizes_to_memory_write(
            operand.owner, operand, self
        )

    def get_aliasing_values(self, operand: OpOperand) -> Sequence[AliasingValue]:
        """Ask the operand's owner (no aliasing for unknown ops)."""
        model = bufferizable_model(operand.owner)
        if model is None:
            return ()
        return model.get_aliasing_values(operand.owner, operand, self)

    def get_aliasing_op_operands(self, value: SSAValue) -> Sequence[AliasingOpOperand]:
        """The operands `value` (an op result or a region block argument) may alias:
        asks the defining op, or the op owning the block (nothing for unknown ops)."""
        owner = value_owner_op(value)
        if owner is None:
            return ()
        model = bufferizable_model(owner)
        if model is None:
            return ()
        return model.get_aliasing_op_operands(owner, value, self)

    def is_buffer_writable(self, value: SSAValue) -> bool:
        """Whether every buffer `value` may be (after the analysis: anything in its
        alias set) may be written; by default, whether its own buffer may be."""
        return self.is_writable(value)

    _model_decisions: dict[Operation, object] | None = None

    def first_use_through_aliases(
        self, value: SSAValue, predicate: Callable[[OpOperand], bool]
    ) -> OpOperand | None:
        """A use of `value`, or of a value aliasing it through the uses' aliasing
        values, that satisfies `predicate` (None if there is none)."""
        seen: set[SSAValue] = set()
        stack = [value]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            for use in current.uses:
                operand = OpOperand(use.operation, use.index)
                if predicate(operand):
                    return operand
                stack.extend(a.value for a in self.get_aliasing_values(operand))
        return None

    def record_decision(self, op: Operation, decision: object) -> None:
        """Keep a model's decision about `op`, taken once the analysis is done
        (`verify_analysis`), for its `bufferize` (which sees rewritten operands)."""
        if self._model_decisions is None:
            self._model_decisions = {}
        self._model_decisions[op] = decision

    def decision(self, op: Operation) -> object | None:
        """The decision a model recorded about `op`, if any."""
        if self._model_decisions is None:
            return None
        return self._model_decisions.get(op)

    def writes_after(self, value: SSAValue, op: Operation) -> bool:
        """Whether an op after `op` (not nested in it) writes in place into a buffer
        that may be the buffer of `value`. Conservatively True."""
        return True

    def reads_old_data_after(self, value: SSAValue, op: Operation) -> bool:
        """Whether data that the buffer of `value` holds before `op` runs may be read
        once `op` has started, other than by `op` itself: then `op` may not reuse
        that buffer for other data. Conservatively True."""
        return True

    def fresh_buffer_origins(
        self, value: SSAValue, loop: Operation, iter_arg: SSAValue
    ) -> frozenset[SSAValue] | None:
        """The values defined inside `loop` whose new, writable buffers `value`,
        yielded back to `iter_arg`, may be; None when it may alias a value defined
        outside `loop` other than `iter_arg` (MLIR's `doesNotAliasExternalValue`):
        then the loop copies it. Conservatively None."""
        return None

    def is_writable(self, value: SSAValue) -> bool:
        """Whether the buffer of `value` may be written (False for unknown ops)."""
        owner = value_owner_op(value)
        if owner is None:
            return False
        model = bufferizable_model(owner)
        return model is not None and model.is_writable(owner, value, self)


class BufferizationState(abc.ABC):
    """What a model's `bufferize` may use to rewrite its op to memref form."""

    options: BufferizationOptions
    analysis: AnalysisState

    @abc.abstractmethod
    def get_buffer(self, rewriter: PatternRewriter, value: SSAValue) -> SSAValue:
        """The memref holding tensor `value` (inserting a to_buffer if it is still a
        tensor produced by an op that is not bufferized yet)."""

    @abc.abstractmethod
    def get_buffer_type(self, value: SSAValue) -> MemRefType[Attribute]:
        """The memref type ranked tensor `value` bufferizes to (layout and memory
        space included)."""

    def get_base_buffer_type(self, value: SSAValue) -> BufferType:
        """The memref type `value` bufferizes to, ranked or unranked (MLIR's
        `getBufferType`, a `BaseMemRefType`): for a ranked tensor
        `get_buffer_type`; an unranked tensor becomes `memref<*xT>`."""
        return self.get_buffer_type(value)

    @abc.abstractmethod
    def replace_op_with_bufferized_values(
        self,
        rewriter: PatternRewriter,
        op: Operation,
        values: Sequence[SSAValue],
    ) -> None:
        """Replace `op`; each tensor result is replaced by the given memref (wrapped in
        a to_tensor for users that are not bufferized yet), other results by the
        given values unchanged."""

    @abc.abstractmethod
    def allocate(
        self,
        rewriter: PatternRewriter,
        tensor_type: TensorType[Attribute],
        dynamic_sizes: Sequence[SSAValue],
        copy_from: SSAValue | None = None,
        memory_space: Attribute | None = None,
    ) -> SSAValue:
        """A new buffer for `tensor_type` (memref.alloc with the configured alignment),
        initialised by copying `copy_from` (a memref) when given. Its memory space:
        `memory_space` when given, else that of `copy_from`, else the options'
        default (an error when `must_infer_memory_space` leaves none)."""

    def map_value(self, old: SSAValue, new: SSAValue) -> None:
        """Record that tensor `new` (e.g. the `to_tensor` of a new memref block
        argument) stands for `old`: analysis queries on `new` answer as for `old`."""
        return

    def get_global_constant(
        self,
        rewriter: PatternRewriter,
        value: Attribute,
        memref_type: MemRefType[Attribute],
    ) -> SSAValue:
        """A read-only buffer holding the dense constant `value`: a `memref.get_global`
        of a private constant `memref.global` (one global per distinct value)."""
        raise NotImplementedError("this bufferization state has no global constants")


class BufferizableOpModel(abc.ABC):
    """Per-op bufferization knowledge, with MLIR's conservative defaults.

    Subclass it once per op (or family of ops) in `models/<dialect>.py` and register
    it with `register_bufferizable_model`.
    """

    supports_unranked: ClassVar[bool] = False
    """True when the op takes and produces unranked tensors (`tensor<*xf32>`):
    bufferization refuses any other op with an unranked tensor, at the op."""

    state_independent: ClassVar[bool] = False
    """True when `get_aliasing_values` and `bufferizes_to_memory_write` depend on
    the op alone, never on the analysis state (decisions made so far): the
    analysis then asks them once per operand. Region ops whose relations depend on
    the equivalences found (scf) must leave it False."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        """Whether the buffer form of `op` reads the buffer of `operand`."""
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        """Whether the buffer form of `op` writes the buffer of `operand` (when in
        place); a write to an operand out of place goes to its copy."""
        return True

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        """Results / block arguments that may share memory with `operand` when it
        bufferizes in place."""
        return ()

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        """Inverse of `get_aliasing_values`: the operands `value` may alias. The
        default inverts `get_aliasing_values` over all tensor operands."""
        found: list[AliasingOpOperand] = []
        for index, operand_value in enumerate(op.operands):
            if not is_tensor_type(operand_value.type):
                continue
            operand = OpOperand(op, index)
            for aliasing in self.get_aliasing_values(op, operand, state):
                if aliasing.value is value:
                    found.append(
                        AliasingOpOperand(
                            operand, aliasing.relation, aliasing.is_definite
                        )
                    )
        return found

    def bufferizes_to_allocation(self, op: Operation, value: SSAValue) -> bool:
        """Whether `value` bufferizes to a new allocation (aliasing nothing)."""
        return False

    def result_bufferizes_to_memory_write(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> bool:
        """Whether `op` defines the contents of its result `value` (MLIR's
        `resultBufferizesToMemoryWrite`). False for results whose contents are
        undefined (`tensor.empty`): reading them needs no old data, so such a
        read never conflicts with a write and is never copied."""
        return True

    def bufferizes_to_elementwise_access(
        self, op: Operation, operands: Sequence[OpOperand]
    ) -> bool:
        """Whether `op` reads and writes the given operands element by element at
        the same indices, so a read and a write of them inside `op` never conflict."""
        return False

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        """Whether the buffer of `value` (a result or block argument) may be written."""
        return True

    def must_bufferize_in_place(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        """Whether `operand` must bufferize in place (no copy can be inserted)."""
        return False

    def has_mutually_exclusive_regions(self, op: Operation) -> bool:
        """Whether at most one of the regions of `op` executes per execution of `op`
        (scf.if branches, scf.index_switch cases): a read in one region never
        observes a write in another."""
        return False

    def is_repetitive_region(self, op: Operation, region_index: int) -> bool:
        """Whether region `region_index` of `op` may execute more than once per
        execution of `op` (loop bodies)."""
        return False

    def is_parallel_region(self, op: Operation, region_index: int) -> bool:
        """Whether the executions of region `region_index` of `op` may run at the
        same time (scf.forall): a write in it into data defined outside it needs a
        private copy per execution (MLIR's `isParallelRegion`)."""
        return False

    def is_not_conflicting(
        self,
        op: Operation,
        read: OpOperand,
        write: OpOperand,
        state: AnalysisState,
    ) -> bool | None:
        """Op-specific knowledge that a read and a write of `op` do not conflict
        (True), do conflict (False), or no opinion (None)."""
        return None

    def verify_analysis(self, op: Operation, state: AnalysisState) -> str | None:
        """After the analysis: check the decisions and record, with
        `state.record_decision`, what `bufferize` needs to know of them; return an
        error message if they cannot be bufferized (e.g. a loop yield not
        equivalent to its iter_arg when that is not allowed), else None."""
        return None

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> BufferType | None:
        """The memref type of `value` after bufferization, if the op knows it better
        than the default (identity layout for allocations, the operand's buffer type
        for equivalent results; `memref<*xT>` for an unranked tensor)."""
        return None

    @abc.abstractmethod
    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        """Rewrite `op` to memref form. All operands decided out of place have
        already been replaced by copies, so the op bufferizes as if in place."""


class NoMemoryAccessModel(BufferizableOpModel):
    """Base for models of ops reading and writing no tensor contents (views, casts,
    shape queries)."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False


@dataclass(frozen=True)
class BufferizableOpInterfaceTrait(OpTrait):
    """Trait for our own ops: the op's class carries its bufferization model."""

    model: BufferizableOpModel


_TRAIT_MODEL_OF_TYPE: dict[type[Operation], BufferizableOpModel | None] = {}
"""Cache of `_trait_model`: traits are per op class, so the trait's model is too."""


def _trait_model(op: Operation) -> BufferizableOpModel | None:
    """The model `op`'s class carries in its `BufferizableOpInterfaceTrait`."""
    op_type = type(op)
    try:
        return _TRAIT_MODEL_OF_TYPE[op_type]
    except KeyError:
        pass
    trait = op_type.get_trait(BufferizableOpInterfaceTrait)
    model = trait.model if trait is not None else None
    _TRAIT_MODEL_OF_TYPE[op_type] = model
    return model


_REGISTRY = ModelRegistry[BufferizableOpModel](_trait_model)


def register_bufferizable_model(
    op_type: type[Operation], model: BufferizableOpModel
) -> None:
    """Attach `model` to every op of class `op_type` and of its subclasses (MLIR's
    external model)."""
    _REGISTRY.register(op_type, model)


_ALLOWED_DIALECTS: list[frozenset[str] | None] = [None]
"""The dialects `only_dialects` restricts bufferization to (None: all)."""


@contextmanager
def only_dialects(dialects: Sequence[str]) -> Iterator[None]:
    """Within the block, ops of dialects other than `dialects` (when not empty) have
    no bufferization model: the analysis treats them as unknown ops and the driver
    leaves them on tensors (MLIR's `dialect-filter` / `BufferizationOptions::opFilter`)."""
    previous = _ALLOWED_DIALECTS[0]
    _ALLOWED_DIALECTS[0] = frozenset(dialects) if dialects else None
    try:
        yield
    finally:
        _ALLOWED_DIALECTS[0] = previous


OUT_OF_PLACE_COPY_ATTR = "__out_of_place_copy__"
"""Marks the `bufferization.alloc_tensor` ops one-shot inserts for out-of-place
operands (the copies it makes itself)."""


def is_op_allowed(op: Operation) -> bool:
    """Whether `op` may be bufferized under the active `only_dialects` filter. The
    copies one-shot inserts itself always are: they are not ops of the program the
    filter chose from, and a copy left on tensors would be written through a
    read-only buffer. An op in a terminator's region follows the terminator's owner."""
    allowed = _ALLOWED_DIALECTS[0]
    if allowed is None or OUT_OF_PLACE_COPY_ATTR in op.attributes:
        return True
    terminator = op.parent_op()
    if terminator is not None and terminator.has_trait(IsTerminator):
        # An op inside a terminator's region (`tensor.parallel_insert_slice` in
        # `scf.forall.in_parallel`) is bufferized with the terminator's owner, never
        # apart from it: the pair is one write.
        owner = terminator.parent_op()
        if owner is not None:
            return is_op_allowed(owner)
    return op.dialect_name() in allowed


def bufferizable_model(op: Operation) -> BufferizableOpModel | None:
    """The bufferization model of `op`: its trait first, then the registry along
    its class hierarchy (`ModelRegistry`); None for an op the active dialect filter
    leaves out (`only_dialects`)."""
    model = _REGISTRY.lookup(op)
    if model is not None and _ALLOWED_DIALECTS[0] is not None and not is_op_allowed(op):
        return None
    return model


def has_tensor_semantics(op: Operation) -> bool:
    """Whether `op` has a tensor operand, result or region block argument."""
    if any(is_tensor(v) for v in op.operands):
        return True
    if any(is_tensor(r) for r in op.results):
        return True
    return any(
        is_tensor(arg)
        for region in op.regions
        for block in region.blocks
        for arg in block.args
    )


def value_owner_op(value: SSAValue) -> Operation | None:
    """The op defining `value`, or for a block argument the op owning its block."""
    if isinstance(value, OpResult):
        return value.op
    if isinstance(value, BlockArgument):
        return value.block.parent_op()
    return None


def tensor_operands(op: Operation) -> list[OpOperand]:
    """The operand slots of `op` holding tensors."""
    return [OpOperand(op, i) for i, value in enumerate(op.operands) if is_tensor(value)]
