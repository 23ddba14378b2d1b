"""Structured ops run whole (structured.py, payload.py) give bit-identical results,
findings and statistics to the point-by-point engine, and do not fall back where the
payload and maps are vectorizable: named ops (matmul, conv and pooling with strides and
dilations, fill, copy, transpose), generics with reductions, linalg.index and captured
scalars, map / reduce / broadcast, on tensors and on strided memref views."""

from __future__ import annotations

import random
from typing import Any

import pytest

from xdsl_bufferize.execution import Outcome, parse_module, run, structured
from xdsl_bufferize.execution.runner import find_function, random_inputs


def _both(src: str, entry: str = "main") -> tuple[Outcome, Outcome]:
    module = parse_module(src, "test.mlir")
    inputs: list[Any] = random_inputs(
        find_function(module, entry), random.Random(7), dynamic_size=5
    )
    whole = run(module, entry, inputs)
    structured.VECTORIZE = False
    try:
        pointwise = run(module, entry, inputs)
    finally:
        structured.VECTORIZE = True
    return whole, pointwise


def _same(src: str, entry: str = "main") -> Outcome:
    whole, pointwise = _both(src, entry)
    assert whole.error is None, whole.error
    assert whole.fallbacks == {}, whole.fallbacks
    assert pointwise.fallbacks  # the comparison ran the other engine
    assert whole.results is not None and pointwise.results is not None
    assert [repr(getattr(r, "data", r)) for r in whole.results] == [
        repr(getattr(r, "data", r)) for r in pointwise.results
    ]
    assert [str(f) for f in whole.findings] == [str(f) for f in pointwise.findings]
    assert whole.stats == pointwise.stats
    return whole


CONV = """
func.func @main(%x: tensor<2x3x11x13xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<2x4x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>,
                                 strides = dense<[2, 3]> : tensor<2xi64>}
       ins(%x, %w : tensor<2x3x11x13xf32>, tensor<4x3x3x2xf32>)
       outs(%f : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %c : tensor<2x4x4x4xf32>
}
"""

POOL = """
func.func @main(%x: tensor<2x3x9x9xf32>) -> tensor<2x3x4x4xf32> {
  %m = arith.constant -3.0e+38 : f32
  %k = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %f = linalg.fill ins(%m : f32) outs(%e : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>,
                                strides = dense<2> : tensor<2xi64>}
       ins(%x, %k : tensor<2x3x9x9xf32>, tensor<3x3xf32>)
       outs(%f : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %p : tensor<2x3x4x4xf32>
}
"""

GENERIC = """
func.func @main(%a: tensor<6x7xf32>, %b: tensor<7xf32>, %s: f32) -> (tensor<6xf32>, tensor<6x7xi32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (6 - j)>, affine_map<(i, j) -> (i)>],
        iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<6x7xf32>, tensor<7xf32>) outs(%f : tensor<6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.mulf %p, %s : f32
    %m = arith.maximumf %q, %acc : f32
    %c = arith.cmpf ogt, %m, %z : f32
    %v = arith.select %c, %m, %acc : f32
    %w = arith.addf %v, %acc : f32
    linalg.yield %w : f32
  } -> tensor<6xf32>
  %ei = tensor.empty() : tensor<6x7xi32>
  %idx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]} outs(%ei : tensor<6x7xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %big = arith.constant 2147483640 : i32
    %t = arith.muli %ii, %jj : i32
    %u = arith.addi %t, %big : i32
    linalg.yield %u : i32
  } -> tensor<6x7xi32>
  return %r, %idx : tensor<6xf32>, tensor<6x7xi32>
}
"""

