"""Definitions and reads of the one-shot analysis: which data each read needs.

* `walk_definitions(state, value, budget)`: the values whose defining op last wrote
  the data `value` holds (MLIR's `findDefinitions`): walk back through aliasing
  operands that are not written (views, region yields, an scf.while after-region
  argument to what scf.condition forwarded). A loop result, a loop's block
  argument fed by the loop op itself, and a block argument fed by branches
  (cf) are definitions of their own; undefined
  contents (`tensor.empty`) are none. With a budget, every path is enumerated (the
  ops each path goes through tell whether the data avoided a branch).
* `collect_reads(state, values, ...)`: per tensor value that is read, its reads with
  their positions, extended to the end of each loop around them that does not
  define the data, and the interval from the earliest position a write may clobber
  that data to its last read (`ValueReads`); the intervals go into the state's
  interval-stabbing tree, which the conflict checks ask.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from xdsl_bufferize.analysis.conflicts import earliest_clobber
from xdsl_bufferize.analysis.program_order import IntervalStabber, defined_in
from xdsl_bufferize.interfaces.branch import branch_model
from xdsl_bufferize.interfaces.bufferizable import OpOperand, bufferizable_model
from xdsl_bufferize.utils.ir import has_several_blocks

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState

Path = tuple[Operation, ...]
"""The ops data flowed through, from a definition to a value that reads it."""


@dataclass(slots=True)
class ValueReads:
    """Per tensor value that is read: its read uses with the (loop-extended)
    position of each, sorted by that position, and its interval's low end."""

    value: SSAValue
    key: int
    """`id(value)`, the value's key in the alias sets."""
    reads: list[tuple[OpOperand, int]]
    his: list[int]
    """The positions of `reads` (same order), for bisection."""
    lo: int


PATH_BUDGET = 64
"""Steps allowed to enumerate every path from a value back to its definitions."""


def walk_definitions(
    state: OneShotAnalysisState, value: SSAValue, budget: int | None
) -> tuple[list[SSAValue], dict[SSAValue, list[Path]], bool] | None:
    """The definitions of `value`, the ops each path to them goes through, and
    whether some value was reached twice. Without a budget each value is
    visited once (one path per definition); with one, every path is
    followed, and None is returned when that takes more than `budget` steps."""
    found: list[SSAValue] = []
    paths: dict[SSAValue, list[Path]] = {}
    seen: set[SSAValue] = set()
    stack: list[tuple[SSAValue, Path]] = [(value, ())]
    merged = False

    def record(definition: SSAValue, path: Path) -> None:
        known = paths.get(definition)
        if known is None:
            found.append(definition)
            paths[definition] = [path]
        else:
            known.append(path)

    steps = 0
    while stack:
        current, path = stack.pop()
        if budget is None:
            if current in seen:
                merged = True
                continue
            seen.add(current)
        else:
            steps += 1
            if steps > budget:
                return None
        if isinstance(current, OpResult) and _is_loop(state, current.op):
            # A loop result is defined when the loop completes.
            record(current, path)
            continue
        aliasing = state.get_aliasing_op_operands(current)
        if (
            isinstance(current, BlockArgument)
            and _is_loop_block_arg(state, current)
            and all(a.operand.owner is current.block.parent_op() for a in aliasing)
        ):
            # A loop's block argument fed by the loop op itself (its init, then
            # a back edge that is the same buffer or a copy) is (re)defined each
            # time its region is entered. One fed from inside the iteration (an
            # scf.while after-region argument, from scf.condition) holds the
            # data forwarded there: followed like a view.
            record(current, path)
            continue
        if (
            isinstance(current, BlockArgument)
            and aliasing
            and all(branch_model(a.operand.owner) is not None for a in aliasing)
        ):
            # A block argument fed by branches (cf) is defined anew each time its
            # block is entered; the branches read what they pass (as a loop op
            # reads its init), so the data it receives is checked there.
            record(current, path)
            continue
        if not aliasing and not _defines_contents(state, current):
            # Undefined contents (tensor.empty): no data to preserve.
            continue
        if not aliasing or any(
            state.bufferizes_to_memory_write(a.operand) for a in aliasing
        ):
            record(current, path)
            continue
        stack.extend((a.operand.value, (*path, a.operand.owner)) for a in aliasing)
    return found, paths, merged


