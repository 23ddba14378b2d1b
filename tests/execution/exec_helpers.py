"""Helpers for the executor tests: parse a source string and run it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdsl_bufferize.execution import Outcome, parse_module, run


def run_src(src: str, entry: str = "main", args: Sequence[Any] = ()) -> Outcome:
    """Parse `src` and run `@entry` on `args`."""
    return run(parse_module(src, "test.mlir"), entry, args)


def results_of(
    src: str, entry: str = "main", args: Sequence[Any] = ()
) -> tuple[Any, ...]:
    """The results of a clean run (asserting no finding and no error)."""
    outcome = run_src(src, entry, args)
    assert outcome.error is None, outcome.error
    assert outcome.findings == [], [str(f) for f in outcome.findings]
    assert outcome.results is not None
    return outcome.results
