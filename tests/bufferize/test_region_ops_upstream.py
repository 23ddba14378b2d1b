"""The vector.mask, affine and scf.parallel bufferization tests side by side with
upstream MLIR (optional: needs the `finch-mlir` wheel).

Our outputs (one-shot-bufferize and comprehensive-bufferize) parse and verify in
upstream MLIR. Where upstream bufferizes the same input (vector.mask written in
place), it allocates as many buffers as we do, but for the private buffers of
parallel loop bodies (`PRIVATE_COPIES`); the inputs it refuses are listed with its
reason: a mask whose write goes out of place ("body must bufferize in-place": we
copy before the mask) and affine ops carrying tensors ("op was not bufferized": we
bufferize them like their scf counterparts).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

from xdsl_bufferize.execution.runner import apply_pipeline, parse_module

INPUTS = Path(__file__).resolve().parents[1] / "filecheck" / "one-shot-bufferize"
FILES = ("vector-mask.mlir", "affine-tensors.mlir", "scf-parallel.mlir")
OURS = (
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true}",
    "comprehensive-bufferize",
)
UPSTREAM = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true})"
)
UPSTREAM_REFUSES = {
    "vector-mask.mlir#1": "body must bufferize in-place",
    "vector-mask.mlir#2": "body must bufferize in-place",
    "affine-tensors.mlir#0": "op was not bufferized",
    "affine-tensors.mlir#1": "op was not bufferized",
}
PRIVATE_COPIES = {"scf-parallel.mlir#0": 1, "scf-parallel.mlir#2": 1}
"""Inputs where we allocate more than upstream: its analysis knows no parallel
region but scf.forall's, so it writes a tensor defined outside an scf.parallel /
affine.parallel in place from every iteration (a data race); we give each
iteration a private buffer."""


def _upstream_text(module: ModuleOp) -> str:
    """`module` as upstream MLIR reads it: our universe prints affine.if in MLIR's
    custom form (dialects/affine_ext.py), so no rewriting is needed any more."""
    return str(module)


def _cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for name in FILES:
        text = (INPUTS / name).read_text()
        chunks = re.split(r"^// -----.*$", text, flags=re.MULTILINE)
        cases.extend((f"{name}#{i}", chunk) for i, chunk in enumerate(chunks))
    return cases


CASES = _cases()


@pytest.mark.parametrize("pipeline", OURS)
@pytest.mark.parametrize(("name", "text"), CASES, ids=[n for n, _ in CASES])
def test_our_output_verifies_upstream(name: str, text: str, pipeline: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    output = apply_pipeline(parse_module(text, name), pipeline)
    with mlir_ir.Context():
        upstream = mlir_ir.Module.parse(_upstream_text(output))
        assert upstream.operation.verify()


@pytest.mark.parametrize(("name", "text"), CASES, ids=[n for n, _ in CASES])
def test_upstream_one_shot_bufferize(name: str, text: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    passmanager = pytest.importorskip("mlir_finch.passmanager")
    with mlir_ir.Context():
        upstream = mlir_ir.Module.parse(_upstream_text(parse_module(text, name)))
        pipeline = passmanager.PassManager.parse(UPSTREAM)
        if name in UPSTREAM_REFUSES:
            with pytest.raises(Exception, match=UPSTREAM_REFUSES[name]):
                pipeline.run(upstream.operation)
            return
        pipeline.run(upstream.operation)
        theirs = str(upstream).count("memref.alloc(")
    ours = str(apply_pipeline(parse_module(text, name), OURS[0]))
    assert ours.count("memref.alloc(") == theirs + PRIVATE_COPIES.get(name, 0)
