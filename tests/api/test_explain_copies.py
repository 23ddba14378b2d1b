"""explain-copies: every copy and clone in the output has exactly one reason line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects import bufferization, memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.execution.runner import make_context
from xdsl_bufferize.interfaces.copy_reasons import shorten_op_text

ROOT = Path(__file__).resolve().parents[2]


def _chunks() -> list[tuple[str, str]]:
    files = [
        *sorted((ROOT / "examples").glob("*.mlir")),
        *sorted((ROOT / "tests" / "workloads").glob("*.mlir")),
        *sorted((ROOT / "tests" / "lowering" / "programs").glob("*.mlir")),
        *sorted(
            (ROOT / "tests" / "filecheck" / "comprehensive-bufferize").glob("*.mlir")
        ),
    ]
    chunks: list[tuple[str, str]] = []
    for path in files:
        for index, chunk in enumerate(path.read_text().split("// -----")):
            chunks.append((f"{path.name}#{index}", chunk))
    return chunks


CHUNKS = _chunks()
PIPELINES = [
    "comprehensive-bufferize{explain-copies=true}",
    "comprehensive-bufferize{explain-copies=true function-boundary-type-conversion=infer-layout-map}",
    # Workload 06 swaps its loop's buffers: one-shot needs this option for it, as
    # in MLIR.
    "one-shot-bufferize{bufferize-function-boundaries=true explain-copies=true "
    "allow-return-allocs-from-loops=true}",
]


def _copies(module: ModuleOp) -> int:
    return sum(
        isinstance(op, memref.CopyOp | bufferization.CloneOp) for op in module.walk()
    )


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize(("name", "text"), CHUNKS, ids=[n for n, _ in CHUNKS])
def test_one_reason_per_copy(
    name: str, text: str, pipeline: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ctx = make_context()
    module = parse_module(text, name, ctx)
    PassPipeline.parse_spec(Universe.get_multiverse().all_passes, pipeline).apply(
        ctx, module
    )
    lines = [
        line
        for line in capsys.readouterr().err.splitlines()
        if line.startswith("explain-copies: ")
    ]
    assert len(lines) == _copies(module), lines
    for line in lines:
        assert re.match(r"explain-copies: @[\w$.]+: (copy|clone) ", line), line


def test_the_counted_inputs_have_copies() -> None:
    """The test above is not vacuous: the inputs make copies and clones."""
    total = 0
    for name, text in CHUNKS:
        ctx = make_context()
        module = parse_module(text, name, ctx)
        PassPipeline.parse_spec(
            Universe.get_multiverse().all_passes, "comprehensive-bufferize"
        ).apply(ctx, module)
        total += _copies(module)
    assert total >= 15


@pytest.mark.parametrize(
    ("line", "short"),
    [
        (
            "%xw = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], "
            'iterator_types = ["parallel"]} outs(%x : tensor<8xf32>) {',
            "%xw = linalg.generic ... outs(%x)",
        ),
        (
            "%x5 = tensor.extract %x[%c5] : tensor<8xf32>",
            "%x5 = tensor.extract %x[%c5]",
        ),
        (
            "%0 = func.call @g(%a, %b) : (tensor<4xf32>, index) -> tensor<4xf32>",
            "%0 = func.call @g(%a, %b)",
        ),
        (
            "%r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) "
            "outs(%c : tensor<4xf32>) -> tensor<4xf32>",
            "%r = linalg.add ins(%a, %b) outs(%c)",
        ),
    ],
)
def test_op_text(line: str, short: str) -> None:
    assert shorten_op_text(line) == short
