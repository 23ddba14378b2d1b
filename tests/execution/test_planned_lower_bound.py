"""The lower bound of a planned program (issue #26): an arena slot is live from its
first use, as the allocation it replaces, not from the `memref.view` hoisted to the
function entry; so planning keeps the lower bound, and it never exceeds the planned
program's peak (before the fix, `comprehensive-bufferize{plan-memory=true}` printed
e.g. `peak 1.3 KiB, lower bound 1.5 KiB` on workload 02)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xdsl_bufferize.execution import check_pipeline, parse_module

ROOT = Path(__file__).resolve().parents[2]
WORKLOADS = sorted((ROOT / "tests" / "workloads").glob("*.mlir"))
PLANNING = ROOT / "tests" / "filecheck" / "static-memory-planning"


@pytest.mark.parametrize("path", WORKLOADS, ids=[p.stem for p in WORKLOADS])
def test_planned_lower_bound_is_at_most_the_peak(path: Path) -> None:
    module = parse_module(path.read_text(), path.name)
    report = check_pipeline(module, "comprehensive-bufferize{plan-memory=true}")
    assert report.ok, report.mismatches
    assert report.after is not None
    after = report.after.stats
    assert 0 < after.lower_bound_bytes <= after.peak_live_bytes


@pytest.mark.parametrize("name", ["callee-scratch.mlir", "calls.mlir"])
def test_planning_keeps_the_lower_bound(name: str) -> None:
    path = PLANNING / name
    module = parse_module(path.read_text(), path.name)
    report = check_pipeline(module, "static-memory-planning")
    assert report.ok
    assert report.after is not None
    before, after = report.before.stats, report.after.stats
    assert before.lower_bound_bytes == after.lower_bound_bytes
    assert after.lower_bound_bytes <= after.peak_live_bytes < before.peak_live_bytes
