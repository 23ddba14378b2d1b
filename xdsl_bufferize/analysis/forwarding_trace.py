"""Backward traces of the forwarding analysis (`analysis/forwarding.py`, whose module doc
states the rules): from a returned value, through views, branches, region ops and calls,
to the function arguments or the origins (allocations, call results) its buffer may be;
and the per-function summaries built from them (results that view another result, result
pairs that may share one buffer)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from xdsl.dialects import func, memref
from xdsl.ir import (
    Block,
    BlockArgument,
    Operation,
    OpResult,
    SSAValue,
)
from xdsl.traits import IsTerminator

from xdsl_bufferize.analysis.call_graph import function_returns
from xdsl_bufferize.analysis.forwarding_summary import ForwardingAnalysis, Origin
from xdsl_bufferize.interfaces.branch import branch_successor_operands
from xdsl_bufferize.interfaces.region_branch import (
    RegionEdge,
    region_entry_edges,
    region_exit_edges,
)
from xdsl_bufferize.interfaces.view_like import is_view, view_source
from xdsl_bufferize.utils.ir import is_memref


def reached_arguments(
    value: SSAValue, entry: Block, analysis: ForwardingAnalysis | None
) -> frozenset[int]:
    """Indices of the function arguments whose buffer `value` may be (or a view of), on
    the paths where it is one; other buffers it may be are ignored.  Without `analysis`, a
    call result may be any memref operand of its call."""
    found: set[int] = set()

    def step(current: SSAValue) -> list[SSAValue]:
        more: list[SSAValue] = []
        if (
            analysis is not None
            and isinstance(current, OpResult)
            and isinstance(call := current.op, func.CallOp)
        ):
            more.extend(
                call.operands[j]
                for j in analysis.maybe_forwarded_operands(call, current.index)
            )
        incoming = _incoming(current, entry, analysis)
        if isinstance(incoming, int):
            found.add(incoming)
        elif incoming is not None:
            more.extend(incoming)
        return more

    _trace_back(value, step)
    return frozenset(found)


def _trace_back(
    value: SSAValue, step: Callable[[SSAValue], Iterable[SSAValue] | None]
) -> bool:
    """Visit `value` and, once each, the values `step` returns for the visited ones;
    False (stopping) as soon as `step` returns None."""
    seen: set[SSAValue] = set()
    work = [value]
    while work:
        current = work.pop()
        if current in seen:
            continue
        seen.add(current)
        more = step(current)
        if more is None:
            return False
        work.extend(more)
    return True


def find_shared_results(
    function: func.FuncOp, analysis: ForwardingAnalysis
) -> frozenset[tuple[int, int]]:
    """The pairs (i, j), i < j, of memref results of `function` that may be one buffer:
    on some return, the origins of the two values meet or one is unknown."""
    entry = function.body.blocks.first
    assert entry is not None
    pairs: set[tuple[int, int]] = set()
    for block in function.body.blocks:
        ret = block.last_op
        if not isinstance(ret, func.ReturnOp):
            continue
        origins = {
            i: _origins(value, entry, analysis)
            for i, value in enumerate(ret.operands)
            if is_memref(value)
        }
        for i, mine in origins.items():
            for j, theirs in origins.items():
                if i < j and (
                    mine is None or theirs is None or not mine.isdisjoint(theirs)
                ):
                    pairs.add((i, j))
    return frozenset(pairs)


def returned_origins(
    function: func.FuncOp, index: int, analysis: ForwardingAnalysis
) -> set[Origin] | None:
    """The origins (module doc) of result #`index` of `function` over all its returns;
    None if unknown."""
    entry = function.body.blocks.first
    assert entry is not None
    found: set[Origin] = set()
    for ret in function_returns(function):
        origins = _origins(ret.operands[index], entry, analysis)
        if origins is None:
            return None
        found |= origins
    return found


def _origins(
    value: SSAValue, entry: Block, analysis: ForwardingAnalysis
) -> set[Origin] | None:
    """The origins of the buffers `value` may be (see module doc); None if unknown."""
    found: set[Origin] = set()

    def step(current: SSAValue) -> list[SSAValue] | None:
        if isinstance(current, BlockArgument) and current.block is entry:
            return []  # returned as a copy (the function does not own it)
        if isinstance(current, OpResult):
            op = current.op
            if isinstance(op, func.CallOp):
                operand = analysis.forwarded_operand(op, current.index)
                owner = analysis.viewed_result(op, current.index)
                if operand is not None:
                    return [op.operands[operand]]
                if owner is not None:
                    return [op.results[owner]]
                found.update(analysis.call_origins(op, current.index))
                return []
            if isinstance(op, memref.GetGlobalOp):
                return []  # returned as a copy, as arguments are
            if not op.regions and not is_view(op):
                # a new buffer, or (an unknown op) maybe a view of a memref operand
                found.add(current)
                return [v for v in op.operands if is_memref(v)]
        incoming = _incoming(current, entry, analysis)
        return incoming if isinstance(incoming, list) else None

    return found if _trace_back(value, step) else None


def _view_chain(value: SSAValue) -> Iterator[SSAValue]:
    """`value`, then the buffers it is a view of, traced back through view ops."""
    yield value
    while isinstance(value, OpResult):
        source = view_source(value.op)
        if source is None:
            break
        value = source
        yield value


def find_result_views(
    function: func.FuncOp, is_fresh: Callable[[SSAValue], bool]
) -> dict[int, int]:
    """{result j: result i} where, on every return, operand #i is a fresh buffer of the
    function (`is_fresh`) and operand #j is that same value or a view of it.

    The caller then owns result #i only and sees result #j as a view of it, so both stay one
    buffer (no copy) and it is freed once.
    """
    returns = [
        block.last_op
        for block in function.body.blocks
        if isinstance(block.last_op, func.ReturnOp)
    ]
    if not returns:
        return {}
    views: dict[int, int] | None = None
    for ret in returns:
        here: dict[int, int] = {}
        owners: dict[SSAValue, int] = {}
        for i, value in enumerate(ret.operands):
            if is_memref(value) and is_fresh(value) and value not in owners:
                owners[value] = i
        for j, value in enumerate(ret.operands):
            if not is_memref(value):
                continue
            owner = next(
                (
                    owners[v]
                    for v in _view_chain(value)
                    if v in owners and owners[v] != j
                ),
                None,
            )
            if owner is not None:
                here[j] = owner
        if views is None:
            views = here
        else:
            views = {j: i for j, i in views.items() if here.get(j) == i}
        if not views:
            return {}
    return views or {}


def find_base_views(function: func.FuncOp, views: dict[int, int]) -> set[int]:
    """The results j of `views` ({j: i}) that are, on every return of `function`,
    operand #i itself or a chain of `memref.cast`s of it."""
    found = set(views)
    for block in function.body.blocks:
        ret = block.last_op
        if not isinstance(ret, func.ReturnOp):
            continue
        for j, i in views.items():
            value = ret.operands[j]
            while value is not ret.operands[i]:
                if not (
                    isinstance(value, OpResult) and isinstance(value.op, memref.CastOp)
                ):
                    found.discard(j)
                    break
                value = value.op.source
    return found


