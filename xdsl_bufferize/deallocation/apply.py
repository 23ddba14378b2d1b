"""Executing a deallocation plan: ownership flags, clones and frees.

`deallocate(module)` checks the module, reads `bufferization.dealloc`s of the input as
frees of the program (`deallocation/existing_deallocs.py`), gives public forwarders a private twin
(`deallocation/public_forwarders.py`), asks the ownership analysis for its plan
(`analysis/ownership.py`) and applies it (`apply_plan`): first the i1 ownership flags
of flagged merges (`deallocation/flags.py`), then clones (conditional ones as
`scf.if %owned -> memref`), then the frees (each built by the buffer's
AllocationOpInterface, inside `scf.if %owned` for a flagged buffer), splitting a branch
edge where a buffer dies along one edge of a block with several predecessors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.builder import Builder
from xdsl.dialects import arith, builtin, cf, memref, scf
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.ir_checks import check_region_terminators
from xdsl_bufferize.analysis.manager import CALL_GRAPH, FORWARDING, NONE
from xdsl_bufferize.analysis.ownership import (
    DeallocationPlan,
    FreePoint,
    PlannedClone,
    PlannedFree,
    analyze_deallocation,
)
from xdsl_bufferize.deallocation.existing_deallocs import lower_existing_deallocs
from xdsl_bufferize.deallocation.flags import FlagPlumbing
from xdsl_bufferize.deallocation.public_forwarders import split_public_forwarders
from xdsl_bufferize.interfaces.branch import branch_successor_operands
from xdsl_bufferize.models.allocation import register_default_allocation_models

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.manager import ModuleAnalyses


@dataclass
class DeallocationStatistics:
    """What one run of the pass inserted."""

    frees: int = 0
    clones: int = 0
    conditional_frees: int = 0
    """Frees guarded by an ownership flag (`scf.if %owned { dealloc }`)."""
    conditional_clones: int = 0
    """Copies made only when a flagged buffer is not owned (returned from a function)."""

    def __str__(self) -> str:
        return (
            f"buffer-deallocation: frees={self.frees} clones={self.clones} "
            f"conditional-frees={self.conditional_frees} "
            f"conditional-clones={self.conditional_clones}"
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
    if point.empty_region is not None:
        block = point.empty_region.blocks.first
        if block is None:
            block = Block()
            block.add_op(scf.YieldOp())
            point.empty_region.add_block(block)
    if point.edge is not None:
        block = _edge_block(*point.edge, cursors)
    assert block is not None
    previous = cursors.start.get(block)
    if previous is not None:
        return InsertPoint.after(previous), block
    return InsertPoint.at_start(block), block


def _clone_on_edge(
    source: Operation,
    index: int,
    clone: PlannedClone,
    flag: SSAValue | None,
    cursors: _Cursors,
) -> None:
    """Clone a successor operand of a multi-way branch only on the edge that passes it."""
    successors = branch_successor_operands(source)
    assert successors is not None
    for succ_index, _, indices in successors:
        if index not in indices:
            continue
        block = _edge_block(source, succ_index, cursors, split=True)
        branch = block.last_op
        assert branch is not None
        position = indices.index(index)
        anchor = cursors.start.get(block)
        point = (
            InsertPoint.at_start(block) if anchor is None else InsertPoint.after(anchor)
        )
        copy = _build_clone(Builder(point), clone, block.args[position], flag)
        assert isinstance(copy.owner, Operation)
        cursors.start[block] = copy.owner
        branch.operands[position] = copy
        return


def _map_point(plumbing: FlagPlumbing, point: FreePoint) -> FreePoint:
    """`point` with the ops the flag plumbing rebuilt replaced by their new versions."""
    return FreePoint(
        after=None if point.after is None else plumbing.op(point.after),
        before=None if point.before is None else plumbing.op(point.before),
        block_start=point.block_start,
        empty_region=point.empty_region,
        edge=None
        if point.edge is None
        else (plumbing.op(point.edge[0]), point.edge[1]),
    )


def _free_condition(
    builder: Builder, free: PlannedFree, value: SSAValue, plumbing: FlagPlumbing
) -> SSAValue | None:
    """The i1 under which `free` runs (None: always): the buffer's ownership flag, and
    that no value handing its ownership on holds it."""
    flag = plumbing.flag(free.value) if free.conditional else None
    for holder in free.unless_held_by:
        same = plumbing.same_buffer(builder, plumbing.value(holder), value)
        true = builder.insert(arith.ConstantOp(builtin.IntegerAttr(1, builtin.i1)))
        kept = builder.insert(arith.XOrIOp(same, true.result)).result
        flag = kept if flag is None else builder.insert(arith.AndIOp(flag, kept)).result
    return flag


def _conditional(flag: SSAValue, then_ops: Block, else_ops: Block | None) -> scf.IfOp:
    """`scf.if %flag` over the given blocks (each ending in its scf.yield)."""
    results = list(then_ops.last_op.operand_types) if then_ops.last_op else []
    return scf.IfOp(
        flag,
        results,
        Region(then_ops),
        Region() if else_ops is None else Region(else_ops),
    )


def _build_free(
    builder: Builder, free: PlannedFree, value: SSAValue, flag: SSAValue | None
) -> Operation:
    """The free of `value`: its model's dealloc, inside `scf.if %flag` when conditional."""
    if flag is None:
        op = free.model.build_dealloc(builder, value)
        assert op is not None
        return op
    then_block = Block()
    op = free.model.build_dealloc(Builder(InsertPoint.at_end(then_block)), value)
    assert op is not None
    then_block.add_op(scf.YieldOp())
    return builder.insert(_conditional(flag, then_block, None))


