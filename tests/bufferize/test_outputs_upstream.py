"""Our outputs on every input of tests/filecheck/eliminate-empty-tensors and
tests/filecheck/one-shot-bufferize, under each `xdsl-opt -p` pipeline of the
file's RUN lines, parse and verify in upstream MLIR (optional: needs the
`finch-mlir` wheel).

Left out: RUN lines checking diagnostics (`--verify-diagnostics`), chunks our
pipeline refuses (an error at the op, which the file's CHECK lines pin), and
chunks using ops upstream MLIR does not know in this spelling (our test
dialects; `affine.if` and `vector.mask`, which xDSL 0.75 prints in forms
upstream cannot read)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from xdsl_bufferize.execution.runner import apply_pipeline, parse_module

ROOT = Path(__file__).resolve().parents[1] / "filecheck"
FOLDERS = ("eliminate-empty-tensors", "one-shot-bufferize")
UPSTREAM_UNKNOWN = (
    "bufftest.",
    '"test.',
    "test.op",
    "affine.if",
    "vector.mask",
    # Newer MLIR than the finch-mlir wheel's: linalg.contract, linalg.elementwise
    # and the indexing_maps clause of the matmul family.
    "linalg.contract",
    "linalg.elementwise",
    "matmul indexing_maps",
)


def _pipelines(text: str) -> list[str]:
    """The `-p` pipelines of the RUN lines that do not check diagnostics."""
    lines = "\n".join(
        line
        for line in text.splitlines()
        if line.startswith("// RUN: xdsl-opt") and "--verify-diagnostics" not in line
    )
    found = re.findall(r"-p\s+(?:'([^']*)'|\"([^\"]*)\"|(\S+))", lines)
    return list(dict.fromkeys(next(p for p in groups if p) for groups in found))


def _cases() -> list[tuple[str, str, str]]:
    cases: list[tuple[str, str, str]] = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).glob("*.mlir")):
            text = path.read_text()
            if "--allow-unregistered-dialect" in text:
                continue  # ops of unknown dialects: upstream cannot read them
            chunks = re.split(r"^// -----.*$", text, flags=re.MULTILINE)
            for pipeline in _pipelines(text):
                for i, chunk in enumerate(chunks):
                    if "func.func" not in chunk or any(
                        word in chunk for word in UPSTREAM_UNKNOWN
                    ):
                        continue
                    cases.append(
                        (f"{folder}/{path.name}#{i}:{pipeline}", chunk, pipeline)
                    )
    return cases


CASES = _cases()


def test_cases_are_collected() -> None:
    assert len(CASES) > 150
    assert any("subview-layouts.mlir" in name for name, _, _ in CASES)


def _generic(module: ModuleOp) -> str:
    """`module` in generic form, `to_buffer` under its earlier name `to_memref`
    (which finch-mlir knows)."""
    out = io.StringIO()
    Printer(stream=out, print_generic_format=True).print_op(module)
    return out.getvalue().replace(
        '"bufferization.to_buffer"', '"bufferization.to_memref"'
    )


@pytest.mark.parametrize(
    ("name", "text", "pipeline"), CASES, ids=[name for name, _, _ in CASES]
)
def test_output_verifies_in_upstream_mlir(name: str, text: str, pipeline: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    try:
        output = apply_pipeline(parse_module(text, name), pipeline)
    except (DiagnosticException, PassFailedException):
        pytest.skip("refused by our pipeline (the file's CHECK lines pin the error)")
    ctx = mlir_ir.Context()
    module = mlir_ir.Module.parse(_generic(output), ctx)
    assert module.operation.verify()
