// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: result #0: -8.25 before, -10.5 after
// origin: seed 2400113 (generator feature +dynamic_reshape)
// status: fixed (a collapse of an argument with a fully dynamic layout copies; the return was still replaced by the argument as the analysis saw a view)
builtin.module {
  func.func private @reshape0(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
    %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
    %v = tensor.collapse_shape %t [[0 : i64, 1 : i64]] : tensor<?x?xf32> into tensor<?xf32>
    %w = tensor.insert %s into %v[%c0] : tensor<?xf32>
    %r = tensor.expand_shape %w [[0 : i64, 1 : i64]] output_shape [%d0, %d1] : tensor<?xf32> into tensor<?x?xf32>
    func.return %r : tensor<?x?xf32>
  }
  func.func @main() -> f32 {
    %cst18 = arith.constant -2.500000e-01 : f32
    %cst21 = arith.constant 2.000000e+00 : f32
    %cst69 = arith.constant 0.000000e+00 : f32
    %e4 = tensor.empty() : tensor<7x6xf32>
    %t5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e4 : tensor<7x6xf32>) {
    ^bb0(%o6: f32):
      linalg.yield %cst18 : f32
    } -> tensor<7x6xf32>
    %d19 = tensor.cast %t5 : tensor<7x6xf32> to tensor<?x?xf32>
    %call20 = func.call @reshape0(%d19, %cst21) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
    %r22 = tensor.cast %call20 : tensor<?x?xf32> to tensor<7x6xf32>
    %e70 = tensor.empty() : tensor<f32>
    %z71 = linalg.fill ins(%cst69 : f32) outs(%e70 : tensor<f32>) -> tensor<f32>
    %sum72 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%r22 : tensor<7x6xf32>) outs(%z71 : tensor<f32>) {
    ^bb0(%x73: f32, %o74: f32):
      %p75 = arith.addf %x73, %o74 : f32
      linalg.yield %p75 : f32
    } -> tensor<f32>
    %cs76 = tensor.extract %sum72[] : tensor<f32>
    func.return %cs76 : f32
  }
}