def _build_clone(
    builder: Builder, clone: PlannedClone, value: SSAValue, flag: SSAValue | None
) -> SSAValue:
    """A copy of `value`; with `flag`, `value` itself when it is owned, else a copy."""
    if flag is None:
        copy = clone.model.build_clone(builder, value)
        assert copy is not None
        return copy
    then_block = Block()
    then_block.add_op(scf.YieldOp(value))
    else_block = Block()
    copy = clone.model.build_clone(Builder(InsertPoint.at_end(else_block)), value)
    assert copy is not None
    else_block.add_op(scf.YieldOp(copy))
    op = builder.insert(_conditional(flag, then_block, else_block))
    return op.results[0]


def apply_plan(plan: DeallocationPlan) -> DeallocationStatistics:
    """Insert the plan's ownership flags, clones and frees."""
    stats = DeallocationStatistics()
    plumbing = FlagPlumbing(plan)
    plumbing.run()
    cursors = _Cursors(after=dict(plumbing.after_call))
    for clone in plan.clones:
        source, index = plumbing.operand(clone.source, clone.index)
        flag: SSAValue | None = None
        if clone.conditional:
            assert clone.flag_of is not None
            flag = plumbing.flag(clone.flag_of)
            stats.conditional_clones += 1
        else:
            stats.clones += 1
        if len(source.successors) > 1:
            _clone_on_edge(source, index, clone, flag, cursors)
            continue
        builder = Builder(InsertPoint.before(source))
        source.operands[index] = _build_clone(
            builder, clone, source.operands[index], flag
        )
    for free in plan.frees:
        point, key = _insertion_point(_map_point(plumbing, free.point), cursors)
        value = plumbing.value(free.value)
        builder = Builder(point)
        flag = _free_condition(builder, free, value, plumbing)
        op = _build_free(builder, free, value, flag)
        if isinstance(key, Operation):
            cursors.after[key] = op
        elif isinstance(key, Block):
            cursors.start[key] = op
        if flag is not None:
            stats.conditional_frees += 1
        else:
            stats.frees += 1
    for result in plan.result_flags:
        _erase_if_unused(plumbing.flag(result))
    return stats


_FLAG_ARITHMETIC = (
    arith.ConstantOp,
    arith.XOrIOp,
    arith.AndIOp,
    arith.CmpiOp,
    memref.ExtractAlignedPointerAsIndexOp,
)
"""The ops computing a call result's ownership flag (`FlagPlumbing._result_flags`)."""


def _erase_if_unused(flag: SSAValue) -> None:
    """Erase the ops computing `flag` that nothing uses (a call result returned as is,
    whose callers compare it again)."""
    work = [flag.owner]
    while work:
        op = work.pop()
        if (
            not isinstance(op, _FLAG_ARITHMETIC)
            or op.parent is None
            or any(r.uses for r in op.results)
        ):
            continue
        operands = list(op.operands)
        Rewriter.erase_op(op)
        work.extend(v.owner for v in operands)


def deallocate(
    module: builtin.ModuleOp, analyses: ModuleAnalyses | None = None
) -> DeallocationStatistics:
    """Make `module` free every heap buffer exactly once; raise DiagnosticException if
    refused.  The module analyses kept in `analyses` (`analysis/manager.py`) are used
    and kept up to date; none is preserved by the frees and clones inserted."""
    register_default_allocation_models()
    check_region_terminators(module, "buffer-deallocation")
    if lower_existing_deallocs(module) and analyses is not None:
        analyses.preserve([CALL_GRAPH, FORWARDING])  # frees changed, no call
    if split_public_forwarders(module, analyses) and analyses is not None:
        analyses.preserve(NONE)  # new functions, calls retargeted
    plan = analyze_deallocation(module, analyses)
    if analyses is not None:
        analyses.preserve(NONE)
    return apply_plan(plan)
