"""Forwarded results: private functions that return (a view of) one of their arguments.

MLIR's deallocation ABI makes the caller own every buffer a function returns, so a function
returning its argument must return a copy of it.  That copy changes the program when the
caller writes through its own buffer after the call and reads the call result (or the other
way round): before the pass both names the same memory, after it they do not.

For a function whose callers are all known, the copy is not needed: result #i *forwards*
argument #j when, on every return, the returned buffer is statically argument #j itself or a
view of it.  The caller then sees the call result as a view of operand #j (it does not own it,
frees nothing for it, and keeps operand #j's buffer alive over the result's uses) and the
function returns the argument as is.

A function forwards results only if all of these hold (else it keeps the clone):

* it is `private` and has a body (every caller is in the module);
* its symbol is used by plain `func.call` ops only (no `func.constant`, no reference in any
  other attribute: such uses may call it from places we cannot rewrite);
* functions are analysed callee first; those in or calling into a call-graph cycle are
  analysed together, as a greatest fixed point (`_find_forwarded_in_cycles`: a recursive
  call's result forwards what the summary being proven says);
* every `func.return` of its body returns, as result #i, a value whose every possible
  buffer is argument #j.  The value is traced backwards through

  - views and casts (view-like ops, `interfaces/view_like.py`: `memref.subview`, `cast`,
    `reinterpret_cast`, `expand_shape`, `collapse_shape`, `view`, `memory_space_cast`) to
    their memref source;
  - block arguments of non-entry blocks, to the operands of every branch into the block
    (branch models, `interfaces/branch.py`: `cf.br`, `cf.cond_br`, `cf.switch`);
  - results and region entry arguments of region ops with a region-branch model (`scf.if`,
    `scf.for`, `scf.while`, ...), to every value the model forwards to them;
  - results of calls to functions already known to forward that result, to the operand
    forwarded.

  Any other definition (an allocation, a call of another function, an unknown op, ...)
  reached on the way, or a second argument, means the result is not forwarded.

A public function may be called from outside, so it forwards nothing; but one that is also
called inside the module and would forward a result if those calls were its only callers
(`public_forwarders`) gets a private twin holding its body before the analysis runs
(`deallocation/public_forwarders.py`), which the calls in the module call.

A forwarded result may therefore be a view of the argument with another type (e.g. a
`memref.cast`).

Maybe-forwarded results: a result that is (a view of) argument #j on some paths and another
buffer on others (a new one, a copy) would need a copy of the argument on those paths, and
that copy changes the program when the caller writes through its buffer and reads the
result.  For the same private functions, `maybe_forwarded` lists, per result, the arguments
it may be on some path (traced as above; other buffers reached are ignored; results of
calls follow what their callee may return, a least fixed point).  The function returns such
a value as is when its buffer is one of those arguments or one it owns; the caller owns the
result only when its pointer differs from those operands' (a runtime check after the call,
as for shared results below), and otherwise sees it as borrowing them.

Shared results: a function may return one buffer at two result positions (`return %a, %a`,
or a merge that may be `%a` beside `%a`); its callers then own that buffer once and check at
run time which results hold it.  For every function with a body and two memref results of
one type (private or public: its body is what runs), the same backward trace tells which
result pairs *may* hold one buffer: each returned value is traced to its *origins* (the
allocations and other defining ops it may come from, results of calls to known callees as
summarised before), and a pair may share when, on some return, the origin sets of the two
values meet or one of them is unknown.  Arguments and globals are no origins: a function
returns a copy of a buffer it does not own (forwarded results aside, which callers see as
views of their operands), so they never reach two results.  Calls of external
declarations, of functions in a call-graph cycle and of functions not analysed may return
one buffer at every result position.

Modules: the result, `ForwardingAnalysis`, is in `forwarding_summary.py`; the backward
traces and the per-function summaries built from them in `forwarding_trace.py`; the
analyses over the module (fixed points over the call graph) here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from xdsl.dialects import builtin, func
from xdsl.ir import (
    Operation,
    SSAValue,
)

from xdsl_bufferize.analysis.call_graph import (
    ScopedCallGraph,
    function_returns,
    is_private_with_body,
    is_public,
    scoped_call_graph,
)
from xdsl_bufferize.analysis.forwarding_summary import ForwardingAnalysis, Origin
from xdsl_bufferize.analysis.forwarding_trace import (
    argument_sources,
    find_base_views,
    find_result_views,
    find_shared_results,
    reached_arguments,
    returned_origins,
)
from xdsl_bufferize.utils.ir import is_memref

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.manager import ModuleAnalyses


def _has_twin_results(function: func.FuncOp) -> bool:
    """Whether `function` has a body and two memref results of one type."""
    if not function.body.blocks:
        return False
    types = [
        t
        for t in function.function_type.outputs
        if isinstance(t, builtin.MemRefType | builtin.UnrankedMemRefType)
    ]
    return len(set(types)) < len(types)


def _passes_memrefs(function: func.FuncOp) -> bool:
    """Whether `function` has a body and returns a memref and takes one."""
    kinds = builtin.MemRefType, builtin.UnrankedMemRefType
    return (
        bool(function.body.blocks)
        and any(isinstance(t, kinds) for t in function.function_type.outputs)
        and any(isinstance(t, kinds) for t in function.function_type.inputs)
    )


def _may_forward(function: func.FuncOp) -> bool:
    """Whether `function` is private, has a body and returns a memref and takes one."""
    return is_private_with_body(function) and _passes_memrefs(function)


def _functions_outside_bodies(op: Operation) -> Iterator[func.FuncOp]:
    """The functions nested in `op`, not looking inside function bodies."""
    for region in op.regions:
        for block in region.blocks:
            for nested in block.ops:
                if isinstance(nested, func.FuncOp):
                    yield nested
                else:
                    yield from _functions_outside_bodies(nested)


def analyze_forwarding(
    module: builtin.ModuleOp,
    is_fresh: Callable[[SSAValue], bool] | None = None,
    analyses: ModuleAnalyses | None = None,
) -> ForwardingAnalysis:
    """Find the results of private functions that statically forward an argument, and
    (with `is_fresh`, which tells the buffers a function allocates and owns) the results
    that are views of another result's fresh buffer.  The call graph is taken from
    `analyses` when given."""
    analysis = ForwardingAnalysis()
    views_wanted = is_fresh is not None and any(
        is_private_with_body(f) and find_result_views(f, is_fresh)
        for f in _functions_outside_bodies(module)
    )
    shares_wanted = any(_has_twin_results(f) for f in _functions_outside_bodies(module))
    if (
        not views_wanted
        and not shares_wanted
        and not any(
            _may_forward(f) and _promising(f) for f in _functions_outside_bodies(module)
        )
    ):
        return analysis  # the common case: no walk over every op of the module
    graph = scoped_call_graph(module) if analyses is None else analyses.call_graph()
    analysis.callee_of = graph.callee_of
    functions, escaped = graph.functions, graph.escaped
    candidates = {
        f for f in functions if _may_forward(f) and f.sym_name.data not in escaped
    }
    _find_forwarded(graph, candidates, analysis)
    if is_fresh is not None:
        for function in functions:
            if is_private_with_body(function) and function.sym_name.data not in escaped:
                views = find_result_views(function, is_fresh)
                for index in analysis.forwarded_results(function):
                    views.pop(index, None)
                if views:
                    analysis.result_views[function] = views
                    analysis.result_views_base[function] = find_base_views(
                        function, views
                    )
    _find_maybe_forwarded(candidates, analysis)
    if shares_wanted:
        for function in graph.callee_first():
            if _has_twin_results(function):
                analysis.shared[function] = find_shared_results(function, analysis)
    return analysis


def _find_forwarded(
    graph: ScopedCallGraph,
    candidates: set[func.FuncOp],
    analysis: ForwardingAnalysis,
) -> None:
    """Record in `analysis.forwarded` the forwarded results of each of `candidates`:
    callees first, then those in or calling into a call-graph cycle together (see
    `_find_forwarded_in_cycles`)."""
    ordered = graph.callee_first()
    for function in ordered:
        if function in candidates:
            found = _forwarded_results(function, analysis)
            if found:
                analysis.forwarded[function] = found
                exact = _forwarded_results(function, analysis, base_only=True)
                analysis.forwarded_base[function] = {
                    i for i, arg in exact.items() if found.get(i) == arg
                }
    placed = set(ordered)
    rest = [f for f in graph.functions if f in candidates and f not in placed]
    if rest:
        _find_forwarded_in_cycles(rest, analysis)


def _find_forwarded_in_cycles(
    functions: list[func.FuncOp], analysis: ForwardingAnalysis
) -> None:
    """The forwarded results of `functions`, candidates in or calling into a cycle of
    calls, as a greatest fixed point.  Every memref result starts *open* (a call result
    of it agrees with whatever the other paths return); each round recomputes the
    summaries under the current ones: an open result all of whose returns reach some
    argument #j becomes "forwards #j", a result whose returns disagree is dropped, and
    a result forwarding #j stays only while every return still reaches #j alone.  When
    nothing changes, results still open (no return that does not recurse) are dropped
    and the rounds go on.  A terminating call ends in returns that do not recurse, so a
    result every return of which forwards #j under the summaries does forward #j."""
    summaries: dict[func.FuncOp, dict[int, int | None]] = {
        f: {
            i: None
            for i, t in enumerate(f.function_type.outputs)
            if isinstance(t, builtin.MemRefType | builtin.UnrankedMemRefType)
        }
        for f in functions
    }
    _shrink_to_fixed_point(summaries, analysis, base_only=False)
    for function, results in summaries.items():
        analysis.forwarded[function] = {
            i: a for i, a in results.items() if a is not None
        }
    bases: dict[func.FuncOp, dict[int, int | None]] = {
        f: dict(analysis.forwarded[f]) for f in functions
    }
    _shrink_to_fixed_point(bases, analysis, base_only=True)
    for function in functions:
        if analysis.forwarded[function]:
            analysis.forwarded_base[function] = set(bases[function])
        else:
            del analysis.forwarded[function]


