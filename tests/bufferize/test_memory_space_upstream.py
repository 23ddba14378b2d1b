"""The memory-space tests of tests/filecheck/one-shot-bufferize, and our outputs on
them, parse and verify in upstream MLIR (optional: needs the `finch-mlir` wheel).
The outputs hold `memref.alloc` and `memref.copy` in spaces 1, 2 and 3 and copies
across spaces; no `memref.cast` may change a memory space (upstream's verifier
refuses such a cast)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from xdsl_bufferize.execution.runner import apply_pipeline, parse_module

INPUTS = Path(__file__).resolve().parents[1] / "filecheck" / "one-shot-bufferize"
PIPELINES = (
    "one-shot-bufferize{bufferize-function-boundaries=true}",
    "comprehensive-bufferize",
    "one-shot-bufferize{default-memory-space=2}",
)


def _chunks() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for path in sorted(INPUTS.glob("memory-space*.mlir")):
        chunks = re.split(r"^// -----.*$", path.read_text(), flags=re.MULTILINE)
        cases.extend((f"{path.name}#{i}", chunk) for i, chunk in enumerate(chunks))
    return cases


CASES = _chunks()


def test_cases_are_collected() -> None:
    assert len(CASES) == 9


def _verify_upstream(text: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    ctx = mlir_ir.Context()
    module = mlir_ir.Module.parse(text, ctx)
    assert module.operation.verify()


def _generic(module: ModuleOp) -> str:
    """`module` in generic form (upstream versions spell `to_tensor` differently),
    with `to_buffer` under its earlier name `to_memref`, which finch-mlir knows."""
    out = io.StringIO()
    Printer(stream=out, print_generic_format=True).print_op(module)
    return out.getvalue().replace(
        '"bufferization.to_buffer"', '"bufferization.to_memref"'
    )


@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_input_verifies_in_upstream_mlir(name: str, text: str) -> None:
    _verify_upstream(_generic(parse_module(text, name)))


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_output_verifies_in_upstream_mlir(name: str, text: str, pipeline: str) -> None:
    output = _generic(apply_pipeline(parse_module(text, name), pipeline))
    _verify_upstream(output)
