"""Static memory planning: which buffers of a function share one arena, and where.

The analysis behind `static-memory-planning`. In each `func.func`, a `memref.alloc`
is *plannable* when

* its type is statically shaped, with the identity layout, the default memory space
  and an element type of known size (floats, integers, index);
* it is not inside a parallel loop (`LoopKind.PARALLEL`: `scf.parallel`,
  `affine.parallel`; iterations running at the same time cannot share one slot);
* its buffer does not leave its region: following every alias (views and casts, the
  memref results of calls that may return a view of it, and the results and region
  arguments of region ops it is passed to or yielded inside), no alias reaches a
  `func.return`, a branch, or a terminator (`scf.yield`, `scf.condition`, ...) of the
  region the allocation is in or of an enclosing one;
* it is freed, at least once, and every `memref.dealloc` of an alias frees a value
  that is the buffer itself, never a view of it: the allocated value through casts,
  or a result or region argument of a region op it flows through (a loop's result or
  iteration argument) all of whose buffer inflows are such values. A buffer freed
  through such a merged value is planned with every other buffer that may flow into
  it (a group), and only when no other value (a function argument, a buffer that
  cannot be planned) flows into the region ops the group passes through: then all
  the group's frees go away together.

Lifetimes are intervals of a linear program order of the function (a pre-order walk,
`ProgramOrder`). A buffer is live from its first use to its last use (an allocation
touches no memory: what a buffer holds before its first use is undefined). A use nested
in an op of the allocation's block counts as the whole of that op (a buffer defined
outside a loop and used in it is live over every iteration; one allocated in a loop
body lives within one iteration, so the next iteration reuses the slot). An
allocation in a region of several blocks (`cf` control flow, back edges) is live over
the whole region.

Calls are looked into: when the first (last) use of a buffer is a call that it is
passed to directly, and the callee's body is one block, the lifetime starts (ends)
inside the call, at the first (last) op of that block touching the argument or an
alias of it (`memory_planning_uses.py`; nested regions and calls count whole). So a buffer
the callee is done with before it first touches another -- an input read before an
out-parameter is written -- shares bytes with it, although both are operands of one
call.

Placement: buffers in decreasing size (then by start) go to the lowest-waste offset:
the smallest gap, between the buffers already placed whose lifetimes overlap its own,
that holds it at its alignment, or the end of them (MLIR's and TFLite's "greedy by
size" best fit). Every slot offset is a multiple of its alignment: the largest of the
pass's minimum (16 by default), the allocation's `alignment` attribute and the element
size (`comprehensive-bufferize{plan-memory=true}` gives allocations the pass's
minimum, so small buffers are not padded to bufferization's default 64). The arena is the size of the highest slot end; its alignment is the largest
slot alignment.

Callee scratch (`scratch_to_hoist`): the plannable buffers of a private function whose
every call is a plain `func.call` of the module (none in a parallel loop) may be
allocated by its callers instead, passed as extra arguments, so each caller plans them
in its own arena beside its own buffers: with the refined lifetimes of call operands
above, a temporary the callee is done with early shares bytes with an out-parameter
it writes late. Functions are handled callee first, so scratch moves up the call graph
to the first function that is not such a private one.

Only analysis here: `xdsl_bufferize.transforms.static_memory_planning` rewrites.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
    NoneAttr,
)
from xdsl.ir import Operation, SSAValue

from xdsl_bufferize.analysis.call_graph import ScopedCallGraph
from xdsl_bufferize.analysis.freed_arguments import FreedArguments
from xdsl_bufferize.analysis.memory_planning_uses import (
    WHOLE_OP,
    BufferUses,
    CallResults,
    entry_block,
    follow_uses,
)
from xdsl_bufferize.analysis.program_order import ProgramOrder
from xdsl_bufferize.interfaces.region_branch import LoopKind, loop_kind
from xdsl_bufferize.utils.ir import ancestor_in_region
from xdsl_bufferize.utils.memref_layout import element_size, has_no_layout

ARENA_ATTR = "memory_planning.arena"
"""Unit attribute marking the arena allocation (the reference executor counts arena
bytes by it, `xdsl_bufferize.execution.memory`)."""

DEFAULT_ALIGNMENT = 16
"""Minimum alignment of a slot, in bytes."""


@dataclass
class PlannedBuffer:
    """One allocation placed in its function's arena."""

    alloc: memref.AllocOp
    size: int
    """Bytes of the buffer."""
    alignment: int
    start: int
    """First position of its lifetime in the function's program order."""
    end: int
    """Last position of its lifetime."""
    deallocs: list[memref.DeallocOp]
    """Its frees, which the arena replaces."""
    offset: int = 0
    """Its byte offset in the arena."""
    start_step: int = 0
    """Within the op at `start`: 0 for the whole op, or, for a call, 1 + the index of
    the first op of the callee's body that touches the buffer."""
    end_step: int = WHOLE_OP
    """Within the op at `end`: `WHOLE_OP`, or, for a call, 1 + the index of the last op
    of the callee's body that touches the buffer."""

    def overlaps(self, other: PlannedBuffer) -> bool:
        """Whether the two lifetimes share a point (then their bytes may not)."""
        return (other.start, other.start_step) <= (self.end, self.end_step) and (
            self.start,
            self.start_step,
        ) <= (other.end, other.end_step)


