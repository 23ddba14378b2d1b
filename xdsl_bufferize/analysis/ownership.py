"""Ownership analysis for buffer deallocation: who frees each buffer, and where.

Every memref value of a function is one of

* an *owning root*: a heap allocation (an op whose allocation interface builds a dealloc), a
  call result (the caller owns returned buffers, except forwarded ones: below), or an *owned
  merge* (below).  Exactly one
  free must run for it on every path, after the last use of any of its aliases, unless its
  ownership is *transferred* along a control-flow edge to an owned merge;
* a *static root*: a function argument (borrowed from the caller), `memref.alloca`,
  `memref.get_global`, a buffer the input program frees itself, a memref made by an op we know
  nothing about.  Never freed by us;
* a *view*: an op result aliasing its memref operands (`subview`, `cast`, `reinterpret_cast`,
  `expand_shape`, `collapse_shape`, `view`, and, conservatively, any unknown op), and a
  *forwarded* call result: the callee (private, all its callers known) returns statically
  its argument #j or a view of it (`analysis/forwarding.py`), so the result is a view of
  operand #j, which stays alive over the result's uses;
* a *merge*: a value fed along control-flow edges: a non-entry block argument (`cf.br`,
  `cf.cond_br`, `cf.switch`), an entry block argument of a region or a result of a region op
  (described by `interfaces/region_branch.py`).

Merges that receive values along the same edges form a *class* (e.g. an `scf.for` iter_arg
and the loop result).  A class is

* *borrowed*: it owns nothing; it aliases the roots of its incoming values, whose lifetimes are
  extended over its uses.  Valid when every incoming root outlives the merge: it is static,
  or defined outside the region op (region edges), or its definition dominates the target
  block (branches).  Costs nothing; or
* *owned*: each incoming value is handed over (TRANSFER: an owning root that is dead after the
  edge) or copied (CLONE, built by the buffer's allocation interface).  The merge is then an
  owning root itself; or
* *flagged* (owned at run time only): an `i1` ownership flag travels beside every member (an
  extra block argument, scf.if/index_switch/execute_region result, scf.for iter_arg, scf.while
  value).  Incoming values are handed over (flag true, or the flag of a flagged value handed
  on) or borrowed (flag false: the input outlives the merge and stays alive over its uses).
  The merge is freed by `scf.if %flag { dealloc }`.  This is what replaces a clone wherever
  an input is borrowed and another is fresh: a flag costs an i1, a clone copies the buffer.
  A flagged value leaving a region, or passed along a branch, may borrow a buffer that dies
  at that exit or edge (the iter_arg of the loop body it leaves, the other block argument of
  a `cf` loop header on a back edge): the merge *absorbs* that root, taking its ownership
  when the value holds it at run time (a comparison of aligned pointers), and the root is
  freed at the exit or edge only when the value does not hold it
  (`OwnershipAnalysis.absorbed`).

Classes start borrowed; those that cannot be (an input may die while the merge lives) become
owned, a wave at a time (`decide_classes`), and so do flaggable borrowed classes passed on
into an owned merge that some of their inputs do not outlive (a join whose block argument
flows on to a block it does not dominate), so ownership travels on with a flag.  A borrowed class whose inputs can all be handed
over becomes owned too (`promote_transfers`): the inputs not taken are then freed at the branch
instead of after the merge dies (a loop swapping buffers frees the unused one after the loop).
Then each edge into an owned class picks transfer, borrow or clone (`decide_sites`, a fixpoint
where choices only get costlier); a class with a borrowed input, or fed by a flagged one,
becomes flagged when all its ops can carry a flag, else those inputs are cloned.

`func.return` operands are owned by the caller (forwarded results excepted: they are
returned as is, the caller sees them as views of its operand): an owned buffer is returned
as is; a flagged one is returned as is when its flag is set and copied otherwise
(`scf.if %flag -> memref { yield %m } else { clone }`, the one copy the contract forces, only
on the path where the function does not own the buffer); a borrowed one is always copied.
Except: a value (flagged, or owning nothing) that may only borrow buffers returned at other
positions of its type is returned as is; callers compare those results' pointers and free
the buffer once (`_returned_beside_lenders`).
A loop that swaps buffers in its iter_args passes ownership along with the values, with no
clone and no flag.

Everything is analysed before anything is rewritten: `analyze_deallocation(module)` returns a
`DeallocationPlan` (flags, clones and frees to insert) or raises a `DiagnosticException`
naming the op that cannot be handled.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from xdsl.builder import Builder
from xdsl.dialects import builtin, func, memref, scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.irdl.dominance import DominanceInfo
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsTerminator, MemoryEffectKind, has_effects
from xdsl.utils.exceptions import DiagnosticException

from xdsl_bufferize.analysis.forwarding import (
    VIEW_OPS,
    ForwardingAnalysis,
    analyze_forwarding,
    branch_successor_operands,
)
from xdsl_bufferize.interfaces.allocation import (
    AllocationModel,
    FreeThroughBaseModel,
    allocation_interface,
    registered_allocation_model,
)
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.interfaces.region_branch import (
    region_branch_model,
    region_entry_edges,
    region_exit_edges,
)
from xdsl_bufferize.utils.ir import ancestor_in_region, is_memref
from xdsl_bufferize.utils.memref_layout import static_offset_layout


def _describe(op: Operation) -> str:
    return f"'{op.name}'"


def _error(op: Operation, message: str) -> DiagnosticException:
    """A diagnostic naming `op`, its function, and (if it has no regions) printing it."""
    return op_error("buffer-deallocation", op, message)


class SiteKind(enum.Enum):
    """How a forwarded operand leaves its op."""

    BRANCH = "branch"
    """A successor operand of a branch inside a region."""
    ENTRY = "entry"
    """An operand of a region op entering a region or flowing to the op's results."""
    EXIT = "exit"
    """An operand of a region terminator flowing to results or back into a region."""
    RETURN = "return"
    """An operand of the function's return: the caller owns it."""


class SiteMode(enum.Enum):
    """What happens to ownership of a forwarded buffer."""

    TRANSFER = "transfer"
    """The merge takes over the buffer (and, from a flagged merge, its ownership flag)."""
    BORROW = "borrow"
    """The merge aliases the buffer without owning it (flag false into a flagged merge)."""
    CLONE = "clone"
    """The merge receives an owned copy."""
    COND_CLONE = "cond-clone"
    """A flagged buffer into a merge that must own: passed as is if owned, else copied."""


@dataclass(eq=False)
class Site:
    """One forwarded operand: `source.operands[index]` flows into `targets`."""

    source: Operation
    index: int
    kind: SiteKind
    targets: list[SSAValue] = field(default_factory=list[SSAValue])
    edges: set[int] = field(default_factory=set[int])
    """Ids of the edges (successor index or model edge index) the operand is forwarded on."""
    target_edges: list[int] = field(default_factory=list[int])
    """The edge id of each of `targets`, position by position."""
    mode: SiteMode = SiteMode.BORROW
    level: int = 0
    """Best mode still possible: 0 transfer, 1 borrow, 2 clone (only ever increases)."""

    @property
    def value(self) -> SSAValue:
        return self.source.operands[self.index]


@dataclass(eq=False)
class MergeClass:
    """Merge values fed along the same edges; owned or borrowed together."""

    members: list[SSAValue] = field(default_factory=list[SSAValue])
    sites: list[Site] = field(default_factory=list[Site])
    owned: bool = False
    pinned: bool = False
    """Must be owned (returned buffers, merges the input program frees itself)."""
    flagged: bool = False
    """Owned conditionally: an i1 ownership flag travels with each member."""
    flaggable: bool = False
    """All its members and sites belong to ops that can carry an extra flag operand."""


class RootKind(enum.Enum):
    """Kinds of memref values."""

    OWNING = "owning"
    STATIC = "static"
    VIEW = "view"
    MERGE = "merge"


@dataclass(frozen=True)
class FreePoint:
    """Where a free goes: after/before an op, at a block start, or along a branch edge."""

    after: Operation | None = None
    before: Operation | None = None
    block_start: Block | None = None
    edge: tuple[Operation, int] | None = None
    empty_region: Region | None = None
    """An empty region (the missing else of an scf.if): a block is made for the free."""


@dataclass(frozen=True)
class PlannedFree:
    """Free `value` at `point` with the dealloc built by `model`.

    A conditional free runs only if the ownership flag of `value` (a flagged merge) is set.
    """

    value: SSAValue
    model: AllocationModel
    point: FreePoint
    conditional: bool = False
    unless_held_by: tuple[SSAValue, ...] = ()
    """Values handing `value`'s ownership on when they hold its buffer at run time (an
    absorbed root, see `OwnershipAnalysis.absorbed`): the free runs only if none does."""


@dataclass(frozen=True)
class PlannedClone:
    """Clone `source.operands[index]` just before `source` with `model`, and pass the clone."""

    source: Operation
    index: int
    model: AllocationModel
    conditional: bool = False
    """Copy only if the operand (a flagged merge, or a view of one) does not own its
    buffer; else pass it."""
    flag_of: SSAValue | None = None
    """The flagged merge whose flag says so (conditional clones only)."""


