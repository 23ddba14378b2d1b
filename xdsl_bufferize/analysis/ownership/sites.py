"""Phase 3 of the ownership analysis, one site at a time: whether an edge may hand
its value's buffer over to its merge (transfer), let the merge alias it (borrow), or
absorb a root dying there, and which owning root a view hands over."""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects import builtin, func, memref
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Block, Operation, OpResult, SSAValue

from xdsl_bufferize.analysis.ownership.plan import (
    MergeClass,
    OwnershipState,
    RootKind,
    Site,
    SiteKind,
    SiteMode,
    _defining_block,
    _defining_region,
    _is_inside,
    _live_in,
    _region_encloses,
    _successor_edges,
)
from xdsl_bufferize.interfaces.region_branch import captures_buffers
from xdsl_bufferize.interfaces.view_like import is_view
from xdsl_bufferize.utils.ir import ancestor_in_region, is_memref
from xdsl_bufferize.utils.memref_layout import has_no_layout, static_offset_layout


def _outlives(state: OwnershipState, root: SSAValue, site: Site) -> bool:
    """Whether `root` stays alive wherever the merge fed by `site` may be used."""
    if not state.is_owning(root):
        return True
    block = _defining_block(root)
    if site.kind is SiteKind.BRANCH:
        target_block = _defining_block(site.targets[0])
        region = target_block.parent_region()
        assert region is not None
        def_region = block.parent_region()
        assert def_region is not None
        if def_region is region:
            return state._dominance(region).strictly_dominates(block, target_block)
        return _region_encloses(def_region, region)
    if site.kind is SiteKind.RETURN:
        return False
    region_op = site.source if site.kind is SiteKind.ENTRY else site.source.parent_op()
    assert region_op is not None
    return not _is_inside(block, region_op)


def _borrowed_inputs(
    state: OwnershipState, cls: MergeClass, member: SSAValue
) -> Iterable[SSAValue]:
    """Roots `member` of a flagged class may hold without owning them (besides itself).

    A root handed over to a sibling merge by the same edge (the same buffer forwarded
    twice, or a value borrowing a buffer the edge hands over) is held through that
    sibling: the member borrows the sibling's buffer.
    """
    for site in cls.sites:
        if site.mode is SiteMode.BORROW:
            held = state.roots[site.value]
        elif (
            site.mode is SiteMode.TRANSFER
            and (holder := flag_holder(state, site.value)) is not None
        ):
            taken = absorbed(state, site)
            held = (
                r
                for r in state.roots[site.value]
                if r is not site.value and r is not holder and r not in taken
            )
        else:
            continue
        for root in held:
            if _handed_to_sibling(state, site, root):
                yield from _siblings_of_member(state, site, root, member)
            else:
                yield root


def _sibling_site(
    state: OwnershipState, site: Site, root: SSAValue, with_absorbed: bool = True
) -> Site | None:
    """Another operand of `site`'s op that hands `root` itself over to an owned merge
    on every edge `site` is forwarded on (None if there is none).  With `with_absorbed`, an
    earlier operand forwarding the same value and absorbing `root` counts too."""
    for other in state.sites_from.get(site.source, ()):
        if (
            other is site
            or (
                other.value is not root
                and handover_root(state, other.value) is not root
                and not (
                    with_absorbed
                    and other.value is site.value
                    and other.index < site.index
                    and root in absorbed(state, other)
                )
            )
            or other.level != 0
            or not other.targets
            or other.kind is SiteKind.RETURN
            or not state.class_of[other.targets[0]].owned
            or not state.is_owning(root)
            or not set(site.target_edges) <= set(other.target_edges)
        ):
            continue
        return other
    return None


def _handed_to_sibling(state: OwnershipState, site: Site, root: SSAValue) -> bool:
    return _sibling_site(state, site, root) is not None


