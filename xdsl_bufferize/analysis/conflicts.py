"""Conflict detection of the one-shot analysis: may an operand bufferize in place?

`in_place_conflict(state, operand, ...)` answers for one operand, under the
hypothesis that it is in place, with the reason it may not (`Conflict`) or None:

* a write into a non-writable buffer: the alias sets the operand joins hold a
  non-writable value and an in-place write;
* a write in a parallel region (scf.forall) into data defined outside it
  (`_parallel_conflict`): every iteration needs a private copy;
* a read-after-write conflict: a read R of a value of the joined sets, an in-place
  write W into them, such that R may happen after W, W happens after the definition
  D of the data R reads, and W is not D (`_pair_conflict`, the exact test). Loops
  make "R after W" true when a loop holds R and W but not D (`_loop_carried`);
  reads and writes in mutually exclusive regions never conflict
  (`_mutually_exclusive`); the models of R's and W's ops may know better
  (`is_not_conflicting`).

Each alias set is conflict-free before a merge, so only pairs across the merged sets,
plus the new write, are checked (`_cross_conflict`): the values of the smaller side
against the sorted write positions of the larger (`_reads_against_writes`), and its
writes against the interval-stabbing tree of reads (`_write_against_reads`). The
functions read the state of the analysis (`OneShotAnalysisState`) and change none
of its decisions.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue

from xdsl_bufferize.analysis.cfg_order import cfg_conflict_possible, reaches
from xdsl_bufferize.analysis.program_order import defined_in, region_contains_op
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    BufferizableOpModel,
    BufferRelation,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.utils.ir import has_several_blocks

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.one_shot_analysis import (
        OneShotAnalysisState,
        SetData,
    )


def describe_value(value: SSAValue) -> str:
    """A short human-readable name for `value` (defining op and result index)."""
    if isinstance(value, OpResult):
        return f"result #{value.index} of {value.op.name}"
    if isinstance(value, BlockArgument):
        parent = value.block.parent_op()
        owner = parent.name if parent is not None else "block"
        return f"block argument #{value.index} of {owner}"
    return "value"


@dataclass(frozen=True)
class Conflict:
    """Why an operand was decided out of place."""

    kind: str
    """`read-after-write`, `non-writable`, `parallel-region`, `copy-before-write` or
    `fuzzer`."""
    read: OpOperand | None = None
    """The read that must see the old value (read-after-write)."""
    write: OpOperand | None = None
    """The in-place write that would clobber it (read-after-write)."""
    definition: SSAValue | None = None
    """The definition of the data the read needs (read-after-write)."""
    non_writable: SSAValue | None = None
    """The non-writable value of the alias set (non-writable)."""

    def describe(self) -> str:
        """One line saying why the operand needs a copy."""
        if self.kind == "read-after-write":
            assert self.read is not None
            assert self.write is not None
            text = (
                f"read-after-write conflict: operand #{self.read.index} of "
                f"{self.read.owner.name} reads data that the in-place write of "
                f"operand #{self.write.index} of {self.write.owner.name} overwrites"
            )
            if self.definition is not None:
                text += f" (last written by {describe_value(self.definition)})"
            return text
        if self.kind == "non-writable":
            assert self.non_writable is not None
            return (
                "write into a non-writable buffer: "
                f"{describe_value(self.non_writable)} may not be written"
            )
        if self.kind == "parallel-region":
            assert self.write is not None
            assert self.definition is not None
            return (
                f"write in a parallel region: operand #{self.write.index} of "
                f"{self.write.owner.name} writes data defined outside the region "
                f"({describe_value(self.definition)}); each iteration needs its "
                "own copy"
            )
        if self.kind == "copy-before-write":
            return "copy-before-write: every write goes to a copy"
        return "fuzzer: random out-of-place decision"


def earliest_clobber(
    state: OneShotAnalysisState,
    definition: SSAValue,
    value_pos: Callable[[SSAValue], int],
) -> int:
    """The first position at which an in-place write may clobber the data of
    `definition`: where it is defined, except for a result of an op with
    several tensor results, whose own writes into its other destinations
    happen together with it (`outs(%t, %t)`, one tensor as two iter_args)."""
    if isinstance(definition, OpResult) and has_several_tensor_results(definition.op):
        return state.order.pos[definition.op]
    return value_pos(definition)


def _mutually_exclusive(a: Operation, b: Operation) -> bool:
    """Whether `a` and `b` lie in different regions of an op running at most one
    of them per execution (the branches of an scf.if)."""
    regions_a: set[int] = set()
    region = a.parent_region()
    while region is not None:
        regions_a.add(id(region))
        parent = region.parent_op()
        region = parent.parent_region() if parent is not None else None
    region = b.parent_region()
    while region is not None:
        if id(region) in regions_a:
            return False
        parent = region.parent_op()
        if parent is None:
            return False
        model = bufferizable_model(parent)
        if (
            model is not None
            and model.has_mutually_exclusive_regions(parent)
            and any(
                other is not region and id(other) in regions_a
                for other in parent.regions
            )
        ):
            return True
        region = parent.parent_region()
    return False


def _loop_carried(
    state: OneShotAnalysisState, read: Operation, write: Operation, d: SSAValue
) -> bool:
    """Whether a loop holds both the read and the write (in any of its
    repetitive regions: scf.while runs both each iteration) but not the
    definition: the write of one iteration precedes the read of the next."""
    for loop, _ in state.repetitive_ancestors(read):
        if any(
            region_contains_op(region, write) for region in loop.regions
        ) and not defined_in(loop, d):
            return True
    return False


def _blocks_in_common_region(
    a: Operation | Block, b: Operation
) -> tuple[Block, Block] | None:
    """The blocks holding `a` (an op, or a block itself) and `b`, or their ancestors,
    in the innermost region holding both, when that region has several blocks (an
    unstructured control-flow graph); None otherwise."""
    blocks: dict[int, Block] = {}
    block = a if isinstance(a, Block) else a.parent_block()
    while block is not None:
        region = block.parent
        if region is None:
            break
        blocks[id(region)] = block
        parent = region.parent_op()
        block = parent.parent_block() if parent is not None else None
    block = b.parent_block()
    while block is not None:
        region = block.parent
        if region is None:
            return None
        if id(region) in blocks:
            if not has_several_blocks(region):
                return None
            return blocks[id(region)], block
        parent = region.parent_op()
        block = parent.parent_block() if parent is not None else None
    return None


def _may_follow(
    state: OneShotAnalysisState, first: Operation | Block | None, then: Operation
) -> bool:
    """Whether `then` may run after `first` through branches of a control-flow graph
    although it comes earlier in the text (or in another block): their blocks differ
    and a path leads from `first`'s to `then`'s."""
    if first is None or not state.order.has_cfg:
        return False
    pair = _blocks_in_common_region(first, then)
    if pair is None or pair[0] is pair[1]:
        return False
    return reaches(state, pair[0], pair[1], None)


def _block_of(value: SSAValue) -> Block | None:
    """The block defining `value`."""
    if isinstance(value, BlockArgument):
        return value.block
    assert isinstance(value, OpResult)
    return value.op.parent_block()


def _cfg_carried(
    state: OneShotAnalysisState, read: Operation, write: Operation, d: SSAValue
) -> bool:
    """Whether a loop of branches (cf) runs the read and the write again and again
    without redefining `d`: their blocks reach each other avoiding `d`'s block
    (MLIR's `canUseOpDominanceDueToBlocks`), so the write of one round may precede
    the read of the next."""
    if not state.order.has_cfg:
        return False
    pair = _blocks_in_common_region(read, write)
    if pair is None:
        return False
    read_block, write_block = pair
    def_block = _block_of(d)
    if def_block is not None:
        def_pair = _blocks_in_common_region(def_block, read)
        def_block = def_pair[0] if def_pair is not None else None
    return reaches(state, read_block, write_block, def_block) and reaches(
        state, write_block, read_block, def_block
    )


def _model_opinion(
    state: OneShotAnalysisState,
    model: BufferizableOpModel | None,
    op: Operation,
    r: OpOperand,
    w: OpOperand,
) -> bool | None:
    if model is None:
        return None
    return model.is_not_conflicting(op, r, w, state)


def _pair_conflict(
    state: OneShotAnalysisState,
    read: OpOperand,
    value: SSAValue,
    write: OpOperand,
) -> Conflict | None:
    """Exact test: does in-place `write` clobber data `read` (of `value`) needs?"""
    state.statistics.pair_checks += 1
    if state.root_cache is not None and not (
        state.buffer_roots(value) & state.buffer_roots(write.value)
    ):
        return None  # the alias set only says they may alias: they never do
    r_op, w_op = read.owner, write.owner
    r_model = bufferizable_model(r_op)
    # An op reading and writing one use, or reading and writing each element
    # before the next, does not clobber what it reads itself; but a later
    # iteration of a loop around it reads what an earlier one wrote when the
    # data was defined outside the loop (MLIR: a write in a repetitive region
    # to a value defined outside it conflicts with the reads in the region).
    only_carried = read == write
    opinion: bool | None = None
    if not only_carried:
        opinion = _model_opinion(state, r_model, r_op, read, write)
        if opinion is None and w_op is not r_op:
            opinion = _model_opinion(state, bufferizable_model(w_op), w_op, read, write)
        if opinion is True:
            return None
        only_carried = (
            opinion is None
            and r_op is w_op
            and r_model is not None
            and r_model.bufferizes_to_elementwise_access(r_op, [read, write])
            # Element by element over the same elements only: the operands
            # must be the same buffer (MLIR: equivalent values), not two
            # slices of one tensor at other offsets.
            and (
                _equivalent_by_chain(state, read.value, write.value)
                or _equivalent_by_chain(state, write.value, read.value)
            )
        )
    order = state.order
    write_aliases: set[SSAValue] | None = None
    for definition in state.definitions(value):
        if state.root_cache is not None and not (
            state.buffer_roots(definition) & state.buffer_roots(write.value)
        ):
            continue  # the data read lives in buffers the write never is
        if cfg_conflict_possible(state, r_op, write, definition) is False:
            continue  # no path runs the definition, the write, then the read
        carried = _loop_carried(state, r_op, w_op, definition) or _cfg_carried(
            state, r_op, w_op, definition
        )
        if only_carried and not carried:
            continue
        if opinion is None and not carried:
            if (
                r_op is not w_op
                and order.happens_before(r_op, w_op)
                and not _may_follow(state, w_op, r_op)
            ):
                continue
            if _mutually_exclusive(r_op, w_op):
                continue
            # A write before the definition is overwritten by it (a result is
            # defined once its op completed: after every op nested in it, the
            # last one too); but an op writing two destinations that alias
            # writes its results together, so the one may clobber the other.
            if isinstance(definition, OpResult):
                if (
                    order.pos[w_op] <= order.value_pos(definition)
                    and definition.op is not w_op
                    and not _may_follow(state, definition.op, w_op)
                ):
                    continue
            elif order.pos[w_op] < order.value_pos(definition) and not _may_follow(
                state, _block_of(definition), w_op
            ):
                continue
            # An op's own operand is consumed before its regions' block
            # arguments are defined (a loop's init before its iter_arg).
            if (
                isinstance(definition, BlockArgument)
                and definition.block.parent_op() is w_op
            ):
                continue
            # The data flowed through a branch that excludes the write,
            # along every path from the definition to the read.
            if all(
                any(_mutually_exclusive(via, w_op) for via in path)
                for path in state.definition_paths[value][definition]
            ):
                continue
        if write_aliases is None:
            write_aliases = {a.value for a in state.get_aliasing_values(write)}
        if definition in write_aliases:
            continue
        # The definition need not be in the write's alias set yet: the view
        # ops between it and the read may still be undecided (bottom-up), and
        # a later merge never re-checks this pair. Data that reached the read
        # through a copy was copied after its definition, so treating the
        # definition as aliasing is conservative, never wrong.
        return Conflict("read-after-write", read, write, definition)
    return None


def _reads_against_writes(
    state: OneShotAnalysisState, small_values: Iterable[SSAValue], large: SetData
) -> Conflict | None:
    writes = large.writes
    if not writes:
        return None
    for value in small_values:
        record = state.value_reads.get(value)
        if record is None:
            continue
        start = bisect.bisect_left(writes, (record.lo, -1))
        if start == len(writes):
            continue
        for read, hi in record.reads:
            index = start
            while index < len(writes) and writes[index][0] <= hi:
                conflict = _pair_conflict(
                    state, read, value, state.write_operands[writes[index][1]]
                )
                if conflict is not None:
                    return conflict
                index += 1
    return None


def _write_against_reads(
    state: OneShotAnalysisState, write: OpOperand, targets: set[SSAValue]
) -> Conflict | None:
    assert state.stabber is not None
    point = state.order.pos[write.owner]
    records = state.stabber.stab(point)
    selected = state.alias_sets.in_sets(
        [record.key for record in records], {id(target) for target in targets}
    )
    for chosen in selected:
        record = records[chosen]
        reads = record.reads
        for index in range(bisect.bisect_left(record.his, point), len(reads)):
            conflict = _pair_conflict(state, reads[index][0], record.value, write)
            if conflict is not None:
                return conflict
    return None


def _cross_conflict(
    state: OneShotAnalysisState, a: SSAValue, b: SSAValue
) -> Conflict | None:
    data_a, data_b = state.alias_set_data(a), state.alias_set_data(b)
    size_a = state.alias_sets.size(a) + len(data_a.writes)
    size_b = state.alias_sets.size(b) + len(data_b.writes)
    if size_a > size_b:
        a, b, data_a, data_b = b, a, data_b, data_a
    conflict = _reads_against_writes(state, state.alias_sets.members(a), data_b)
    if conflict is not None:
        return conflict
    for _, index in data_a.writes:
        conflict = _write_against_reads(state, state.write_operands[index], {b})
        if conflict is not None:
            return conflict
    return None


def _equivalent_by_chain(
    state: OneShotAnalysisState, value: SSAValue, target: SSAValue
) -> bool:
    """Whether `target` is met walking back from `value` through operands that
    are equivalent to the result they alias and not decided out of place (MLIR's
    equivalent value in the reverse use-def chain). The undecided operands walked
    through are recorded for `OneShotAnalysisState.redecide`: in
    `state.undecided_links` when the walk met `target` (the answer may depend on
    their values), in `state.unmet_links` when it did not."""
    seen: set[SSAValue] = set()
    stack = [value]
    links: list[OpOperand] = []
    while stack:
        current = stack.pop()
        if current is target or state.are_equivalent_buffers(current, target):
            state.undecided_links.update(links)
            return True
        if current in seen:
            continue
        seen.add(current)
        for alias in state.get_aliasing_op_operands(current):
            if (
                alias.relation is BufferRelation.EQUIVALENT
                and alias.operand not in state.conflicts
            ):
                if alias.operand not in state.in_place_operands:
                    links.append(alias.operand)
                stack.append(alias.operand.value)
    state.unmet_links.update(links)
    return False


def in_place_conflict(
    state: OneShotAnalysisState,
    operand: OpOperand,
    aliases: Sequence[AliasingValue],
    is_write: bool,
    check_writable: bool = True,
) -> Conflict | None:
    """Why `operand` may not bufferize in place (None if it may)."""
    roots_list: list[SSAValue] = []
    for value in [operand.value, *(a.value for a in aliases)]:
        root = state.alias_sets.find(value)
        if root not in roots_list:
            roots_list.append(root)
    if not is_write and len(roots_list) == 1:
        return None
    conflict = None
    if check_writable:
        conflict = _non_writable_conflict(state, roots_list, is_write)
    if conflict is None and is_write:
        conflict = _parallel_conflict(state, operand)
    if conflict is None:
        # Models asked during the check see the operand as in place: that is
        # the hypothesis being checked.
        state.in_place_operands.add(operand)
        conflict = _raw_conflict(state, operand, roots_list, set(roots_list), is_write)
        state.in_place_operands.discard(operand)
    return conflict


def parallel_region(
    state: OneShotAnalysisState, region: Region | None
) -> Region | None:
    """The innermost region enclosing `region` (itself included) whose executions
    may run in parallel (`is_parallel_region`), or None. None always under
    `check_parallel_regions=False` (MLIR's option: parallel regions are analysed as
    sequential ones, so their writes into outside data are not made private)."""
    if region is None or not state.options.check_parallel_regions:
        return None
    key = id(region)
    if key in state.parallel_regions:
        return state.parallel_regions[key]
    found: Region | None = None
    parent = region.parent_op()
    if parent is not None:
        model = bufferizable_model(parent)
        if model is not None and model.is_parallel_region(
            parent, parent.regions.index(region)
        ):
            found = region
        else:
            found = parallel_region(state, parent.parent_region())
    state.parallel_regions[key] = found
    return found


def _definitions_or_leaves(
    state: OneShotAnalysisState, value: SSAValue
) -> list[SSAValue]:
    """The values whose buffer `value` may be, back through every aliasing operand,
    stopping at written values and at leaves (MLIR's `findValueInReverseUseDefChain`
    with leaves included: an empty tensor is a leaf too)."""
    found: list[SSAValue] = []
    seen: set[SSAValue] = set()
    stack = [value]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        aliasing = state.get_aliasing_op_operands(current)
        if not aliasing or any(
            state.bufferizes_to_memory_write(a.operand) for a in aliasing
        ):
            found.append(current)
            continue
        stack.extend(a.operand.value for a in aliasing)
    return found


def _parallel_conflict(
    state: OneShotAnalysisState, write: OpOperand
) -> Conflict | None:
    """A write in a parallel region into data defined outside it: every execution
    of the region needs its own copy (MLIR checks this when some read of the alias
    sets exists; here always, which only adds a copy to a write nothing reads)."""
    region = parallel_region(state, write.owner.parent_region())
    if region is None:
        return None
    for definition in _definitions_or_leaves(state, write.value):
        block = _block_of(definition)
        if parallel_region(state, block.parent if block else None) is not region:
            return Conflict("parallel-region", write=write, definition=definition)
    return None


def _non_writable_conflict(
    state: OneShotAnalysisState, roots: Sequence[SSAValue], is_write: bool
) -> Conflict | None:
    datas = [state.alias_set_data(r) for r in roots]
    if not is_write and not any(d.writes for d in datas):
        return None
    for data in datas:
        if data.non_writable is not None:
            return Conflict("non-writable", non_writable=data.non_writable)
    return None


def _raw_conflict(
    state: OneShotAnalysisState,
    operand: OpOperand,
    roots_list: Sequence[SSAValue],
    roots: set[SSAValue],
    is_write: bool,
) -> Conflict | None:
    for i, a in enumerate(roots_list):
        for b in roots_list[i + 1 :]:
            conflict = _cross_conflict(state, a, b)
            if conflict is not None:
                return conflict
    if is_write:
        return _write_against_reads(state, operand, roots)
    return None


def has_several_tensor_results(op: Operation) -> bool:
    """Whether `op` has more than one tensor result."""
    return sum(isinstance(r.type, TensorType) for r in op.results) > 1