def _shrink_to_fixed_point(
    summaries: dict[func.FuncOp, dict[int, int | None]],
    analysis: ForwardingAnalysis,
    base_only: bool,
) -> None:
    """Narrow `summaries` ({result: forwarded argument, or None while open}; with
    `base_only`, the forwarded results that are the argument's buffer itself) until
    recomputing them under themselves changes nothing and none is open."""
    while True:
        changed = False
        for function, results in summaries.items():
            concrete = {i: a for i, a in results.items() if a is not None}
            if base_only:
                analysis.forwarded_base[function] = set(concrete)
            else:
                analysis.forwarded[function] = concrete
                analysis.open_results[function] = {
                    i for i, a in results.items() if a is None
                }
        for function, results in summaries.items():
            again = _forwarded_summary(function, analysis, base_only)
            kept: dict[int, int | None] = {}
            for i, argument in results.items():
                if i not in again:
                    continue
                now = again[i]
                if argument is None or now is None or now == argument:
                    kept[i] = argument if now is None else now
            if kept != results:
                summaries[function] = kept
                changed = True
        if changed:
            continue
        if not any(None in r.values() for r in summaries.values()):
            break
        for function, results in summaries.items():
            summaries[function] = {i: a for i, a in results.items() if a is not None}
    analysis.open_results.clear()
    for function in summaries:
        if base_only:
            analysis.forwarded_base.pop(function, None)
        else:
            analysis.forwarded.pop(function, None)


