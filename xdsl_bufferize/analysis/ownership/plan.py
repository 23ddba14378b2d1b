"""The records of the ownership analysis (see the package docstring): what it plans
(`DeallocationPlan` and its parts), what it works on (sites, merge classes, kinds of
memref values), and `OwnershipState`, the state every phase reads and fills."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from xdsl.dialects import builtin, func, memref
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.irdl.dominance import DominanceInfo

from xdsl_bufferize.analysis.forwarding import ForwardingAnalysis
from xdsl_bufferize.analysis.freed_arguments import FreedArguments
from xdsl_bufferize.interfaces.allocation import (
    AllocationModel,
    registered_allocation_model,
)
from xdsl_bufferize.utils.ir import ancestor_in_region

STAGE = "buffer-deallocation"
"""The stage named in the diagnostics of the ownership analysis."""


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
    absorbed root, see `sites.absorbed`): the free runs only if none does."""


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


@dataclass(eq=False)
class OwnershipState:
    """What the phases of the ownership analysis know about one module: filled by
    `collect` and `build_classes`, then decided by the later phases."""

    module: builtin.ModuleOp
    never_lent: frozenset[tuple[func.FuncOp, int]] = frozenset()
    """(function, result index) pairs of maybe-forwarded results (`analysis/forwarding.py`)
    that an earlier run of the analysis found are never returned as an argument (every
    return copies or hands over its own buffer): callers need no pointer check for them."""
    kind: dict[SSAValue, RootKind] = field(
        default_factory=dict[SSAValue, RootKind], init=False
    )
    """The kind of every memref value of the module."""
    model: dict[SSAValue, AllocationModel] = field(
        default_factory=dict[SSAValue, AllocationModel], init=False
    )
    """Owning roots and owned merges -> the allocation model that frees them."""
    family: dict[SSAValue, str] = field(default_factory=dict[SSAValue, str], init=False)
    """Owning roots and owned merges -> the name of the op that frees them."""
    view_sources: dict[SSAValue, list[SSAValue]] = field(
        default_factory=dict[SSAValue, list[SSAValue]], init=False
    )
    """Views -> the values they are views of."""
    sites: list[Site] = field(default_factory=list[Site], init=False)
    """Every forwarded memref operand, in the order they were collected."""
    site_of: dict[tuple[Operation, int], Site] = field(
        default_factory=dict[tuple[Operation, int], Site], init=False
    )
    """(op, operand index) -> the site of that operand."""
    sites_from: dict[Operation, list[Site]] = field(
        default_factory=dict[Operation, list[Site]], init=False
    )
    """Sites by source op."""
    _sites_by_value: dict[SSAValue, list[Site]] | None = field(default=None, init=False)
    _position: dict[Operation, int] = field(
        default_factory=dict[Operation, int], init=False
    )
    """Index of each op in its block (filled a block at a time, on demand)."""
    _block_position: dict[Block, int] = field(
        default_factory=dict[Block, int], init=False
    )
    """Index of each block in its region (filled a region at a time, on demand)."""
    class_of: dict[SSAValue, MergeClass] = field(
        default_factory=dict[SSAValue, MergeClass], init=False
    )
    """Merge values -> their class."""
    classes: list[MergeClass] = field(default_factory=list[MergeClass], init=False)
    """Every merge class (one with no members for each returned operand)."""
    freed_by_input: dict[SSAValue, list[Operation]] = field(
        default_factory=dict[SSAValue, list[Operation]], init=False
    )
    """Memref operands of the frees already in the input -> those frees."""
    user_frees: dict[SSAValue, list[Operation]] = field(
        default_factory=dict[SSAValue, list[Operation]], init=False
    )
    """Owning roots the input program frees itself -> the ops freeing them."""
    user_classes: set[int] = field(default_factory=set[int], init=False)
    """Ids of the merge classes the input program frees itself."""
    user_managed: set[SSAValue] = field(default_factory=set[SSAValue], init=False)
    """Owning roots and merges whose buffer the input program frees itself."""
    program_freed: set[SSAValue] = field(default_factory=set[SSAValue], init=False)
    """Values a free of the input program may free the buffer of: the values it frees
    and those they are made of (through views and the inputs of merges).  A member of a
    merge class the program frees that is not among them (the result of a loop whose
    iter_arg `memref.realloc` frees) is freed by us alone: it may be handed over."""
    freed_indirectly: set[SSAValue] = field(default_factory=set[SSAValue], init=False)
    """Values of `program_freed` some free of the input reaches through a merge (it
    frees a merge they flow into, or a source of theirs): not only by `user_frees`."""
    _handable: dict[SSAValue, bool] = field(
        default_factory=dict[SSAValue, bool], init=False
    )
    """Cache of `sites.program_may_free`'s answers."""
    roots: dict[SSAValue, frozenset[SSAValue]] = field(
        default_factory=dict[SSAValue, frozenset[SSAValue]], init=False
    )
    """Memref value -> the roots whose buffer it may hold (`roots.compute_roots`)."""
    _alias_index: dict[SSAValue, dict[SSAValue, None]] | None = field(
        default=None, init=False
    )
    """Root -> the values whose roots hold it (an insertion-ordered set)."""
    _dependents: dict[SSAValue, list[SSAValue]] | None = field(default=None, init=False)
    """Value -> the values whose roots are computed from its roots."""
    dominance: dict[Region, DominanceInfo] = field(
        default_factory=dict[Region, DominanceInfo], init=False
    )
    """The dominance of each region asked for (on demand)."""
    order: dict[SSAValue, int] = field(default_factory=dict[SSAValue, int], init=False)
    """Memref value -> its index in the order values were classified."""
    memref_default: AllocationModel | None = field(
        default_factory=lambda: registered_allocation_model(memref.AllocOp),
        init=False,
    )
    """The allocation model of `memref.alloc`: frees call results and the owned merges
    nothing else decides, copies buffers with no model of their own."""
    result_models: dict[func.FuncOp, dict[int, tuple[AllocationModel, str]]] = field(
        default_factory=dict[func.FuncOp, dict[int, tuple[AllocationModel, str]]],
        init=False,
    )
    """Function -> {memref result: (model, free op)} for results that are, on every
    path, buffers of one allocator other than `memref.alloc` (`collect._result_models`)."""
    freed: FreedArguments = field(default_factory=FreedArguments, init=False)
    """The arguments each function frees (`analysis/freed_arguments.py`)."""
    forwarding: ForwardingAnalysis = field(
        default_factory=ForwardingAnalysis, init=False
    )
    """Results of private functions that are views of an argument (no clone)."""
    forwarded_returns: dict[tuple[Operation, int], BlockArgument] = field(
        default_factory=dict[tuple[Operation, int], BlockArgument], init=False
    )
    """(func.return, operand index) of forwarded results -> the argument forwarded."""
    viewed_returns: dict[tuple[Operation, int], int] = field(
        default_factory=dict[tuple[Operation, int], int], init=False
    )
    """(func.return, operand index) of results that view another result's buffer ->
    the index of that result (whose fresh buffer the caller owns)."""
    shared_results: dict[SSAValue, list[SSAValue]] = field(
        default_factory=dict[SSAValue, list[SSAValue]], init=False
    )
    """Call results that may be the very buffer of earlier results of the same call
    (a callee returning one buffer twice) -> those results: owned (flag) only when
    they are none of them, else they borrow it."""
    absorbed_by_call: dict[SSAValue, SSAValue] = field(
        default_factory=dict[SSAValue, SSAValue], init=False
    )
    """Owning roots passed to a call that may return them, dead after it -> that call
    result, which owns its buffer on every path (`collect.absorb_call_operands`): the
    root is freed after the call only when the result does not hold it."""

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

    def _dominance(self, region: Region) -> DominanceInfo:
        info = self.dominance.get(region)
        if info is None:
            info = self.dominance[region] = DominanceInfo(region)
        return info


def _successor_edges(block: Block) -> list[tuple[int, Block]]:
    terminator = block.last_op
    if terminator is None:
        return []
    return list(enumerate(terminator.successors))


def _live_in(
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