def _siblings_of_member(
    state: OwnershipState, site: Site, root: SSAValue, member: SSAValue
) -> Iterable[SSAValue]:
    """The merges that receive `root` beside `member` (fed by `site`) on each edge."""
    other = _sibling_site(state, site, root)
    assert other is not None
    for target, edge in zip(site.targets, site.target_edges, strict=True):
        if target is member:
            yield other.targets[other.target_edges.index(edge)]


def handover_root(state: OwnershipState, value: SSAValue) -> SSAValue | None:
    """The owning root a view `value` may hand over (its merge or caller then frees the
    buffer through the view), or None.

    The root may be a flagged merge: the view then hands over its conditional
    ownership (the flag of the root, see `flag_holder`).

    The view must be made by view ops only (`interfaces/view_like.py`, or calls
    returning (a view of) an operand or of another result, see `forwarding.py`) from
    a heap buffer that is not conditionally owned, and either keep the allocation itself (`memref.cast`, a call
    forwarding its operand's buffer itself: `ForwardingAnalysis.forwards_base`) or
    have a static offset layout (freed through its base buffer, see
    `models/allocation.py`).
    """
    found = _view_root(state, value)
    if found is None:
        return None
    current, base_preserving = found
    if current is value or not state.is_owning(current):
        return None
    if program_may_free(state, current):
        return None
    if (
        not base_preserving
        and static_offset_layout(value.type) is None
        and state.kind.get(current) is RootKind.OWNING
        and state.family.get(current) != "memref.dealloc"
    ):
        return None  # other frees may not take a base buffer (merges: see families)
    return current


def program_may_free(state: OwnershipState, value: SSAValue) -> bool:
    """Whether a free of the input program may free `value`'s buffer after an edge
    hands it (or a view of it) over: then we must not take it over.

    No free of the program reaches a value outside `program_freed`.  A merge the
    program frees itself only directly (by `user_frees`, never through another merge:
    the header argument of a `cf` loop whose body reallocates it) may still be handed
    over when none of those frees can follow any edge forwarding it or a view of it
    (the loop's exit).
    """
    if value not in state.program_freed:
        return False
    known = state._handable.get(value)
    if known is None:
        known = not (
            state.kind.get(value) is RootKind.MERGE
            and value not in state.freed_indirectly
            and value in state.user_frees
            and not any(
                _may_follow(state, value, site.source, free)
                for site in _forwarding_sites(state, value)
                for free in state.user_frees[value]
            )
        )
        state._handable[value] = known
    return known


def _forwarding_sites(state: OwnershipState, value: SSAValue) -> list[Site]:
    """The sites forwarding `value` or a view of it (`_view_root`)."""
    viewed = [
        view
        for view in state.view_sources
        if (found := _view_root(state, view)) is not None and found[0] is value
    ]
    return [site for v in (value, *viewed) for site in state.sites_of_value(v)]


def _may_follow(
    state: OwnershipState, value: SSAValue, first: Operation, then: Operation
) -> bool:
    """Whether `then` may run after `first` (both using `value`) on some path, in the
    region defining `value` (conservatively true when either is not inside it)."""
    region = _defining_region(value)
    a = ancestor_in_region(first, region)
    b = ancestor_in_region(then, region)
    if a is None or b is None or a is b:
        return True
    block_a, block_b = a.parent_block(), b.parent_block()
    assert block_a is not None and block_b is not None
    if block_a is block_b and state.position(b) > state.position(a):
        return True
    seen: set[Block] = set()
    work = [succ for _, succ in _successor_edges(block_a)]
    while work:
        block = work.pop()
        if block is block_b:
            return True
        if block not in seen:
            seen.add(block)
            work.extend(succ for _, succ in _successor_edges(block))
    return False


def may_hold_inner_view(state: OwnershipState, value: SSAValue) -> bool:
    """Whether the merge `value` may take over a view that its merge must free
    through the base buffer (`frees_through_base`), directly or through other
    merges (whatever the modes of their edges end up being)."""
    start = state.class_of.get(value)
    work = [] if start is None else [start]
    seen: set[int] = set()
    while work:
        cls = work.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        for site in cls.sites:
            if frees_through_base(state, site.value):
                return True
            other = state.class_of.get(site.value)
            if other is not None:
                work.append(other)
    return False