def _find_maybe_forwarded(
    candidates: set[func.FuncOp], analysis: ForwardingAnalysis
) -> None:
    """Record in `analysis.maybe_forwarded` the results of `candidates` (neither
    forwarded nor views of another result) that may be one of their arguments, or a view
    of it, on some path: the least fixed point over the calls between them (a call
    result may be the operands its callee may return)."""
    changed = True
    while changed:
        changed = False
        for function in candidates:
            entry = function.body.blocks.first
            assert entry is not None
            skip = set(analysis.forwarded_results(function))
            skip.update(analysis.result_views_of(function))
            found: dict[int, frozenset[int]] = {}
            for ret in function_returns(function):
                for i, value in enumerate(ret.operands):
                    if (
                        i in skip
                        or not is_memref(value)
                        or isinstance(value.type, builtin.UnrankedMemRefType)
                    ):
                        continue  # (no pointer of an unranked memref to compare)
                    reached = reached_arguments(value, entry, analysis)
                    if reached:
                        found[i] = found.get(i, frozenset()) | reached
            if found != analysis.maybe_forwarded.get(function, {}):
                analysis.maybe_forwarded[function] = found
                changed = True
    for function in [f for f, m in analysis.maybe_forwarded.items() if not m]:
        del analysis.maybe_forwarded[function]