MEMREF = """
func.func @main(%a: memref<8x6xf32>, %b: memref<6x5xf32>) -> (memref<3x5xf32>, memref<5x3xf32>) {
  %z = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<3x5xf32>
  %av = memref.subview %a[1, 0] [3, 6] [2, 1] : memref<8x6xf32> to memref<3x6xf32, strided<[12, 1], offset: 6>>
  linalg.fill ins(%z : f32) outs(%out : memref<3x5xf32>)
  linalg.matmul ins(%av, %b : memref<3x6xf32, strided<[12, 1], offset: 6>>, memref<6x5xf32>)
                outs(%out : memref<3x5xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%out : memref<3x5xf32>) outs(%out : memref<3x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %z : f32
    linalg.yield %r : f32
  }
  %t = memref.alloc() : memref<5x3xf32>
  linalg.transpose ins(%out : memref<3x5xf32>) outs(%t : memref<5x3xf32>) permutation = [1, 0]
  return %out, %t : memref<3x5xf32>, memref<5x3xf32>
}
"""

MAP_REDUCE = """
func.func @main(%a: tensor<4x5xf32>, %b: tensor<4x5xf32>, %v: tensor<5xf32>) -> (tensor<4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %m = linalg.map ins(%a, %b : tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>)
    (%x: f32, %y: f32) {
      %s = arith.subf %x, %y : f32
      %t = math.exp %s : f32
      linalg.yield %t : f32
    }
  %r0 = tensor.empty() : tensor<4xf32>
  %r1 = linalg.fill ins(%z : f32) outs(%r0 : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%m : tensor<4x5xf32>) outs(%r1 : tensor<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %be = tensor.empty() : tensor<3x5xf32>
  %bc = linalg.broadcast ins(%v : tensor<5xf32>) outs(%be : tensor<3x5xf32>) dimensions = [0]
  return %r, %m, %bc : tensor<4xf32>, tensor<4x5xf32>, tensor<3x5xf32>
}
"""


@pytest.mark.parametrize(
    "src",
    [CONV, POOL, GENERIC, MEMREF, MAP_REDUCE],
    ids=["conv_strided_dilated", "pooling_max", "generic", "memref_views", "map"],
)
def test_whole_op_equals_point_by_point(src: str) -> None:
    _same(src)


def test_integer_wraparound() -> None:
    outcome = _same(GENERIC)
    assert outcome.results is not None
    idx = outcome.results[1]
    # 5 * 6 + 2147483640 wraps around at 32 bits, as MLIR's JIT computes it.
    assert idx.data[-1] == 30 + 2147483640 - (1 << 32)


def test_unsupported_payload_falls_back_and_says_so() -> None:
    src = """
    func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
      %e = tensor.empty() : tensor<4xi32>
      %two = arith.constant 2 : i32
      %r = linalg.map ins(%a : tensor<4xi32>) outs(%e : tensor<4xi32>)
        (%x: i32) {
          %d = arith.divsi %x, %two : i32
          linalg.yield %d : i32
        }
      return %r : tensor<4xi32>
    }
    """
    whole, pointwise = _both(src)
    assert whole.results is not None and pointwise.results is not None
    assert whole.results[0].data == pointwise.results[0].data
    assert whole.fallbacks == {"linalg.map": "arith.divsi in the payload"}


def test_write_into_constant_and_use_after_free_are_still_found() -> None:
    src = """
    "memref.global"() <{sym_name = "c", sym_visibility = "private", type = memref<4xf32>, initial_value = dense<1.0> : tensor<4xf32>, constant}> : () -> ()
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0.0 : f32
      %g = memref.get_global @c : memref<4xf32>
      linalg.fill ins(%z : f32) outs(%g : memref<4xf32>)
      %a = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      linalg.fill ins(%z : f32) outs(%a : memref<4xf32>)
      %v = memref.load %g[%c0] : memref<4xf32>
      return %v : f32
    }
    """
    whole, pointwise = _both(src)
    kinds = [f.kind.value for f in whole.findings]
    assert kinds == ["write-to-constant", "use-after-free"]
    assert [str(f) for f in whole.findings] == [str(f) for f in pointwise.findings]
    assert whole.results == pointwise.results == (1.0,)