@dataclass(frozen=True)
class PlannedFlag:
    """`source.operands[index]` flows into a flagged merge with this ownership flag.

    The flag is the constant `owned`, or (when `owned` is None) the flag of `of`, a flagged
    merge handing its conditional ownership on.
    """

    source: Operation
    index: int
    owned: bool | None
    of: SSAValue | None = None
    absorbs: tuple[tuple[SSAValue, bool], ...] = ()
    """Roots (and whether each is flagged) whose ownership the merge also takes when `of`
    holds their buffer at run time: the flag is `of`'s flag or, for each root, (`of` is the
    root's buffer) and the root's flag."""


@dataclass
class DeallocationPlan:
    """Everything the rewrite inserts: computed completely before any IR changes."""

    clones: list[PlannedClone] = field(default_factory=list[PlannedClone])
    frees: list[PlannedFree] = field(default_factory=list[PlannedFree])
    flagged: list[SSAValue] = field(default_factory=list[SSAValue])
    """Merge values that get an i1 ownership flag beside them."""
    flags: list[PlannedFlag] = field(default_factory=list[PlannedFlag])
    result_flags: dict[SSAValue, list[SSAValue]] = field(
        default_factory=dict[SSAValue, list[SSAValue]]
    )
    """Call results owned only when they are none of the earlier results of their call
    (their ownership flag is computed right after the call) -> those earlier results."""


def _probe(scratch: Block) -> None:
    """Erase every op a model built into a scratch block."""
    for op in reversed(list(scratch.ops)):
        scratch.erase_op(op, safe_erase=False)


def dealloc_family(model: AllocationModel, value: SSAValue) -> str | None:
    """Name of the op `model` frees `value` with (None: it needs no free)."""
    scratch = Block()
    op = model.build_dealloc(Builder(InsertPoint.at_end(scratch)), value)
    name = None if op is None else op.name
    _probe(scratch)
    return name


def clone_result_model(
    model: AllocationModel, value: SSAValue
) -> AllocationModel | None:
    """The allocation model of the copy `model` makes of `value` (None: cannot clone)."""
    scratch = Block()
    result = model.build_clone(Builder(InsertPoint.at_end(scratch)), value)
    owner = None if result is None else result.owner
    while isinstance(owner, VIEW_OPS):
        owner = owner.operands[0].owner
    found = allocation_interface(owner) if isinstance(owner, Operation) else None
    _probe(scratch)
    return found


def clone_family(model: AllocationModel, value: SSAValue) -> str | None:
    """Dealloc family of the clone `model` makes of `value` (None: cannot clone)."""
    scratch = Block()
    result = model.build_clone(Builder(InsertPoint.at_end(scratch)), value)
    name: str | None = None
    # the clone may be a view of the new buffer (a copy with the same layout)
    owner = None if result is None else result.owner
    while isinstance(owner, VIEW_OPS):
        owner = owner.operands[0].owner
    if result is not None and isinstance(owner, Operation):
        clone_model = allocation_interface(owner)
        if clone_model is not None:
            name = dealloc_family(clone_model, result)
    _probe(scratch)
    return name


def _defining_block(value: SSAValue) -> Block:
    if isinstance(value, BlockArgument):
        return value.block
    assert isinstance(value, OpResult)
    block = value.op.parent_block()
    assert block is not None
    return block


def _defining_region(value: SSAValue) -> Region:
    region = _defining_block(value).parent_region()
    assert region is not None
    return region


def _is_inside(block: Block, op: Operation) -> bool:
    """Whether `block` is (transitively) nested in `op`."""
    current: Operation | None = block.parent_op()
    while current is not None:
        if current is op:
            return True
        current = current.parent_op()
    return False


def _region_encloses(outer: Region, inner: Region) -> bool:
    """Whether `inner` is `outer` or nested in it."""
    current: Region | None = inner
    while current is not None:
        if current is outer:
            return True
        parent = current.parent_op()
        current = None if parent is None else parent.parent_region()
    return False


CAPTURING_OPS = (scf.IfOp, scf.IndexSwitchOp, scf.ExecuteRegionOp)
"""Region ops that run one of their regions once and may take over a buffer captured
from the enclosing region (see `OwnershipAnalysis._capturing_op`)."""


FLAG_REGION_OPS = (
    scf.IfOp,
    scf.ForOp,
    scf.WhileOp,
    scf.IndexSwitchOp,
    scf.ExecuteRegionOp,
)
"""Region ops whose results and entry arguments can take an extra i1 ownership flag."""


_T = TypeVar("_T")


def _cached_index(item: _T, cache: dict[_T, int], siblings: Iterable[_T]) -> int:
    """The index of `item` among `siblings`, numbering all of them in `cache` the
    first time one of them is asked for."""
    pos = cache.get(item)
    if pos is None:
        for i, other in enumerate(siblings):
            cache[other] = i
        pos = cache[item]
    return pos