def _whole_reshape(op: Operation) -> bool:
    """Whether `op` reshapes a contiguous buffer into a contiguous buffer
    (`memref.expand_shape` / `collapse_shape` between identity layouts): the view
    keeps the allocation's start and extent, so a plain dealloc of it frees the
    allocation, as MLIR's lowered dealloc frees the descriptor's allocated pointer."""
    if not isinstance(op, memref.ExpandShapeOp | memref.CollapseShapeOp):
        return False
    source, result = op.operands[0].type, op.results[0].type
    return (
        isinstance(source, MemRefType)
        and isinstance(result, MemRefType)
        and has_no_layout(source)
        and has_no_layout(result)
    )


def _view_root(state: OwnershipState, value: SSAValue) -> tuple[SSAValue, bool] | None:
    """The value `value` is a view of through single-source view ops and calls
    forwarding (a view of) an operand, and whether the view keeps its start
    (`memref.cast`s, calls forwarding the operand's buffer itself); None when the
    chain meets another kind of view."""
    base_preserving = True
    current = value
    while state.kind.get(current) is RootKind.VIEW:
        if not isinstance(current, OpResult) or not (
            is_view(current.op) or isinstance(current.op, func.CallOp)
        ):
            return None
        if isinstance(current.op, func.CallOp):
            if not state.forwarding.forwards_base(current.op, current.index):
                base_preserving = False
        elif not isinstance(current.op, memref.CastOp) and not _whole_reshape(
            current.op
        ):
            base_preserving = False
        sources = state.view_sources[current]
        if len(sources) != 1:
            return None
        current = sources[0]
    return current, base_preserving


def frees_through_base(state: OwnershipState, value: SSAValue) -> bool:
    """Whether a merge taking over the view `value` must free its buffer through the
    base buffer (`memref.extract_strided_metadata`): the view may not start at the
    allocation and its type does not say so (no static offset layout).  A function
    cannot return such a view to a caller that would free it."""
    if handover_root(state, value) is None:
        return False
    found = _view_root(state, value)
    assert found is not None
    root, preserving = found
    # A root whose type gives a static offset layout may itself be a view that does
    # not start at the allocation (a merge holding a subview): a cast of it to a type
    # without that offset must be freed through the base buffer too.
    if static_offset_layout(root.type) is not None:
        preserving = False
    return not preserving and static_offset_layout(value.type) is None


def _caller_cannot_free(state: OwnershipState, value: SSAValue) -> bool:
    """Whether `value`, returned as it is, might be a view its callers could not free
    with a plain dealloc (itself such a view, or a merge that may take one over)."""
    return frees_through_base(state, value) or may_hold_inner_view(state, value)


def _owned_value(state: OwnershipState, site: Site) -> SSAValue | None:
    """The owning root `site` would hand over: its value, or the root of a view."""
    value = site.value
    if state.is_owning(value):
        return value
    return handover_root(state, value)


def flag_holder(state: OwnershipState, value: SSAValue) -> SSAValue | None:
    """The flagged value whose ownership flag `value` hands on when it is handed over:
    `value` itself, or the flagged root of a view `value` (None if neither)."""
    if state.is_flagged(value):
        return value
    root = handover_root(state, value)
    return root if root is not None and state.is_flagged(root) else None