@dataclass
class FunctionPlan:
    """The arena of one function and the buffers placed in it."""

    function: func.FuncOp
    buffers: list[PlannedBuffer] = field(default_factory=lambda: list[PlannedBuffer]())
    size: int = 0
    """Bytes of the arena."""
    alignment: int = DEFAULT_ALIGNMENT


def _align(value: int, alignment: int) -> int:
    return (value + alignment - 1) // alignment * alignment


def _plannable_type(alloc: memref.AllocOp) -> tuple[int, int] | None:
    """(bytes, element size) of a statically shaped, contiguous buffer in the default
    memory space, or None."""
    t = alloc.memref.type
    if not isinstance(t, MemRefType) or alloc.dynamic_sizes or alloc.symbol_operands:
        return None
    if not has_no_layout(t) or not isinstance(t.memory_space, NoneAttr):
        return None
    size = element_size(t.get_element_type())
    if size is None:
        return None
    count = 1
    for dim in t.get_shape():
        if dim < 0:
            return None
        count *= dim
    return count * size, size


def _in_parallel_loop(op: Operation, function: func.FuncOp) -> bool:
    parent = op.parent_op()
    while parent is not None and parent is not function:
        if loop_kind(parent) is LoopKind.PARALLEL:
            return True
        parent = parent.parent_op()
    return False


def _lifetime(
    alloc: memref.AllocOp, uses: BufferUses, order: ProgramOrder, calls: CallResults
) -> tuple[int, int, int, int]:
    """(start, start step, end, end step) of the buffer's lifetime: from its first
    use to its last one (see `PlannedBuffer`)."""
    region = alloc.parent_region()
    assert region is not None
    if len(region.blocks) > 1:
        parent = region.parent_op()
        assert parent is not None
        return order.pos[parent], 0, order.end[parent], WHOLE_OP
    if not uses.users:
        return order.pos[alloc], 0, order.pos[alloc], WHOLE_OP
    tops: set[Operation] = set()
    for user in uses.users:
        top = ancestor_in_region(user, region)
        assert top is not None
        tops.add(top)
    first = min(tops, key=lambda op: order.pos[op])
    last = max(tops, key=lambda op: order.end[op])
    start_step, end_step = 0, WHOLE_OP
    # A call passing the buffer directly: its lifetime may start (end) inside the
    # call, at the first (last) op of the callee's body touching it.
    if isinstance(first, func.CallOp) and first in uses.users:
        steps = _call_steps(first, uses.aliases, calls)
        if steps is not None:
            start_step = steps[0]
    if isinstance(last, func.CallOp) and last in uses.users:
        steps = _call_steps(last, uses.aliases, calls)
        if steps is not None:
            end_step = steps[1]
    return order.pos[first], start_step, order.end[last], end_step


def _call_steps(
    call: func.CallOp, aliases: set[SSAValue], calls: CallResults
) -> tuple[int, int] | None:
    """(1 + first, 1 + last) index of the ops of the callee touching the buffer
    passed to `call` (at every operand holding one of `aliases`), or None."""
    touches = calls.touches(call)
    if touches is None or len(touches) != len(call.operands):
        return None
    passed = [touches[i] for i, v in enumerate(call.operands) if v in aliases]
    if not passed:
        return None
    return 1 + min(t[0] for t in passed), 1 + max(t[1] for t in passed)


def _alignment(alloc: memref.AllocOp, element: int, minimum: int) -> int:
    alignment = max(minimum, element)
    attr = alloc.alignment
    if isinstance(attr, IntegerAttr) and attr.value.data > 0:
        alignment = max(alignment, attr.value.data)
    # Slot offsets are multiples of a power of two.
    return 1 << (alignment - 1).bit_length()


