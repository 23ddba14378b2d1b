"""Phase 1 of the ownership analysis: the kind of every memref value of the module
(`RootKind`) and the sites forwarding one along a control-flow edge."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from xdsl.builder import Builder
from xdsl.dialects import builtin, func, memref
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsTerminator, MemoryEffectKind, has_effects

from xdsl_bufferize.analysis.call_graph import scoped_call_graph
from xdsl_bufferize.analysis.forwarding import (
    Origin,
    analyze_forwarding,
    returned_origins,
)
from xdsl_bufferize.analysis.freed_arguments import freed_arguments
from xdsl_bufferize.analysis.ownership.plan import (
    STAGE,
    OwnershipState,
    RootKind,
    Site,
    SiteKind,
)
from xdsl_bufferize.interfaces.allocation import (
    AllocationModel,
    allocation_interface,
)
from xdsl_bufferize.interfaces.branch import branch_successor_operands
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.interfaces.region_branch import (
    region_branch_model,
    region_entry_edges,
    region_exit_edges,
)
from xdsl_bufferize.interfaces.view_like import view_source
from xdsl_bufferize.utils.ir import ancestor_in_region, is_memref, strip_casts
from xdsl_bufferize.utils.memref_layout import has_no_layout

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.manager import ModuleAnalyses


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


def _viewed_owner(result: SSAValue | None) -> Operation | Block | None:
    """What defines the buffer `result` is (a view of), through view ops."""
    owner = None if result is None else result.owner
    while isinstance(owner, Operation):
        source = view_source(owner)
        if source is None:
            break
        owner = source.owner
    return owner


def clone_result_model(
    model: AllocationModel, value: SSAValue
) -> AllocationModel | None:
    """The allocation model of the copy `model` makes of `value` (None: cannot clone)."""
    scratch = Block()
    result = model.build_clone(Builder(InsertPoint.at_end(scratch)), value)
    owner = _viewed_owner(result)
    found = allocation_interface(owner) if isinstance(owner, Operation) else None
    _probe(scratch)
    return found


def clone_family(model: AllocationModel, value: SSAValue) -> str | None:
    """Dealloc family of the clone `model` makes of `value` (None: cannot clone)."""
    scratch = Block()
    result = model.build_clone(Builder(InsertPoint.at_end(scratch)), value)
    name: str | None = None
    # the clone may be a view of the new buffer (a copy with the same layout)
    owner = _viewed_owner(result)
    if result is not None and isinstance(owner, Operation):
        clone_model = allocation_interface(owner)
        if clone_model is not None:
            name = dealloc_family(clone_model, result)
    _probe(scratch)
    return name


def _site(state: OwnershipState, source: Operation, index: int, kind: SiteKind) -> Site:
    key = (source, index)
    site = state.site_of.get(key)
    if site is None:
        site = Site(source, index, kind)
        state.site_of[key] = site
        state.sites.append(site)
        state.sites_from.setdefault(source, []).append(site)
    return site


def _define(state: OwnershipState, value: SSAValue, kind: RootKind) -> None:
    state.kind[value] = kind
    state.order[value] = len(state.order)


def _is_fresh(state: OwnershipState, value: SSAValue) -> bool:
    """Whether `value` is a heap allocation made in its function's body region (a
    function returning it hands it over)."""
    value = strip_casts(value)
    if not isinstance(value, OpResult) or value.op.regions:
        return False
    function = value.op.parent_op()
    if not isinstance(function, func.FuncOp):
        return False
    model = allocation_interface(value.op)
    return model is not None and dealloc_family(model, value) is not None


def _result_models(
    state: OwnershipState, analyses: ModuleAnalyses | None = None
) -> None:
    """Record, for the functions whose memref result is on every path a buffer of one
    allocation model other than `memref.alloc`'s (e.g. `gpu.alloc`, through views,
    merges and calls of such functions), that model: their callers free such a result
    with its own free op.  Callees first; other results are `memref.alloc`'s."""
    if not any(
        (model := allocation_interface(op)) is not None
        and any(
            dealloc_family(model, r) not in (None, "memref.dealloc")
            for r in op.results
            if is_memref(r)
        )
        for op in state.module.walk()
        if not isinstance(op, func.CallOp)
    ):
        return  # the common case: every heap buffer is memref.alloc's
    graph = (
        scoped_call_graph(state.module) if analyses is None else analyses.call_graph()
    )
    if not state.forwarding.callee_of:
        # (the forwarding analysis skipped its walk: nothing to forward)
        state.forwarding.callee_of = graph.callee_of
    for function in graph.callee_first():
        if not function.body.blocks:
            continue
        for index, typ in enumerate(function.function_type.outputs):
            if not isinstance(typ, builtin.MemRefType):
                continue
            origins = returned_origins(function, index, state.forwarding)
            found = _origins_model(state, origins or set())
            if origins is not None and found is not None:
                state.result_models.setdefault(function, {})[index] = found