def _transfer_valid(state: OwnershipState, site: Site) -> bool:
    value = _owned_value(state, site)
    if value is None or program_may_free(state, value):
        return False
    if value in state.program_freed and _defining_region(value) is not (
        site.source.parent_region()
    ):
        return False  # the program frees it on other paths: not from a nested region
    if site.kind is SiteKind.RETURN and (
        frees_through_base(state, site.value) or may_hold_inner_view(state, value)
    ):
        return False  # its callers free results with a plain dealloc
    source_region = site.source.parent_region()
    if source_region is None:
        return False
    if _defining_region(value) is not source_region:
        return _capturing_op(state, site) is not None
    if value is not site.value and _defining_region(site.value) is not source_region:
        return False
    alias_set = set(state.aliases(value))
    for i, operand in enumerate(site.source.operands):
        if i == site.index or operand not in alias_set:
            continue
        if state.viewed_returns.get((site.source, i)) == site.index:
            continue  # returned as a view of this buffer: the caller knows
        if (
            site.kind is SiteKind.RETURN
            and operand is site.value
            and not isinstance(operand.type, builtin.UnrankedMemRefType)
        ):
            continue  # one buffer returned twice: callers free it once (they compare
            # pointers, which unranked memrefs do not give)
        other = state.site_of.get((site.source, i))
        if (
            site.kind is SiteKind.BRANCH
            and other is not None
            and not (other.edges & site.edges)
        ):
            continue
        if other is not None and (
            i > site.index
            or (operand is not value and handover_root(state, operand) is not value)
        ):
            # the buffer passed again, or a value that may borrow it (a flagged merge
            # handing on its own flag only): that operand borrows it from this one's
            # merge, or gets a copy
            continue
        return False
    uses = state._uses_in_region(value, source_region)
    block = site.source.parent_block()
    assert block is not None
    if site.kind is SiteKind.ENTRY:
        for user, index, alias in uses.get(site.source, []):
            if not (
                user is site.source and index == site.index and alias is site.value
            ):
                return False
        here = state.position(site.source)
        for op in uses:
            if op.parent_block() is block and state.position(op) > here:
                return False
    if site.kind in (SiteKind.ENTRY, SiteKind.BRANCH):
        blocks_with_uses = {b for op in uses if (b := op.parent_block()) is not None}
        live = _live_in(source_region, _defining_block(value), blocks_with_uses, set())
        for succ_index, succ in _successor_edges(block):
            on_edge = site.kind is SiteKind.ENTRY or succ_index in site.edges
            if on_edge and succ in live:
                return False
    return True


