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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from xdsl.dialects import builtin, func, memref
from xdsl.ir import (
    Block,
    BlockArgument,
    Operation,
    OpResult,
    SSAValue,
)
from xdsl.traits import IsTerminator

from xdsl_bufferize.analysis.call_graph import (
    ScopedCallGraph,
    function_returns,
    is_private_with_body,
    is_public,
    scoped_call_graph,
)
from xdsl_bufferize.interfaces.branch import branch_successor_operands
from xdsl_bufferize.interfaces.region_branch import (
    RegionEdge,
    region_entry_edges,
    region_exit_edges,
)
from xdsl_bufferize.interfaces.view_like import is_view, view_source
from xdsl_bufferize.utils.ir import is_memref

Origin = SSAValue | tuple[SSAValue, SSAValue]
"""Where a buffer a function may hand over comes from: a defining op's result, or a pair of
results of one call that may be one buffer."""


@dataclass
class ForwardingAnalysis:
    """Which results of which private functions forward which argument (see module doc)."""

    forwarded: dict[func.FuncOp, dict[int, int]] = field(
        default_factory=dict[func.FuncOp, dict[int, int]]
    )
    """Function -> {result index: index of the argument it forwards}."""
    forwarded_base: dict[func.FuncOp, set[int]] = field(
        default_factory=dict[func.FuncOp, set[int]]
    )
    """Function -> the forwarded results that are their argument's buffer itself on every
    return (reached through `memref.cast` only): freeing such a result frees the argument."""
    callee_of: dict[func.CallOp, func.FuncOp] = field(
        default_factory=dict[func.CallOp, func.FuncOp]
    )
    """The function each `func.call` of the module calls (when it is in the module)."""
    open_results: dict[func.FuncOp | None, set[int]] = field(
        default_factory=dict[func.FuncOp | None, set[int]]
    )
    """While the summaries of functions in call-graph cycles are narrowed: the results
    not known yet to forward anything, whose call results agree with any argument."""

    def forwarded_operand(self, call: func.CallOp, result: int) -> int | None:
        """The operand index whose buffer result #`result` of `call` is a view of, if any."""
        callee = self.callee_of.get(call)
        if callee is None:
            return None
        return self.forwarded.get(callee, {}).get(result)

    def forwards_base(self, call: func.CallOp, result: int) -> bool:
        """Whether result #`result` of `call` is always the buffer it is a view of (its
        forwarded operand's, or another result's) itself, not a view into it."""
        callee = self.callee_of.get(call)
        return callee is not None and (
            result in self.forwarded_base.get(callee, set())
            or result in self.result_views_base.get(callee, set())
        )

    result_views: dict[func.FuncOp, dict[int, int]] = field(
        default_factory=dict[func.FuncOp, dict[int, int]]
    )
    """Function -> {result index: index of the result whose fresh buffer it views}."""
    result_views_base: dict[func.FuncOp, set[int]] = field(
        default_factory=dict[func.FuncOp, set[int]]
    )
    """Function -> the results of `result_views` that are, on every return, the other
    result's buffer itself (the same value, or casts of it)."""

    maybe_forwarded: dict[func.FuncOp, dict[int, frozenset[int]]] = field(
        default_factory=dict[func.FuncOp, dict[int, frozenset[int]]]
    )
    """Function -> {result index: the arguments it may return as is (or a view of)}, for
    the results not forwarded that are on some path an argument (see module doc)."""

    def maybe_forwarded_operands(
        self, call: func.CallOp, result: int
    ) -> frozenset[int]:
        """The operand indices whose buffer result #`result` of `call` may be."""
        callee = self.callee_of.get(call)
        if callee is None:
            return frozenset()
        return self.maybe_forwarded.get(callee, {}).get(result, frozenset())

    def forwarded_results(self, function: func.FuncOp) -> dict[int, int]:
        """{result index: argument index} for the results `function` forwards."""
        return self.forwarded.get(function, {})

    def viewed_result(self, call: func.CallOp, result: int) -> int | None:
        """The result index of `call` whose buffer result #`result` is a view of, if any."""
        callee = self.callee_of.get(call)
        if callee is None:
            return None
        return self.result_views.get(callee, {}).get(result)

    def result_views_of(self, function: func.FuncOp) -> dict[int, int]:
        """{result index: owner result index} for the results of `function` that are
        views of (or the same buffer as) another of its results."""
        return self.result_views.get(function, {})

    shared: dict[func.FuncOp, frozenset[tuple[int, int]]] = field(
        default_factory=dict[func.FuncOp, frozenset[tuple[int, int]]]
    )
    """Analysed function -> the pairs (i, j), i < j, of its memref results that may be one
    buffer at run time (see module doc)."""

    def may_share(self, call: func.CallOp, i: int, j: int) -> bool:
        """Whether results #`i` and #`j` of `call` may be one buffer."""
        callee = self.callee_of.get(call)
        pairs = None if callee is None else self.shared.get(callee)
        return pairs is None or (min(i, j), max(i, j)) in pairs

    def call_origins(self, call: func.CallOp, index: int) -> list[Origin]:
        """The origin tokens of result #`index` of `call` (a fresh buffer of the call):
        two results of one call share a token exactly when they may be one buffer."""
        callee = self.callee_of.get(call)
        pairs = None if callee is None else self.shared.get(callee)
        if pairs is None:
            results = [r for r in call.results if is_memref(r)]
            return [results[0] if len(results) > 1 else call.results[index]]
        tokens: list[Origin] = [call.results[index]]
        tokens.extend(
            (call.results[i], call.results[j]) for i, j in pairs if index in (i, j)
        )
        return tokens


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
    module: builtin.ModuleOp, is_fresh: Callable[[SSAValue], bool] | None = None
) -> ForwardingAnalysis:
    """Find the results of private functions that statically forward an argument, and
    (with `is_fresh`, which tells the buffers a function allocates and owns) the results
    that are views of another result's fresh buffer."""
    analysis = ForwardingAnalysis()
    views_wanted = is_fresh is not None and any(
        is_private_with_body(f) and _result_views(f, is_fresh)
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
    graph = scoped_call_graph(module)
    analysis.callee_of = graph.callee_of
    functions, escaped = graph.functions, graph.escaped
    candidates = {
        f for f in functions if _may_forward(f) and f.sym_name.data not in escaped
    }
    _find_forwarded(graph, candidates, analysis)
    if is_fresh is not None:
        for function in functions:
            if is_private_with_body(function) and function.sym_name.data not in escaped:
                views = _result_views(function, is_fresh)
                for index in analysis.forwarded_results(function):
                    views.pop(index, None)
                if views:
                    analysis.result_views[function] = views
                    analysis.result_views_base[function] = _base_views(function, views)
    _find_maybe_forwarded(candidates, analysis)
    if shares_wanted:
        for function in graph.callee_first():
            if _has_twin_results(function):
                analysis.shared[function] = _shared_results(function, analysis)
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


def public_forwarders(
    module: builtin.ModuleOp,
) -> dict[func.FuncOp, list[func.CallOp]]:
    """The public functions with a body, called by plain `func.call`s inside `module`,
    that would forward a result if those calls were their only callers (each with the
    calls: public function -> its calls in the module).

    Such a function serves two kinds of callers: those in the module may rely on a
    forwarded result being their own buffer (it is, in the memref program), those outside
    own every result (the deallocation ABI).  `buffer-deallocation` gives it a private
    twin for the first (see `deallocation/public_forwarders.py`).  The forwarded results are
    found as for private functions (module doc), every such public function counting as
    one: after the split, the calls between them call the private twins.
    """
    if not any(
        is_public(f) and _passes_memrefs(f) and _promising(f)
        for f in _functions_outside_bodies(module)
    ):
        return {}
    graph = scoped_call_graph(module)
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


def _shared_results(
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


def _result_views(
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


def _base_views(function: func.FuncOp, views: dict[int, int]) -> set[int]:
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
            sources = _argument_sources(ret.operands[index], entry, analysis, base_only)
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


def _argument_sources(
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
