"""Module analyses kept between the stages of a pipeline (MLIR's `AnalysisManager`
with preserved analyses).

A `ModuleAnalyses` belongs to one memref module. Each analysis it offers is computed on
the first request and kept; a stage that changes the module then says which of them
it *preserves* (`preserve`), and the others are forgotten, to be computed again on
the next request. The analyses (all over memrefs; before bufferization they mean
nothing):

* `CALL_GRAPH`: the scoped call graph (`call_graph.scoped_call_graph`), which the other
  two build on;
* `FREED_ARGUMENTS`: the arguments each function frees (`freed_arguments.py`);
* `FORWARDING`: the results of private functions that forward an argument, without
  result views (`forwarding.analyze_forwarding` with no `is_fresh`).

What they depend on, hence who preserves them: the call graph on the module's
functions, their calls and the symbols used elsewhere; the freed arguments on the frees
of arguments and the calls; the forwarding analysis on the values returned, traced back
through views, branches, region ops and calls. Every summary is keyed by function or
call op (never by a value other ops may replace), so a stage that moves or replaces
allocations and frees of its own buffers, adds no call and changes no signature (loop
hoisting, stack promotion) preserves all three; a stage that rewrites signatures or
calls (out-parameters, deallocation's public-forwarder twins, callee scratch hoisting)
preserves none it does not name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

from xdsl.dialects import builtin

from xdsl_bufferize.analysis.call_graph import ScopedCallGraph, scoped_call_graph
from xdsl_bufferize.analysis.forwarding import ForwardingAnalysis, analyze_forwarding
from xdsl_bufferize.analysis.freed_arguments import FreedArguments, freed_arguments

AnalysisName = Literal["call-graph", "freed-arguments", "forwarding"]

CALL_GRAPH: AnalysisName = "call-graph"
FREED_ARGUMENTS: AnalysisName = "freed-arguments"
FORWARDING: AnalysisName = "forwarding"
ALL: tuple[AnalysisName, ...] = (CALL_GRAPH, FREED_ARGUMENTS, FORWARDING)
NONE: tuple[AnalysisName, ...] = ()


class ModuleAnalyses:
    """The kept analyses of one module (see module doc)."""

    def __init__(self, module: builtin.ModuleOp) -> None:
        self.module = module
        self._graph: ScopedCallGraph | None = None
        self._freed: FreedArguments | None = None
        self._forwarding: ForwardingAnalysis | None = None
        self.computed: Counter[AnalysisName] = Counter()
        """How many times each analysis was computed (for tests and profiles)."""

    def call_graph(self) -> ScopedCallGraph:
        """The scoped call graph of the module."""
        if self._graph is None:
            self._graph = scoped_call_graph(self.module)
            self.computed[CALL_GRAPH] += 1
        return self._graph

    def freed_arguments(self) -> FreedArguments:
        """The arguments each function of the module frees."""
        if self._freed is None:
            self._freed = freed_arguments(self.module, self)
            self.computed[FREED_ARGUMENTS] += 1
        return self._freed

    def forwarding(self) -> ForwardingAnalysis:
        """The forwarded results of the module's private functions (no result
        views)."""
        if self._forwarding is None:
            self._forwarding = analyze_forwarding(self.module, analyses=self)
            self.computed[FORWARDING] += 1
        return self._forwarding

    def preserve(self, preserved: Iterable[AnalysisName]) -> None:
        """A stage changed the module, keeping `preserved` valid: forget the others."""
        kept = set(preserved)
        if CALL_GRAPH not in kept:
            self._graph = None
        if FREED_ARGUMENTS not in kept:
            self._freed = None
        if FORWARDING not in kept:
            self._forwarding = None

    def forget(self, *_: object) -> None:
        """Forget every analysis (a stage preserving none)."""
        self._graph = None
        self._freed = None
        self._forwarding = None
