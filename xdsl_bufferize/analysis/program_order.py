"""Op-level program order: happens-before, region containment, interval stabbing.

xDSL's `DominanceInfo` orders blocks of one region only. The in-place analysis
needs an order between any two ops of a function, across nested regions. It is
computed once, in one pre-order walk: every op gets a position (its index in the
walk) and the last position inside its regions (`end`), so

* op `a` happens before op `b` when `pos(a) < pos(b)` (an enclosing op happens
  before the ops of its regions, as with MLIR's `properlyDominates(enclosingOpOk)`);
* `b` is nested in `a` when `pos(a) < pos(b) <= end(a)`.

Loops (repetitive regions) and mutually exclusive regions (scf.if branches) are
refinements applied by the analysis on top of this linear order.

`IntervalStabber` answers "which intervals contain position p" for a fixed set of
intervals in O(log n + answers): the analysis stores, per tensor value, the interval
from the earliest definition of the data it reads to its last read, and asks which
values are live across a write.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from xdsl.ir import BlockArgument, Operation, OpResult, Region, SSAValue

from xdsl_bufferize.utils.ir import has_several_blocks

T = TypeVar("T")


class ProgramOrder:
    """Positions of every op nested in a root op (pre-order)."""

    def __init__(self, root: Operation) -> None:
        self.ops: list[Operation] = []
        """Every op under the root (the root included), in pre-order."""
        ends: list[int] = []
        """Per op of `ops` (same index): the last position inside its regions."""
        ops = self.ops
        self.has_cfg = False
        """Whether some region under the root has several blocks (cf branches): only
        then may the text order differ from the order ops run in."""

        def visit(op: Operation) -> None:
            # Recursion depth is the nesting depth of regions, as in xDSL's walk.
            index = len(ops)
            ops.append(op)
            ends.append(index)
            for region in op.regions:
                if has_several_blocks(region):
                    self.has_cfg = True
                for block in region.blocks:
                    child = block.first_op
                    while child is not None:
                        visit(child)
                        child = child.next_op
            ends[index] = len(ops) - 1

        visit(root)
        self.pos: dict[Operation, int] = {op: i for i, op in enumerate(ops)}
        self.end: dict[Operation, int] = dict(zip(ops, ends, strict=True))
        self.size = len(ops)

    def value_pos(self, value: SSAValue) -> int:
        """Position at which `value` is defined: a result once its op (and the op's
        regions) completed; a block argument of a region op when its block is
        entered (an `scf.while` after-region argument after the before region ran:
        what the before region wrote is part of the data it receives)."""
        if isinstance(value, OpResult):
            return self.end[value.op]
        if isinstance(value, BlockArgument):
            parent = value.block.parent_op()
            if parent is not None and parent in self.pos:
                first = value.block.first_op
                return self.pos[first] if first is not None else self.pos[parent]
        return -1

    def happens_before(self, a: Operation, b: Operation) -> bool:
        """Whether `a` comes before `b` in program order (ignoring loops)."""
        return self.pos[a] < self.pos[b]


def region_contains_op(region: Region, op: Operation) -> bool:
    """Whether `op` is nested (at any depth) in `region`."""
    current = op.parent_region()
    while current is not None:
        if current is region:
            return True
        parent = current.parent_op()
        if parent is None:
            return False
        current = parent.parent_region()
    return False


def region_contains_value(region: Region, value: SSAValue) -> bool:
    """Whether `value` is defined (at any depth) inside `region`."""
    if isinstance(value, OpResult):
        return region_contains_op(region, value.op)
    if isinstance(value, BlockArgument):
        block_region = value.block.parent
        if block_region is region:
            return True
        parent = value.block.parent_op()
        return parent is not None and region_contains_op(region, parent)
    return False


def defined_in(op: Operation, value: SSAValue) -> bool:
    """Whether `value` is defined inside one of the regions of `op`."""
    return any(region_contains_value(region, value) for region in op.regions)


class IntervalStabber(Generic[T]):
    """A static set of closed integer intervals; query those containing a point."""

    def __init__(self, size: int, intervals: Sequence[tuple[int, int, T]]) -> None:
        n = 1
        while n < max(size, 1):
            n *= 2
        self._n = n
        nodes: list[list[T] | None] = [None] * (2 * n)
        self._nodes = nodes
        for lo, hi, item in intervals:
            lo = max(lo, 0) + n
            hi = min(hi, n - 1) + n + 1
            while lo < hi:
                if lo & 1:
                    bucket = nodes[lo]
                    if bucket is None:
                        nodes[lo] = [item]
                    else:
                        bucket.append(item)
                    lo += 1
                if hi & 1:
                    hi -= 1
                    bucket = nodes[hi]
                    if bucket is None:
                        nodes[hi] = [item]
                    else:
                        bucket.append(item)
                lo //= 2
                hi //= 2

    def stab(self, point: int) -> list[T]:
        """All items whose interval contains `point`."""
        found: list[T] = []
        if point < 0 or point >= self._n:
            return found
        node = point + self._n
        nodes = self._nodes
        while node >= 1:
            bucket = nodes[node]
            if bucket is not None:
                found.extend(bucket)
            node //= 2
        return found
