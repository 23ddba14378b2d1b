"""Copies of a buffer holding one scalar become fills (beyond MLIR): on an LSTM-like
step loop (one zero-filled accumulator as the destination of four matmuls per step)
comprehensive-bufferize copies nothing where it copied the accumulator 4 times per
step before (and the step's result once per step before loop yields kept new
buffers); results stay equal and memory clean on the executor."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.parser import Parser

from xdsl_bufferize.bufferization import cleanup
from xdsl_bufferize.execution.runner import check_pipeline, make_context

ROOT = Path(__file__).resolve().parents[2]
LSTM = (
    ROOT / "tests" / "filecheck" / "comprehensive-bufferize" / "cheap-copy-sources.mlir"
)
STEPS = 3
GATES = 4


def _copies(monkeypatch: pytest.MonkeyPatch | None) -> tuple[int, int]:
    """(copies, allocations) of one run of the LSTM-like program after
    comprehensive-bufferize, with the rewrite switched off when `monkeypatch`."""
    if monkeypatch is not None:
        monkeypatch.setattr(
            cleanup,
            "CLEANUP_PATTERNS",
            tuple(
                p
                for p in cleanup.CLEANUP_PATTERNS
                if p
                not in (cleanup.ReproduceCheapCopySource, cleanup.EraseFillOnlyAlloc)
            ),
        )
    module = Parser(make_context(), LSTM.read_text()).parse_module()
    report = check_pipeline(module, "comprehensive-bufferize", "main", [])
    assert report.pipeline_error is None, report.pipeline_error
    assert report.mismatches == []
    assert report.after is not None
    assert report.after.error is None, report.after.error
    assert report.after.findings == []
    assert report.after.stats.frees == report.after.stats.allocs
    return report.after.stats.copies, report.after.stats.allocs


def test_lstm_step_copies_no_accumulator() -> None:
    copies, allocs = _copies(None)
    # no copy left (the loop yields its new result buffer back without a copy)
    assert copies == 0
    assert allocs == 8


def test_lstm_step_copies_before_the_rewrite(monkeypatch: pytest.MonkeyPatch) -> None:
    copies, allocs = _copies(monkeypatch)
    assert copies == GATES * STEPS
    assert allocs == 9
