// RUN: xdsl-opt %s -p 'one-shot-bufferize{test-analysis-only=true}' | filecheck %s

// Both branches of the scf.if yield the same, unmodified slice; the then-branch
// also computes a new value into the slice's buffer but discards it. The read after
// the scf.if sees the old slice along both paths, so the write must go out of place
// (a path through the else-branch alone must not excuse it). Found by the fuzzer.

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() -> f32 {
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 0.5, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %e = tensor.empty() : tensor<3x3xf32>
  %t = linalg.copy ins(%cst : tensor<3x3xf32>) outs(%e : tensor<3x3xf32>) -> tensor<3x3xf32>
  %sl = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<3x3xf32> to tensor<2x2xf32>
  %r = scf.if %true -> (tensor<2x2xf32>) {
    %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%sl : tensor<2x2xf32>) outs(%sl : tensor<2x2xf32>) {
    ^bb0(%x: f32, %o: f32):
      %d = arith.addf %x, %x : f32
      linalg.yield %d : f32
    } -> tensor<2x2xf32>
    scf.yield %sl : tensor<2x2xf32>
  } else {
    scf.yield %sl : tensor<2x2xf32>
  }
  %v = tensor.extract %r[%c1, %c1] : tensor<2x2xf32>
  return %v : f32
}

// CHECK:       linalg.generic
// CHECK-SAME:  __inplace_operands_attr__ = ["true", "false"]
// CHECK:       scf.yield {__inplace_operands_attr__ = ["true"]} %sl