def _capturing_op(state: OwnershipState, site: Site) -> Operation | None:
    """The region op that takes over `site`'s value, a buffer defined outside it, if
    the value may be handed over from inside it (None otherwise).

    A single-entry region op (`scf.if`, `scf.index_switch`, `scf.execute_region`) in
    the region of the buffer, at the buffer's last use there, may consume it: its exits
    yielding the buffer hand it over to the op's results, and each of its regions that
    does not yield it frees it (after its last use there).  A loop yielding its own
    iter_arg on some paths and a fresh buffer on others then needs no copy.
    """
    value = _owned_value(state, site)
    op = site.source.parent_op()
    if (
        value is None
        or site.kind is not SiteKind.EXIT
        or op is None
        or not captures_buffers(op)
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
    alias_set = set(state.aliases(value))
    for nested in op.regions:
        if len(nested.blocks) != 1:
            return None
        terminator = nested.blocks.first.last_op  # pyright: ignore[reportOptionalMemberAccess]
        if terminator is None:
            return None
        for i, operand in enumerate(terminator.operands):
            if operand not in alias_set:
                continue
            other = state.site_of.get((terminator, i))
            if (
                other is None
                or operand is not yielded
                or other.level != 0
                or not other.targets
                or not state.class_of[other.targets[0]].owned
            ):
                return None
        if sum(operand is yielded for operand in terminator.operands) > 1:
            return None
    block = op.parent_block()
    assert block is not None
    uses = state._uses_in_region(value, region)
    here = state.position(op)
    for user in uses:
        if user.parent_block() is block and state.position(user) > here:
            return None
    blocks_with_uses = {b for user in uses if (b := user.parent_block()) is not None}
    live = _live_in(region, _defining_block(value), blocks_with_uses, set())
    if any(succ in live for _, succ in _successor_edges(block)):
        return None
    return op


def _borrow_valid(state: OwnershipState, site: Site) -> bool:
    """Whether the merge fed by `site` may alias the value without owning it."""
    roots = state.roots[site.value]
    siblings = {r for r in roots if _handed_to_sibling(state, site, r)}
    if not all(_outlives(state, root, site) for root in roots - siblings):
        return False
    for i, operand in enumerate(site.source.operands):
        other = state.site_of.get((site.source, i))
        if other is None or other is site or other.level != 0:
            continue
        if other.targets and not state.class_of[other.targets[0]].owned:
            continue  # into a borrowed merge: nothing is handed over
        if site.kind is SiteKind.BRANCH and not (other.edges & site.edges):
            continue
        if operand in roots and operand not in siblings and state.is_owning(operand):
            return False  # handed over by the same op: nobody would keep it alive
    return True


def _transfer_ok(state: OwnershipState, site: Site, can_flag: bool) -> bool:
    """Whether `site` may hand its value's ownership over to its merge."""
    if not _transfer_valid(state, site):
        return False
    holder = flag_holder(state, site.value)
    if holder is not None and holder is not site.value and not can_flag:
        return False  # a view of a flagged merge: only a flag can say who frees it
    if can_flag and holder is not None:
        # when the flag is false the merge borrows what the value borrowed, or takes
        # over the buffer of a root dying at the exit (absorbed)
        value = site.value
        absorbable = _absorbable(state, site)
        return all(
            _outlives(state, root, site)
            or _handed_to_sibling(state, site, root)
            or root in absorbable
            for root in state.roots[value]
            if root is not value and root is not holder
        )
    return True


def absorbed(state: OwnershipState, site: Site) -> frozenset[SSAValue]:
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
    if not site.targets or not state.class_of[site.targets[0]].flagged:
        return frozenset()
    return _absorbable(state, site)


def _absorbable(state: OwnershipState, site: Site) -> frozenset[SSAValue]:
    """The roots `site` may absorb (see `absorbed`) if it transfers a flagged value
    (or a view of one)."""
    value = site.value
    holder = flag_holder(state, value)
    if site.kind not in (SiteKind.EXIT, SiteKind.BRANCH) or holder is None:
        return frozenset()
    region = site.source.parent_region()
    if region is None or (site.kind is SiteKind.EXIT and len(region.blocks) != 1):
        return frozenset()
    found: set[SSAValue] = set()
    for root in state.roots[value]:
        if (
            root is value
            or root is holder
            or _outlives(state, root, site)
            or _sibling_site(state, site, root, with_absorbed=False) is not None
            or not state.is_owning(root)
            or program_may_free(state, root)
            or (root.type != value.type and not _frees_any_view(state, root))
            or _defining_region(root) is not region
            or handover_root(state, root) is not None
        ):
            continue
        if any(
            i != site.index
            and is_memref(operand)
            and root in state.roots[operand]
            and not (operand is value and i > site.index)
            and _shares_edge(state, site, i)
            for i, operand in enumerate(site.source.operands)
        ):
            continue
        found.add(root)
    return frozenset(found)


def _frees_any_view(state: OwnershipState, root: SSAValue) -> bool:
    """Whether a merge taking over `root` through a value of another type (a cast
    or view of it) can free it: through the base buffer, for `memref.dealloc` and for
    merges (whose free the taking merge wraps alike)."""
    kind = state.kind.get(root)
    return kind is RootKind.MERGE or (
        kind is RootKind.OWNING and state.family.get(root) == "memref.dealloc"
    )


def _shares_edge(state: OwnershipState, site: Site, index: int) -> bool:
    """Whether operand `index` of `site`'s op may flow along an edge `site` takes (a
    branch operand passed to another successor does not)."""
    if site.kind is not SiteKind.BRANCH:
        return True
    other = state.site_of.get((site.source, index))
    return other is None or bool(other.edges & site.edges)
