"""buffer-deallocation: free every heap buffer exactly once, after its last use.

The ownership analysis (`xdsl_bufferize.analysis.ownership`) decides everything first; this
pass only executes its plan: clones before the ops that must pass an owned copy, then the frees
(each built by the buffer's AllocationOpInterface), splitting a branch edge where a buffer dies
along one edge of a block with several predecessors.

With `statistics=true` the pass prints what it inserted to stderr, one line:
`buffer-deallocation: frees=N clones=N conditional-frees=N`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import builtin, cf
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from xdsl_bufferize.analysis.ownership import (
    DeallocationPlan,
    FreePoint,
    PlannedClone,
    analyze_deallocation,
)
from xdsl_bufferize.analysis.ownership import (
    branch_successor_operands as _branch_successor_operands,
)
from xdsl_bufferize.models.allocation import register_default_allocation_models


@dataclass
class DeallocationStatistics:
    """What one run of the pass inserted."""

    frees: int = 0
    clones: int = 0
    conditional_frees: int = 0

    def __str__(self) -> str:
        return (
            f"buffer-deallocation: frees={self.frees} clones={self.clones} "
            f"conditional-frees={self.conditional_frees}"
        )


@dataclass
class _Cursors:
    """Insertion points that keep several frees at one anchor in plan order."""

    after: dict[Operation, Operation] = field(
        default_factory=dict[Operation, Operation]
    )
    start: dict[Block, Operation] = field(default_factory=dict[Block, Operation])
    edges: dict[tuple[Operation, int], Block] = field(
        default_factory=dict[tuple[Operation, int], Block]
    )


def _edge_block(
    terminator: Operation, index: int, cursors: _Cursors, split: bool = False
) -> Block:
    """A block that runs exactly when `terminator` takes successor `index`.

    The successor itself if it has no other predecessor (unless `split`), else a new block
    on the edge that forwards its arguments to the successor.
    """
    key = (terminator, index)
    block = cursors.edges.get(key)
    if block is not None:
        return block
    successor = terminator.successors[index]
    if not split and len(successor.predecessors()) == 1:
        cursors.edges[key] = successor
        return successor
    region = successor.parent_region()
    source = terminator.parent_block()
    assert region is not None
    assert source is not None
    edge_block = Block(arg_types=[a.type for a in successor.args])
    region.insert_block_after(edge_block, source)
    edge_block.add_op(cf.BranchOp(successor, *edge_block.args))
    successors = list(terminator.successors)
    successors[index] = edge_block
    terminator.successors = successors
    cursors.edges[key] = edge_block
    return edge_block


def _insertion_point(point: FreePoint, cursors: _Cursors) -> tuple[InsertPoint, object]:
    if point.after is not None:
        anchor = cursors.after.get(point.after, point.after)
        return InsertPoint.after(anchor), point.after
    if point.before is not None:
        return InsertPoint.before(point.before), None
    block = point.block_start
    if point.edge is not None:
        block = _edge_block(*point.edge, cursors)
    assert block is not None
    previous = cursors.start.get(block)
    if previous is not None:
        return InsertPoint.after(previous), block
    return InsertPoint.at_start(block), block


def _clone_on_edge(clone: PlannedClone, cursors: _Cursors) -> None:
    """Clone a successor operand of a multi-way branch only on the edge that passes it."""
    successors = _branch_successor_operands(clone.source)
    assert successors is not None
    for succ_index, _, indices in successors:
        if clone.index not in indices:
            continue
        block = _edge_block(clone.source, succ_index, cursors, split=True)
        branch = block.last_op
        assert branch is not None
        position = indices.index(clone.index)
        anchor = cursors.start.get(block)
        point = (
            InsertPoint.at_start(block) if anchor is None else InsertPoint.after(anchor)
        )
        copy = clone.model.build_clone(Builder(point), block.args[position])
        assert copy is not None
        assert isinstance(copy.owner, Operation)
        cursors.start[block] = copy.owner
        branch.operands[position] = copy
        return


def apply_plan(plan: DeallocationPlan) -> DeallocationStatistics:
    """Insert the plan's clones and frees."""
    stats = DeallocationStatistics()
    cursors = _Cursors()
    for clone in plan.clones:
        stats.clones += 1
        if len(clone.source.successors) > 1:
            _clone_on_edge(clone, cursors)
            continue
        builder = Builder(InsertPoint.before(clone.source))
        value = clone.source.operands[clone.index]
        copy = clone.model.build_clone(builder, value)
        assert copy is not None
        clone.source.operands[clone.index] = copy
    for free in plan.frees:
        point, key = _insertion_point(free.point, cursors)
        op = free.model.build_dealloc(Builder(point), free.value)
        assert op is not None
        if isinstance(key, Operation):
            cursors.after[key] = op
        elif isinstance(key, Block):
            cursors.start[key] = op
        stats.frees += 1
    return stats


def deallocate(module: builtin.ModuleOp) -> DeallocationStatistics:
    """Make `module` free every heap buffer exactly once; raise DiagnosticException if refused."""
    register_default_allocation_models()
    plan = analyze_deallocation(module)
    return apply_plan(plan)


@dataclass(frozen=True)
class BufferDeallocationPass(ModulePass):
    """Insert frees (and the few clones ownership requires) for every heap buffer."""

    name = "buffer-deallocation"

    statistics: bool = False
    """Print the number of inserted frees, clones and conditional frees to stderr."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        try:
            stats = deallocate(op)
        except DiagnosticException as error:
            raise PassFailedException(str(error)) from error
        if self.statistics:
            print(stats, file=sys.stderr)
