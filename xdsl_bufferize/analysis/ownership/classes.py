"""Phase 3 of the ownership analysis, one merge class at a time: which classes are
owned (`decide_classes`, `promote_transfers`), the mode of each site into them and the
ownership flags (`decide_sites`), and the allocation model freeing each class
(`decide_families`)."""

from __future__ import annotations

from xdsl.dialects import builtin, func
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from xdsl_bufferize.analysis.alias_sets import UnionFind
from xdsl_bufferize.analysis.call_graph import function_returns
from xdsl_bufferize.analysis.ownership.collect import clone_family, clone_result_model
from xdsl_bufferize.analysis.ownership.plan import (
    STAGE,
    MergeClass,
    OwnershipState,
    RootKind,
    Site,
    SiteKind,
    SiteMode,
)
from xdsl_bufferize.analysis.ownership.roots import (
    _restore_roots,
    _update_roots,
    compute_roots,
)
from xdsl_bufferize.analysis.ownership.sites import (
    _borrow_valid,
    _caller_cannot_free,
    _outlives,
    _owned_value,
    _transfer_ok,
    _transfer_valid,
    _view_root,
    absorbed,
    flag_holder,
    frees_through_base,
    handover_root,
    program_may_free,
)
from xdsl_bufferize.interfaces.allocation import (
    AllocationModel,
    FreeThroughBaseModel,
    allocation_interface,
)
from xdsl_bufferize.interfaces.branch import branch_successor_operands
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.interfaces.region_branch import carries_ownership_flags


def decide_classes(state: OwnershipState) -> None:
    """Own the merges some of whose inputs may die while the merge is still in use.

    Each round owns the violating merges not fed (through views and borrowed merges) by
    another violating merge: owning that one first may make them valid.
    """
    while True:
        compute_roots(state)
        violating = [
            cls
            for cls in state.classes
            if not cls.owned
            and not all(
                _outlives(state, root, site)
                for site in cls.sites
                for root in state.roots[site.value]
            )
        ]
        if not violating:
            violating = _borrowed_into_owned(state)
        if not violating:
            return
        ids = {id(c) for c in violating}
        first = [c for c in violating if not _fed_by(state, c, ids)]
        for cls in first or violating:
            cls.owned = True


def _borrowed_into_owned(state: OwnershipState) -> list[MergeClass]:
    """Borrowed merges passed (or a view of them) into an owned merge that some of their inputs
    do not outlive (a join whose block argument flows on to a block the join does not
    dominate), with a heap buffer or call result among their inputs: owning them with a
    flag lets ownership travel on with the value instead of a copy at that edge.  Into a
    merge of the function (not a return, whose copy is the callers' contract), also when
    such a buffer, or a merge the program frees itself that we may hand over
    (`program_may_free`), is among the roots of their inputs (borrowed through another
    borrowed merge: an scf.if choosing a loop result or a stack buffer)."""
    found: dict[int, MergeClass] = {}
    for cls in state.classes:
        if not cls.owned:
            continue
        for site in cls.sites:
            viewed = _view_root(state, site.value)
            other = None if viewed is None else state.class_of.get(viewed[0])
            if (
                other is None
                or other.owned
                or id(other) in found
                or not _flaggable(state, other)
                or not _holds_buffer_we_free(state, other, site.kind is SiteKind.RETURN)
                or all(_outlives(state, root, site) for root in state.roots[site.value])
            ):
                continue
            found[id(other)] = other
    return list(found.values())


def _holds_buffer_we_free(
    state: OwnershipState, cls: MergeClass, direct_only: bool
) -> bool:
    """Whether an input of the borrowed class `cls` is (a view handing over) a heap
    buffer or call result or, unless `direct_only`, may hold such a buffer or a merge
    the program frees itself that we may hand over."""
    if any(
        state.kind.get(owned) is RootKind.OWNING
        for s in cls.sites
        if (owned := _owned_value(state, s)) is not None
    ):
        return True
    return not direct_only and any(
        state.is_owning(root)
        and (
            state.kind.get(root) is RootKind.OWNING
            or (root in state.user_managed and not program_may_free(state, root))
        )
        for s in cls.sites
        for root in state.roots[s.value]
    )


