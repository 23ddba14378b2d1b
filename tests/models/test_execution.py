"""Run the tensor / linalg / vector FileCheck inputs before and after bufferization on
the reference executor: the results must not change and memory must be used
correctly.

Two bufferizations are checked: the models alone (every operand in place, through the
test state of `simple_states`; the inputs are written without read-after-write
hazards, so in place is correct for them), and the `one-shot-bufferize` pass (with
`buffer-deallocation` after it, when the pass is registered).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.universe import Universe

from xdsl_bufferize.execution.memory import FindingKind
from xdsl_bufferize.execution.runner import check_pipeline, compare_results, run
from xdsl_bufferize.execution.runner import parse_module as parse_for_executor

from .simple_states import (  # pyright: ignore[reportMissingImports]
    bufferize_in_place,
    parse_module,
)

INPUTS = Path(__file__).parent.parent / "filecheck" / "one-shot-bufferize"
FILES = ("tensor.mlir", "linalg.mlir", "vector.mlir")


def _cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for name in FILES:
        chunks = (INPUTS / name).read_text().split("// -----")
        cases.extend((f"{name}#{i}", chunk) for i, chunk in enumerate(chunks))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("case", "source"), CASES, ids=[c for c, _ in CASES])
def test_models_preserve_results(case: str, source: str) -> None:
    module = parse_module(source)
    before = run(module, "main", [])
    assert before.ok, (case, before.error, before.findings)
    assert before.results is not None
    bufferize_in_place(module)
    module.verify()
    text = str(module)
    assert "tensor<" not in text.replace("dense<1> : tensor<2xi64>", ""), text
    after = run(module, "main", [])
    assert after.error is None, (case, after.error)
    # Nothing frees the buffers here (that is buffer-deallocation's job): leaks
    # are expected, any other finding is a bug.
    assert all(f.kind is FindingKind.LEAK for f in after.findings), after.findings
    assert after.results is not None
    assert compare_results(before.results, after.results) == []


def _pass_registered(name: str) -> bool:
    return name in Universe.get_multiverse().all_passes


@pytest.mark.parametrize(("case", "source"), CASES, ids=[c for c, _ in CASES])
@pytest.mark.parametrize(
    "pipeline", ["one-shot-bufferize", "one-shot-bufferize,buffer-deallocation"]
)
def test_pipeline_preserves_results(case: str, source: str, pipeline: str) -> None:
    for name in pipeline.split(","):
        if not _pass_registered(name):
            pytest.skip(f"pass {name} is not registered yet")
    module = parse_for_executor(source)
    report = check_pipeline(module, pipeline, "main", [])
    assert report.pipeline_error is None, (case, report.pipeline_error)
    assert report.after is not None
    assert report.after.error is None, (case, report.after.error)
    assert not report.mismatches, (case, report.mismatches)
    findings = report.after.findings
    if pipeline == "one-shot-bufferize":
        findings = [f for f in findings if f.kind is not FindingKind.LEAK]
    assert not findings, (case, findings)
