"""Every one-shot-bufferize analysis test (and the public-ABI, recursion,
several-returns, while-layout, vector.mask, affine, scf.parallel, unranked and memory-space tests) with an argument-free `@main` is also
executed: before and after each pipeline below, on the reference executor, with
equal results and no memory finding (no leak, no double free, no write into a
constant). The decisions
pinned by the filecheck lines are so also shown correct, under every heuristic,
and so are the copies they cause."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.parser import Parser

from xdsl_bufferize.execution.runner import check_pipeline, make_context

INPUTS = Path(__file__).resolve().parents[1] / "filecheck" / "one-shot-bufferize"

PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true},buffer-deallocation",
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true analysis-heuristic=top-down},"
    "buffer-deallocation",
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true analysis-heuristic=fuzzer "
    "analysis-fuzzer-seed=7},buffer-deallocation",
)


def _programs() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    paths = [
        *INPUTS.glob("analysis*.mlir"),
        *INPUTS.glob("memory-space*.mlir"),
        INPUTS / "module-public-abi.mlir",
        INPUTS / "module-recursion.mlir",
        INPUTS / "module-several-returns.mlir",
        INPUTS / "while-layouts.mlir",
        INPUTS / "vector-mask.mlir",
        INPUTS / "affine-tensors.mlir",
        INPUTS / "scf-parallel.mlir",
        INPUTS / "unranked.mlir",
        INPUTS.parent / "comprehensive-bufferize" / "unranked.mlir",
    ]
    for path in sorted(paths):
        chunks = re.split(r"^// -----.*$", path.read_text(), flags=re.MULTILINE)
        cases.extend(
            (f"{path.name}#{i}", chunk)
            for i, chunk in enumerate(chunks)
            if "func.func @main()" in chunk
        )
    return cases


PROGRAMS = _programs()


def test_analysis_programs_are_collected() -> None:
    assert sum(case.startswith("analysis-loops.mlir") for case, _ in PROGRAMS) >= 8
    assert sum(case.startswith("module-recursion.mlir") for case, _ in PROGRAMS) == 6
    assert (
        sum(case.startswith("module-several-returns.mlir") for case, _ in PROGRAMS) == 4
    )
    for name, count in (
        ("vector-mask.mlir", 3),
        ("affine-tensors.mlir", 2),
        ("scf-parallel.mlir", 2),
    ):
        assert sum(case.startswith(name) for case, _ in PROGRAMS) == count
    assert sum(case.startswith("unranked.mlir") for case, _ in PROGRAMS) == 8
    assert sum(case.startswith("memory-space") for case, _ in PROGRAMS) == 9


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize(
    "chunk", [chunk for _, chunk in PROGRAMS], ids=[case for case, _ in PROGRAMS]
)
def test_results_unchanged_and_no_finding(chunk: str, pipeline: str) -> None:
    module = Parser(make_context(), chunk).parse_module()
    report = check_pipeline(module, pipeline, "main", [])
    assert report.before.ok, report.before.findings
    assert report.pipeline_error is None, report.pipeline_error
    assert report.after is not None
    assert report.after.error is None, report.after.error
    assert not report.after.findings, report.after.findings
    assert not report.mismatches, report.mismatches