def _origins_model(
    state: OwnershipState, origins: set[Origin]
) -> tuple[AllocationModel, str] | None:
    """The one (model, free op) of the heap buffers among `origins`, if it is not
    `memref.dealloc` (None otherwise, or if they differ)."""
    families: dict[str, AllocationModel | None] = {}
    for origin in origins:
        value = origin[0] if isinstance(origin, tuple) else origin
        if not isinstance(value, OpResult):
            return None
        op = value.op
        if isinstance(op, func.CallOp):
            callee = state.forwarding.callee_of.get(op)
            known = None if callee is None else state.result_models.get(callee, {})
            if known and value.index in known:
                model, family = known[value.index]
                families[family] = model
            else:
                families["memref.dealloc"] = None
            continue
        model = allocation_interface(op)
        family = None if model is None else dealloc_family(model, value)
        if model is None or family is None:
            families["memref.dealloc"] = None  # returned as a memref copy
            continue
        families[family] = model
    if len(families) != 1:
        return None
    ((family, model),) = families.items()
    return None if model is None else (model, family)


def collect(
    state: OwnershipState,
    earlier: OwnershipState | None = None,
    analyses: ModuleAnalyses | None = None,
) -> None:
    """Collect the roots and sites of `state.module`; the module-wide summaries (freed
    arguments, forwarding, result allocators) are taken from an `earlier` round of the
    analysis when there is one (they do not depend on `never_lent`), the freed
    arguments and the call graph from `analyses` when given."""
    if earlier is not None:
        state.freed = earlier.freed
        state.forwarding = earlier.forwarding
        state.result_models = earlier.result_models
    else:
        state.freed = (
            freed_arguments(state.module)
            if analyses is None
            else analyses.freed_arguments()
        )
        state.forwarding = analyze_forwarding(
            state.module, lambda value: _is_fresh(state, value), analyses
        )
        _result_models(state, analyses)
    for function, index in state.never_lent:
        state.forwarding.maybe_forwarded.get(function, {}).pop(index, None)
    for op in state.module.walk():
        if isinstance(op, func.FuncOp) and op.body.blocks:
            _collect_function(state, op)


def _collect_function(state: OwnershipState, function: func.FuncOp) -> None:
    entry = function.body.blocks.first
    assert entry is not None
    for arg in entry.args:
        if is_memref(arg):
            _define(state, arg, RootKind.STATIC)
    _collect_region(state, function.body, function)


def _collect_region(
    state: OwnershipState, region: Region, function: func.FuncOp
) -> None:
    for block in region.blocks:
        if block is not region.blocks.first:
            for arg in block.args:
                if is_memref(arg):
                    _define(state, arg, RootKind.MERGE)
        for op in block.ops:
            _collect_op(state, op, function)


