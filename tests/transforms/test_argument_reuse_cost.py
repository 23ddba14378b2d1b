"""Reusing a dead input never costs the callers more than it saves (issue #24): on
the held-out shapes (elementwise ops into `tensor.empty` in a public function called
with a constant, a private helper returning a new tensor whose caller reads its
argument again) comprehensive-bufferize with public-arguments-writable=true copies
and clones nothing, and allocates no more than upstream MLIR's one-shot-bufferize
with ownership-based deallocation (optional: needs the `finch-mlir` wheel)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.execution.runner import apply_pipeline, check_pipeline

ROOT = Path(__file__).resolve().parents[2]
FILE = (
    ROOT
    / "tests"
    / "filecheck"
    / "comprehensive-bufferize"
    / "argument-reuse-cost.mlir"
)
PIPELINE = "comprehensive-bufferize{public-arguments-writable=true}"
UPSTREAM = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-deallocation-pipeline,canonicalize)"
)
CHUNKS = [c for c in FILE.read_text().split("// -----") if "func.func" in c]


def _count(text: str, name: str) -> int:
    return len(re.findall(rf"\b{re.escape(name)}\b", text))


@pytest.mark.parametrize("chunk", CHUNKS, ids=[f"shape{i}" for i in range(len(CHUNKS))])
def test_no_copy_and_no_clone(chunk: str) -> None:
    module = parse_module(chunk, "shape.mlir")
    report = check_pipeline(module, PIPELINE, "main", [])
    assert report.pipeline_error is None
    assert report.mismatches == []
    assert report.after is not None and report.after.findings == []
    assert report.after.stats.copies == 0
    out = str(apply_pipeline(parse_module(chunk, "shape.mlir"), PIPELINE))
    assert _count(out, "bufferization.clone") == 0


@pytest.mark.parametrize("chunk", CHUNKS, ids=[f"shape{i}" for i in range(len(CHUNKS))])
def test_no_more_allocations_and_copies_than_upstream(chunk: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    passmanager = pytest.importorskip("mlir_finch.passmanager")
    ours = str(apply_pipeline(parse_module(chunk, "shape.mlir"), PIPELINE))
    ctx = mlir_ir.Context()
    upstream = mlir_ir.Module.parse(chunk, ctx)
    passmanager.PassManager.parse(UPSTREAM, ctx).run(upstream.operation)
    theirs = str(upstream)
    assert _count(ours, "memref.alloc") <= _count(theirs, "memref.alloc")
    ours_copies = _count(ours, "memref.copy") + _count(ours, "bufferization.clone")
    their_copies = _count(theirs, "memref.copy") + _count(theirs, "bufferization.clone")
    assert ours_copies <= their_copies
