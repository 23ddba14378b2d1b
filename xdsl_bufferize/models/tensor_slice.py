"""Bufferization models of the `tensor` slicing ops (registered by
`register_tensor_models`).

* `extract_slice` becomes `memref.subview` of its source buffer (a strided layout
  computed from the source's buffer type); its result aliases the source without
  being equivalent to it, and it reads and writes nothing.
* `insert_slice` copies its source into a subview of its destination, in place; its
  result is equivalent to the destination. When the source was computed in place
  on the matching `extract_slice` of the same destination (the tiling pattern), the
  source buffer already is that subview: the analysis knows the write does not
  clobber what the slice holds (`is_not_conflicting`), records that no copy is
  needed (`verify_analysis`), and `bufferize` makes none. The matching walks the
  reverse use-def chain from the source (`has_matching_extract_slice`, MLIR's
  `matchesInsertDestination`).
* `parallel_insert_slice` (in `scf.forall.in_parallel`) bufferizes like
  `insert_slice` into the loop's shared output, with no result: the copy goes
  before the `in_parallel` terminator.
* both are also subset insertions (`InsertSliceSubsetModel`): empty-tensor
  elimination replaces an empty tensor computed into it by the matching
  `extract_slice` of the destination.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import bufferization, memref, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, TensorType
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.dialects.tensor_ext import ParallelInsertSliceOp
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    NoMemoryAccessModel,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.interfaces.subset_insertion import SubsetInsertionModel
from xdsl_bufferize.utils.indices import (
    build_copy,
    build_subview,
    constant_index_value,
    mixed_values,
    same_mixed,
    tensor_type_of,
)
from xdsl_bufferize.utils.memref_layout import subview_type

InsertSliceLike = tensor.InsertSliceOp | ParallelInsertSliceOp
"""The ops inserting a slice into a destination tensor."""

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
    a: tensor.ExtractSliceOp | InsertSliceLike | memref.SubviewOp,
    b: tensor.ExtractSliceOp | InsertSliceLike | memref.SubviewOp,
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
    op: tensor.ExtractSliceOp | InsertSliceLike | memref.SubviewOp,
) -> Sequence[SSAValue]:
    """The dynamic offsets, sizes and strides of a slicing op, in order (every
    operand after the source, and after the destination of an insert_slice)."""
    if isinstance(op, InsertSliceLike):
        return op.operands[2:]
    return op.operands[1:]


def has_matching_extract_slice(
    state: AnalysisState,
    value: SSAValue,
    insert: InsertSliceLike,
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

    whole = _whole_destination(insert)

    def matches(candidate: SSAValue) -> bool:
        if whole and (
            candidate is insert.dest
            or state.are_equivalent_buffers(candidate, insert.dest)
        ):
            return True  # the destination itself, put back over all of itself
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

    found = find_in_reverse_chain(
        state, value, matches, equivalent_in_place_only=require_in_place
    )
    if all(matches(v) for v in found):
        return True
    if require_in_place:
        return False
    # A leaf that is a new tensor the destination does not come from is part of no
    # tensor the insert writes: on that path the value reads nothing it overwrites
    # (MLIR leaves such leaves out of `matchesInsertDestination`).
    dest_chain: set[SSAValue] = set()
    find_in_reverse_chain(
        state,
        insert.dest,
        lambda v: dest_chain.add(v) is not None,
        equivalent_in_place_only=False,
    )
    return all(matches(v) or (_fresh(v) and v not in dest_chain) for v in found)


def _whole_destination(insert: InsertSliceLike) -> bool:
    """Whether `insert` writes all of its (statically shaped) destination: its static
    sizes are the destination's shape, so its offsets are 0 and a source that is the
    destination's own buffer is copied onto itself."""
    dest_type = insert.dest.type
    return (
        isinstance(dest_type, TensorType)
        and all(d != DYNAMIC_INDEX for d in dest_type.get_shape())
        and tuple(insert.static_sizes.get_values()) == tuple(dest_type.get_shape())
    )


def _fresh(value: SSAValue) -> bool:
    """Whether `value`, a leaf of an alias chain, is a new tensor: a known op's result
    aliasing none of its operands, not a buffer made a tensor."""
    return (
        isinstance(value, OpResult)
        and bufferizable_model(value.op) is not None
        and not isinstance(value.op, bufferization.ToTensorOp)
    )


# ---------------------------------------------------------------------------
# Models.
# ---------------------------------------------------------------------------


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
        assert isinstance(op, InsertSliceLike)
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

    def _anchor(self, op: InsertSliceLike) -> Operation:
        """The op before which the subview and the copy go."""
        return op

    def is_not_conflicting(
        self,
        op: Operation,
        read: OpOperand,
        write: OpOperand,
        state: AnalysisState,
    ) -> bool | None:
        assert isinstance(op, InsertSliceLike)
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
        assert isinstance(op, InsertSliceLike)
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
        assert isinstance(op, InsertSliceLike)
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
        anchor = self._anchor(op)
        if not self_copy:
            target = build_subview(
                rewriter,
                anchor,
                dest,
                mixed_values(op.static_offsets, op.offsets),
                mixed_values(op.static_sizes, op.sizes),
                mixed_values(op.static_strides, op.strides),
                tensor_type_of(op.source).get_shape(),
            )
            build_copy(rewriter, anchor, source, target)
        self._finish(op, rewriter, state, dest)

    def _finish(
        self,
        op: InsertSliceLike,
        rewriter: PatternRewriter,
        state: BufferizationState,
        dest: SSAValue,
    ) -> None:
        assert isinstance(op, tensor.InsertSliceOp)
        state.replace_op_with_bufferized_values(rewriter, op, [dest])


class ParallelInsertSliceOpModel(InsertSliceOpModel):
    """tensor.parallel_insert_slice: like insert_slice, but it has no result: the
    subview and copy go before the enclosing `scf.forall.in_parallel` (whose region
    holds only parallel inserts) and the op is erased; the destination is the
    shared output of the loop, written in place."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        return ()

    def must_bufferize_in_place(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        # There is no result to hold a copy: the write goes to the shared output.
        return operand.index == 1

    def _anchor(self, op: InsertSliceLike) -> Operation:
        parent = op.parent_op()
        assert parent is not None
        return parent

    def _finish(
        self,
        op: InsertSliceLike,
        rewriter: PatternRewriter,
        state: BufferizationState,
        dest: SSAValue,
    ) -> None:
        rewriter.erase(op)


class InsertSliceSubsetModel(SubsetInsertionModel):
    """tensor.insert_slice and tensor.parallel_insert_slice as subset insertions:
    the subset is the extract_slice of the dest at the op's offsets, sizes and
    strides."""

    def values_needed_for_extraction(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, InsertSliceLike)
        return [op.dest, *op.offsets, *op.sizes, *op.strides]

    def build_subset_extraction(
        self, op: Operation, before: Operation
    ) -> tuple[SSAValue, Operation | None]:
        assert isinstance(op, InsertSliceLike)
        extract = tensor.ExtractSliceOp(
            op.dest,
            mixed_values(op.static_offsets, op.offsets),
            mixed_values(op.static_sizes, op.sizes),
            mixed_values(op.static_strides, op.strides),
            op.source.type,
        )
        Rewriter.insert_op(extract, InsertPoint.before(before))
        return extract.result, extract
