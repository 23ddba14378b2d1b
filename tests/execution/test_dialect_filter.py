"""one-shot-bufferize's `dialect-filter`: ops of the listed dialects are bufferized,
the others stay on tensors behind to_buffer / to_tensor; whatever the list, the
partly bufferized program computes what the tensor program computes, and with every
dialect of the program listed, deallocation frees everything."""

from __future__ import annotations

import pytest

from xdsl_bufferize.execution import apply_pipeline, check_pipeline, parse_module

SRC = """
func.func @main(%a: tensor<4xf32>, %f: f32, %i: index) -> (tensor<4xf32>, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %f into %t[%i] : tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %v = linalg.add ins(%u, %a : tensor<4xf32>, tensor<4xf32>)
                  outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %w = tensor.insert %f into %a[%i] : tensor<4xf32>
  %x = tensor.extract %v[%i] : tensor<4xf32>
  %y = tensor.extract %w[%i] : tensor<4xf32>
  %z = arith.addf %x, %y : f32
  return %v, %z : tensor<4xf32>, f32
}
"""

INPUTS = [[1.0, 2.0, 3.0, 4.0], 2.5, 1]

FILTERS = [
    "tensor",
    "linalg",
    "tensor,bufferization",
    "linalg,bufferization",
    "func,tensor",
    "func,linalg,bufferization",
    "tensor,linalg,bufferization",
]


@pytest.mark.parametrize("filter_", FILTERS)
def test_partial_bufferization_computes_the_same(filter_: str) -> None:
    pipeline = (
        f"one-shot-bufferize{{dialect-filter={filter_} bufferize-function-boundaries}}"
    )
    module = parse_module(SRC, "filter.mlir")
    text = str(apply_pipeline(module, pipeline))
    listed = set(filter_.split(","))
    # Ops of dialects left out are still on tensors; those listed are not.
    assert ("tensor.insert" in text) == ("tensor" not in listed), text
    assert ("-> tensor<4xf32>" in text) == ("linalg" not in listed), text
    assert ("%a: tensor<4xf32>" in text) == ("func" not in listed), text
    report = check_pipeline(module, pipeline, "main", INPUTS)
    assert report.pipeline_error is None, report.pipeline_error
    assert report.mismatches == [], report.mismatches
    assert report.before.results is not None
    assert report.before.results[1] == pytest.approx(2.5 + 2.0 + 2.5)


def test_every_dialect_listed_bufferizes_and_frees_everything() -> None:
    pipeline = (
        "one-shot-bufferize{dialect-filter=func,tensor,linalg,bufferization "
        "bufferize-function-boundaries},buffer-deallocation-pipeline"
    )
    module = parse_module(SRC, "filter.mlir")
    assert "tensor<" not in str(apply_pipeline(module, pipeline))
    report = check_pipeline(module, pipeline, "main", INPUTS)
    assert report.ok, (report.mismatches, report.pipeline_error)


UNRANKED = """
func.func @f(%t: tensor<*xf32>, %s: f32, %i: index) -> tensor<*xf32> {
  %c = tensor.cast %t : tensor<*xf32> to tensor<4xf32>
  %u = tensor.insert %s into %c[%i] : tensor<4xf32>
  %r = tensor.cast %u : tensor<4xf32> to tensor<*xf32>
  return %r : tensor<*xf32>
}
func.func @main(%a: tensor<4xf32>, %s: f32, %i: index) -> f32 {
  %t = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  %r = func.call @f(%t, %s, %i) : (tensor<*xf32>, f32, index) -> tensor<*xf32>
  %c = tensor.cast %r : tensor<*xf32> to tensor<4xf32>
  %x = tensor.extract %c[%i] : tensor<4xf32>
  return %x : f32
}
"""


def test_unranked_result_of_an_op_left_on_tensors_crosses_the_boundary() -> None:
    """With func listed and tensor not, a function returns an unranked tensor an
    unlisted op made: the boundary reads it through an unranked to_buffer (a crash
    before, found by the fuzzer with a filter)."""
    pipeline = "one-shot-bufferize{dialect-filter=func bufferize-function-boundaries}"
    module = parse_module(UNRANKED, "unranked.mlir")
    text = str(apply_pipeline(module, pipeline))
    assert "tensor<*xf32> to memref<*xf32>" in text, text
    report = check_pipeline(module, pipeline, "main", INPUTS)
    assert report.pipeline_error is None, report.pipeline_error
    assert report.mismatches == [], report.mismatches
    assert report.before.results == (2.5,)
