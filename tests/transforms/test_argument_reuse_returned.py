"""Reusing a dead input never costs more copies than it saves allocations, counting
the clone the deallocation makes when a public function returns the reused buffer
(issue #24, under `public-arguments-writable=true`, MLIR's contract).

A private helper computing elementwise into `tensor.empty` may write its result into
its dead argument instead (eliminate-empty-tensors' dead-input reuse).  If that buffer
then reaches the return of a public function as one of its own arguments (directly,
through private callers returning the helper's result, or through a loop calling the
helper), the public function must return a clone of it: one allocation and one copy
for the allocation saved.  The rule (`_returned_to_outside` in
bufferization/empty_tensor_elimination.py) keeps the helper's allocation there, and
still reuses the argument when the buffer passed is one the caller owns.

Each shape runs through the executor before and after (results equal, no leak, no
double free) with its allocation and copy counts pinned, beside the same pipeline
without the reuse (fewer copies than ours by at most the allocations the reuse
saves) and, optionally, upstream MLIR's
one-shot-bufferize with function boundaries and ownership-based deallocation (never
fewer allocations or copies in the output than ours).
"""

from __future__ import annotations

import re

import pytest

from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.execution.runner import apply_pipeline, check_pipeline

PIPELINE = "comprehensive-bufferize{public-arguments-writable=true}"
NO_REUSE = (
    "comprehensive-bufferize{public-arguments-writable=true "
    "eliminate-empty-tensors=false}"
)
UPSTREAM = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops},"
    "buffer-deallocation-pipeline,canonicalize)"
)

HELPER = """
func.func private @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.mul ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
"""

SHAPES = {
    # the helper's result returned by a public function as its argument's buffer
    "returned_by_public": HELPER
    + """
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
""",
    # the same through a private caller returning the helper's result
    "through_private_caller": HELPER
    + """
func.func private @mid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = func.call @g(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = func.call @mid(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
""",
    # a loop calling the helper on its iter_arg, started with the argument
    "loop_calling": HELPER
    + """
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%t = %a) -> (tensor<4xf32>) {
    %n = func.call @g(%t) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
""",
    # a public function in the module returning the helper's result, called with
    # a buffer the entry owns
    "public_callee": HELPER
    + """
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}
""",
    # the public function returns its argument's buffer anyway (a clone without
    # the reuse too): the reuse is kept, one allocation fewer
    "returned_anyway": HELPER
    + """
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.add ins(%n, %n : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
""",
    # the buffer passed is the caller's own (dead after the call): the reuse is
    # kept, one allocation fewer and no copy
    "caller_owns_the_buffer": HELPER
    + """
func.func @main() -> tensor<4xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %n = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
""",
}

EXPECTED = {
    # (allocations, copies) at run time: ours, then without the reuse
    "returned_by_public": ((1, 0), (1, 0)),
    "through_private_caller": ((1, 0), (1, 0)),
    # the reuse kept: a clone at the return for an allocation saved per iteration
    # (without it, one allocation per iteration: the helper's new results, which
    # the loop yields back without a copy; before loop yields kept new buffers,
    # also a copy per iteration)
    "loop_calling": ((1, 1), (3, 0)),
    "returned_anyway": ((1, 1), (2, 1)),
    "public_callee": ((2, 0), (2, 0)),
    "caller_owns_the_buffer": ((1, 0), (2, 0)),
}


def _run(source: str, pipeline: str) -> tuple[int, int]:
    report = check_pipeline(parse_module(source, "shape.mlir"), pipeline, "main")
    assert report.pipeline_error is None, report.pipeline_error
    assert report.ok, report
    assert report.after is not None and report.after.findings == []
    return report.after.stats.allocs, report.after.stats.copies


def _count(text: str, name: str) -> int:
    return len(re.findall(rf"\b{re.escape(name)}\b", text))


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_reuse_costs_no_copy(name: str) -> None:
    source = SHAPES[name]
    ours = _run(source, PIPELINE)
    without = _run(source, NO_REUSE)
    assert (ours, without) == EXPECTED[name]
    # copies added by the reuse: at most the allocations it saves
    assert ours[1] - without[1] <= without[0] - ours[0]
    out = str(apply_pipeline(parse_module(source, "shape.mlir"), PIPELINE))
    plain = str(apply_pipeline(parse_module(source, "shape.mlir"), NO_REUSE))
    clones = _count(out, "bufferization.clone")
    assert clones <= _count(plain, "bufferization.clone")
    assert clones == (1 if name in ("loop_calling", "returned_anyway") else 0)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_no_more_allocations_and_copies_than_upstream(name: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    passmanager = pytest.importorskip("mlir_finch.passmanager")
    source = SHAPES[name]
    ours = str(apply_pipeline(parse_module(source, "shape.mlir"), PIPELINE))
    ctx = mlir_ir.Context()
    upstream = mlir_ir.Module.parse(source, ctx)
    passmanager.PassManager.parse(UPSTREAM, ctx).run(upstream.operation)
    theirs = str(upstream)
    assert _count(ours, "memref.alloc") <= _count(theirs, "memref.alloc")
    ours_copies = _count(ours, "memref.copy") + _count(ours, "bufferization.clone")
    their_copies = _count(theirs, "memref.copy") + _count(theirs, "bufferization.clone")
    assert ours_copies <= their_copies