def place(buffers: list[PlannedBuffer]) -> int:
    """Give each buffer an offset (best fit by size over lifetimes); the arena size."""
    placed: list[PlannedBuffer] = []
    for buffer in sorted(buffers, key=lambda b: (-b.size, b.start, b.end)):
        conflicts = sorted(
            (p for p in placed if p.overlaps(buffer)), key=lambda p: p.offset
        )
        best: int | None = None
        best_gap = 0
        reached = 0
        for other in conflicts:
            candidate = _align(reached, buffer.alignment)
            gap = other.offset - candidate
            if gap >= buffer.size and (best is None or gap < best_gap):
                best, best_gap = candidate, gap
            reached = max(reached, other.offset + other.size)
        buffer.offset = best if best is not None else _align(reached, buffer.alignment)
        placed.append(buffer)
    return max((b.offset + b.size for b in buffers), default=0)


def _merge_groups(
    candidates: list[tuple[memref.AllocOp, int, int, BufferUses]],
) -> list[list[tuple[memref.AllocOp, int, int, BufferUses]]]:
    """The candidates grouped by shared aliases (buffers that may flow into one value,
    transitively)."""
    groups: list[list[tuple[memref.AllocOp, int, int, BufferUses]]] = []
    aliases: list[set[SSAValue]] = []
    for candidate in candidates:
        group = [candidate]
        values = set(candidate[3].aliases)
        for index in reversed(range(len(groups))):
            if aliases[index] & values:
                group += groups.pop(index)
                values |= aliases.pop(index)
        groups.append(group)
        aliases.append(values)
    return groups


def _closed(group: list[tuple[memref.AllocOp, int, int, BufferUses]]) -> bool:
    """Whether no buffer other than the group's flows into the values it is freed
    through: every value passed to the region ops the group flows through is an
    alias of a member."""
    aliases: set[SSAValue] = set()
    for _, _, _, uses in group:
        aliases |= uses.aliases
    return all(v in aliases for _, _, _, uses in group for v in uses.inflows)


def plan_function(
    function: func.FuncOp,
    minimum_alignment: int = DEFAULT_ALIGNMENT,
    freed: FreedArguments | None = None,
) -> FunctionPlan:
    """The arena plan of `function` (no buffer when nothing is plannable).

    Buffers freed through a value that may hold several buffers (a loop result, an
    iteration argument: ping-pong buffers, a buffer carried through a loop and freed
    after it) are planned as a group, only when every buffer that may reach such a
    value is a member: all their frees then go away together. Each member keeps its
    own slot for its own lifetime, which spans every value it may flow into."""
    plan = FunctionPlan(function, alignment=minimum_alignment)
    if not function.body.blocks:
        return plan
    calls = CallResults(function.parent_op(), freed)
    candidates: list[tuple[memref.AllocOp, int, int, BufferUses]] = []
    for op in function.walk():
        if not isinstance(op, memref.AllocOp) or ARENA_ATTR in op.attributes:
            continue
        typed = _plannable_type(op)
        if typed is None or _in_parallel_loop(op, function):
            continue
        uses = follow_uses(op, calls)
        if uses is not None:
            candidates.append((op, *typed, uses))
    if not candidates:
        return plan
    order = ProgramOrder(function)
    for group in _merge_groups(candidates):
        if any(c[3].merged_frees for c in group) and not _closed(group):
            continue
        for op, size, element, uses in group:
            start, start_step, end, end_step = _lifetime(op, uses, order, calls)
            plan.buffers.append(
                PlannedBuffer(
                    op,
                    size,
                    _alignment(op, element, minimum_alignment),
                    start,
                    end,
                    uses.deallocs,
                    start_step=start_step,
                    end_step=end_step,
                )
            )
    plan.size = place(plan.buffers)
    plan.alignment = max([minimum_alignment, *(b.alignment for b in plan.buffers)])
    return plan


def scratch_to_hoist(
    function: func.FuncOp,
    graph: ScopedCallGraph,
    minimum_alignment: int,
    freed: FreedArguments | None = None,
) -> list[PlannedBuffer]:
    """The buffers of `function` its callers may allocate and pass in instead (see
    module doc): its plannable buffers, when it is private, called only by plain
    `func.call`s of the module, at least once, and never from a parallel loop."""
    if not graph.only_called_here(function):
        return []
    calls = graph.calls_of(function)
    for call in calls:
        caller = call.parent_op()
        while caller is not None and not isinstance(caller, func.FuncOp):
            caller = caller.parent_op()
        if caller is None or _in_parallel_loop(call, caller):
            return []
    if not calls:
        return []
    return plan_function(function, minimum_alignment, freed).buffers


__all__ = [
    "ARENA_ATTR",
    "DEFAULT_ALIGNMENT",
    "WHOLE_OP",
    "FunctionPlan",
    "PlannedBuffer",
    "entry_block",
    "place",
    "plan_function",
    "scratch_to_hoist",
]
