"""Ownership flags take every dynamic path correctly: both branches, zero-trip and
multi-trip loops, borrowed and owned inputs, run before and after the pass with the memory
checker; and the pass inserts flags instead of clones."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects import bufferization, scf

from xdsl_bufferize.execution import check_pipeline, parse_module
from xdsl_bufferize.transforms.buffer_deallocation import deallocate

FLAGS = (
    Path(__file__).parent.parent / "filecheck" / "buffer-deallocation" / "flags.mlir"
)


def _chunk(function: str) -> str:
    for chunk in FLAGS.read_text().split("// -----"):
        if f"func.func @{function}(" in chunk:
            return chunk
    raise AssertionError(f"no @{function} in {FLAGS}")


ARG = [[1.0, 2.0, 3.0, 4.0]]
CASES: list[tuple[str, list[object]]] = [
    *[("loop_from_arg", [n, *ARG]) for n in (0, 1, 4)],
    *[("if_mixed", [c, *ARG]) for c in (0, 1)],
    *[("diamond", [c]) for c in (0, 1)],
    ("while_from_arg", [[20.0, 0.0, 0.0, 0.0]]),  # zero trips
    ("while_from_arg", [[3.0, 0.0, 0.0, 0.0]]),  # two trips
    *[("pick", [c, *ARG]) for c in (0, 1)],
    *[("two_loops", [n, *ARG]) for n in (0, 1, 3)],
    *[("switch", [k, *ARG]) for k in (0, 1, 2)],
    *[("cf_loop", [n, *ARG]) for n in (0, 1, 3)],
    *[("cf_switch", [k, *ARG]) for k in (0, 1, 2, 3)],
    *[("through_loop", [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], c]) for c in (0, 1)],
]


@pytest.mark.parametrize(
    ("function", "inputs"),
    CASES,
    ids=[f"{f}-{i}" for i, (f, _) in enumerate(CASES)],
)
def test_every_path_is_clean(function: str, inputs: list[object]) -> None:
    module = parse_module(_chunk(function), function)
    report = check_pipeline(module, "buffer-deallocation", function, inputs)
    assert report.pipeline_error is None, report.pipeline_error
    assert report.after is not None
    assert report.after.error is None, report.after.error
    assert report.after.findings == [], report.after.findings
    assert report.mismatches == []


@pytest.mark.parametrize(
    ("function", "conditional_frees"),
    [
        ("loop_from_arg", 2),
        ("if_mixed", 1),
        ("diamond", 1),
        ("while_from_arg", 2),
        ("two_loops", 3),
        ("switch", 1),
        ("cf_loop", 2),
        ("cf_switch", 1),
    ],
)
def test_flags_replace_clones(function: str, conditional_frees: int) -> None:
    module = parse_module(_chunk(function), function)
    stats = deallocate(module)
    module.verify()
    assert stats.clones == 0
    assert stats.conditional_clones == 0
    assert stats.conditional_frees == conditional_frees
    assert not any(isinstance(op, bufferization.CloneOp) for op in module.walk())


def test_returned_flagged_buffer_is_copied_only_when_borrowed() -> None:
    module = parse_module(_chunk("pick"), "pick")
    stats = deallocate(module)
    module.verify()
    assert (stats.clones, stats.conditional_clones) == (0, 1)
    clone = next(op for op in module.walk() if isinstance(op, bufferization.CloneOp))
    branch = clone.parent_op()
    assert isinstance(branch, scf.IfOp)
    assert clone.parent_region() is branch.false_region
