"""eliminate-empty-tensors and buffer-loop-hoisting, executed: every filecheck input
with a `@main` runs before and after each pass alone and after comprehensive-bufferize
(equal results, no memory finding); on the workloads the pipeline with both passes
allocates less (statically and when run) than with them turned off."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from bench.dynamic import run_with_stats
from xdsl_bufferize.execution.runner import (
    apply_pipeline,
    check_pipeline,
    compare_results,
    make_context,
    run,
)

ROOT = Path(__file__).resolve().parents[2]
FILECHECK = ROOT / "tests" / "filecheck"
WORKLOADS = Path(__file__).resolve().parents[1] / "workloads"
BOTH_OFF = (
    "comprehensive-bufferize{eliminate-empty-tensors=false hoist-allocations=false}"
)


def parse(text: str) -> ModuleOp:
    return Parser(make_context(), text).parse_module()


def main_chunks(folder: str) -> list[tuple[str, str]]:
    """(id, text) of each `// -----` chunk of the folder's tests that has a @main."""
    found: list[tuple[str, str]] = []
    for path in sorted((FILECHECK / folder).glob("*.mlir")):
        for index, chunk in enumerate(path.read_text().split("// -----")):
            if "func.func @main" in chunk:
                found.append((f"{path.name}#{index}", chunk))
    return found


def assert_report_ok(module: ModuleOp, pipeline: str) -> None:
    report = check_pipeline(module, pipeline, "main", [])
    assert report.pipeline_error is None, report.pipeline_error
    assert report.after is not None
    assert report.before.ok, report.before.findings
    assert report.after.error is None, report.after.error
    assert not report.after.findings, report.after.findings
    assert not report.mismatches, report.mismatches


ELIMINATION_CHUNKS = main_chunks("eliminate-empty-tensors")
HOISTING_CHUNKS = main_chunks("buffer-loop-hoisting")


def test_filecheck_inputs_have_executable_cases() -> None:
    assert ELIMINATION_CHUNKS
    assert HOISTING_CHUNKS


@pytest.mark.parametrize(
    "pipeline", ["eliminate-empty-tensors", "comprehensive-bufferize", BOTH_OFF]
)
@pytest.mark.parametrize(
    "chunk", [c for _, c in ELIMINATION_CHUNKS], ids=[i for i, _ in ELIMINATION_CHUNKS]
)
def test_elimination_inputs_execute(chunk: str, pipeline: str) -> None:
    assert_report_ok(parse(chunk), pipeline)


@pytest.mark.parametrize(
    "chunk", [c for _, c in HOISTING_CHUNKS], ids=[i for i, _ in HOISTING_CHUNKS]
)
def test_hoisting_inputs_execute(chunk: str) -> None:
    module = parse(chunk)
    if run(module, "main", []).ok:
        # Inputs that free their buffers: the pass alone and the whole pipeline.
        assert_report_ok(module, "buffer-loop-hoisting")
        assert_report_ok(module, "comprehensive-bufferize")
    # Inputs without frees: compare deallocation alone with hoisting + deallocation.
    base = run(apply_pipeline(module, "buffer-deallocation"), "main", [])
    hoisted_module = apply_pipeline(module, "buffer-loop-hoisting,buffer-deallocation")
    hoisted = run(hoisted_module, "main", [])
    assert base.ok, base.findings
    assert hoisted.ok, hoisted.findings
    assert base.results is not None and hoisted.results is not None
    assert not compare_results(base.results, hoisted.results)
    before = run_with_stats(apply_pipeline(module, "buffer-deallocation")).stats
    after = run_with_stats(hoisted_module).stats
    assert after.allocs < before.allocs


def static_allocs(module: ModuleOp) -> int:
    return len(re.findall(r'"?memref\.alloc"?[ (]', str(module)))


# Dynamic heap allocations of @main after comprehensive-bufferize with both passes
# (measured with the executor; before: 4, 35, 7, 12 with the passes off).
EXPECTED_DYNAMIC_AT_MOST = {
    "01_mlp_layer.mlir": 3,
    "07_jacobi_solver_while.mlir": 4,
    "11_mlp_two_layer_dynamic.mlir": 5,
    "12_laplace_jacobi_snapshot.mlir": 2,
}


@pytest.mark.parametrize(
    "path", sorted(WORKLOADS.glob("*.mlir")), ids=lambda p: Path(p).name
)
def test_workloads_allocate_less(path: Path) -> None:
    module = parse(path.read_text())
    assert_report_ok(module, "eliminate-empty-tensors")
    assert_report_ok(module, "comprehensive-bufferize")
    off = apply_pipeline(module, BOTH_OFF)
    on = apply_pipeline(module, "comprehensive-bufferize")
    off_run, on_run = run_with_stats(off), run_with_stats(on)
    assert off_run.ok and on_run.ok, (off_run.findings, on_run.findings)
    assert off_run.results is not None and on_run.results is not None
    assert not compare_results(off_run.results, on_run.results)
    assert static_allocs(on) <= static_allocs(off)
    assert on_run.stats.allocs <= off_run.stats.allocs
    expected = EXPECTED_DYNAMIC_AT_MOST.get(path.name)
    if expected is not None:
        assert on_run.stats.allocs <= expected < off_run.stats.allocs
