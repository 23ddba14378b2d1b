"""Phase 4 of the ownership analysis: where each owned buffer is freed
(`place_frees`): after its last use on every path, except where an edge hands it over."""

from __future__ import annotations

from xdsl.ir import Block, Operation, OpResult, SSAValue

from xdsl_bufferize.analysis.ownership.plan import (
    STAGE,
    DeallocationPlan,
    FreePoint,
    OwnershipState,
    PlannedFree,
    RootKind,
    SiteKind,
    SiteMode,
    _defining_block,
    _defining_region,
    _live_in,
    _successor_edges,
)
from xdsl_bufferize.analysis.ownership.sites import absorbed, handover_root
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.interfaces.region_branch import captures_buffers
from xdsl_bufferize.utils.ir import ancestor_in_region


def place_frees(state: OwnershipState, plan: DeallocationPlan) -> None:
    owning = [
        v for v in state.kind if state.is_owning(v) and v not in state.user_managed
    ]
    owning.sort(key=lambda v: state.order[v])
    for root in owning:
        _place(state, root, plan)
    for root, frees in state.user_frees.items():
        if root in state.model:
            _place(state, root, plan, frees)
    for cls in state.classes:
        if id(cls) in state.user_classes:
            # members the input never frees (a loop result after a realloc of its
            # iter_arg in the body) are freed by us, the others on the missing paths
            for member in cls.members:
                if member not in state.user_frees:
                    _place(state, member, plan)


def _place(
    state: OwnershipState,
    root: SSAValue,
    plan: DeallocationPlan,
    user_frees: list[Operation] | None = None,
) -> None:
    """Plan the frees of `root`: after its last use on every path, except where an
    edge hands it over.  With `user_frees` (the frees the input program has for it),
    only on the paths none of those frees is on."""
    region = _defining_region(root)
    def_block = _defining_block(root)
    model = state.model[root]
    uses = state._uses_in_region(root, region)
    consumed_ops: set[Operation] = set()
    partially_freeing: dict[Operation, list[Operation]] = {}
    """Single-entry region ops holding some of the input's frees -> those frees."""
    for free in user_frees or ():
        anchor = ancestor_in_region(free, region)
        if anchor is None:
            continue
        consumed_ops.add(anchor)
        if anchor is not free and captures_buffers(anchor):
            partially_freeing.setdefault(anchor, []).append(free)
    consumed_edges: set[tuple[Operation, int]] = set()
    captured_by: dict[Operation, set[Operation]] = {}
    """Region ops taking `root` over from inside -> the exits that hand it over."""
    handed = [
        site
        for alias in state.aliases(root)
        if alias is not root and state.kind.get(alias) is RootKind.VIEW
        for site in state.sites_of_value(alias)
        if site.mode is SiteMode.TRANSFER and handover_root(state, alias) is root
    ]
    for site in [*state.sites_of_value(root), *handed]:
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
    live = _live_in(region, def_block, set(uses_by_block), consumed_edges)

    conditional = state.is_flagged(root)
    taker = state.absorbed_by_call.get(root)
    taken: tuple[SSAValue, ...] = () if taker is None else (taker,)
    """The call result freeing `root` when it holds its buffer (`absorb_call_operands`)."""

    def add(point: FreePoint) -> None:
        holders: tuple[SSAValue, ...] = taken
        if point.edge is not None:
            holders += _holders(state, root, uses, *point.edge)
        plan.frees.append(PlannedFree(root, model, point, conditional, holders))

    def complete(holder: Operation, frees: list[Operation]) -> None:
        """Free `root` in each region of `holder` on the paths where none of
        `frees` (inside `holder`) runs: nothing in a region whose block frees it
        directly, the same one level down in a region whose frees are all in one
        op of that kind (an scf.if in an scf.if), after the last use elsewhere."""
        for nested in holder.regions:
            block = nested.blocks.first
            if block is None:
                add(FreePoint(empty_region=nested))
                continue
            inside = [f for f in frees if ancestor_in_region(f, nested) is not None]
            if inside:
                if any(f.parent_block() is block for f in inside):
                    continue
                anchors = {ancestor_in_region(f, nested) for f in inside}
                anchor = anchors.pop() if len(anchors) == 1 else None
                if (
                    anchor is not None
                    and anchor.parent_block() is block
                    and captures_buffers(anchor)
                ):
                    complete(anchor, inside)
                continue
            nested_uses = state._uses_in_region(root, nested)
            last = max(nested_uses, key=state.position, default=None)
            if last is not None and last is block.last_op:
                continue  # forwarded from here: the program frees it further on
            add(FreePoint(block_start=block) if last is None else FreePoint(after=last))

    for holder, frees in partially_freeing.items():
        complete(holder, frees)
    for holder, exits in captured_by.items():
        if holder in partially_freeing:
            continue  # each of its regions frees it, hands it on or is done above
        for nested in holder.regions:
            block = nested.blocks.first
            assert block is not None
            if block.last_op in exits:
                continue
            nested_uses = state._uses_in_region(root, nested)
            last = max(nested_uses, key=state.position, default=None)
            assert last is not block.last_op
            if last is None:
                add(FreePoint(block_start=block))
            else:
                add(FreePoint(after=last))

    for block in sorted({def_block, *live}, key=state.block_position):
        if any(op.parent_block() is block for op in consumed_ops):
            continue
        terminator = block.last_op
        edges = _successor_edges(block)
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
            uses_by_block.get(block, ()), key=state.position, default=None
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
            holders = _holders(state, root, uses, last)
            only_clones = len(last.successors) <= 1 and all(
                alias in holders
                or (
                    (s := state.site_of.get((user, index))) is not None
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
                        taken + holders,
                    )
                )
            elif edges:
                for i, _ in edges:
                    add(FreePoint(edge=(last, i)))
            else:
                raise op_error(
                    STAGE,
                    last,
                    "uses a buffer in a way that leaves no point to free it",
                )
        else:
            add(FreePoint(after=last))


def _holders(
    state: OwnershipState,
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
            if (site := state.site_of.get((user, index))) is not None
            and (edge is None or edge in site.edges)
            and root in absorbed(state, site)
        )
    )