def _defines_contents(state: OneShotAnalysisState, value: SSAValue) -> bool:
    if not isinstance(value, OpResult):
        return True
    model = bufferizable_model(value.op)
    return model is None or model.result_bufferizes_to_memory_write(
        value.op, value, state
    )


def _is_loop_block_arg(state: OneShotAnalysisState, arg: BlockArgument) -> bool:
    """Whether `arg` belongs to a region that may run more than once."""
    parent = arg.block.parent_op()
    if parent is None:
        return False
    region = arg.block.parent
    model = bufferizable_model(parent)
    return (
        model is not None
        and region is not None
        and model.is_repetitive_region(parent, parent.regions.index(region))
    )


def _is_loop(state: OneShotAnalysisState, op: Operation) -> bool:
    model = bufferizable_model(op)
    return model is not None and any(
        model.is_repetitive_region(op, i) for i in range(len(op.regions))
    )


def collect_reads(
    state: OneShotAnalysisState,
    values: Sequence[SSAValue],
    copyable_views: set[OpOperand],
) -> None:
    pos = state.order.pos
    end = state.order.end
    value_pos = state.order.value_pos
    intervals: list[tuple[int, int, ValueReads]] = []
    read_values = _values_read(state, values) if copyable_views else set[int]()
    for value in values:
        reads: list[tuple[OpOperand, int]] = []
        for use in value.uses:
            user = use.operation
            user_pos = pos.get(user)
            if user_pos is None:
                continue
            operand = OpOperand(user, use.index)
            model = bufferizable_model(user)
            # Unknown ops see a tensor; they read it where they are. A view
            # decided in order reads its source if its result is read: out
            # of place, it copies the source there (MLIR's
            # `getAliasingReads`).
            if (
                model is None
                or model.bufferizes_to_memory_read(user, operand, state)
                or (
                    operand in copyable_views
                    and any(id(r) in read_values for r in user.results)
                )
            ):
                reads.append((operand, user_pos))
        if not reads:
            continue
        defs = state.definitions(value)
        if not defs:
            # Only undefined contents reach these reads: nothing to clobber.
            continue
        lo = min(earliest_clobber(state, d, value_pos) for d in defs)
        extended: list[tuple[OpOperand, int]] = []
        for operand, hi in reads:
            for loop, _ in state.repetitive_ancestors(operand.owner):
                if not all(defined_in(loop, d) for d in defs):
                    hi = max(hi, end[loop])
            # In a region of several blocks (cf branches) the text does not give
            # the order ops run in: any write of the region may come before or
            # after the read (the conflict check follows the branches).
            holders = _cfg_region_holders(operand.owner) if state.order.has_cfg else []
            for holder in holders:
                lo = min(lo, pos[holder])
                hi = max(hi, end[holder])
            extended.append((operand, hi))
        extended.sort(key=lambda item: item[1])
        record = ValueReads(value, id(value), extended, [hi for _, hi in extended], lo)
        state.value_reads[value] = record
        intervals.append((lo, extended[-1][1], record))
    state.stabber = IntervalStabber(state.order.size, intervals)


def _cfg_region_holders(op: Operation) -> list[Operation]:
    """The ops around `op` whose region holding it has several blocks."""
    holders: list[Operation] = []
    region = op.parent_region()
    while region is not None:
        parent = region.parent_op()
        if parent is None:
            break
        if has_several_blocks(region):
            holders.append(parent)
        region = parent.parent_region()
    return holders


def _values_read(state: OneShotAnalysisState, values: Sequence[SSAValue]) -> set[int]:
    """The values (by id) some use reads, directly or through the values its
    uses alias (MLIR's `isValueRead`, for all values at once: a reverse
    propagation over the aliasing edges, linear in the uses)."""
    aliased_by: dict[int, list[SSAValue]] = {}
    found: set[int] = set()
    stack: list[SSAValue] = []
    for value in values:
        for use in value.uses:
            operand = OpOperand(use.operation, use.index)
            if state.bufferizes_to_memory_read(operand):
                if id(value) not in found:
                    found.add(id(value))
                    stack.append(value)
                continue
            for alias in state.get_aliasing_values(operand):
                aliased_by.setdefault(id(alias.value), []).append(value)
    while stack:
        current = stack.pop()
        for value in aliased_by.get(id(current), ()):
            if id(value) not in found:
                found.add(id(value))
                stack.append(value)
    return found
