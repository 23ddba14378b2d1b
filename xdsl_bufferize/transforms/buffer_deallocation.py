"""buffer-deallocation: free every heap buffer exactly once, after its last use.

First, a public function that forwards an argument and is called inside the module gets a
private twin for those calls (`transforms/public_forwarders.py`).  Then the ownership
analysis (`xdsl_bufferize.analysis.ownership`) decides everything; this
pass only executes its plan: first the i1 ownership flags of flagged merges (extra block
arguments, results, iter_args and terminator operands; scf ops are rebuilt to grow results),
then clones (conditional ones as `scf.if %owned -> memref`), then the frees (each built by the
buffer's AllocationOpInterface, inside `scf.if %owned` for a flagged buffer), splitting a
branch edge where a buffer dies along one edge of a block with several predecessors.

With `statistics=true` the pass prints what it inserted to stderr, one line:
`buffer-deallocation: frees=N clones=N conditional-frees=N conditional-clones=N`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, memref, scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from xdsl_bufferize.analysis.ir_checks import check_region_terminators
from xdsl_bufferize.analysis.ownership import (
    DeallocationPlan,
    FreePoint,
    PlannedClone,
    PlannedFree,
    analyze_deallocation,
)
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.branch import branch_model, branch_successor_operands
from xdsl_bufferize.interfaces.diagnostics import BufferizationError
from xdsl_bufferize.models.allocation import register_default_allocation_models
from xdsl_bufferize.transforms.public_forwarders import split_public_forwarders


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


def _map_point(plumbing: _FlagPlumbing, point: FreePoint) -> FreePoint:
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


class _FlagPlumbing:
    """Adds the i1 ownership flags of flagged merges to the IR and remembers renamed ops.

    Each flagged block argument gets an i1 block argument appended to its block, and every
    branch into that block an operand for it.  Each flagged result or entry argument of an scf
    op gets an appended i1 result / iter_arg / region argument, and its terminators an operand
    for it; the op is rebuilt (xDSL ops cannot grow results), its regions moved over.
    """

    def __init__(self, plan: DeallocationPlan):
        self.plan = plan
        self.flagged = set(plan.flagged)
        self.op_map: dict[Operation, Operation] = {}
        self.value_map: dict[SSAValue, SSAValue] = {}
        self.index_map: dict[tuple[Operation, int], int] = {}
        self.flag_of: dict[SSAValue, SSAValue] = {}
        self.slot: dict[tuple[Operation, int], tuple[Operation, int]] = {}
        """(source, memref operand index) -> (op, index of the operand carrying its flag)."""
        self.after_call: dict[Operation, Operation] = {}
        """Calls with flagged results -> the last op computing their flags (frees after
        the call go after it)."""
        self.same: dict[tuple[SSAValue, SSAValue, Block], SSAValue] = {}
        """(a, b, block) -> an i1 already computed in `block` that is true when `a` and
        `b` hold one buffer."""
        self.scratch = Block()
        placeholder = arith.ConstantOp(builtin.IntegerAttr(0, builtin.i1))
        self.scratch.add_op(placeholder)
        self.placeholder = placeholder.result

    # -------------------------------------------------------------- resolution

    def op(self, op: Operation) -> Operation:
        return self.op_map.get(op, op)

    def value(self, value: SSAValue) -> SSAValue:
        return self.value_map.get(value, value)

    def operand(self, op: Operation, index: int) -> tuple[Operation, int]:
        return self.op(op), self.index_map.get((op, index), index)

    def flag(self, value: SSAValue) -> SSAValue:
        return self.flag_of[self.value(value)]

    # -------------------------------------------------------------- rewriting

    def _flag_name(self, value: SSAValue) -> str:
        return f"{value.name_hint}_owned" if value.name_hint else "owned"

    def _append(self, op: Operation, count: int) -> int:
        """Append `count` placeholder operands to a single-variadic terminator."""
        first = len(op.operands)
        op.operands = [*op.operands, *([self.placeholder] * count)]
        return first

    def _positions(self, values: Sequence[SSAValue]) -> list[int]:
        return [i for i, v in enumerate(values) if v in self.flagged]

    def _add_args(self, block: Block, positions: list[int]) -> None:
        for position in positions:
            arg = block.args[position]
            flag = block.insert_arg(builtin.i1, len(block.args))
            flag.name_hint = self._flag_name(arg)
            self.flag_of[arg] = flag

    def _replace(self, old: Operation, new: Operation, flagged: list[int]) -> None:
        """Put `new` (old results first, then one flag per flagged result) in place of `old`."""
        Rewriter.insert_op(new, InsertPoint.before(old))
        new.attributes.update(old.attributes)
        for i, result in enumerate(old.results):
            new.results[i].name_hint = result.name_hint
            result.replace_all_uses_with(new.results[i])
            self.value_map[result] = new.results[i]
        for rank, position in enumerate(flagged):
            flag = new.results[len(old.results) + rank]
            flag.name_hint = self._flag_name(new.results[position])
            self.flag_of[new.results[position]] = flag
        self.op_map[old] = new
        Rewriter.erase_op(old)

    def _exits(self, region_op: Operation, count: int, first_slot: int = 0) -> None:
        """Give every scf.yield leaving `region_op` `count` flag operands."""
        for region in region_op.regions:
            for block in region.blocks:
                term = block.last_op
                if isinstance(term, scf.YieldOp) and term.parent_op() is region_op:
                    first = self._append(term, count)
                    for rank in range(count):
                        self.slot[(term, first_slot + rank)] = (term, first + rank)

    def _results_only(self, op: Operation) -> None:
        """scf.if / scf.index_switch / scf.execute_region: flagged results."""
        flagged = self._positions(list(op.results))
        if not flagged:
            return
        i1s = [builtin.i1] * len(flagged)
        types = [*op.result_types, *i1s]
        for region in op.regions:
            for block in region.blocks:
                term = block.last_op
                if isinstance(term, scf.YieldOp) and term.parent_op() is op:
                    first = self._append(term, len(flagged))
                    for rank, position in enumerate(flagged):
                        self.slot[(term, position)] = (term, first + rank)
        regions = [op.detach_region(r) for r in list(op.regions)]
        if isinstance(op, scf.IfOp):
            new: Operation = scf.IfOp(op.cond, types, regions[0], regions[1])
        elif isinstance(op, scf.IndexSwitchOp):
            new = scf.IndexSwitchOp(op.arg, op.cases, regions[0], regions[1:], types)
        else:
            assert isinstance(op, scf.ExecuteRegionOp)
            new = scf.ExecuteRegionOp(types, regions[0])
        self._replace(op, new, flagged)

    def _for(self, op: scf.ForOp) -> None:
        body = op.body.block
        flagged = [p - 1 for p in self._positions(list(body.args)) if p > 0]
        if not flagged:
            return
        n = len(op.iter_args)
        self._add_args(body, [p + 1 for p in flagged])
        term = body.last_op
        assert term is not None
        first = self._append(term, len(flagged))
        for rank, position in enumerate(flagged):
            self.slot[(term, position)] = (term, first + rank)
        inits = [*op.iter_args, *([self.placeholder] * len(flagged))]
        new = scf.ForOp(op.lb, op.ub, op.step, inits, op.detach_region(op.body))
        for rank, position in enumerate(flagged):
            self.slot[(op, 3 + position)] = (new, 3 + n + rank)
        self._replace(op, new, flagged)

    def _while(self, op: scf.WhileOp) -> None:
        before = op.before_region.block
        after = op.after_region.block
        flagged_before = self._positions(list(before.args))
        flagged_after = self._positions(list(op.results))
        if not flagged_before and not flagged_after:
            return
        n = len(op.arguments)
        self._add_args(before, flagged_before)
        self._add_args(after, flagged_after)
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        first = self._append(condition, len(flagged_after))
        for rank, position in enumerate(flagged_after):
            self.slot[(condition, 1 + position)] = (condition, first + rank)
        term = after.last_op
        assert term is not None
        first = self._append(term, len(flagged_before))
        for rank, position in enumerate(flagged_before):
            self.slot[(term, position)] = (term, first + rank)
        inits = [*op.arguments, *([self.placeholder] * len(flagged_before))]
        types = [*op.result_types, *([builtin.i1] * len(flagged_after))]
        regions = [op.detach_region(r) for r in list(op.regions)]
        new = scf.WhileOp(inits, types, regions[0], regions[1])
        for rank, position in enumerate(flagged_before):
            self.slot[(op, position)] = (new, n + rank)
        self._replace(op, new, flagged_after)

    def _branch(self, op: Operation, extra: dict[Block, list[int]]) -> None:
        """Rebuild a branch with one placeholder flag per flagged argument of its targets."""
        successors = branch_successor_operands(op)
        assert successors is not None
        lists: list[list[SSAValue]] = []
        for _, block, indices in successors:
            lists.append(
                [op.operands[i] for i in indices]
                + [self.placeholder] * len(extra.get(block, []))
            )
        model = branch_model(op)
        assert model is not None
        new = model.with_successor_operands(op, lists)
        new_successors = branch_successor_operands(new)
        assert new_successors is not None
        for (_, block, old), (_, _, fresh) in zip(
            successors, new_successors, strict=True
        ):
            for position, index in enumerate(old):
                self.index_map[(op, index)] = fresh[position]
            for rank, position in enumerate(extra.get(block, [])):
                self.slot[(op, old[position])] = (new, fresh[len(old) + rank])
        Rewriter.insert_op(new, InsertPoint.before(op))
        new.attributes.update(op.attributes)
        self.op_map[op] = new
        Rewriter.erase_op(op)

    def same_buffer(self, builder: Builder, a: SSAValue, b: SSAValue) -> SSAValue:
        """An i1 that is true when `a` and `b` hold one allocation at run time: the one
        computed before in the block of `builder` (ahead of its insertion point), or a
        new comparison of their aligned pointers."""
        point = builder.insertion_point
        known = self.same.get((a, b, point.block))
        if known is not None and _precedes(known, point):
            return known
        pointers = [
            builder.insert(memref.ExtractAlignedPointerAsIndexOp.get(v)).aligned_pointer
            for v in (a, b)
        ]
        same = builder.insert(arith.CmpiOp(pointers[0], pointers[1], "eq")).result
        self.same[(a, b, point.block)] = same
        return same

    def _result_flags(self) -> None:
        """Flag each call result that may be an earlier result's buffer: owned unless it
        is (the callee returned one buffer twice)."""
        for result, earlier in self.plan.result_flags.items():
            assert isinstance(result, OpResult)
            builder = Builder(InsertPoint.after(result.op))
            true = builder.insert(
                arith.ConstantOp(builtin.IntegerAttr(1, builtin.i1))
            ).result
            flag: SSAValue | None = None
            for other in earlier:
                same = self.same_buffer(builder, result, other)
                distinct = builder.insert(arith.XOrIOp(same, true)).result
                flag = (
                    distinct
                    if flag is None
                    else builder.insert(arith.AndIOp(flag, distinct)).result
                )
            assert flag is not None
            flag.name_hint = self._flag_name(result)
            self.flag_of[result] = flag
            assert isinstance(flag.owner, Operation)
            self.after_call[result.op] = flag.owner

    def run(self) -> None:
        self._result_flags()
        if not self.flagged:
            return
        holders: dict[Operation, None] = {}
        """Ops holding flagged results or entry arguments (an insertion-ordered set)."""
        blocks: dict[Block, list[int]] = {}
        for value in self.plan.flagged:
            if isinstance(value, BlockArgument):
                block = value.block
                region = block.parent_region()
                if region is not None and block is not region.blocks.first:
                    blocks.setdefault(block, [])
                    continue
                holder = block.parent_op()
            else:
                holder = value.owner
            assert isinstance(holder, Operation)
            holders.setdefault(holder)
        for block, positions in blocks.items():
            positions.extend(self._positions(list(block.args)))
            self._add_args(block, positions)
        branches: dict[Operation, None] = {}
        for block in blocks:
            for pred in block.predecessors():
                term = pred.last_op
                if term is not None:
                    branches.setdefault(term)
        for term in branches:
            self._branch(term, blocks)
        for holder in holders:
            if isinstance(holder, scf.ForOp):
                self._for(holder)
            elif isinstance(holder, scf.WhileOp):
                self._while(holder)
            else:
                self._results_only(holder)
        for flag in self.plan.flags:
            op, index = self.slot[(flag.source, flag.index)]
            if flag.owned is None:
                assert flag.of is not None
                value = self.flag(flag.of)
                builder = Builder(InsertPoint.before(op))
                held = self.value(flag.of)
                for root, flagged in flag.absorbs:
                    buffer = self.value(root)
                    taken = self.same_buffer(builder, held, buffer)
                    if flagged:
                        taken = builder.insert(
                            arith.AndIOp(taken, self.flag(root))
                        ).result
                    value = builder.insert(arith.OrIOp(value, taken)).result
                    value.name_hint = self._flag_name(held)
            else:
                constant = arith.ConstantOp(
                    builtin.IntegerAttr(int(flag.owned), builtin.i1)
                )
                constant.result.name_hint = "true" if flag.owned else "false"
                Rewriter.insert_op(constant, InsertPoint.before(op))
                value = constant.result
            op.operands[index] = value
        assert not self.placeholder.uses, "a flag operand was left unset"
        self.scratch.erase_op(self.placeholder.owner, safe_erase=False)


def _precedes(value: SSAValue, point: InsertPoint) -> bool:
    """Whether the op defining `value` is in the block of `point`, before it."""
    op = value.owner
    if not isinstance(op, Operation) or op.parent is not point.block:
        return False
    before = point.insert_before
    cursor = point.block.last_op if before is None else before.prev_op
    while cursor is not None:
        if cursor is op:
            return True
        cursor = cursor.prev_op
    return False


def _free_condition(
    builder: Builder, free: PlannedFree, value: SSAValue, plumbing: _FlagPlumbing
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
    plumbing = _FlagPlumbing(plan)
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
    return stats


def deallocate(module: builtin.ModuleOp) -> DeallocationStatistics:
    """Make `module` free every heap buffer exactly once; raise DiagnosticException if refused."""
    register_default_allocation_models()
    check_region_terminators(module, "buffer-deallocation")
    split_public_forwarders(module)
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
            with frozen_heap():
                stats = deallocate(op)
        except BufferizationError:
            raise
        except DiagnosticException as error:
            raise PassFailedException(str(error)) from error
        if self.statistics:
            print(stats, file=sys.stderr)