def argument_sources(
    value: SSAValue,
    entry: Block,
    analysis: ForwardingAnalysis | None,
    base_only: bool = False,
) -> set[int] | None:
    """Indices of the function arguments whose buffer `value` may be (or a view of);
    None if it may be any other buffer.  Without `analysis`, a call result may be any
    memref operand of its call.  With `base_only`, views other than casts count as other
    buffers."""
    found: set[int] = set()

    def step(current: SSAValue) -> list[SSAValue] | None:
        incoming = _incoming(current, entry, analysis, base_only)
        if isinstance(incoming, int):
            found.add(incoming)
            return []
        return incoming

    return found if _trace_back(value, step) else None


def _incoming(
    value: SSAValue,
    entry: Block,
    analysis: ForwardingAnalysis | None,
    base_only: bool = False,
) -> int | list[SSAValue] | None:
    """One step back: the argument index `value` is, the values it may come from, or None
    when its buffer may come from elsewhere."""
    if isinstance(value, BlockArgument):
        block = value.block
        if block is entry:
            return value.index
        region = block.parent_region()
        assert region is not None
        if block is not region.blocks.first:
            return _branch_operands(value)
        holder = block.parent_op()
        return None if holder is None else _region_op_inputs(holder, value)
    assert isinstance(value, OpResult)
    op = value.op
    source = view_source(op)
    if source is not None:
        if base_only and not isinstance(op, memref.CastOp):
            return None
        return [source]
    if isinstance(op, func.CallOp):
        if analysis is None:
            return [v for v in op.operands if is_memref(v)]
        if value.index in analysis.open_results.get(analysis.callee_of.get(op), ()):
            return []  # agrees with the other paths (`_find_forwarded_in_cycles`)
        operand = analysis.forwarded_operand(op, value.index)
        if operand is None or (
            base_only and not analysis.forwards_base(op, value.index)
        ):
            return None
        return [op.operands[operand]]
    if op.regions:
        return _region_op_inputs(op, value)
    return None


def _branch_operands(arg: BlockArgument) -> list[SSAValue] | None:
    """The operands every branch into `arg`'s block passes for it (None: unknown branch)."""
    values: list[SSAValue] = []
    for pred in arg.block.predecessors():
        term = pred.last_op
        successors = None if term is None else branch_successor_operands(term)
        if term is None or successors is None:
            return None
        for _, block, indices in successors:
            if block is arg.block:
                values.append(term.operands[indices[arg.index]])
    return values


def _region_op_inputs(op: Operation, target: SSAValue) -> list[SSAValue] | None:
    """Every value the region-branch model of `op` forwards to `target` (a result or a
    region entry argument of `op`); None if `op` has no model."""
    entry_edges = region_entry_edges(op)
    if entry_edges is None:
        return None
    values: list[SSAValue] = []
    for edge in _all_edges(op, entry_edges):
        if edge is None:
            return None
        for forwarded, to in zip(edge.forwarded, edge.targets, strict=True):
            if to is target:
                values.append(forwarded)
    return values


def _all_edges(
    op: Operation, entry_edges: Iterable[RegionEdge]
) -> Iterator[RegionEdge | None]:
    """The entry edges of `op` and the exit edges of all its terminators (None: unknown)."""
    yield from entry_edges
    for region in op.regions:
        for block in region.blocks:
            terminator = block.last_op
            if (
                terminator is None
                or terminator.successors
                or not terminator.has_trait(IsTerminator)
            ):
                continue
            exits = region_exit_edges(op, terminator)
            if exits is None:
                yield None
                continue
            yield from exits