def _collect_op(state: OwnershipState, op: Operation, function: func.FuncOp) -> None:
    if has_effects(op, MemoryEffectKind.FREE):
        for v in op.operands:
            if is_memref(v):
                state.freed_by_input.setdefault(v, []).append(op)
    if isinstance(op, func.CallOp):
        must, maybe = state.freed.freed_operands(op)
        if maybe:
            raise op_error(
                STAGE,
                op,
                f"calls @{op.callee.root_reference.data}, which may free its "
                f"argument #{min(maybe)} on some paths only (or a buffer that may be "
                "it): cannot tell whether the buffer is still live after the call",
            )
        for j in sorted(must):
            # the callee frees it: a free of the program, as a dealloc here would be
            state.freed_by_input.setdefault(op.operands[j], []).append(op)
    if op.regions:
        _collect_region_op(state, op, function)
        return
    if isinstance(op, func.ReturnOp) and op.parent_op() is function:
        forwarded = state.forwarding.forwarded_results(function)
        views = state.forwarding.result_views_of(function)
        entry = function.body.blocks.first
        assert entry is not None
        for i, value in enumerate(op.operands):
            if i in forwarded:
                state.forwarded_returns[(op, i)] = entry.args[forwarded[i]]
            elif i in views:
                state.viewed_returns[(op, i)] = views[i]
            elif is_memref(value):
                _site(state, op, i, SiteKind.RETURN)
        return
    if op.successors:
        _collect_branch(state, op)
        return
    memref_results = [r for r in op.results if is_memref(r)]
    if not memref_results:
        return
    if isinstance(op, func.CallOp):
        for result in memref_results:
            operand = state.forwarding.forwarded_operand(op, result.index)
            if operand is not None:
                # the callee returns (a view of) this operand: a view here too
                _define(state, result, RootKind.VIEW)
                state.view_sources[result] = [op.operands[operand]]
                continue
            owner = state.forwarding.viewed_result(op, result.index)
            if owner is not None:
                # the callee returns (a view of) the buffer of another result
                _define(state, result, RootKind.VIEW)
                state.view_sources[result] = [op.results[owner]]
                continue
            _define(state, result, RootKind.OWNING)
            callee = state.forwarding.callee_of.get(op)
            summary = None if callee is None else state.result_models.get(callee)
            if summary is not None and result.index in summary:
                # the callee returns a buffer of another allocator (e.g. gpu.alloc)
                state.model[result], state.family[result] = summary[result.index]
            else:
                if state.memref_default is not None:
                    state.model[result] = state.memref_default
                state.family[result] = "memref.dealloc"
            if isinstance(result.type, builtin.UnrankedMemRefType):
                # no pointer of an unranked memref to compare: the callee returns
                # such results as buffers the caller owns (`_returned_beside_lenders`)
                continue
            earlier: list[SSAValue] = [
                r
                for r in memref_results
                if r.index < result.index
                and r.type == result.type
                and state.kind.get(r) is RootKind.OWNING
                and state.forwarding.may_share(op, r.index, result.index)
            ]
            # the callee may return these operands as they are: owned only when it is
            # none of them
            earlier.extend(
                op.operands[j]
                for j in sorted(
                    state.forwarding.maybe_forwarded_operands(op, result.index)
                )
            )
            if earlier:
                state.shared_results[result] = earlier
        return
    interface = allocation_interface(op)
    if interface is not None:
        for result in memref_results:
            family = dealloc_family(interface, result)
            if family is None:
                _define(state, result, RootKind.STATIC)
            else:
                _define(state, result, RootKind.OWNING)
                state.model[result] = interface
                state.family[result] = family
        return
    if has_effects(op, MemoryEffectKind.ALLOC):
        raise op_error(
            STAGE,
            op,
            "allocates a buffer but has no AllocationOpInterface (trait or "
            "registered model): cannot tell how to free it",
        )
    sources = [v for v in op.operands if is_memref(v)]
    for result in memref_results:
        if sources and not isinstance(op, memref.GetGlobalOp):
            _define(state, result, RootKind.VIEW)
            state.view_sources[result] = sources
        else:
            _define(state, result, RootKind.STATIC)