def _fed_by(state: OwnershipState, cls: MergeClass, ids: set[int]) -> bool:
    """Whether a borrowed merge other than `cls` with id in `ids` flows into `cls`."""
    seen: set[SSAValue] = set()
    work = [site.value for site in cls.sites]
    while work:
        value = work.pop()
        if value in seen:
            continue
        seen.add(value)
        kind = state.kind.get(value)
        if kind is RootKind.VIEW:
            work.extend(state.view_sources[value])
        elif kind is RootKind.MERGE:
            other = state.class_of[value]
            if other.owned:
                continue
            if other is not cls and id(other) in ids:
                return True
            work.extend(site.value for site in other.sites)
    return False


def _flaggable(state: OwnershipState, cls: MergeClass) -> bool:
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
        if not isinstance(holder, Operation) or not carries_ownership_flags(holder):
            return False
    for site in cls.sites:
        if site.kind is SiteKind.BRANCH:
            ok = branch_successor_operands(site.source) is not None
        elif site.kind is SiteKind.ENTRY:
            ok = carries_ownership_flags(site.source)
        elif site.kind is SiteKind.EXIT:
            parent = site.source.parent_op()
            ok = parent is not None and carries_ownership_flags(parent)
        else:
            ok = False
        if not ok:
            return False
    return True


def promote_transfers(state: OwnershipState) -> None:
    """Own borrowed merges whose inputs (owning roots, owned merges, views handing
    one over) can all be handed over: they die earlier.

    A merge borrowing buffers that are dead after its edges keeps every input alive until
    the merge dies; owning it instead frees the inputs not taken at the branch.  Classes
    feeding each other (a loop swapping buffers) are promoted together.  A promotion is
    kept only if every site still transfers and no other borrowed merge becomes invalid.
    """
    candidates = [c for c in state.classes if not c.owned and c.members]
    candidate_ids = {id(c) for c in candidates}
    feeding: UnionFind[MergeClass] = UnionFind()
    for cls in candidates:
        for site in cls.sites:
            other = state.class_of.get(site.value)
            if other is not None and id(other) in candidate_ids:
                feeding.union(cls, other)
    # groups and their classes come in the order of `state.classes`, whichever
    # representative the union-find picks
    groups: dict[int, list[MergeClass]] = {}
    for cls in candidates:
        groups.setdefault(id(feeding.find(cls)), []).append(cls)
    for group in groups.values():
        members = {id(c) for c in group}
        if not all(
            _owned_value(state, site) is not None
            or (
                (other := state.class_of.get(site.value)) is not None
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
        changed = _update_roots(state, (m for cls in group for m in cls.members))
        ok = all(_transfer_valid(state, site) for cls in group for site in cls.sites)
        ok = ok and all(
            _outlives(state, root, site)
            for value in changed
            for site in state.sites_of_value(value)
            if site.targets and not state.class_of[site.targets[0]].owned
            for root in state.roots[value]
        )
        if not ok:
            for cls in group:
                cls.owned = False
            _restore_roots(state, changed)
    compute_roots(state)


def decide_sites(state: OwnershipState) -> None:
    """Choose, for each edge into an owned merge, transfer, borrow (flag) or clone.

    Each site starts at its cheapest mode and only moves to costlier ones (transfer,
    borrow, clone) until every choice is valid under the aliasing the choices imply, so
    the fixpoint ends.  A merge with a borrowed input, or fed by a flagged merge, gets an
    ownership flag if its ops can carry one; otherwise those inputs are cloned.
    """
    for cls in state.classes:
        cls.flaggable = cls.owned and not cls.pinned and _flaggable(state, cls)
        for site in cls.sites:
            site.mode = SiteMode.BORROW if not cls.owned else SiteMode.TRANSFER
    changed = True
    while changed:
        compute_roots(state)
        changed = False
        for cls in state.classes:
            if not cls.owned or id(cls) in state.user_classes:
                continue
            for site in cls.sites:
                level = site.level
                while level < 2:
                    if level == 0 and (
                        _transfer_ok(state, site, cls.flaggable)
                        or _returned_beside_lenders(state, site)
                    ):
                        break
                    if level == 1 and cls.flaggable and _borrow_valid(state, site):
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
                    or (s.level == 0 and flag_holder(state, s.value) is not None)
                    for s in cls.sites
                )
            ):
                cls.flagged = True
                changed = True
            for site in cls.sites:
                mode = _mode(state, cls, site)
                if mode is not site.mode:
                    site.mode = mode
                    changed = True
    _drop_useless_flags(state)
    compute_roots(state)


