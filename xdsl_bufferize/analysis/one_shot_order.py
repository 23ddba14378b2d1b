"""The order in which the one-shot analysis (`analysis/one_shot_analysis.py`) decides
operands: MLIR's heuristics (bottom-up, bottom-up from terminators), and which
aliasing-only view operands wait for their turn in that order instead of being merged
up front (`is_copyable_view`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.dialects import func
from xdsl.ir import Operation, OpResult
from xdsl.traits import IsTerminator

from xdsl_bufferize.analysis.conflicts import (
    has_several_tensor_results,
    parallel_region,
)
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.utils.ir import is_tensor

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState


def from_terminators(
    state: OneShotAnalysisState, pending: Sequence[OpOperand]
) -> list[OpOperand]:
    """MLIR's `bottom-up-from-terminators` order: first the operands of the
    ops whose results flow, through aliasing operands, into a terminator of
    a region op (`scf.yield`, `scf.condition`, ...; not a function's
    return), nearest to a terminator first, so they are in place where
    possible (a loop's yield stays equivalent to its iter_arg); then the
    others bottom-up."""
    feeding: list[Operation] = []
    seen: set[Operation] = set()
    for op in state.order.ops:
        if not op.has_trait(IsTerminator) or isinstance(op.parent_op(), func.FuncOp):
            continue
        stack = [v for v in reversed(op.operands) if is_tensor(v)]
        while stack:
            value = stack.pop()
            if not isinstance(value, OpResult) or value.op in seen:
                continue
            if bufferizable_model(value.op) is None:
                continue
            seen.add(value.op)
            feeding.append(value.op)
            stack.extend(
                alias.operand.value
                for alias in reversed(state.get_aliasing_op_operands(value))
            )
    by_op: dict[Operation, list[OpOperand]] = {}
    for operand in pending:
        by_op.setdefault(operand.owner, []).append(operand)
    first = [operand for op in feeding for operand in by_op.pop(op, [])]
    rest = [operand for operands in by_op.values() for operand in operands]
    return first + bottom_up(rest)


def is_copyable_view(
    state: OneShotAnalysisState, aliases: Sequence[AliasingValue]
) -> bool:
    """Whether an aliasing-only operand may wait for its turn: its op has no
    regions and one tensor result, whose uses are all operands of
    bufferizable ops that need not be in place.

    Every read/write pair is checked when its two sides come into one alias
    set, so while such a view is undecided its merge finds each conflict it
    would create (a read on one side, an in-place write on the other); a
    copy at the view resolves it, since the copy is a read of the source at
    the view (registered up front): a write into the source before the view
    already saw it, and a write after the view cannot reach the copy. Not in
    a parallel region (scf.forall)."""
    if len(aliases) != 1:
        return False
    result = aliases[0].value
    if not isinstance(result, OpResult) or result.op.regions:
        return False
    if parallel_region(state, result.op.parent_region()) is not None:
        # A copy at the view would copy the whole source, which other
        # iterations of the parallel loop write (a data race): in a parallel
        # region conflicts are resolved at the write, which copies the view.
        return False
    if has_several_tensor_results(result.op):
        return False
    if not result.uses:
        return False
    for use in result.uses:
        operand = OpOperand(use.operation, use.index)
        user_model = bufferizable_model(operand.owner)
        if user_model is None:
            return False
        if user_model.must_bufferize_in_place(
            operand.owner, operand, state
        ) and not user_model.get_aliasing_values(operand.owner, operand, state):
            # A user that must write this very buffer and has no result to
            # carry the data (parallel_insert_slice into a shared output)
            # cannot write a copy; one with a result
            # (materialize_in_destination) writes the copy and returns it.
            return False
    return True


def bottom_up(operands: Sequence[OpOperand]) -> list[OpOperand]:
    """`operands` (in program order) with their ops in reverse order, the operands
    of one op kept in order (MLIR's bottom-up heuristic)."""
    order: list[OpOperand] = []
    end = len(operands)
    while end > 0:
        start = end - 1
        owner = operands[start].owner
        while start > 0 and operands[start - 1].owner is owner:
            start -= 1
        order.extend(operands[start:end])
        end = start
    return order
