"""Ownership flags in the IR: the first step of executing a deallocation plan.

A flagged merge (`DeallocationPlan.flagged`: a block argument, region argument or
result that may hold buffers of different owners) gets an i1 beside it telling at run
time whether it owns its buffer.  `FlagPlumbing` adds those i1 values and the operands
feeding them: extra block arguments and an operand on every branch into the block (its
branch model rebuilds the branch), extra region arguments / inits / terminator operands
/ results of region ops (their region-branch model's edges say which; the op is rebuilt
with `grow_region_op`), then sets every flag operand the plan computes.  It remembers
which ops it replaced, so later steps (`deallocation/apply.py`) find the new ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import arith, builtin, memref
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from xdsl_bufferize.analysis.alias_sets import UnionFind
from xdsl_bufferize.analysis.ownership import DeallocationPlan
from xdsl_bufferize.interfaces.branch import branch_model
from xdsl_bufferize.interfaces.region_branch import (
    RegionEdge,
    grow_region_op,
    region_branch_model,
)


def _merges(edges: Sequence[RegionEdge]) -> list[list[RegionEdge]]:
    """`edges` grouped into merges: edges with one source range or one target list are
    in one group (groups and edges in first-seen order)."""
    sets = UnionFind[RegionEdge]()
    first_of: dict[object, RegionEdge] = {}
    for edge in edges:
        sets.add(edge)
        for key in ((edge.source, edge.operand_indices), edge.targets):
            other = first_of.setdefault(key, edge)
            sets.union(other, edge)
    groups: dict[int, list[RegionEdge]] = {}
    for edge in edges:
        groups.setdefault(id(sets.find(edge)), []).append(edge)
    return list(groups.values())


def _index(value: SSAValue) -> int:
    """The position of a block argument in its block, or of a result in its op."""
    assert isinstance(value, BlockArgument | OpResult)
    return value.index


class FlagPlumbing:
    """Adds the i1 ownership flags of flagged merges to the IR and remembers renamed ops.

    Each flagged block argument gets an i1 block argument appended to its block, and every
    branch into that block an operand for it (the branch is rebuilt by its branch model).
    Each flagged result or entry argument of a region op whose model carries ownership flags
    gets an appended i1 result / init / region argument, and its terminators an operand for
    it; the op is rebuilt (xDSL ops cannot grow results), its regions moved over.
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

    def _grow_region_op(self, op: Operation) -> None:
        """Give `op` (a region op whose model carries ownership flags) one i1 per
        flagged position of each merge it makes, as its region-branch edges say: an
        init operand (entry edges), a terminator operand (exit edges), an entry block
        argument and a result (the targets); `op` is rebuilt (`grow_region_op`).

        Edges sharing a source range or a target list are one merge (scf.for: inits and
        yield -> body arguments and results); a position is flagged when any of its
        targets is."""
        model = region_branch_model(op)
        assert model is not None and model.carries_ownership_flags(op)
        edges = [e for e in model.entry_edges(op) if e.targets]
        for region in op.regions:
            for block in region.blocks:
                term = block.last_op
                if (
                    term is not None
                    and not term.successors
                    and term.has_trait(IsTerminator)
                ):
                    edges.extend(e for e in model.exit_edges(op, term) if e.targets)
        merges = _merges(edges)
        extra_inits: list[SSAValue] = []
        init_slots: list[tuple[int, int]] = []
        """(operand index of `op`, index of its flag among `extra_inits`)."""
        flagged_results: list[int] = []
        for merge in merges:
            positions = sorted(
                {
                    p
                    for edge in merge
                    for p, target in enumerate(edge.targets)
                    if target in self.flagged
                }
            )
            if not positions:
                continue
            sources: dict[tuple[Operation, tuple[int, ...]], None] = {}
            targets: dict[tuple[SSAValue, ...], None] = {}
            for edge in merge:
                sources.setdefault((edge.source, edge.operand_indices))
                targets.setdefault(edge.targets)
            for source, indices in sources:
                assert indices[-1] == len(source.operands) - 1, "not a trailing range"
                if source is op:
                    for position in positions:
                        init_slots.append((indices[position], len(extra_inits)))
                        extra_inits.append(self.placeholder)
                    continue
                first = self._append(source, len(positions))
                for rank, position in enumerate(positions):
                    self.slot[(source, indices[position])] = (source, first + rank)
            for values in targets:
                target_indices = [_index(values[p]) for p in positions]
                last = values[-1]
                if isinstance(last, BlockArgument):
                    assert last.index == len(last.block.args) - 1
                    self._add_args(last.block, target_indices)
                else:
                    assert last is op.results[-1]
                    flagged_results.extend(target_indices)
        if not extra_inits and not flagged_results:
            return
        count = len(op.operands)
        new = grow_region_op(op, extra_inits, [builtin.i1] * len(flagged_results))
        for index, rank in init_slots:
            self.slot[(op, index)] = (new, count + rank)
        self._replace(op, new, flagged_results)

    def _grow_branch(self, op: Operation, extra: dict[Block, list[int]]) -> None:
        """Rebuild a branch with one placeholder flag per flagged argument of its
        targets (its branch model builds the new op)."""
        model = branch_model(op)
        assert model is not None
        successors = model.successor_operands(op)
        lists: list[list[SSAValue]] = []
        for _, block, indices in successors:
            lists.append(
                [op.operands[i] for i in indices]
                + [self.placeholder] * len(extra.get(block, []))
            )
        new = model.with_successor_operands(op, lists)
        new_successors = model.successor_operands(new)
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
            builder = Builder(
                InsertPoint.after(self.after_call.get(result.op, result.op))
            )
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
            self._grow_branch(term, blocks)
        for holder in holders:
            self._grow_region_op(holder)
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