def _mode(state: OwnershipState, cls: MergeClass, site: Site) -> SiteMode:
    if site.level == 1:
        return SiteMode.BORROW
    if site.level == 2:
        return SiteMode.CLONE
    if flag_holder(state, site.value) is not None and not cls.flagged:
        if _returned_beside_lenders(state, site):
            return SiteMode.TRANSFER
        return SiteMode.COND_CLONE
    return SiteMode.TRANSFER


def never_lent(state: OwnershipState) -> frozenset[tuple[func.FuncOp, int]]:
    """The maybe-forwarded results (function, index) no return of which passes on, as is,
    a value that may hold one of the arguments it may be (under the decided modes)."""
    found: set[tuple[func.FuncOp, int]] = set()
    for function, results in state.forwarding.maybe_forwarded.items():
        entry = function.body.blocks.first
        assert entry is not None
        for index, arguments in results.items():
            lent = {entry.args[j] for j in arguments}
            if not any(
                site.mode is SiteMode.TRANSFER
                and not state.roots[site.value].isdisjoint(lent)
                for ret in function_returns(function)
                if (site := state.site_of.get((ret, index))) is not None
            ):
                found.add((function, index))
    return frozenset(found)


def _returned_beside_lenders(state: OwnershipState, site: Site) -> bool:
    """Whether `site` returns a flagged value, or a value owning nothing (a view, a
    borrowed merge, a call result viewing another), beside every buffer it may
    borrow.

    Each such buffer must be handed over at another result position of the same type
    that the function's shared-result summary (`analysis/forwarding.py`) lets share
    with this one: the caller then owns the buffer once (it compares the results'
    pointers), so the value is returned as is, with no copy when it borrows, and a
    write through one result is seen through the other.
    """
    if site.kind is not SiteKind.RETURN or isinstance(
        site.value.type, builtin.UnrankedMemRefType
    ):
        return False  # callers cannot compare pointers of unranked memrefs
    value = site.value
    owning = state.is_owning(value)
    if owning and not state.is_flagged(value):
        return False
    ret = site.source
    function = ret.parent_op()
    assert isinstance(function, func.FuncOp)
    entry = function.body.blocks.first
    assert entry is not None
    lent = {
        entry.args[j]
        for j in state.forwarding.maybe_forwarded.get(function, {}).get(site.index, ())
    }
    if not state.roots[value] <= lent and _caller_cannot_free(state, value):
        return False
    pairs = state.forwarding.shared.get(function)
    for root in state.roots[value]:
        if root is value and owning:
            continue
        if root in lent:
            continue  # the callers compare the result with that operand
        if not state.is_owning(root):
            # an argument, a global, a stack or user-managed buffer: the function hands
            # it over nowhere, so no other result lends it to the caller
            return False
        if not any(
            k != site.index
            and operand.type == value.type
            and (
                operand is root
                or (
                    handover_root(state, operand) is root
                    and not frees_through_base(state, operand)
                )
            )
            and not state.is_flagged(root)
            and (other := state.site_of.get((ret, k))) is not None
            and other.level == 0
            and (pairs is None or (min(k, site.index), max(k, site.index)) in pairs)
            for k, operand in enumerate(ret.operands)
        ):
            return False
    return True


def _drop_useless_flags(state: OwnershipState) -> None:
    """Unflag merges whose flag would always be true (no borrowed or flagged input)."""
    changed = True
    while changed:
        changed = False
        for cls in state.classes:
            if cls.flagged and not any(
                s.mode is SiteMode.BORROW
                or (
                    s.mode is SiteMode.TRANSFER
                    and flag_holder(state, s.value) is not None
                )
                for s in cls.sites
            ):
                cls.flagged = False
                changed = True
        if changed:
            for cls in state.classes:
                if cls.owned:
                    for site in cls.sites:
                        site.mode = _mode(state, cls, site)


def _clone_model(state: OwnershipState, site: Site) -> AllocationModel:
    """The model that copies `site`'s value: that of its first root that can clone."""
    may_default = True
    for root in sorted(state.roots[site.value], key=lambda v: state.order[v]):
        model = _root_model(state, root)
        if model is None:
            continue
        if clone_family(model, site.value) is not None:
            return model
        may_default = False
    if may_default and state.memref_default is not None:
        return state.memref_default
    raise op_error(
        STAGE,
        site.source,
        f"must pass an owned copy of operand #{site.index} but the buffer's "
        "allocation interface cannot clone it",
    )


