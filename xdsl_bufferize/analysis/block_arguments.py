"""Equivalence of the arguments of blocks fed by branches (cf), after the in-place
decisions.

A block argument gets, on each entry of its block, the buffer of the operand the
branch taken passes. It is the same buffer as those operands when they are all
one buffer (MLIR: all incoming values equivalent to each other, forwarded in
place). Loops make this circular: a loop header's argument receives the initial
buffer from before the loop and, on the back edge, a value computed in place from
the argument itself. The question is answered as an optimistic fixpoint over the
equivalence classes known from the ops (value numbering through phis):

* the classes holding block arguments fed by branches start "unknown";
* each round, a class takes the meet of the classes its arguments receive (a
  class still "unknown" is no constraint, so the back edge of a loop that only
  passes the argument on, updated in place, constrains nothing); two different
  classes meet to "not equivalent";
* at the fixpoint, a class that receives one class along every edge is merged
  with it.

`unite_branch_arguments(state, values)` merges the equivalence sets of `state` so.

`forwards_to_blocks(aliases)`: whether an operand aliases only arguments of blocks
fed by branches (a branch operand). Such an operand is decided in the heuristic's
order, like a loop's init in MLIR, not merged up front: a write decided before it
(bottom-up: the loop body) does not yet see the buffers it will pass, so a
conflict its merge would create (the argument is not writable, or its old value
is read after the loop) is resolved by one copy at the branch instead of a copy
in every round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.ir import BlockArgument, SSAValue

from xdsl_bufferize.interfaces.branch import branch_model, forwarded_operands
from xdsl_bufferize.interfaces.bufferizable import AliasingValue

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState

_UNKNOWN = 0
_NOT_EQUIVALENT = 1


def forwards_to_blocks(aliases: Sequence[AliasingValue]) -> bool:
    """Whether `aliases` (of one operand) are all arguments of non-entry blocks."""
    return bool(aliases) and all(
        isinstance(a.value, BlockArgument)
        and a.value.block.parent is not None
        and a.value.block is not a.value.block.parent.blocks.first
        for a in aliases
    )


def _fed_by_branches(value: SSAValue) -> list[SSAValue] | None:
    """The values forwarded to `value` when it is an argument of a block all of
    whose predecessors are known branches; None otherwise."""
    if not isinstance(value, BlockArgument):
        return None
    block = value.block
    region = block.parent
    if region is None or block is region.blocks.first:
        return None
    if any(branch_model(use.operation) is None for use in block.uses):
        return None
    return [operand.value for operand in forwarded_operands(value)] or None


def unite_branch_arguments(
    state: OneShotAnalysisState, values: Sequence[SSAValue]
) -> None:
    """Merge the equivalence set of each argument of `values` fed by branches with
    the one set every branch passes it, if there is one."""
    sets = state.equivalence_sets
    incoming: dict[BlockArgument, list[SSAValue]] = {}
    copied: set[int] = set()
    for value in values:
        fed = _fed_by_branches(value)
        if fed is not None:
            assert isinstance(value, BlockArgument)
            incoming[value] = fed
            if not all(state.is_in_place(o) for o in forwarded_operands(value)):
                copied.add(id(sets.find(value)))  # a copy is passed
    if not incoming:
        return
    by_class: dict[int, list[BlockArgument]] = {}
    for argument in incoming:
        by_class.setdefault(id(sets.find(argument)), []).append(argument)
    verdict: dict[int, object] = {
        key: _NOT_EQUIVALENT if key in copied else _UNKNOWN for key in by_class
    }

    def received(value: SSAValue) -> object:
        root = sets.find(value)
        return verdict.get(id(root), root)

    changed = True
    while changed:
        changed = False
        for key, arguments in by_class.items():
            current = verdict[key]
            if current is _NOT_EQUIVALENT:
                continue
            meet: object = _UNKNOWN
            for argument in arguments:
                for value in incoming[argument]:
                    other = received(value)
                    if other is _UNKNOWN or other is meet:
                        continue
                    meet = other if meet is _UNKNOWN else _NOT_EQUIVALENT
            if current is not _UNKNOWN and meet is not current:
                meet = _NOT_EQUIVALENT  # only ever descends
            if meet is not current:
                verdict[key] = meet
                changed = True
    merges: list[tuple[BlockArgument, SSAValue]] = []
    for key, arguments in by_class.items():
        target = verdict[key]
        if isinstance(target, SSAValue):
            merges.append((arguments[0], target))
    for argument, target in merges:
        sets.union(argument, target)
