"""The outputs of the unranked-tensor tests parse and verify in upstream MLIR
(optional: needs the `finch-mlir` wheel), under one-shot-bufferize with function
boundaries and under comprehensive-bufferize."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xdsl_bufferize.execution.runner import apply_pipeline, parse_module

FILECHECK = Path(__file__).resolve().parents[1] / "filecheck"
FILES = (
    FILECHECK / "one-shot-bufferize" / "unranked.mlir",
    FILECHECK / "comprehensive-bufferize" / "unranked.mlir",
)
PIPELINES = (
    "one-shot-bufferize{bufferize-function-boundaries=true}",
    "comprehensive-bufferize",
)


def _cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for path in FILES:
        chunks = re.split(r"^// -----.*$", path.read_text(), flags=re.MULTILINE)
        cases.extend(
            (f"{path.parent.name}/{path.name}#{i}", c) for i, c in enumerate(chunks)
        )
    return cases


CASES = _cases()


def test_there_are_cases() -> None:
    assert len(CASES) == 9


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_output_verifies_in_upstream_mlir(name: str, text: str, pipeline: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    output = apply_pipeline(parse_module(text, name), pipeline)
    ctx = mlir_ir.Context()
    upstream = mlir_ir.Module.parse(str(output), ctx)
    assert upstream.operation.verify()
