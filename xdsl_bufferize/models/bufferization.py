"""Bufferization models of the `bufferization` dialect.

* `alloc_tensor` is the anchor of a new buffer: it becomes `memref.alloc` (plus a
  `memref.copy` of its `copy` operand), aliases nothing and is always writable. The
  driver inserts it for every operand decided out of place.
* `to_tensor` / `to_buffer` are the boundary between both worlds: `to_tensor` of a
  memref is writable only if marked `writable`; `to_buffer` of a tensor becomes the
  buffer of that tensor.
* `materialize_in_destination` copies its source into its destination's buffer
  (nothing to copy when both are already the same buffer); into a tensor, it is a
  subset insertion whose subset is the whole destination.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from xdsl.dialects import bufferization, memref
from xdsl.dialects.builtin import (
    MemRefType,
    NoneAttr,
    TensorType,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from xdsl_bufferize.dialects import bufferization_ext as ext
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.interfaces.copy_reasons import copies_made_for
from xdsl_bufferize.interfaces.memref_copy import (
    copy_ops,
    realloc_ops,
    same_memory_space,
)
from xdsl_bufferize.interfaces.subset_insertion import (
    SubsetInsertionModel,
    register_subset_insertion_model,
)

DEFAULT_ALIGNMENT = 64
"""The alignment of a buffer a cast across memory spaces copies into, where the
options are not at hand (MLIR's default `buffer-alignment`)."""


@lru_cache(maxsize=1024)
def _tensor_type_of_buffer(memref_type: Attribute) -> Attribute:
    """The result type of `bufferization.to_tensor` on a `memref_type` operand."""
    assert isinstance(memref_type, MemRefType | UnrankedMemRefType)
    return bufferization.TensorFromMemRefConstraint.memref_to_tensor(memref_type)  # pyright: ignore[reportUnknownArgumentType]


def to_tensor_op(buffer: SSAValue) -> bufferization.ToTensorOp:
    """`bufferization.to_tensor` of `buffer`, as `ToTensorOp(buffer)` builds it, without
    re-deriving and re-checking the types on every call. It is our widened op
    (`dialects/bufferization_ext.py`), so a buffer with a memory space or a layout
    verifies as in MLIR."""
    return ext.ToTensorOp.create(
        operands=[buffer], result_types=[_tensor_type_of_buffer(buffer.type)]
    )


def cast_if_needed(
    rewriter: PatternRewriter,
    value: SSAValue,
    target: Attribute,
    alignment: int = DEFAULT_ALIGNMENT,
) -> SSAValue:
    """`value` itself, or a `memref.cast` of it to `target` when types differ; a
    copy in a new buffer of `target`'s memory space (aligned to `alignment`) when
    the spaces differ, which no cast bridges (MLIR's `castOrReallocMemRefValue`)."""
    if value.type == target:
        return value
    assert isinstance(target, MemRefType | UnrankedMemRefType)
    if isinstance(target, MemRefType) and not same_memory_space(value.type, target):
        with copies_made_for(
            f"copy of a {value.type} into memory space {target.memory_space}: "
            "no memref.cast changes the memory space"
        ):
            ops, copied = realloc_ops(value, target, alignment)  # pyright: ignore[reportUnknownArgumentType]
        rewriter.insert(ops)
        return copied
    cast = memref.CastOp.get(value, target)  # pyright: ignore[reportUnknownArgumentType]
    rewriter.insert(cast)
    return cast.dest


class AllocTensorOpModel(BufferizableOpModel):
    """bufferization.alloc_tensor: a new `memref.alloc`, filled from `copy` if given."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferizes_to_allocation(self, op: Operation, value: SSAValue) -> bool:
        return True

    def result_bufferizes_to_memory_write(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> bool:
        assert isinstance(op, bufferization.AllocTensorOp)
        return op.copy is not None

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, bufferization.AllocTensorOp)
        space = given_memory_space(op)
        if space is None and op.copy is not None:
            space = state.get_buffer_type(op.copy).memory_space
        if space is None:
            space = state.options.default_memory_space_attr()
        if space is None:
            return None
        tensor_type = op.tensor.type
        assert isinstance(tensor_type, TensorType)
        return MemRefType(
            tensor_type.element_type,
            tensor_type.get_shape(),
            NoneAttr(),
            space,
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, bufferization.AllocTensorOp)
        tensor_type = op.tensor.type
        assert isinstance(tensor_type, TensorType)
        source = None if op.copy is None else state.get_buffer(rewriter, op.copy)
        buffer = state.allocate(
            rewriter,
            tensor_type,  # pyright: ignore[reportUnknownArgumentType]
            list(op.dynamic_sizes),
            source,
            given_memory_space(op),
        )
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


MEMORY_SPACE = "memory_space"
"""The attribute of `bufferization.alloc_tensor` naming its buffer's memory space."""


def given_memory_space(op: bufferization.AllocTensorOp) -> Attribute | None:
    """The `memory_space` of an `alloc_tensor` (an attribute, or a property in
    generic form), None when not given."""
    space = op.attributes.get(MEMORY_SPACE)
    if space is None:
        space = op.properties.get(MEMORY_SPACE)
    return space


class ToTensorOpModel(BufferizableOpModel):
    """bufferization.to_tensor: the tensor view of a buffer (writable if marked).
    Without `restrict` the buffer may have other aliases the analysis cannot see,
    so, as in MLIR, a tensor that is written afterwards is an error. Ranked or
    unranked."""

    supports_unranked = True

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        assert isinstance(op, bufferization.ToTensorOp)
        return op.writable is not None

    def verify_analysis(self, op: Operation, state: AnalysisState) -> str | None:
        assert isinstance(op, bufferization.ToTensorOp)
        if op.restrict is not None:
            return None
        write = state.first_use_through_aliases(
            op.tensor, state.bufferizes_to_memory_write
        )
        if write is None:
            return None
        return (
            "to_tensor ops without `restrict` are not supported by One-Shot "
            f"Analysis (its tensor is written by {write.owner.name})"
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # Users fold `to_buffer(to_tensor(m))` to `m`; the op dies with its users.
        return


class ToBufferOpModel(BufferizableOpModel):
    """bufferization.to_buffer: becomes the buffer of its tensor operand (ranked
    or unranked)."""

    supports_unranked = True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        assert isinstance(op, bufferization.ToBufferOp)
        return op.read_only is None

    def must_bufferize_in_place(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, bufferization.ToBufferOp)
        buffer = state.get_buffer(rewriter, op.tensor)
        if buffer is op.memref:
            return
        buffer = cast_if_needed(
            rewriter, buffer, op.memref.type, state.options.buffer_alignment
        )
        rewriter.replace(op, [], [buffer])


class MaterializeInDestinationOpModel(BufferizableOpModel):
    """bufferization.materialize_in_destination: copies the source into the
    destination buffer (no copy when they are equivalent); the result is
    equivalent to the destination."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return operand.index == 0

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return operand.index == 1

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, bufferization.MaterializeInDestinationOp)
        if operand.index == 1 and op.result is not None:
            return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)
        return ()

    def bufferizes_to_elementwise_access(
        self, op: Operation, operands: Sequence[OpOperand]
    ) -> bool:
        return True

    def must_bufferize_in_place(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        # The data must end up in the destination: never a copy of it.
        return operand.index == 1

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, bufferization.MaterializeInDestinationOp)
        source = state.get_buffer(rewriter, op.source)
        if isinstance(op.dest.type, MemRefType):
            dest = op.dest
        else:
            dest = state.get_buffer(rewriter, op.dest)
        if not state.analysis.are_equivalent_buffers(op.source, op.dest) and (
            source is not dest
        ):
            rewriter.insert(copy_ops(source, dest))
        state.replace_op_with_bufferized_values(
            rewriter, op, [dest] if op.result is not None else []
        )


class MaterializeInDestinationSubsetModel(SubsetInsertionModel):
    """bufferization.materialize_in_destination into a tensor as a subset
    insertion: the subset is the whole dest, so only an empty tensor of the dest's
    type may be replaced by it."""

    def is_subset_insertion(self, op: Operation) -> bool:
        assert isinstance(op, bufferization.MaterializeInDestinationOp)
        return isinstance(op.dest.type, TensorType)

    def accepts(self, op: Operation, empty: SSAValue) -> bool:
        assert isinstance(op, bufferization.MaterializeInDestinationOp)
        return op.dest.type == empty.type

    def values_needed_for_extraction(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, bufferization.MaterializeInDestinationOp)
        return [op.dest]

    def build_subset_extraction(
        self, op: Operation, before: Operation
    ) -> tuple[SSAValue, Operation | None]:
        assert isinstance(op, bufferization.MaterializeInDestinationOp)
        return op.dest, None


def register_bufferization_models() -> None:
    """Register the models of the `bufferization` dialect."""
    register_bufferizable_model(bufferization.AllocTensorOp, AllocTensorOpModel())
    register_bufferizable_model(bufferization.ToTensorOp, ToTensorOpModel())
    register_bufferizable_model(bufferization.ToBufferOp, ToBufferOpModel())
    register_bufferizable_model(
        bufferization.MaterializeInDestinationOp, MaterializeInDestinationOpModel()
    )
    register_subset_insertion_model(
        bufferization.MaterializeInDestinationOp, MaterializeInDestinationSubsetModel()
    )
