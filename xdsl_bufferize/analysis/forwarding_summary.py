"""The result of the forwarding analysis (`analysis/forwarding.py`): which results of which
functions forward an argument, are views of another result, may be an argument, or may share
one buffer, and the questions callers ask about a `func.call` from it."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.ir import SSAValue

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
