"""One-shot in-place analysis (MLIR's OneShotAnalysis, in near-linear time).

The analysis decides, for every tensor operand of every bufferizable op, whether
the op may use the operand's buffer for its aliasing results ("in place") or must
work on a copy ("out of place"). Decisions are taken one operand at a time, in the
order of the heuristic (bottom-up by default). Taking an operand in place merges
the alias set of the operand's value with the alias sets of its aliasing values;
the operand goes out of place when that merge would create

* a write to a non-writable buffer (a constant, a read-only function argument,
  the result of an unknown op): the merged set holds a non-writable value and an
  in-place write; or
* a read-after-write conflict: a read R of a value x of the merged set, an in-place
  write W into the merged set, such that R may happen after W, W happens after a
  definition D of the data R reads (so R must see the old value), and W is not D.
  Loops make "R after W" true whenever a loop (any of its repetitive regions:
  scf.while runs both in every iteration) contains R and W but not D, even when R
  and W are one use or one element-wise op: the next iteration reads what this one
  wrote. R and W in different branches of an scf.if never conflict. An op writing
  two destinations that alias (`outs(%t, %t)`, one tensor as two iter_args)
  writes its results together: the write of one clobbers the other.

Aliasing-only operands (views, yields) are merged into their results' alias sets
before any write is decided, except a view (extract_slice, cast, select, reshape)
whose uses are all bufferizable: it is decided in the heuristic's order, so when
its uses are decided first (bottom-up) a conflict with the view's source is
resolved by a copy at the view, as MLIR does. Such a view reads its source where
it stands if its result is read (its copy would), so a write into the source
before it sees that read whatever the order of decisions. Every read/write pair
that ends up in one alias set is still checked, at the write's decision or at the
merge that joins them, and the definition a read needs is never required to alias
the write (conservative).

Definitions are found by walking back through aliasing operands that are not
written (views, yields, an scf.while after-region argument to what scf.condition
forwarded); a loop's iteration argument fed by the loop op itself is defined anew
each iteration. Undefined contents (`tensor.empty`, `alloc_tensor` without `copy`)
are no definition: reading them never conflicts, and a copy of them is an
allocation only.

Cost. MLIR compares every read with every write of the merged alias set, which
is quadratic in the size of the set (a long chain of in-place ops is one set).
Here each alias set is conflict-free before the merge (conflicts only appear
between reads and writes that end up in one set), so only pairs across the merged
sets, plus the new write itself, are checked. Each tensor value x gets a static
interval [earliest definition of the data x reads, last read of x, extended to the
end of loops]; a write at position p can only conflict with reads of values whose
interval contains p. The pairs are enumerated small-set-against-large-set: values
of the small set against the sorted write positions of the large set (bisect), and
writes of the small set against an interval-stabbing tree filtered by set
membership. Only the rare candidate pairs get the exact test above.

A model whose `get_aliasing_values` and `bufferizes_to_memory_write` answers
depend on the op alone, never on the analysis state (decisions, equivalences),
may say so with a class attribute `state_independent = True`: the analysis then
asks it once per operand and reuses the answers.

Decisions are data (`OneShotAnalysisState`): in-place operands, the reason of each
out-of-place decision (`Conflict`), alias sets and equivalence sets. Whether one
operand may be in place is decided by the functions of `analysis/conflicts.py`;
the order of decisions is in `analysis/one_shot_order.py`, the operands that must be
in place in `analysis/one_shot_forced.py`.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.ir import Operation, Region, SSAValue

from xdsl_bufferize.analysis.alias_sets import UnionFind
from xdsl_bufferize.analysis.block_arguments import (
    forwards_to_blocks,
    unite_branch_arguments,
)
from xdsl_bufferize.analysis.conflicts import (
    Conflict,
    in_place_conflict,
)
from xdsl_bufferize.analysis.definitions import (
    PATH_BUDGET,
    Path,
    ValueReads,
    collect_reads,
    walk_definitions,
)
from xdsl_bufferize.analysis.loop_yields import fresh_buffer_origins
from xdsl_bufferize.analysis.one_shot_forced import (
    check_forced_writable,
    force_in_place,
)
from xdsl_bufferize.analysis.one_shot_order import (
    bottom_up,
    from_terminators,
    is_copyable_view,
)
from xdsl_bufferize.analysis.program_order import (
    IntervalStabber,
    ProgramOrder,
)
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisHeuristic,
    AnalysisState,
    BufferizationOptions,
    BufferRelation,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.utils.ir import is_tensor


@dataclass
class SetData:
    """Per alias set: its in-place writes (sorted by position) and a non-writable
    member, if any."""

    writes: list[tuple[int, int]] = field(default_factory=list[tuple[int, int]])
    non_writable: SSAValue | None = None


@dataclass
class AnalysisStatistics:
    """Counts reported by the `statistics` option."""

    in_place: int = 0
    out_of_place: int = 0
    read_after_write_conflicts: int = 0
    non_writable_conflicts: int = 0
    pair_checks: int = 0


class OneShotAnalysisState(AnalysisState):
    """The decisions of the one-shot analysis over one root op (module or function)."""

    def __init__(self, root: Operation, options: BufferizationOptions) -> None:
        self.options = options
        self.root = root
        self.order = ProgramOrder(root)
        self.alias_sets: UnionFind[SSAValue] = UnionFind()
        self.equivalence_sets: UnionFind[SSAValue] = UnionFind()
        self.in_place_operands: set[OpOperand] = set()
        self.conflicts: dict[OpOperand, Conflict] = {}
        self.statistics = AnalysisStatistics()
        self._set_data: dict[SSAValue, SetData] = {}
        self.write_operands: list[OpOperand] = []
        """The in-place writes, in decision order (indexed by `SetData.writes`)."""
        self.value_reads: dict[SSAValue, ValueReads] = {}
        """Per value: its read uses and the (loop-extended) position of each."""
        self._definitions: dict[SSAValue, list[SSAValue]] = {}
        self.definition_paths: dict[SSAValue, dict[SSAValue, list[Path]]] = {}
        """Per value and definition: for each path from the definition to the
        value, the ops (e.g. branch yields) the data flowed through."""
        self.stabber: IntervalStabber[ValueReads] | None = None
        self.block_reach: dict[tuple[int, int, int], bool] = {}
        """Cache of `conflicts._reaches` (paths between blocks of a CFG region)."""
        self.parallel_regions: dict[int, Region | None] = {}
        """Per region (by id): the innermost parallel region around it (or None)."""
        self._repetitive_of_region: dict[int, tuple[tuple[Operation, int], ...]] = {}
        """Per region (by id): `repetitive_ancestors` of the ops in it."""
        self.root_cache: dict[SSAValue, frozenset[SSAValue]] | None = None
        """While an operand that must be in place is checked: the buffer roots
        of the values met (`buffer_roots`)."""
        self.undecided_links: set[OpOperand] = set()
        """Operands a chain of equivalent values (`conflicts._equivalent_by_chain`)
        went through before they were decided, on a walk that met its target: a
        decision then depended on their value (`redecide` is not exact for them)."""
        self.unmet_links: set[OpOperand] = set()
        """The same, on walks that did not meet their target (see `redecide`)."""
        self.forced_errors: list[tuple[Operation, str]] = []
        """Operands that must be in place but may not be (MLIR's errors)."""
        self.copyable_views: set[OpOperand] = set()
        """Aliasing-only view operands decided in the heuristic's order
        (`is_copyable_view`, `one_shot_order.py`)."""
        self.deferred_writable_checks: list[OpOperand] = []
        """Operands that must be in place whose read-only root is seen through a
        copyable view: checked after the views are decided."""
        self.argument_forced_writes: list[OpOperand] = []
        """The operands that must be in place and write the read-only buffer of
        an argument of the analysed function (refused, or possible only with a
        copy at a view of it): the module driver routes a public function's
        such writes through a private in-place variant (`public_wrappers.py`)."""
        self._static_answers: dict[OpOperand, tuple[Sequence[AliasingValue], bool]] = {}
        """Per operand of an op whose model declares `state_independent`: its
        aliasing values and whether it is written, asked once."""

    # ------------------------------------------------------------------
    # AnalysisState protocol
    # ------------------------------------------------------------------

    def is_in_place(self, operand: OpOperand) -> bool:
        if operand in self.in_place_operands:
            return True
        if operand in self.conflicts:
            return False
        # Operands of unknown ops are passed as tensors: nothing is written.
        return bufferizable_model(operand.owner) is None

    def is_buffer_writable(self, value: SSAValue) -> bool:
        """Whether nothing in `value`'s alias set is a non-writable buffer (a
        constant, a read-only argument, ...)."""
        return self.alias_set_data(self.alias_sets.find(value)).non_writable is None

    def are_equivalent_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        return a is b or self.equivalence_sets.same(a, b)

    def are_aliasing_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        return a is b or self.alias_sets.same(a, b)

    def is_value_read(self, value: SSAValue) -> bool:
        return (
            self.first_use_through_aliases(value, self.bufferizes_to_memory_read)
            is not None
        )

    def writes_after(self, value: SSAValue, op: Operation) -> bool:
        writes = self.alias_set_data(self.alias_sets.find(value)).writes
        return bool(writes) and writes[-1][0] > self.order.end[op]

    def reads_old_data_after(self, value: SSAValue, op: Operation) -> bool:
        start = self.order.pos[op]
        for member in self.alias_sets.members(value):
            record = self.value_reads.get(member)
            if record is None or record.lo >= start:
                continue
            # Reads of data defined before `op` (positions loop-extended).
            for read, hi in record.reads:
                if hi >= start and read.owner is not op:
                    return True
        return False

    def fresh_buffer_origins(
        self, value: SSAValue, loop: Operation, iter_arg: SSAValue
    ) -> frozenset[SSAValue] | None:
        return fresh_buffer_origins(self, value, loop, iter_arg, self.conflicts)

    def conflict_of(self, operand: OpOperand) -> Conflict | None:
        """Why `operand` is out of place (None if it is in place)."""
        return self.conflicts.get(operand)

    # ------------------------------------------------------------------
    # Definitions and loops (cached; the walks are in `analysis/definitions.py`)
    # ------------------------------------------------------------------

    def definitions(self, value: SSAValue) -> list[SSAValue]:
        """The values whose defining op last wrote the data `value` holds: walk the
        use-def chain backwards through aliasing operands that are not written
        (views, region yields), MLIR's `findDefinitions`."""
        cached = self._definitions.get(value)
        if cached is not None:
            return cached
        walked = walk_definitions(self, value, None)
        assert walked is not None
        found, paths, merged = walked
        if merged:
            # A value was reached along several paths (e.g. both branches of an
            # scf.if yield it): the data avoided a branch only if every path
            # did, so enumerate the paths, within a budget (chains of diamonds
            # have exponentially many); past it, no path proves anything.
            walked = walk_definitions(self, value, PATH_BUDGET)
            paths = (
                walked[1]
                if walked is not None
                else {definition: [()] for definition in found}
            )
        self._definitions[value] = found
        self.definition_paths[value] = paths
        return found

    def repetitive_ancestors(self, op: Operation) -> Sequence[tuple[Operation, int]]:
        """(op, region index) of every repetitive region enclosing `op`, innermost
        first."""
        region = op.parent_region()
        if region is None:
            return ()
        return self._repetitive_regions_around(region)

    def _repetitive_regions_around(
        self, region: Region
    ) -> tuple[tuple[Operation, int], ...]:
        """(op, region index) of `region` if repetitive and of every repetitive
        region enclosing it, innermost first (cached per region)."""
        key = id(region)
        cached = self._repetitive_of_region.get(key)
        if cached is not None:
            return cached
        found: tuple[tuple[Operation, int], ...] = ()
        parent = region.parent_op()
        if parent is not None:
            outer = parent.parent_region()
            if outer is not None:
                found = self._repetitive_regions_around(outer)
            model = bufferizable_model(parent)
            if model is not None:
                index = parent.regions.index(region)
                if model.is_repetitive_region(parent, index):
                    found = ((parent, index), *found)
        self._repetitive_of_region[key] = found
        return found

    # ------------------------------------------------------------------
    # Alias-set bookkeeping
    # ------------------------------------------------------------------

    def alias_set_data(self, root: SSAValue) -> SetData:
        """The writes and non-writable member of the alias set rooted at `root`."""
        data = self._set_data.get(root)
        if data is None:
            data = SetData()
            if not self.is_writable(root):
                data.non_writable = root
            self._set_data[root] = data
        return data

    def _merge(self, values: Sequence[SSAValue]) -> SSAValue:
        """Union the alias sets of `values`; return the new root."""
        root = self.alias_sets.find(values[0])
        for other in values[1:]:
            other_root = self.alias_sets.find(other)
            if other_root is root:
                continue
            a, b = self.alias_set_data(root), self.alias_set_data(other_root)
            new_root, _ = self.alias_sets.union(root, other_root)
            big, small = (a, b) if len(a.writes) >= len(b.writes) else (b, a)
            for item in small.writes:
                bisect.insort(big.writes, item)
            if big.non_writable is None:
                big.non_writable = small.non_writable
            self._set_data.pop(root, None)
            self._set_data.pop(other_root, None)
            self._set_data[new_root] = big
            root = new_root
        return root

    def mark_in_place(
        self,
        operand: OpOperand,
        aliases: Sequence[AliasingValue],
        is_write: bool,
    ) -> None:
        self.in_place_operands.add(operand)
        value = operand.value
        root = self._merge([value, *(a.value for a in aliases)])
        for alias in aliases:
            if alias.relation is BufferRelation.EQUIVALENT:
                self.equivalence_sets.union(value, alias.value)
        if is_write:
            self.write_operands.append(operand)
            bisect.insort(
                self.alias_set_data(root).writes,
                (self.order.pos[operand.owner], len(self.write_operands) - 1),
            )

    # ------------------------------------------------------------------
    # Decisions (the conflicts are found by `analysis/conflicts.py`)
    # ------------------------------------------------------------------

    def _decide(self, operand: OpOperand, rng: random.Random | None) -> None:
        op = operand.owner
        model = bufferizable_model(op)
        assert model is not None
        static = self._static_answers.get(operand)
        if static is not None:
            aliases, is_write = static
        else:
            aliases = model.get_aliasing_values(op, operand, self)
            is_write = model.bufferizes_to_memory_write(op, operand, self)
        conflict: Conflict | None = None
        if self.options.copy_before_write:
            if is_write:
                conflict = Conflict("copy-before-write")
        elif rng is not None and is_write and rng.random() < 0.25:
            conflict = Conflict("fuzzer")
        else:
            conflict = in_place_conflict(self, operand, aliases, is_write)
        if conflict is None:
            self.mark_in_place(operand, aliases, is_write)
            self.statistics.in_place += 1
        else:
            self.conflicts[operand] = conflict
            self._count_conflict(conflict, 1)

    def _count_conflict(self, conflict: Conflict, step: int) -> None:
        """Add `step` to the statistics' counts of `conflict`'s kind."""
        self.statistics.out_of_place += step
        if conflict.kind == "read-after-write":
            self.statistics.read_after_write_conflicts += step
        elif conflict.kind == "non-writable":
            self.statistics.non_writable_conflicts += step

    def redecide(self, operand: OpOperand) -> bool:
        """Decide `operand` again, after every other decision, and say whether it
        is now in place; for an operand decided out of place whose value was since
        replaced by another (empty-tensor elimination undoing a rewrite).

        The answer is the one a new analysis of the changed IR would give, and
        leaves the state that analysis would build, when the replacement changes
        nothing else the analysis computed up front: the operand is neither read
        nor aliasing-only, both values' reads are as recorded (this use reads
        neither), and no chain of equivalent values that met its target went
        through it before it was decided (`undecided_links`; the caller checks,
        `ReusableAnalyses.revise`). Then, if the operand may be in
        place against the final alias sets, it may be in place at its own turn
        too (the sets then were subsets of these; conflicts are checked pair by
        pair), and taking it in place there would have changed no later decision
        (none of its pairs conflicts). Out of place again (False) proves nothing
        about the order: the caller must analyse anew. Callers run `verify`
        again afterwards (models record what `bufferize` needs)."""
        conflict = self.conflicts.pop(operand, None)
        if conflict is not None:
            self._count_conflict(conflict, -1)
        self._decide(operand, None)
        return operand in self.in_place_operands

    def buffer_roots(self, value: SSAValue) -> frozenset[SSAValue]:
        """The values whose buffer `value` may be: walk back through aliasing
        operands not decided out of place to values aliasing no operand
        (allocations, arguments, constants)."""
        assert self.root_cache is not None
        cached = self.root_cache.get(value)
        if cached is not None:
            return cached
        roots: set[SSAValue] = set()
        seen: set[SSAValue] = set()
        stack = [value]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            followed = [
                a.operand.value
                for a in self.get_aliasing_op_operands(current)
                if a.operand not in self.conflicts
            ]
            if followed:
                stack.extend(followed)
            else:
                roots.add(current)
        found = frozenset(roots)
        self.root_cache[value] = found
        return found

    # ------------------------------------------------------------------
    # Driver
    # ------------------------------------------------------------------

    def analyze(self) -> None:
        """Decide every tensor operand of every bufferizable op under the root."""
        values: list[SSAValue] = []
        operands: list[OpOperand] = []
        for op in self.order.ops:
            for result in op.results:
                if is_tensor(result):
                    values.append(result)
            for region in op.regions:
                for block in region.blocks:
                    values.extend(a for a in block.args if is_tensor(a))
            model = bufferizable_model(op)
            if model is None:
                continue
            for index, value in enumerate(op.operands):
                if is_tensor(value):
                    operands.append(OpOperand(op, index))

        pending: list[OpOperand] = []
        forced: list[OpOperand] = []
        for operand in operands:
            model = bufferizable_model(operand.owner)
            assert model is not None
            if model.must_bufferize_in_place(operand.owner, operand, self):
                forced.append(operand)
            else:
                pending.append(operand)
        # Operands that only alias (views, yields) are merged up front, as if in
        # place: a write decided before them must already see the reads their
        # aliases will make. A view without regions and with one tensor result
        # (`one_shot_order.is_copyable_view`) is the exception: it is decided in the
        # heuristic's order, as MLIR does, so a conflict between a write through
        # it and its source is resolved by copying at the view (MLIR's choice)
        # when the write is decided first. Such a view reads its source (the
        # copy does), so a write decided before it sees that read.
        writing: list[OpOperand] = []
        merged: list[tuple[OpOperand, Sequence[AliasingValue]]] = []
        copyable_views: set[OpOperand] = set()
        for operand in pending:
            model = bufferizable_model(operand.owner)
            assert model is not None
            if model.state_independent:
                aliases = model.get_aliasing_values(operand.owner, operand, self)
                is_write = model.bufferizes_to_memory_write(
                    operand.owner, operand, self
                )
                self._static_answers[operand] = (aliases, is_write)
            else:
                aliases = self.get_aliasing_values(operand)
                is_write = self.bufferizes_to_memory_write(operand)
            if aliases and not is_write:
                if is_copyable_view(self, aliases):
                    copyable_views.add(operand)
                    writing.append(operand)
                elif forwards_to_blocks(aliases):
                    writing.append(operand)  # a copy at the branch resolves
                else:
                    merged.append((operand, aliases))
            else:
                writing.append(operand)
        collect_reads(self, values, copyable_views)
        self.copyable_views = copyable_views
        for operand, aliases in merged:
            self.mark_in_place(operand, aliases, False)
            self.statistics.in_place += 1
        pending = writing
        # Operands that must be in place are checked once the views are merged
        # (a read-only buffer seen through a slice is still read-only).
        for operand in forced:
            force_in_place(self, operand)

        heuristic = self.options.analysis_heuristic
        rng: random.Random | None = None
        if heuristic is AnalysisHeuristic.TOP_DOWN:
            order = pending
        elif heuristic is AnalysisHeuristic.FUZZER:
            rng = random.Random(self.options.analysis_fuzzer_seed)
            order = list(pending)
            rng.shuffle(order)
        elif heuristic is AnalysisHeuristic.BOTTOM_UP_FROM_TERMINATORS:
            order = from_terminators(self, pending)
        else:
            order = bottom_up(pending)
        for operand in order:
            self._decide(operand, rng)
        for operand in self.deferred_writable_checks:
            check_forced_writable(self, operand)
        self._equivalence_fixpoint(operands)
        unite_branch_arguments(self, values)

    def _equivalence_fixpoint(self, operands: Sequence[OpOperand]) -> None:
        """Union equivalence sets for in-place EQUIVALENT aliasing, inner ops first
        (a loop result is equivalent to its iter_arg only if its yield is)."""
        # `operands` is in program order, so the operands of one op are adjacent:
        # sort the ops (stable: an op's operands keep their order).
        groups: list[tuple[int, int, list[OpOperand]]] = []
        order = self.order
        previous: Operation | None = None
        for operand in operands:
            owner = operand.owner
            if owner is not previous:
                groups.append((order.end[owner], -order.pos[owner], []))
                previous = owner
            groups[-1][2].append(operand)
        groups.sort(key=lambda group: (group[0], group[1]))
        by_post_order = [operand for group in groups for operand in group[2]]
        for operand in by_post_order:
            if operand not in self.in_place_operands:
                continue
            static = self._static_answers.get(operand)
            aliases = (
                static[0] if static is not None else self.get_aliasing_values(operand)
            )
            for alias in aliases:
                if alias.relation is BufferRelation.EQUIVALENT:
                    self.equivalence_sets.union(operand.value, alias.value)

    def verify(self) -> list[tuple[Operation, str]]:
        """Let each model check the decisions and record what its `bufferize` needs
        (`verify_analysis`); return the errors they report."""
        errors: list[tuple[Operation, str]] = list(self.forced_errors)
        for op in self.order.ops:
            model = bufferizable_model(op)
            if model is None:
                continue
            message = model.verify_analysis(op, self)
            if message is not None:
                errors.append((op, message))
        return errors

    def alias_set_ids(self) -> dict[SSAValue, int]:
        """A stable number per alias set, in order of first appearance."""
        ids: dict[SSAValue, int] = {}
        numbering: dict[SSAValue, int] = {}
        for op in self.order.ops:
            for result in op.results:
                if is_tensor(result):
                    root = self.alias_sets.find(result)
                    ids[result] = numbering.setdefault(root, len(numbering))
        return ids
