"""Dynamic memory statistics of a run of the reference executor.

The executor's `run` reports, with the results and findings, what the run allocated and
copied (`Outcome.stats`, a `MemoryStats`: heap allocations and their bytes, copies by
`memref.copy` / `linalg.copy` on memrefs / `bufferization.clone` and their bytes, frees,
the peak of live heap bytes). This module keeps the benchmarks' names for it.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from xdsl_bufferize.execution import MemoryStats, Outcome, run

StatsOutcome = Outcome
"""Results, findings and memory statistics of one run (the executor's `Outcome`)."""

__all__ = ["MemoryStats", "StatsOutcome", "run_with_stats"]


def run_with_stats(module: ModuleOp, entry: str = "main") -> StatsOutcome:
    """Run the argument-less `@entry` with the reference executor, counting."""
    return run(module, entry, [])