class OwnershipAnalysis:
    """Classifies the memref values of a module and plans clones and frees."""

    def __init__(self, module: builtin.ModuleOp):
        self.module = module
        self.kind: dict[SSAValue, RootKind] = {}
        self.model: dict[SSAValue, AllocationModel] = {}
        self.family: dict[SSAValue, str] = {}
        self.view_sources: dict[SSAValue, list[SSAValue]] = {}
        self.sites: list[Site] = []
        self.site_of: dict[tuple[Operation, int], Site] = {}
        self.sites_from: dict[Operation, list[Site]] = {}
        """Sites by source op."""
        self._sites_by_value: dict[SSAValue, list[Site]] | None = None
        self._position: dict[Operation, int] = {}
        self._block_position: dict[Block, int] = {}
        """Index of each op in its block (filled a block at a time, on demand)."""
        self.class_of: dict[SSAValue, MergeClass] = {}
        self.classes: list[MergeClass] = []
        self.freed_by_input: dict[SSAValue, list[Operation]] = {}
        """Memref operands of the frees already in the input -> those frees."""
        self.user_frees: dict[SSAValue, list[Operation]] = {}
        """Owning roots the input program frees itself -> the ops freeing them."""
        self.user_classes: set[int] = set()
        """Ids of the merge classes the input program frees itself."""
        self.user_managed: set[SSAValue] = set()
        self.roots: dict[SSAValue, frozenset[SSAValue]] = {}
        self._alias_index: dict[SSAValue, dict[SSAValue, None]] | None = None
        """Root -> the values whose roots hold it (an insertion-ordered set)."""
        self._dependents: dict[SSAValue, list[SSAValue]] | None = None
        """Value -> the values whose roots are computed from its roots."""
        self.dominance: dict[Region, DominanceInfo] = {}
        self.order: dict[SSAValue, int] = {}
        self.memref_default: AllocationModel | None = registered_allocation_model(
            memref.AllocOp
        )
        self.forwarding: ForwardingAnalysis = ForwardingAnalysis()
        """Results of private functions that are views of an argument (no clone)."""
        self.forwarded_returns: dict[tuple[Operation, int], BlockArgument] = {}
        """(func.return, operand index) of forwarded results -> the argument forwarded."""
        self.viewed_returns: dict[tuple[Operation, int], int] = {}
        self.shared_results: dict[SSAValue, list[SSAValue]] = {}
        """Call results that may be the very buffer of earlier results of the same call
        (a callee returning one buffer twice) -> those results: owned (flag) only when
        they are none of them, else they borrow it."""
        """(func.return, operand index) of results that view another result's buffer ->
        the index of that result (whose fresh buffer the caller owns)."""

    # ------------------------------------------------------------------ collection

    def _site(self, source: Operation, index: int, kind: SiteKind) -> Site:
        key = (source, index)
        site = self.site_of.get(key)
        if site is None:
            site = Site(source, index, kind)
            self.site_of[key] = site
            self.sites.append(site)
            self.sites_from.setdefault(source, []).append(site)
        return site

    def sites_of_value(self, value: SSAValue) -> list[Site]:
        """The sites forwarding `value` (the IR does not change during the analysis)."""
        if self._sites_by_value is None:
            index: dict[SSAValue, list[Site]] = {}
            for site in self.sites:
                index.setdefault(site.value, []).append(site)
            self._sites_by_value = index
        return self._sites_by_value.get(value, [])

    def position(self, op: Operation) -> int:
        """The index of `op` in its block."""
        block = op.parent_block()
        assert block is not None
        return _cached_index(op, self._position, block.ops)

    def block_position(self, block: Block) -> int:
        """The index of `block` in its region."""
        region = block.parent_region()
        assert region is not None
        return _cached_index(block, self._block_position, region.blocks)

    def _define(self, value: SSAValue, kind: RootKind) -> None:
        self.kind[value] = kind
        self.order[value] = len(self.order)

    def _is_fresh(self, value: SSAValue) -> bool:
        """Whether `value` is a heap allocation made in its function's body region (a
        function returning it hands it over)."""
        while isinstance(value, OpResult) and isinstance(value.op, memref.CastOp):
            value = value.op.source
        if not isinstance(value, OpResult) or value.op.regions:
            return False
        function = value.op.parent_op()
        if not isinstance(function, func.FuncOp):
            return False
        model = allocation_interface(value.op)
        return model is not None and dealloc_family(model, value) is not None

    def collect(self) -> None:
        self.forwarding = analyze_forwarding(self.module, self._is_fresh)
        for op in self.module.walk():
            if isinstance(op, func.FuncOp) and op.body.blocks:
                self._collect_function(op)

    def _collect_function(self, function: func.FuncOp) -> None:
        entry = function.body.blocks.first
        assert entry is not None
        for arg in entry.args:
            if is_memref(arg):
                self._define(arg, RootKind.STATIC)
        self._collect_region(function.body, function)

    def _collect_region(self, region: Region, function: func.FuncOp) -> None:
        for block in region.blocks:
            if block is not region.blocks.first:
                for arg in block.args:
                    if is_memref(arg):
                        self._define(arg, RootKind.MERGE)
            for op in block.ops:
                self._collect_op(op, function)

    def _collect_op(self, op: Operation, function: func.FuncOp) -> None:
        if has_effects(op, MemoryEffectKind.FREE):
            for v in op.operands:
                if is_memref(v):
                    self.freed_by_input.setdefault(v, []).append(op)
        if op.regions:
            self._collect_region_op(op, function)
            return
        if isinstance(op, func.ReturnOp) and op.parent_op() is function:
            forwarded = self.forwarding.forwarded_results(function)
            views = self.forwarding.result_views_of(function)
            entry = function.body.blocks.first
            assert entry is not None
            for i, value in enumerate(op.operands):
                if i in forwarded:
                    self.forwarded_returns[(op, i)] = entry.args[forwarded[i]]
                elif i in views:
                    self.viewed_returns[(op, i)] = views[i]
                elif is_memref(value):
                    self._site(op, i, SiteKind.RETURN)
            return
        if op.successors:
            self._collect_branch(op)
            return
        memref_results = [r for r in op.results if is_memref(r)]
        if not memref_results:
            return
        if isinstance(op, func.CallOp):
            for result in memref_results:
                operand = self.forwarding.forwarded_operand(op, result.index)
                if operand is not None:
                    # the callee returns (a view of) this operand: a view here too
                    self._define(result, RootKind.VIEW)
                    self.view_sources[result] = [op.operands[operand]]
                    continue
                owner = self.forwarding.viewed_result(op, result.index)
                if owner is not None:
                    # the callee returns (a view of) the buffer of another result
                    self._define(result, RootKind.VIEW)
                    self.view_sources[result] = [op.results[owner]]
                    continue
                self._define(result, RootKind.OWNING)
                if self.memref_default is not None:
                    self.model[result] = self.memref_default
                self.family[result] = "memref.dealloc"
                earlier: list[SSAValue] = [
                    r
                    for r in memref_results
                    if r.index < result.index
                    and r.type == result.type
                    and self.kind.get(r) is RootKind.OWNING
                    and self.forwarding.may_share(op, r.index, result.index)
                ]
                if earlier:
                    self.shared_results[result] = earlier
            return
        interface = allocation_interface(op)
        if interface is not None:
            for result in memref_results:
                family = dealloc_family(interface, result)
                if family is None:
                    self._define(result, RootKind.STATIC)
                else:
                    self._define(result, RootKind.OWNING)
                    self.model[result] = interface
                    self.family[result] = family
            return
        if has_effects(op, MemoryEffectKind.ALLOC):
            raise _error(
                op,
                "allocates a buffer but has no AllocationOpInterface (trait or "
                "registered model): cannot tell how to free it",
            )
        sources = [v for v in op.operands if is_memref(v)]
        for result in memref_results:
            if sources and not isinstance(op, memref.GetGlobalOp):
                self._define(result, RootKind.VIEW)
                self.view_sources[result] = sources
            else:
                self._define(result, RootKind.STATIC)

    def _collect_branch(self, op: Operation) -> None:
        successors = branch_successor_operands(op)
        if successors is None:
            if any(is_memref(arg) for s in op.successors for arg in s.args):
                raise _error(
                    op,
                    "branches with memref block arguments but its successor operands "
                    "are unknown to buffer-deallocation",
                )
            return
        for succ_index, block, indices in successors:
            for position, operand_index in enumerate(indices):
                target = block.args[position]
                if not is_memref(target):
                    continue
                site = self._site(op, operand_index, SiteKind.BRANCH)
                site.targets.append(target)
                site.target_edges.append(succ_index)
                site.edges.add(succ_index)

    def _collect_region_op(self, op: Operation, function: func.FuncOp) -> None:
        if region_branch_model(op) is None:
            self._check_opaque(op)
            return
        for result in op.results:
            if is_memref(result):
                self._define(result, RootKind.MERGE)
        for region in op.regions:
            entry = region.blocks.first
            if entry is not None:
                for arg in entry.args:
                    if is_memref(arg):
                        self._define(arg, RootKind.MERGE)
        entry_edges = region_entry_edges(op)
        assert entry_edges is not None
        for edge_id, edge in enumerate(entry_edges):
            self._add_edge_sites(
                op, edge_id, edge.operand_indices, edge.targets, SiteKind.ENTRY
            )
        for region in op.regions:
            self._collect_region(region, function)
            for block in region.blocks:
                terminator = block.last_op
                if terminator is None or terminator.successors:
                    continue
                if not terminator.has_trait(IsTerminator):
                    continue
                exit_edges = region_exit_edges(op, terminator)
                assert exit_edges is not None
                for edge_id, edge in enumerate(exit_edges):
                    self._add_edge_sites(
                        terminator,
                        edge_id,
                        edge.operand_indices,
                        edge.targets,
                        SiteKind.EXIT,
                    )
        fed = {target for site in self._sites_into(op) for target in site.targets}
        for value in list(op.results) + [
            a for r in op.regions if r.blocks.first for a in r.blocks.first.args
        ]:
            if is_memref(value) and value not in fed:
                raise _error(
                    op,
                    "has a memref result or region argument that no control-flow edge "
                    "of its region-branch model feeds",
                )

    def _sites_into(self, op: Operation) -> Iterable[Site]:
        yield from self.sites_from.get(op, ())
        for region in op.regions:
            for block in region.blocks:
                terminator = block.last_op
                if terminator is not None:
                    yield from self.sites_from.get(terminator, ())

    def _add_edge_sites(
        self,
        source: Operation,
        edge_id: int,
        indices: Sequence[int],
        targets: Sequence[SSAValue],
        kind: SiteKind,
    ) -> None:
        for operand_index, target in zip(indices, targets, strict=True):
            if not is_memref(target):
                continue
            site = self._site(source, operand_index, kind)
            site.targets.append(target)
            site.target_edges.append(edge_id)
            site.edges.add(edge_id)

    def _check_opaque(self, op: Operation) -> None:
        """An op with regions and no region-branch model is fine if no memref crosses it."""
        reason: str | None = None
        if any(is_memref(r) for r in op.results):
            reason = "has memref results"
        else:
            for region in op.regions:
                for nested in region.walk():
                    if any(is_memref(r) for r in nested.results):
                        reason = (
                            f"defines memrefs inside its regions ({_describe(nested)})"
                        )
                        break
                    if any(
                        is_memref(a)
                        for r in nested.regions
                        for b in r.blocks
                        for a in b.args
                    ):
                        reason = "defines memref block arguments inside its regions"
                        break
                if reason is None and any(
                    is_memref(a) for b in region.blocks for a in b.args
                ):
                    reason = "has memref block arguments"
                if reason is not None:
                    break
        if reason is not None:
            raise _error(
                op,
                f"has regions whose control flow is unknown (no region-branch model) and {reason}",
            )

    # ------------------------------------------------------------------ classes

    def build_classes(self) -> None:
        parent: dict[SSAValue, SSAValue] = {}

        def find(v: SSAValue) -> SSAValue:
            while parent.get(v, v) is not v:
                v = parent[v]
            return v

        for site in self.sites:
            for target in site.targets[1:]:
                a, b = find(site.targets[0]), find(target)
                if a is not b:
                    parent[b] = a
        by_root: dict[SSAValue, MergeClass] = {}
        for value, kind in self.kind.items():
            if kind is RootKind.MERGE:
                root = find(value)
                cls = by_root.get(root)
                if cls is None:
                    cls = by_root[root] = MergeClass()
                    self.classes.append(cls)
                cls.members.append(value)
                self.class_of[value] = cls
        for site in self.sites:
            if site.kind is SiteKind.RETURN:
                cls = MergeClass(sites=[site], owned=True, pinned=True)
                self.classes.append(cls)
            else:
                self.class_of[site.targets[0]].sites.append(site)
        self._find_user_managed()

    def _find_user_managed(self) -> None:
        """Buffers the input program frees itself: we keep its frees and free nothing twice.

        A freed merge takes its incoming buffers over as they are (the program frees them
        through it), so everything flowing into it is the program's too.  A heap buffer
        the program frees on some paths only is freed by us on the others (`_place`).
        """
        for value, frees in self.freed_by_input.items():
            worklist = [value]
            seen: set[SSAValue] = set()
            while worklist:
                v = worklist.pop()
                if v in seen:
                    continue
                seen.add(v)
                kind = self.kind.get(v)
                if kind is RootKind.VIEW:
                    worklist.extend(self.view_sources[v])
                elif kind is RootKind.MERGE:
                    cls = self.class_of[v]
                    cls.owned = cls.pinned = True
                    self.user_classes.add(id(cls))
                    self.user_managed.update(cls.members)
                    worklist.extend(site.value for site in cls.sites)
                elif kind is RootKind.OWNING:
                    self.user_managed.add(v)
                if kind in (RootKind.MERGE, RootKind.OWNING) and all(
                    self.kind.get(w) is RootKind.VIEW for w in seen if w is not v
                ):
                    self.user_frees.setdefault(v, []).extend(frees)

    # ------------------------------------------------------------------ fixpoint

    def is_owning(self, value: SSAValue) -> bool:
        """Whether `value` is an owning root (its buffer must be freed through it)."""
        kind = self.kind.get(value)
        if kind is RootKind.OWNING:
            return value not in self.user_managed
        if kind is RootKind.MERGE:
            return self.class_of[value].owned
        return False

    def is_flagged(self, value: SSAValue) -> bool:
        """Whether `value` is a merge owning its buffer only when its flag says so."""
        if value in self.shared_results:
            return value not in self.user_managed
        cls = self.class_of.get(value)
        return cls is not None and cls.owned and cls.flagged

    def _borrowed_inputs(self, cls: MergeClass, member: SSAValue) -> Iterable[SSAValue]:
        """Roots `member` of a flagged class may hold without owning them (besides itself).

        A root handed over to a sibling merge by the same edge (the same buffer forwarded
        twice, or a value borrowing a buffer the edge hands over) is held through that
        sibling: the member borrows the sibling's buffer.
        """
        for site in cls.sites:
            if site.mode is SiteMode.BORROW:
                held = self.roots[site.value]
            elif (
                site.mode is SiteMode.TRANSFER
                and (holder := self.flag_holder(site.value)) is not None
            ):
                absorbed = self.absorbed(site)
                held = (
                    r
                    for r in self.roots[site.value]
                    if r is not site.value and r is not holder and r not in absorbed
                )
            else:
                continue
            for root in held:
                if self._handed_to_sibling(site, root):
                    yield from self._siblings_of_member(site, root, member)
                else:
                    yield root

    def _sibling_site(
        self, site: Site, root: SSAValue, absorbed: bool = True
    ) -> Site | None:
        """Another operand of `site`'s op that hands `root` itself over to an owned merge
        on every edge `site` is forwarded on (None if there is none).  With `absorbed`, an
        earlier operand forwarding the same value and absorbing `root` counts too."""
        for other in self.sites_from.get(site.source, ()):
            if (
                other is site
                or (
                    other.value is not root
                    and self.handover_root(other.value) is not root
                    and not (
                        absorbed
                        and other.value is site.value
                        and other.index < site.index
                        and root in self.absorbed(other)
                    )
                )
                or other.level != 0
                or not other.targets
                or other.kind is SiteKind.RETURN
                or not self.class_of[other.targets[0]].owned
                or not self.is_owning(root)
                or not set(site.target_edges) <= set(other.target_edges)
            ):
                continue
            return other
        return None

    def _handed_to_sibling(self, site: Site, root: SSAValue) -> bool:
        return self._sibling_site(site, root) is not None

    def _siblings_of_member(
        self, site: Site, root: SSAValue, member: SSAValue
    ) -> Iterable[SSAValue]:
        """The merges that receive `root` beside `member` (fed by `site`) on each edge."""
        other = self._sibling_site(site, root)
        assert other is not None
        for target, edge in zip(site.targets, site.target_edges, strict=True):
            if target is member:
                yield other.targets[other.target_edges.index(edge)]

    def compute_roots(self) -> None:
        """Map each memref value to the roots whose buffer it may hold.

        An owning root, a static root and an owned merge hold their own buffer; a view or a
        borrowed merge holds the buffers of its sources; a flagged merge holds its own buffer
        and, when its flag is false, one of its borrowed inputs.
        """
        self.roots = {}
        self._solve_roots(list(self.kind), None)
        self._alias_index = None

    def _dependents_of(self, value: SSAValue) -> list[SSAValue]:
        """Values whose roots are computed from the roots of `value`."""
        if self._dependents is None:
            deps: dict[SSAValue, list[SSAValue]] = {}
            for view, sources in self.view_sources.items():
                for source in sources:
                    deps.setdefault(source, []).append(view)
            for cls in self.classes:
                for site in cls.sites:
                    deps.setdefault(site.value, []).extend(cls.members)
            for result, earlier in self.shared_results.items():
                for other in earlier:
                    deps.setdefault(other, []).append(result)
            self._dependents = deps
        return self._dependents.get(value, [])

    def _root_step(self, value: SSAValue) -> frozenset[SSAValue]:
        """The roots of `value` computed from those of the values it is made of."""
        kind = self.kind[value]
        roots = self.roots
        if kind is RootKind.VIEW:
            return frozenset().union(*(roots[s] for s in self.view_sources[value]))
        if kind is RootKind.MERGE:
            cls = self.class_of[value]
            if not cls.owned:
                return frozenset().union(*(roots[s.value] for s in cls.sites))
            if cls.flagged:
                return frozenset((value,)).union(self._borrowed_inputs(cls, value))
        earlier = self.shared_results.get(value)
        if earlier is not None and value not in self.user_managed:
            return frozenset((value,)).union(*(roots[r] for r in earlier))
        return roots[value]

    def _solve_roots(
        self, values: list[SSAValue], within: set[SSAValue] | None
    ) -> None:
        """Least fixpoint of the roots of `values` (all values if `within` is None; else
        `within` is the set of `values`, and the roots of all other values are fixed)."""
        roots = self.roots
        for value in values:
            kind = self.kind[value]
            if kind in (RootKind.OWNING, RootKind.STATIC) or self.is_owning(value):
                roots[value] = frozenset((value,))
            else:
                roots[value] = frozenset()
        work = deque(values)
        queued = set(values)
        while work:
            value = work.popleft()
            queued.discard(value)
            new = self._root_step(value)
            if new != roots[value]:
                roots[value] = new
                for dep in self._dependents_of(value):
                    if dep not in queued and (within is None or dep in within):
                        queued.add(dep)
                        work.append(dep)

    def _update_roots(
        self, seeds: Iterable[SSAValue]
    ) -> dict[SSAValue, frozenset[SSAValue]]:
        """Recompute the roots of `seeds` and everything computed from them, after the
        ownership of `seeds` changed.  Returns the previous roots of the values whose roots
        changed (to undo the change with `_restore_roots`)."""
        closure: dict[SSAValue, None] = {}
        work = list(seeds)
        while work:
            value = work.pop()
            if value in closure:
                continue
            closure[value] = None
            work.extend(d for d in self._dependents_of(value) if d not in closure)
        order = sorted(closure, key=self.order.__getitem__)
        old = {v: self.roots[v] for v in order}
        self._solve_roots(order, set(order))
        changed = {v: r for v, r in old.items() if self.roots[v] != r}
        self._reindex_aliases(changed)
        return changed

    def _restore_roots(self, old: dict[SSAValue, frozenset[SSAValue]]) -> None:
        """Undo `_update_roots` (given its result)."""
        current = {v: self.roots[v] for v in old}
        self.roots.update(old)
        self._reindex_aliases(current)

    def _reindex_aliases(self, old: dict[SSAValue, frozenset[SSAValue]]) -> None:
        """Update the alias index for values whose roots were `old` before."""
        index = self._alias_index
        if index is None:
            return
        for value, previous in old.items():
            new = self.roots[value]
            for root in previous - new:
                index[root].pop(value, None)
            for root in new - previous:
                index.setdefault(root, {})[value] = None

    def _dominance(self, region: Region) -> DominanceInfo:
        info = self.dominance.get(region)
        if info is None:
            info = self.dominance[region] = DominanceInfo(region)
        return info

    def _outlives(self, root: SSAValue, site: Site) -> bool:
        """Whether `root` stays alive wherever the merge fed by `site` may be used."""
        if not self.is_owning(root):
            return True
        block = _defining_block(root)
        if site.kind is SiteKind.BRANCH:
            target_block = _defining_block(site.targets[0])
            region = target_block.parent_region()
            assert region is not None
            def_region = block.parent_region()
            assert def_region is not None
            if def_region is region:
                return self._dominance(region).strictly_dominates(block, target_block)
            return _region_encloses(def_region, region)
        if site.kind is SiteKind.RETURN:
            return False
        region_op = (
            site.source if site.kind is SiteKind.ENTRY else site.source.parent_op()
        )
        assert region_op is not None
        return not _is_inside(block, region_op)

    def decide_classes(self) -> None:
        """Own the merges some of whose inputs may die while the merge is still in use.

        Each round owns the violating merges not fed (through views and borrowed merges) by
        another violating merge: owning that one first may make them valid.
        """
        while True:
            self.compute_roots()
            violating = [
                cls
                for cls in self.classes
                if not cls.owned
                and not all(
                    self._outlives(root, site)
                    for site in cls.sites
                    for root in self.roots[site.value]
                )
            ]
            if not violating:
                violating = self._borrowed_into_owned()
            if not violating:
                return
            ids = {id(c) for c in violating}
            first = [c for c in violating if not self._fed_by(c, ids)]
            for cls in first or violating:
                cls.owned = True

    def _borrowed_into_owned(self) -> list[MergeClass]:
        """Borrowed merges passed (or a view of them) into an owned merge that some of their inputs
        do not outlive (a join whose block argument flows on to a block the join does not
        dominate), with a heap buffer or call result among their inputs: owning them with a flag lets
        ownership travel on with the value instead of a copy at that edge."""
        found: dict[int, MergeClass] = {}
        for cls in self.classes:
            if not cls.owned:
                continue
            for site in cls.sites:
                viewed = self._view_root(site.value)
                other = None if viewed is None else self.class_of.get(viewed[0])
                if (
                    other is None
                    or other.owned
                    or id(other) in found
                    or not self._flaggable(other)
                    or not any(
                        self.kind.get(owned) is RootKind.OWNING
                        for s in other.sites
                        if (owned := self._owned_value(s)) is not None
                    )
                    or all(
                        self._outlives(root, site) for root in self.roots[site.value]
                    )
                ):
                    continue
                found[id(other)] = other
        return list(found.values())

    def _fed_by(self, cls: MergeClass, ids: set[int]) -> bool:
        """Whether a borrowed merge other than `cls` with id in `ids` flows into `cls`."""
        seen: set[SSAValue] = set()
        work = [site.value for site in cls.sites]
        while work:
            value = work.pop()
            if value in seen:
                continue
            seen.add(value)
            kind = self.kind.get(value)
            if kind is RootKind.VIEW:
                work.extend(self.view_sources[value])
            elif kind is RootKind.MERGE:
                other = self.class_of[value]
                if other.owned:
                    continue
                if other is not cls and id(other) in ids:
                    return True
                work.extend(site.value for site in other.sites)
        return False

    # ------------------------------------------------------------------ aliases and uses

    def aliases(self, root: SSAValue) -> list[SSAValue]:
        """Values that may hold `root`'s buffer without owning it (and `root` itself)."""
        if self._alias_index is None:
            index: dict[SSAValue, dict[SSAValue, None]] = {}
            for value, rs in self.roots.items():
                for r in rs:
                    index.setdefault(r, {})[value] = None
            self._alias_index = index
        return list(self._alias_index.get(root, ()))

    def _uses_in_region(
        self, root: SSAValue, region: Region
    ) -> dict[Operation, list[tuple[Operation, int, SSAValue]]]:
        """Uses of `root`'s aliases, keyed by the op of `region` containing each use."""
        uses: dict[Operation, list[tuple[Operation, int, SSAValue]]] = {}
        for alias in self.aliases(root):
            for use in alias.uses:
                anchor = ancestor_in_region(use.operation, region)
                if anchor is not None:
                    uses.setdefault(anchor, []).append(
                        (use.operation, use.index, alias)
                    )
        return uses

    @staticmethod
    def _successor_edges(block: Block) -> list[tuple[int, Block]]:
        terminator = block.last_op
        if terminator is None:
            return []
        return list(enumerate(terminator.successors))

    def _live_in(
        self,
        region: Region,
        def_block: Block,
        blocks_with_uses: set[Block],
        consumed_edges: set[tuple[Operation, int]],
    ) -> set[Block]:
        """Blocks of `region` other than `def_block` from which a use of the buffer (or
        a consumed edge) can be reached without passing through `def_block`."""
        work = [b for b in blocks_with_uses if b is not def_block]
        for terminator, _ in consumed_edges:
            block = terminator.parent_block()
            if (
                block is not None
                and block is not def_block
                and block.last_op is terminator
                and block.parent_region() is region
            ):
                work.append(block)
        live: set[Block] = set()
        while work:
            block = work.pop()
            if block in live:
                continue
            live.add(block)
            for pred in block.predecessors():
                if pred is not def_block and pred not in live:
                    work.append(pred)
        return live

    # ------------------------------------------------------------------ site modes

    def handover_root(self, value: SSAValue) -> SSAValue | None:
        """The owning root a view `value` may hand over (its merge or caller then frees the
        buffer through the view), or None.

        The root may be a flagged merge: the view then hands over its conditional
        ownership (the flag of the root, see `flag_holder`).

        The view must be made by view ops only (`VIEW_OPS`, or calls returning (a view of)
        an operand or of another result, see `forwarding.py`) from a heap buffer that is not
        conditionally owned, and either keep the allocation itself (`memref.cast`, a call
        forwarding its operand's buffer itself: `ForwardingAnalysis.forwards_base`) or
        have a static offset layout (freed through its base buffer, see
        `models/allocation.py`).
        """
        found = self._view_root(value)
        if found is None:
            return None
        current, base_preserving = found
        if current is value or not self.is_owning(current):
            return None
        if current in self.user_managed:
            return None
        if (
            not base_preserving
            and static_offset_layout(value.type) is None
            and self.kind.get(current) is RootKind.OWNING
            and self.family.get(current) != "memref.dealloc"
        ):
            return None  # other frees may not take a base buffer (merges: see families)
        return current

    def may_hold_inner_view(self, value: SSAValue) -> bool:
        """Whether the merge `value` may take over a view that its merge must free
        through the base buffer (`frees_through_base`), directly or through other
        merges (whatever the modes of their edges end up being)."""
        start = self.class_of.get(value)
        work = [] if start is None else [start]
        seen: set[int] = set()
        while work:
            cls = work.pop()
            if id(cls) in seen:
                continue
            seen.add(id(cls))
            for site in cls.sites:
                if self.frees_through_base(site.value):
                    return True
                other = self.class_of.get(site.value)
                if other is not None:
                    work.append(other)
        return False

    def _view_root(self, value: SSAValue) -> tuple[SSAValue, bool] | None:
        """The value `value` is a view of through single-source view ops and calls
        forwarding (a view of) an operand, and whether the view keeps its start
        (`memref.cast`s, calls forwarding the operand's buffer itself); None when the
        chain meets another kind of view."""
        base_preserving = True
        current = value
        while self.kind.get(current) is RootKind.VIEW:
            if not isinstance(current, OpResult) or not isinstance(
                current.op, (*VIEW_OPS, func.CallOp)
            ):
                return None
            if isinstance(current.op, func.CallOp):
                if not self.forwarding.forwards_base(current.op, current.index):
                    base_preserving = False
            elif not isinstance(current.op, memref.CastOp):
                base_preserving = False
            sources = self.view_sources[current]
            if len(sources) != 1:
                return None
            current = sources[0]
        return current, base_preserving

    def frees_through_base(self, value: SSAValue) -> bool:
        """Whether a merge taking over the view `value` must free its buffer through the
        base buffer (`memref.extract_strided_metadata`): the view may not start at the
        allocation and its type does not say so (no static offset layout).  A function
        cannot return such a view to a caller that would free it."""
        if self.handover_root(value) is None:
            return False
        found = self._view_root(value)
        assert found is not None
        return not found[1] and static_offset_layout(value.type) is None

    def _caller_cannot_free(self, value: SSAValue) -> bool:
        """Whether `value`, returned as it is, might be a view its callers could not free
        with a plain dealloc (itself such a view, or a merge that may take one over)."""
        return self.frees_through_base(value) or self.may_hold_inner_view(value)

    def _owned_value(self, site: Site) -> SSAValue | None:
        """The owning root `site` would hand over: its value, or the root of a view."""
        value = site.value
        if self.is_owning(value):
            return value
        return self.handover_root(value)

    def flag_holder(self, value: SSAValue) -> SSAValue | None:
        """The flagged value whose ownership flag `value` hands on when it is handed over:
        `value` itself, or the flagged root of a view `value` (None if neither)."""
        if self.is_flagged(value):
            return value
        root = self.handover_root(value)
        return root if root is not None and self.is_flagged(root) else None

    def _transfer_valid(self, site: Site) -> bool:
        value = self._owned_value(site)
        if value is None or value in self.user_managed:
            return False
        if site.kind is SiteKind.RETURN and (
            self.frees_through_base(site.value) or self.may_hold_inner_view(value)
        ):
            return False  # its callers free results with a plain dealloc
        source_region = site.source.parent_region()
        if source_region is None:
            return False
        if _defining_region(value) is not source_region:
            return self._capturing_op(site) is not None
        if (
            value is not site.value
            and _defining_region(site.value) is not source_region
        ):
            return False
        alias_set = set(self.aliases(value))
        for i, operand in enumerate(site.source.operands):
            if i == site.index or operand not in alias_set:
                continue
            if self.viewed_returns.get((site.source, i)) == site.index:
                continue  # returned as a view of this buffer: the caller knows
            if site.kind is SiteKind.RETURN and operand is site.value:
                continue  # one buffer returned twice: callers free it once
            other = self.site_of.get((site.source, i))
            if (
                site.kind is SiteKind.BRANCH
                and other is not None
                and not (other.edges & site.edges)
            ):
                continue
            if other is not None and (
                i > site.index
                or (operand is not value and self.handover_root(operand) is not value)
            ):
                # the buffer passed again, or a value that may borrow it (a flagged merge
                # handing on its own flag only): that operand borrows it from this one's
                # merge, or gets a copy
                continue
            return False
        uses = self._uses_in_region(value, source_region)
        block = site.source.parent_block()
        assert block is not None
        if site.kind is SiteKind.ENTRY:
            for user, index, alias in uses.get(site.source, []):
                if not (
                    user is site.source and index == site.index and alias is site.value
                ):
                    return False
            here = self.position(site.source)
            for op in uses:
                if op.parent_block() is block and self.position(op) > here:
                    return False
        if site.kind in (SiteKind.ENTRY, SiteKind.BRANCH):
            blocks_with_uses = {
                b for op in uses if (b := op.parent_block()) is not None
            }
            live = self._live_in(
                source_region, _defining_block(value), blocks_with_uses, set()
            )
            for succ_index, succ in self._successor_edges(block):
                on_edge = site.kind is SiteKind.ENTRY or succ_index in site.edges
                if on_edge and succ in live:
                    return False
        return True

    def _capturing_op(self, site: Site) -> Operation | None:
        """The region op that takes over `site`'s value, a buffer defined outside it, if
        the value may be handed over from inside it (None otherwise).

        A single-entry region op (`scf.if`, `scf.index_switch`, `scf.execute_region`) in
        the region of the buffer, at the buffer's last use there, may consume it: its exits
        yielding the buffer hand it over to the op's results, and each of its regions that
        does not yield it frees it (after its last use there).  A loop yielding its own
        iter_arg on some paths and a fresh buffer on others then needs no copy.
        """
        value = self._owned_value(site)
        op = site.source.parent_op()
        if (
            value is None
            or site.kind is not SiteKind.EXIT
            or not isinstance(op, CAPTURING_OPS)
        ):
            return None
        region = _defining_region(value)
        if op.parent_region() is not region:
            return None
        yielded = site.value  # the buffer, or a cast of it made in its region
        cast = yielded
        while cast is not value:
            if not (
                isinstance(cast, OpResult)
                and isinstance(cast.op, memref.CastOp)
                and cast.op.parent_region() is region
            ):
                return None
            cast = cast.op.source
        alias_set = set(self.aliases(value))
        for nested in op.regions:
            if len(nested.blocks) != 1:
                return None
            terminator = nested.blocks.first.last_op  # pyright: ignore[reportOptionalMemberAccess]
            if terminator is None:
                return None
            for i, operand in enumerate(terminator.operands):
                if operand not in alias_set:
                    continue
                other = self.site_of.get((terminator, i))
                if (
                    other is None
                    or operand is not yielded
                    or other.level != 0
                    or not other.targets
                    or not self.class_of[other.targets[0]].owned
                ):
                    return None
            if sum(operand is yielded for operand in terminator.operands) > 1:
                return None
        block = op.parent_block()
        assert block is not None
        uses = self._uses_in_region(value, region)
        here = self.position(op)
        for user in uses:
            if user.parent_block() is block and self.position(user) > here:
                return None
        blocks_with_uses = {
            b for user in uses if (b := user.parent_block()) is not None
        }
        live = self._live_in(region, _defining_block(value), blocks_with_uses, set())
        if any(succ in live for _, succ in self._successor_edges(block)):
            return None
        return op

    def _borrow_valid(self, site: Site) -> bool:
        """Whether the merge fed by `site` may alias the value without owning it."""
        roots = self.roots[site.value]
        siblings = {r for r in roots if self._handed_to_sibling(site, r)}
        if not all(self._outlives(root, site) for root in roots - siblings):
            return False
        for i, operand in enumerate(site.source.operands):
            other = self.site_of.get((site.source, i))
            if other is None or other is site or other.level != 0:
                continue
            if other.targets and not self.class_of[other.targets[0]].owned:
                continue  # into a borrowed merge: nothing is handed over
            if site.kind is SiteKind.BRANCH and not (other.edges & site.edges):
                continue
            if operand in roots and operand not in siblings and self.is_owning(operand):
                return False  # handed over by the same op: nobody would keep it alive
        return True

    def _transfer_ok(self, site: Site, can_flag: bool) -> bool:
        """Whether `site` may hand its value's ownership over to its merge."""
        if not self._transfer_valid(site):
            return False
        holder = self.flag_holder(site.value)
        if holder is not None and holder is not site.value and not can_flag:
            return False  # a view of a flagged merge: only a flag can say who frees it
        if can_flag and holder is not None:
            # when the flag is false the merge borrows what the value borrowed, or takes
            # over the buffer of a root dying at the exit (absorbed)
            value = site.value
            absorbed = self._absorbable(site)
            return all(
                self._outlives(root, site)
                or self._handed_to_sibling(site, root)
                or root in absorbed
                for root in self.roots[value]
                if root is not value and root is not holder
            )
        return True

    def absorbed(self, site: Site) -> frozenset[SSAValue]:
        """Roots whose ownership `site` hands on with its (flagged) value's flag.

        A flagged value leaving a region, or passed along a branch, may borrow a buffer
        that dies at that exit or edge (an iter_arg the loop body holds, a sibling of a
        merge in that region, the block argument of a loop header beside the one passed
        back on a back edge).  The merge it flows into then owns that buffer when the
        value holds it at run time: its flag becomes the value's flag or (the value is the
        root's buffer and the root's flag), and the root is freed at the exit or edge only
        if the value does not hold it.
        """
        if site.mode is not SiteMode.TRANSFER or site.level != 0:
            return frozenset()
        if not site.targets or not self.class_of[site.targets[0]].flagged:
            return frozenset()
        return self._absorbable(site)

    def _absorbable(self, site: Site) -> frozenset[SSAValue]:
        """The roots `site` may absorb (see `absorbed`) if it transfers a flagged value
        (or a view of one)."""
        value = site.value
        holder = self.flag_holder(value)
        if site.kind not in (SiteKind.EXIT, SiteKind.BRANCH) or holder is None:
            return frozenset()
        region = site.source.parent_region()
        if region is None or (site.kind is SiteKind.EXIT and len(region.blocks) != 1):
            return frozenset()
        found: set[SSAValue] = set()
        for root in self.roots[value]:
            if (
                root is value
                or root is holder
                or self._outlives(root, site)
                or self._sibling_site(site, root, absorbed=False) is not None
                or not self.is_owning(root)
                or root in self.user_managed
                or (root.type != value.type and not self._frees_any_view(root))
                or _defining_region(root) is not region
                or self.handover_root(root) is not None
            ):
                continue
            if any(
                i != site.index
                and is_memref(operand)
                and root in self.roots[operand]
                and not (operand is value and i > site.index)
                and self._shares_edge(site, i)
                for i, operand in enumerate(site.source.operands)
            ):
                continue
            found.add(root)
        return frozenset(found)

    def _frees_any_view(self, root: SSAValue) -> bool:
        """Whether a merge taking over `root` through a value of another type (a cast
        or view of it) can free it: through the base buffer, for `memref.dealloc` and for
        merges (whose free the taking merge wraps alike)."""
        kind = self.kind.get(root)
        return kind is RootKind.MERGE or (
            kind is RootKind.OWNING and self.family.get(root) == "memref.dealloc"
        )

    def _shares_edge(self, site: Site, index: int) -> bool:
        """Whether operand `index` of `site`'s op may flow along an edge `site` takes (a
        branch operand passed to another successor does not)."""
        if site.kind is not SiteKind.BRANCH:
            return True
        other = self.site_of.get((site.source, index))
        return other is None or bool(other.edges & site.edges)

    def _flaggable(self, cls: MergeClass) -> bool:
        """Whether every member and site of `cls` sits where an i1 flag can be added."""
        for member in cls.members:
            if isinstance(member, BlockArgument):
                block = member.block
                region = block.parent_region()
                if region is not None and block is not region.blocks.first:
                    continue
                holder = block.parent_op()
            else:
                holder = member.owner
            if not isinstance(holder, FLAG_REGION_OPS):
                return False
        for site in cls.sites:
            if site.kind is SiteKind.BRANCH:
                ok = branch_successor_operands(site.source) is not None
            elif site.kind is SiteKind.ENTRY:
                ok = isinstance(site.source, FLAG_REGION_OPS)
            elif site.kind is SiteKind.EXIT:
                ok = isinstance(site.source, scf.YieldOp | scf.ConditionOp) and (
                    isinstance(site.source.parent_op(), FLAG_REGION_OPS)
                )
            else:
                ok = False
            if not ok:
                return False
        return True

    def promote_transfers(self) -> None:
        """Own borrowed merges whose inputs (owning roots, owned merges, views handing
        one over) can all be handed over: they die earlier.

        A merge borrowing buffers that are dead after its edges keeps every input alive until
        the merge dies; owning it instead frees the inputs not taken at the branch.  Classes
        feeding each other (a loop swapping buffers) are promoted together.  A promotion is
        kept only if every site still transfers and no other borrowed merge becomes invalid.
        """
        candidates = [c for c in self.classes if not c.owned and c.members]
        group_of: dict[int, int] = {id(c): i for i, c in enumerate(candidates)}
        parent = list(range(len(candidates)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for i, cls in enumerate(candidates):
            for site in cls.sites:
                other = self.class_of.get(site.value)
                if other is not None and id(other) in group_of:
                    a, b = find(i), find(group_of[id(other)])
                    if a != b:
                        parent[b] = a
        groups: dict[int, list[MergeClass]] = {}
        for i, cls in enumerate(candidates):
            groups.setdefault(find(i), []).append(cls)
        for group in groups.values():
            members = {id(c) for c in group}
            if not all(
                self._owned_value(site) is not None
                or (
                    (other := self.class_of.get(site.value)) is not None
                    and id(other) in members
                )
                for cls in group
                for site in cls.sites
            ):
                continue
            for cls in group:
                cls.owned = True
            # Only values computed from the group's members change their roots.  Every
            # borrowed merge was valid before (`decide_classes` ends with none violating,
            # and each promotion below keeps it so), and owning the group only adds its
            # members as roots, so only the sites forwarding a changed value need a check.
            changed = self._update_roots(m for cls in group for m in cls.members)
            ok = all(self._transfer_valid(site) for cls in group for site in cls.sites)
            ok = ok and all(
                self._outlives(root, site)
                for value in changed
                for site in self.sites_of_value(value)
                if site.targets and not self.class_of[site.targets[0]].owned
                for root in self.roots[value]
            )
            if not ok:
                for cls in group:
                    cls.owned = False
                self._restore_roots(changed)
        self.compute_roots()

    def decide_sites(self) -> None:
        """Choose, for each edge into an owned merge, transfer, borrow (flag) or clone.

        Each site starts at its cheapest mode and only moves to costlier ones (transfer,
        borrow, clone) until every choice is valid under the aliasing the choices imply, so
        the fixpoint ends.  A merge with a borrowed input, or fed by a flagged merge, gets an
        ownership flag if its ops can carry one; otherwise those inputs are cloned.
        """
        for cls in self.classes:
            cls.flaggable = cls.owned and not cls.pinned and self._flaggable(cls)
            for site in cls.sites:
                site.mode = SiteMode.BORROW if not cls.owned else SiteMode.TRANSFER
        changed = True
        while changed:
            self.compute_roots()
            changed = False
            for cls in self.classes:
                if not cls.owned or id(cls) in self.user_classes:
                    continue
                for site in cls.sites:
                    level = site.level
                    while level < 2:
                        if level == 0 and (
                            self._transfer_ok(site, cls.flaggable)
                            or self._returned_beside_lenders(site)
                        ):
                            break
                        if level == 1 and cls.flaggable and self._borrow_valid(site):
                            break
                        level += 1
                    if level != site.level:
                        site.level = level
                        changed = True
                if (
                    cls.flaggable
                    and not cls.flagged
                    and any(
                        s.level == 1
                        or (s.level == 0 and self.flag_holder(s.value) is not None)
                        for s in cls.sites
                    )
                ):
                    cls.flagged = True
                    changed = True
                for site in cls.sites:
                    mode = self._mode(cls, site)
                    if mode is not site.mode:
                        site.mode = mode
                        changed = True
        self._drop_useless_flags()
        self.compute_roots()

    def _mode(self, cls: MergeClass, site: Site) -> SiteMode:
        if site.level == 1:
            return SiteMode.BORROW
        if site.level == 2:
            return SiteMode.CLONE
        if self.flag_holder(site.value) is not None and not cls.flagged:
            if self._returned_beside_lenders(site):
                return SiteMode.TRANSFER
            return SiteMode.COND_CLONE
        return SiteMode.TRANSFER

    def _returned_beside_lenders(self, site: Site) -> bool:
        """Whether `site` returns a flagged value, or a value owning nothing (a view, a
        borrowed merge, a call result viewing another), beside every buffer it may
        borrow.

        Each such buffer must be handed over at another result position of the same type
        that the function's shared-result summary (`analysis/forwarding.py`) lets share
        with this one: the caller then owns the buffer once (it compares the results'
        pointers), so the value is returned as is, with no copy when it borrows, and a
        write through one result is seen through the other.
        """
        if site.kind is not SiteKind.RETURN:
            return False
        value = site.value
        owning = self.is_owning(value)
        if owning and not self.is_flagged(value):
            return False
        if self._caller_cannot_free(value):
            return False
        ret = site.source
        function = ret.parent_op()
        assert isinstance(function, func.FuncOp)
        pairs = self.forwarding.shared.get(function)
        for root in self.roots[value]:
            if root is value and owning:
                continue
            if not any(
                k != site.index
                and operand.type == value.type
                and (
                    operand is root
                    or (
                        self.handover_root(operand) is root
                        and not self.frees_through_base(operand)
                    )
                )
                and not self.is_flagged(root)
                and (other := self.site_of.get((ret, k))) is not None
                and other.level == 0
                and (pairs is None or (min(k, site.index), max(k, site.index)) in pairs)
                for k, operand in enumerate(ret.operands)
            ):
                return False
        return True

    def _drop_useless_flags(self) -> None:
        """Unflag merges whose flag would always be true (no borrowed or flagged input)."""
        changed = True
        while changed:
            changed = False
            for cls in self.classes:
                if cls.flagged and not any(
                    s.mode is SiteMode.BORROW
                    or (
                        s.mode is SiteMode.TRANSFER
                        and self.flag_holder(s.value) is not None
                    )
                    for s in cls.sites
                ):
                    cls.flagged = False
                    changed = True
            if changed:
                for cls in self.classes:
                    if cls.owned:
                        for site in cls.sites:
                            site.mode = self._mode(cls, site)

    # ------------------------------------------------------------------ models

    def _clone_model(self, site: Site) -> AllocationModel:
        """The model that copies `site`'s value: that of its first root that can clone."""
        may_default = True
        for root in sorted(self.roots[site.value], key=lambda v: self.order[v]):
            model = self._root_model(root)
            if model is None:
                continue
            if clone_family(model, site.value) is not None:
                return model
            may_default = False
        if may_default and self.memref_default is not None:
            return self.memref_default
        raise _error(
            site.source,
            f"must pass an owned copy of operand #{site.index} but the buffer's "
            "allocation interface cannot clone it",
        )

    def _root_model(self, root: SSAValue) -> AllocationModel | None:
        model = self.model.get(root)
        if model is not None:
            return model
        if isinstance(root, OpResult):
            return allocation_interface(root.op)
        return None

    def decide_families(self) -> None:
        """Pick, for each owned merge class, the model whose dealloc frees its buffers."""
        changed = True
        while changed:
            changed = False
            for cls in self.classes:
                if not cls.owned or not cls.members or cls.members[0] in self.family:
                    continue
                families: dict[str, AllocationModel] = {}
                pending = False
                for site in cls.sites:
                    if site.mode in (SiteMode.TRANSFER, SiteMode.COND_CLONE):
                        owned = self.handover_root(site.value) or site.value
                        family = self.family.get(owned)
                        model = self.model.get(owned)
                        if family is None or model is None:
                            pending = True
                            continue
                        families.setdefault(family, model)
                    elif site.mode is SiteMode.CLONE:
                        if any(
                            self.kind.get(r) is RootKind.MERGE and r not in self.model
                            for r in self.roots[site.value]
                        ):
                            pending = True
                            continue
                        model = self._clone_model(site)
                        family = clone_family(model, site.value)
                        assert family is not None
                        clone_model = clone_result_model(model, site.value)
                        assert clone_model is not None
                        families.setdefault(family, clone_model)
                if len(families) > 1:
                    anchor = cls.members[0]
                    owner = anchor.owner if isinstance(anchor, OpResult) else None
                    op = owner or cls.sites[0].source
                    raise _error(
                        op,
                        "merges buffers freed by different ops ("
                        + ", ".join(sorted(families))
                        + "): cannot pick one free",
                    )
                if pending and not families:
                    continue
                if families:
                    family, model = next(iter(families.items()))
                    for member in cls.members:
                        self.family[member] = family
                        self.model[member] = model
                    changed = True
        for cls in self.classes:
            if cls.owned and cls.members and cls.members[0] not in self.family:
                if self.memref_default is None:
                    raise _error(cls.sites[0].source, "has no memref allocation model")
                for member in cls.members:
                    self.family[member] = "memref.dealloc"
                    self.model[member] = self.memref_default
        self._free_through_base()

    def _free_through_base(self) -> None:
        """Make every owned class that may take over a buffer through a view its type
        cannot tell from the buffer (`frees_through_base`, or an absorbed root of another
        type), or a merge freeing through the base buffer, free through the base buffer
        too (`FreeThroughBaseModel`)."""
        changed = True
        while changed:
            changed = False
            for cls in self.classes:
                if not cls.owned or not cls.members:
                    continue
                model = self.model[cls.members[0]]
                if isinstance(model, FreeThroughBaseModel):
                    continue
                if any(
                    site.mode in (SiteMode.TRANSFER, SiteMode.COND_CLONE)
                    and (
                        self.frees_through_base(site.value)
                        or any(r.type != site.value.type for r in self.absorbed(site))
                        or isinstance(
                            self.model.get(
                                self.handover_root(site.value) or site.value
                            ),
                            FreeThroughBaseModel,
                        )
                    )
                    for site in cls.sites
                ):
                    for member in cls.members:
                        self.model[member] = FreeThroughBaseModel(model)
                    changed = True

    # ------------------------------------------------------------------ placement

    def place_frees(self, plan: DeallocationPlan) -> None:
        owning = [
            v for v in self.kind if self.is_owning(v) and v not in self.user_managed
        ]
        owning.sort(key=lambda v: self.order[v])
        for root in owning:
            self._place(root, plan)
        for root, frees in self.user_frees.items():
            if root in self.model:
                self._place(root, plan, frees)
        for cls in self.classes:
            if id(cls) in self.user_classes:
                # members the input never frees (a loop result after a realloc of its
                # iter_arg in the body) are freed by us, the others on the missing paths
                for member in cls.members:
                    if member not in self.user_frees:
                        self._place(member, plan)

    def _place(
        self,
        root: SSAValue,
        plan: DeallocationPlan,
        user_frees: list[Operation] | None = None,
    ) -> None:
        """Plan the frees of `root`: after its last use on every path, except where an
        edge hands it over.  With `user_frees` (the frees the input program has for it),
        only on the paths none of those frees is on."""
        region = _defining_region(root)
        def_block = _defining_block(root)
        model = self.model[root]
        uses = self._uses_in_region(root, region)
        consumed_ops: set[Operation] = set()
        partially_freeing: dict[Operation, list[Operation]] = {}
        """Single-entry region ops holding some of the input's frees -> those frees."""
        for free in user_frees or ():
            anchor = ancestor_in_region(free, region)
            if anchor is None:
                continue
            consumed_ops.add(anchor)
            if anchor is not free and isinstance(anchor, CAPTURING_OPS):
                partially_freeing.setdefault(anchor, []).append(free)
        consumed_edges: set[tuple[Operation, int]] = set()
        captured_by: dict[Operation, set[Operation]] = {}
        """Region ops taking `root` over from inside -> the exits that hand it over."""
        handed = [
            site
            for alias in self.aliases(root)
            if alias is not root and self.kind.get(alias) is RootKind.VIEW
            for site in self.sites_of_value(alias)
            if site.mode is SiteMode.TRANSFER and self.handover_root(alias) is root
        ]
        for site in [*self.sites_of_value(root), *handed]:
            if site.mode in (SiteMode.TRANSFER, SiteMode.COND_CLONE):
                if site.kind is SiteKind.BRANCH:
                    consumed_edges.update((site.source, e) for e in site.edges)
                elif site.source.parent_region() is not region:
                    holder = site.source.parent_op()
                    assert holder is not None
                    consumed_ops.add(holder)
                    captured_by.setdefault(holder, set()).add(site.source)
                else:
                    consumed_ops.add(site.source)
        uses_by_block: dict[Block, list[Operation]] = {}
        for op in uses:
            if (b := op.parent_block()) is not None:
                uses_by_block.setdefault(b, []).append(op)
        live = self._live_in(region, def_block, set(uses_by_block), consumed_edges)

        conditional = self.is_flagged(root)

        def add(point: FreePoint) -> None:
            holders: tuple[SSAValue, ...] = ()
            if point.edge is not None:
                holders = self._holders(root, uses, *point.edge)
            plan.frees.append(PlannedFree(root, model, point, conditional, holders))

        for holder, frees in partially_freeing.items():
            for nested in holder.regions:
                block = nested.blocks.first
                if block is None:
                    add(FreePoint(empty_region=nested))
                    continue
                if any(ancestor_in_region(free, nested) is not None for free in frees):
                    continue
                nested_uses = self._uses_in_region(root, nested)
                last = max(nested_uses, key=self.position, default=None)
                if last is not None and last is block.last_op:
                    continue  # forwarded from here: the program frees it further on
                add(
                    FreePoint(block_start=block)
                    if last is None
                    else FreePoint(after=last)
                )
        if user_frees is not None:
            # only the paths through no free of the input: blocks beyond the def block
            for block in sorted({def_block, *live}, key=self.block_position):
                if any(op.parent_block() is block for op in consumed_ops):
                    continue
                terminator = block.last_op
                edges = self._successor_edges(block)
                needed = [succ in live for _, succ in edges]
                if edges and any(needed) and not all(needed):
                    for (i, _), need in zip(edges, needed, strict=True):
                        if not need:
                            assert terminator is not None
                            add(FreePoint(edge=(terminator, i)))
            return
        for holder, exits in captured_by.items():
            for nested in holder.regions:
                block = nested.blocks.first
                assert block is not None
                if block.last_op in exits:
                    continue
                nested_uses = self._uses_in_region(root, nested)
                last = max(nested_uses, key=self.position, default=None)
                assert last is not block.last_op
                if last is None:
                    add(FreePoint(block_start=block))
                else:
                    add(FreePoint(after=last))

        for block in sorted({def_block, *live}, key=self.block_position):
            if any(op.parent_block() is block for op in consumed_ops):
                continue
            terminator = block.last_op
            edges = self._successor_edges(block)
            needed = [
                succ in live or (terminator, i) in consumed_edges for i, succ in edges
            ]
            if edges and all(needed):
                continue
            if edges and any(needed):
                for (i, _), need in zip(edges, needed, strict=True):
                    if not need:
                        assert terminator is not None
                        add(FreePoint(edge=(terminator, i)))
                continue
            last: Operation | None = max(
                uses_by_block.get(block, ()), key=self.position, default=None
            )
            if last is None:
                if block is not def_block:
                    continue
                if isinstance(root, OpResult):
                    add(FreePoint(after=root.op))
                else:
                    add(FreePoint(block_start=block))
            elif last is terminator:
                # the values handing this root on (the same value forwarded again
                # borrows it from the merge that takes it)
                holders = self._holders(root, uses, last)
                only_clones = len(last.successors) <= 1 and all(
                    alias in holders
                    or (
                        (s := self.site_of.get((user, index))) is not None
                        and s.mode in (SiteMode.CLONE, SiteMode.COND_CLONE)
                    )
                    for user, index, alias in uses[last]
                )
                if only_clones:
                    plan.frees.append(
                        PlannedFree(
                            root,
                            model,
                            FreePoint(before=last),
                            conditional,
                            holders,
                        )
                    )
                elif edges:
                    for i, _ in edges:
                        add(FreePoint(edge=(last, i)))
                else:
                    raise _error(
                        last,
                        "uses a buffer in a way that leaves no point to free it",
                    )
            else:
                add(FreePoint(after=last))

    def _holders(
        self,
        root: SSAValue,
        uses: dict[Operation, list[tuple[Operation, int, SSAValue]]],
        terminator: Operation,
        edge: int | None = None,
    ) -> tuple[SSAValue, ...]:
        """The values `terminator` forwards (along successor `edge` only, if given) that
        take `root`'s ownership on when they hold its buffer (`absorbed`): a free of
        `root` there runs only if none of them does."""
        return tuple(
            dict.fromkeys(
                site.value
                for user, index, _ in uses.get(terminator, ())
                if (site := self.site_of.get((user, index))) is not None
                and (edge is None or edge in site.edges)
                and root in self.absorbed(site)
            )
        )

    def _check_viewed_returns(self) -> None:
        """A result returned as a view of another must view the buffer handed over."""
        for (ret, index), owner in self.viewed_returns.items():
            site = self.site_of.get((ret, owner))
            if (
                site is None
                or site.mode is not SiteMode.TRANSFER
                or not self.roots[ret.operands[index]]
                <= self.roots[ret.operands[owner]]
            ):
                raise _error(
                    ret,
                    f"returns operand #{index} as a view of result #{owner} but cannot "
                    "hand that result's buffer over to the caller",
                )

    def _check_forwarded(self) -> None:
        """A forwarded result must hold its argument's buffer only (nothing owned)."""
        for (ret, index), argument in self.forwarded_returns.items():
            if not self.roots[ret.operands[index]] <= {argument}:
                raise _error(
                    ret,
                    f"returns operand #{index} as a view of argument "
                    f"#{argument.index} (forwarded to callers) but it may hold "
                    "another buffer",
                )

    # ------------------------------------------------------------------ driver

    def run(self) -> DeallocationPlan:
        self.collect()
        self.build_classes()
        self.decide_classes()
        self.promote_transfers()
        self.decide_sites()
        self._check_forwarded()
        self._check_viewed_returns()
        self.decide_families()
        plan = DeallocationPlan()
        plan.result_flags = {
            r: e for r, e in self.shared_results.items() if self.is_flagged(r)
        }
        for site in self.sites:
            if site.mode in (SiteMode.CLONE, SiteMode.COND_CLONE):
                plan.clones.append(
                    PlannedClone(
                        site.source,
                        site.index,
                        self._clone_model(site),
                        site.mode is SiteMode.COND_CLONE,
                        self.flag_holder(site.value)
                        if site.mode is SiteMode.COND_CLONE
                        else None,
                    )
                )
        for cls in self.classes:
            if not cls.flagged:
                continue
            plan.flagged.extend(cls.members)
            for site in cls.sites:
                if site.mode is SiteMode.BORROW:
                    flag = PlannedFlag(site.source, site.index, False)
                elif (
                    site.mode is SiteMode.TRANSFER
                    and (holder := self.flag_holder(site.value)) is not None
                ):
                    absorbs = tuple(
                        (root, self.is_flagged(root))
                        for root in sorted(
                            self.absorbed(site), key=self.order.__getitem__
                        )
                    )
                    flag = PlannedFlag(site.source, site.index, None, holder, absorbs)
                else:
                    flag = PlannedFlag(site.source, site.index, True)
                plan.flags.append(flag)
        self.place_frees(plan)
        return plan


def analyze_deallocation(module: builtin.ModuleOp) -> DeallocationPlan:
    """Plan the clones and frees that make `module` leak-free (raises on unsupported IR)."""
    return OwnershipAnalysis(module).run()