def _collect_branch(state: OwnershipState, op: Operation) -> None:
    successors = branch_successor_operands(op)
    if successors is None:
        if any(is_memref(arg) for s in op.successors for arg in s.args):
            raise op_error(
                STAGE,
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
            site = _site(state, op, operand_index, SiteKind.BRANCH)
            site.targets.append(target)
            site.target_edges.append(succ_index)
            site.edges.add(succ_index)


def _collect_region_op(
    state: OwnershipState, op: Operation, function: func.FuncOp
) -> None:
    if region_branch_model(op) is None:
        _check_opaque(state, op)
        return
    for result in op.results:
        if is_memref(result):
            _define(state, result, RootKind.MERGE)
    for region in op.regions:
        entry = region.blocks.first
        if entry is not None:
            for arg in entry.args:
                if is_memref(arg):
                    _define(state, arg, RootKind.MERGE)
    entry_edges = region_entry_edges(op)
    assert entry_edges is not None
    for edge_id, edge in enumerate(entry_edges):
        _add_edge_sites(
            state, op, edge_id, edge.operand_indices, edge.targets, SiteKind.ENTRY
        )
    for region in op.regions:
        _collect_region(state, region, function)
        for block in region.blocks:
            terminator = block.last_op
            if terminator is None or terminator.successors:
                continue
            if not terminator.has_trait(IsTerminator):
                continue
            exit_edges = region_exit_edges(op, terminator)
            assert exit_edges is not None
            for edge_id, edge in enumerate(exit_edges):
                _add_edge_sites(
                    state,
                    terminator,
                    edge_id,
                    edge.operand_indices,
                    edge.targets,
                    SiteKind.EXIT,
                )
    fed = {target for site in _sites_into(state, op) for target in site.targets}
    for value in list(op.results) + [
        a for r in op.regions if r.blocks.first for a in r.blocks.first.args
    ]:
        if is_memref(value) and value not in fed:
            raise op_error(
                STAGE,
                op,
                "has a memref result or region argument that no control-flow edge "
                "of its region-branch model feeds",
            )


def _sites_into(state: OwnershipState, op: Operation) -> Iterable[Site]:
    yield from state.sites_from.get(op, ())
    for region in op.regions:
        for block in region.blocks:
            terminator = block.last_op
            if terminator is not None:
                yield from state.sites_from.get(terminator, ())


def _add_edge_sites(
    state: OwnershipState,
    source: Operation,
    edge_id: int,
    indices: Sequence[int],
    targets: Sequence[SSAValue],
    kind: SiteKind,
) -> None:
    for operand_index, target in zip(indices, targets, strict=True):
        if not is_memref(target):
            continue
        site = _site(state, source, operand_index, kind)
        site.targets.append(target)
        site.target_edges.append(edge_id)
        site.edges.add(edge_id)


def _check_opaque(state: OwnershipState, op: Operation) -> None:
    """An op with regions and no region-branch model is fine if no memref crosses it."""
    reason: str | None = None
    if any(is_memref(r) for r in op.results):
        reason = "has memref results"
    else:
        for region in op.regions:
            for nested in region.walk():
                if any(is_memref(r) for r in nested.results):
                    reason = f"defines memrefs inside its regions ('{nested.name}')"
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
        raise op_error(
            STAGE,
            op,
            f"has regions whose control flow is unknown (no region-branch model) and {reason}",
        )


def absorb_call_operands(state: OwnershipState) -> None:
    """Let call results own the caller's buffers they may be.

    A call result that may be operand #j of its call (a maybe-forwarded result,
    `analysis/forwarding.py`) is owned only when its pointer differs from the
    operand's (`shared_results`): when they are equal it borrows the operand.  If the
    operand is a heap buffer the caller owns and nothing uses after the call (a copy
    made for the call), the result takes that buffer over instead, as a merge takes
    over a buffer dying at its edge: the result is owned on every path (no flag, so
    no clone when it is returned or stored into an owned merge), and the operand is
    freed right after the call only when the result does not hold it (one pointer
    comparison per such operand).

    Such an operand must be an owning root of the call's block, not freed by the
    program, of the result's type with an identity layout (the result is then the
    allocation itself, which the result's free can take), used only up to the call and
    by nothing making an alias of it (no view, no control-flow edge, no other call
    result that may be it): the result is then the only value that may hold its
    buffer after the call.
    """
    candidates: dict[SSAValue, list[SSAValue]] = {}
    """Operand -> the call results that may be it."""
    for result, earlier in state.shared_results.items():
        assert isinstance(result, OpResult)
        for value in dict.fromkeys(earlier):
            if value.owner is not result.op:
                candidates.setdefault(value, []).append(result)
    aliased = {s for sources in state.view_sources.values() for s in sources}
    aliased.update(site.value for site in state.sites)
    for operand, results in candidates.items():
        if len(results) != 1 or operand in aliased:
            continue
        (result,) = results
        assert isinstance(result, OpResult)
        if _may_absorb(state, result.op, result, operand):
            state.absorbed_by_call[operand] = result
            earlier = [v for v in state.shared_results[result] if v is not operand]
            if earlier:
                state.shared_results[result] = earlier
            else:
                del state.shared_results[result]


def _may_absorb(
    state: OwnershipState, call: Operation, result: SSAValue, operand: SSAValue
) -> bool:
    """Whether `result` of `call` may take over `operand`'s buffer (see
    `absorb_call_operands`), given that no other value may alias the operand."""
    if (
        state.kind.get(operand) is not RootKind.OWNING
        or operand in state.shared_results
        or operand in state.program_freed
        or result in state.program_freed
        or not isinstance(operand, OpResult)
        or operand.type != result.type
        or not isinstance(result.type, builtin.MemRefType)
        or not has_no_layout(result.type)
        or state.family.get(operand) != state.family.get(result)
    ):
        return False
    block = call.parent_block()
    if block is None or operand.op.parent_block() is not block:
        return False
    here = state.position(call)
    for use in operand.uses:
        user = ancestor_in_region(use.operation, block.parent_region())
        if user is None or user.parent_block() is not block:
            return False
        if state.position(user) > here:
            return False
    return True
