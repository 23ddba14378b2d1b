"""Phase 2 of the ownership analysis: the merge classes (merges fed along the same
edges), the buffers the input program frees itself, and the roots whose buffer each
memref value may hold (a least fixpoint, updated in place when ownership changes)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from xdsl.ir import SSAValue

from xdsl_bufferize.analysis.alias_sets import UnionFind
from xdsl_bufferize.analysis.ownership.plan import (
    MergeClass,
    OwnershipState,
    RootKind,
    SiteKind,
)
from xdsl_bufferize.analysis.ownership.sites import _borrowed_inputs


def build_classes(state: OwnershipState) -> None:
    fed_together: UnionFind[SSAValue] = UnionFind()
    for site in state.sites:
        for target in site.targets[1:]:
            fed_together.union(site.targets[0], target)
    # classes and their members come in definition order, whichever representative
    # the union-find picks
    by_root: dict[SSAValue, MergeClass] = {}
    for value, kind in state.kind.items():
        if kind is RootKind.MERGE:
            root = fed_together.find(value)
            cls = by_root.get(root)
            if cls is None:
                cls = by_root[root] = MergeClass()
                state.classes.append(cls)
            cls.members.append(value)
            state.class_of[value] = cls
    for site in state.sites:
        if site.kind is SiteKind.RETURN:
            cls = MergeClass(sites=[site], owned=True, pinned=True)
            state.classes.append(cls)
        else:
            state.class_of[site.targets[0]].sites.append(site)
    _find_user_managed(state)


def _find_user_managed(state: OwnershipState) -> None:
    """Buffers the input program frees itself: we keep its frees and free nothing twice.

    A freed merge takes its incoming buffers over as they are (the program frees them
    through it), so everything flowing into it is the program's too; its other members
    (a loop result after a realloc of the iter_arg) are freed by us, and handed over
    like our own buffers when no free of the program can reach them
    (`OwnershipState.program_freed`, `sites.program_may_free`).  A heap buffer
    the program frees on some paths only is freed by us on the others (`_place`).
    """
    for value, frees in state.freed_by_input.items():
        worklist = [value]
        seen: set[SSAValue] = set()
        while worklist:
            v = worklist.pop()
            if v in seen:
                continue
            seen.add(v)
            kind = state.kind.get(v)
            if kind is RootKind.VIEW:
                worklist.extend(state.view_sources[v])
            elif kind is RootKind.MERGE:
                cls = state.class_of[v]
                cls.owned = cls.pinned = True
                state.user_classes.add(id(cls))
                state.user_managed.update(cls.members)
                worklist.extend(site.value for site in cls.sites)
            elif kind is RootKind.OWNING:
                state.user_managed.add(v)
            if kind in (RootKind.MERGE, RootKind.OWNING):
                if all(state.kind.get(w) is RootKind.VIEW for w in seen if w is not v):
                    state.user_frees.setdefault(v, []).extend(frees)
                else:
                    state.freed_indirectly.add(v)
        state.program_freed.update(seen)


def compute_roots(state: OwnershipState) -> None:
    """Map each memref value to the roots whose buffer it may hold.

    An owning root, a static root and an owned merge hold their own buffer; a view or a
    borrowed merge holds the buffers of its sources; a flagged merge holds its own buffer
    and, when its flag is false, one of its borrowed inputs.
    """
    state.roots = {}
    _solve_roots(state, list(state.kind), None)
    state._alias_index = None


def _dependents_of(state: OwnershipState, value: SSAValue) -> list[SSAValue]:
    """Values whose roots are computed from the roots of `value`."""
    if state._dependents is None:
        deps: dict[SSAValue, list[SSAValue]] = {}
        for view, sources in state.view_sources.items():
            for source in sources:
                deps.setdefault(source, []).append(view)
        for cls in state.classes:
            for site in cls.sites:
                deps.setdefault(site.value, []).extend(cls.members)
        for result, earlier in state.shared_results.items():
            for other in earlier:
                deps.setdefault(other, []).append(result)
        state._dependents = deps
    return state._dependents.get(value, [])


def _root_step(state: OwnershipState, value: SSAValue) -> frozenset[SSAValue]:
    """The roots of `value` computed from those of the values it is made of."""
    kind = state.kind[value]
    roots = state.roots
    if kind is RootKind.VIEW:
        return frozenset().union(*(roots[s] for s in state.view_sources[value]))
    if kind is RootKind.MERGE:
        cls = state.class_of[value]
        if not cls.owned:
            return frozenset().union(*(roots[s.value] for s in cls.sites))
        if cls.flagged:
            return frozenset((value,)).union(_borrowed_inputs(state, cls, value))
    earlier = state.shared_results.get(value)
    if earlier is not None and value not in state.user_managed:
        return frozenset((value,)).union(*(roots[r] for r in earlier))
    return roots[value]


def _solve_roots(
    state: OwnershipState, values: list[SSAValue], within: set[SSAValue] | None
) -> None:
    """Least fixpoint of the roots of `values` (all values if `within` is None; else
    `within` is the set of `values`, and the roots of all other values are fixed)."""
    roots = state.roots
    for value in values:
        kind = state.kind[value]
        if kind in (RootKind.OWNING, RootKind.STATIC) or state.is_owning(value):
            roots[value] = frozenset((value,))
        else:
            roots[value] = frozenset()
    work = deque(values)
    queued = set(values)
    while work:
        value = work.popleft()
        queued.discard(value)
        new = _root_step(state, value)
        if new != roots[value]:
            roots[value] = new
            for dep in _dependents_of(state, value):
                if dep not in queued and (within is None or dep in within):
                    queued.add(dep)
                    work.append(dep)


def _update_roots(
    state: OwnershipState, seeds: Iterable[SSAValue]
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
        work.extend(d for d in _dependents_of(state, value) if d not in closure)
    order = sorted(closure, key=state.order.__getitem__)
    old = {v: state.roots[v] for v in order}
    _solve_roots(state, order, set(order))
    changed = {v: r for v, r in old.items() if state.roots[v] != r}
    _reindex_aliases(state, changed)
    return changed


def _restore_roots(
    state: OwnershipState, old: dict[SSAValue, frozenset[SSAValue]]
) -> None:
    """Undo `_update_roots` (given its result)."""
    current = {v: state.roots[v] for v in old}
    state.roots.update(old)
    _reindex_aliases(state, current)


def _reindex_aliases(
    state: OwnershipState, old: dict[SSAValue, frozenset[SSAValue]]
) -> None:
    """Update the alias index for values whose roots were `old` before."""
    index = state._alias_index
    if index is None:
        return
    for value, previous in old.items():
        new = state.roots[value]
        for root in previous - new:
            index[root].pop(value, None)
        for root in new - previous:
            index.setdefault(root, {})[value] = None