def _root_model(state: OwnershipState, root: SSAValue) -> AllocationModel | None:
    model = state.model.get(root)
    if model is not None:
        return model
    if isinstance(root, OpResult):
        return allocation_interface(root.op)
    return None


def decide_families(state: OwnershipState) -> None:
    """Pick, for each owned merge class, the model whose dealloc frees its buffers."""
    changed = True
    while changed:
        changed = False
        for cls in state.classes:
            if not cls.owned or not cls.members or cls.members[0] in state.family:
                continue
            families: dict[str, AllocationModel] = {}
            pending = False
            for site in cls.sites:
                if site.mode in (SiteMode.TRANSFER, SiteMode.COND_CLONE):
                    owned = handover_root(state, site.value) or site.value
                    family = state.family.get(owned)
                    model = state.model.get(owned)
                    if family is None or model is None:
                        pending = True
                        continue
                    families.setdefault(family, model)
                elif site.mode is SiteMode.CLONE:
                    if any(
                        state.kind.get(r) is RootKind.MERGE and r not in state.model
                        for r in state.roots[site.value]
                    ):
                        pending = True
                        continue
                    model = _clone_model(state, site)
                    family = clone_family(model, site.value)
                    assert family is not None
                    clone_model = clone_result_model(model, site.value)
                    assert clone_model is not None
                    families.setdefault(family, clone_model)
            if len(families) > 1:
                anchor = cls.members[0]
                owner = anchor.owner if isinstance(anchor, OpResult) else None
                op = owner or cls.sites[0].source
                raise op_error(
                    STAGE,
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
                    state.family[member] = family
                    state.model[member] = model
                changed = True
    for cls in state.classes:
        if cls.owned and cls.members and cls.members[0] not in state.family:
            if state.memref_default is None:
                raise op_error(
                    STAGE, cls.sites[0].source, "has no memref allocation model"
                )
            for member in cls.members:
                state.family[member] = "memref.dealloc"
                state.model[member] = state.memref_default
    _free_through_base(state)


def _free_through_base(state: OwnershipState) -> None:
    """Make every owned class that may take over a buffer through a view its type
    cannot tell from the buffer (`frees_through_base`, or an absorbed root of another
    type), or a merge freeing through the base buffer, free through the base buffer
    too (`FreeThroughBaseModel`)."""
    changed = True
    while changed:
        changed = False
        for cls in state.classes:
            if not cls.owned or not cls.members:
                continue
            model = state.model[cls.members[0]]
            if isinstance(model, FreeThroughBaseModel):
                continue
            if any(
                site.mode in (SiteMode.TRANSFER, SiteMode.COND_CLONE)
                and (
                    frees_through_base(state, site.value)
                    or any(r.type != site.value.type for r in absorbed(state, site))
                    or isinstance(
                        state.model.get(handover_root(state, site.value) or site.value),
                        FreeThroughBaseModel,
                    )
                )
                for site in cls.sites
            ):
                for member in cls.members:
                    state.model[member] = FreeThroughBaseModel(model)
                changed = True


def _check_viewed_returns(state: OwnershipState) -> None:
    """A result returned as a view of another must view the buffer handed over."""
    for (ret, index), owner in state.viewed_returns.items():
        site = state.site_of.get((ret, owner))
        if (
            site is None
            or site.mode is not SiteMode.TRANSFER
            or not state.roots[ret.operands[index]] <= state.roots[ret.operands[owner]]
        ):
            raise op_error(
                STAGE,
                ret,
                f"returns operand #{index} as a view of result #{owner} but cannot "
                "hand that result's buffer over to the caller",
            )


def _check_forwarded(state: OwnershipState) -> None:
    """A forwarded result must hold its argument's buffer only (nothing owned)."""
    for (ret, index), argument in state.forwarded_returns.items():
        if not state.roots[ret.operands[index]] <= {argument}:
            raise op_error(
                STAGE,
                ret,
                f"returns operand #{index} as a view of argument "
                f"#{argument.index} (forwarded to callers) but it may hold "
                "another buffer",
            )