def public_forwarders(
    module: builtin.ModuleOp, analyses: ModuleAnalyses | None = None
) -> dict[func.FuncOp, list[func.CallOp]]:
    """The public functions with a body, called by plain `func.call`s inside `module`,
    that would forward a result if those calls were their only callers (each with the
    calls: public function -> its calls in the module).

    Such a function serves two kinds of callers: those in the module may rely on a
    forwarded result being their own buffer (it is, in the memref program), those outside
    own every result (the deallocation ABI).  `buffer-deallocation` gives it a private
    twin for the first (see `deallocation/public_forwarders.py`).  The forwarded results are
    found as for private functions (module doc), every such public function counting as
    one: after the split, the calls between them call the private twins.  The call
    graph is taken from `analyses` when given.
    """
    if not any(
        is_public(f) and _passes_memrefs(f) and _promising(f)
        for f in _functions_outside_bodies(module)
    ):
        return {}
    graph = scoped_call_graph(module) if analyses is None else analyses.call_graph()
    analysis = ForwardingAnalysis(callee_of=graph.callee_of)
    functions, escaped = graph.functions, graph.escaped
    called: dict[func.FuncOp, list[func.CallOp]] = {}
    for call, callee in analysis.callee_of.items():
        if is_public(callee):
            called.setdefault(callee, []).append(call)
    candidates = {
        f
        for f in functions
        if (_may_forward(f) and f.sym_name.data not in escaped)
        or (f in called and is_public(f) and _passes_memrefs(f))
    }
    _find_forwarded(graph, candidates, analysis)
    _find_maybe_forwarded(candidates, analysis)
    return {
        f: called[f]
        for f in functions
        if f in called and (f in analysis.forwarded or f in analysis.maybe_forwarded)
    }


def _forwarded_results(
    function: func.FuncOp, analysis: ForwardingAnalysis, base_only: bool = False
) -> dict[int, int]:
    """{result index: argument index} for the results `function` forwards; with
    `base_only`, those that are the argument's buffer itself (traced through
    `memref.cast` only, not through other views)."""
    summary = _forwarded_summary(function, analysis, base_only)
    return {i: a for i, a in summary.items() if a is not None}


def _forwarded_summary(
    function: func.FuncOp, analysis: ForwardingAnalysis, base_only: bool = False
) -> dict[int, int | None]:
    """As `_forwarded_results`, plus the results (mapped to None) no return of which
    reaches any buffer: every path goes through an open result of a call (see
    `_find_forwarded_in_cycles`)."""
    entry = function.body.blocks.first
    assert entry is not None
    returns = [
        block.last_op
        for block in function.body.blocks
        if isinstance(block.last_op, func.ReturnOp)
    ]
    found: dict[int, int | None] = {}
    if not returns:
        return found
    for index, value in enumerate(returns[0].operands):
        if not is_memref(value):
            continue
        argument: int | None = None
        agreed = True
        for ret in returns:
            sources = argument_sources(ret.operands[index], entry, analysis, base_only)
            if sources is None or len(sources) > 1:
                agreed = False
                break
            if not sources:
                continue  # open: agrees with the other returns
            (only,) = sources
            if argument is not None and argument != only:
                agreed = False
                break
            argument = only
        if agreed:
            found[index] = argument
    return found


def _promising(function: func.FuncOp) -> bool:
    """Whether some memref result of `function` may be an argument on some path,
    assuming every call result may be any memref operand of its call (a cheap filter)."""
    entry = function.body.blocks.first
    assert entry is not None
    return any(
        is_memref(value) and reached_arguments(value, entry, None)
        for ret in function_returns(function)
        for value in ret.operands
    )


__all__ = [
    "ForwardingAnalysis",
    "Origin",
    "analyze_forwarding",
    "public_forwarders",
    "reached_arguments",
    "returned_origins",
]
