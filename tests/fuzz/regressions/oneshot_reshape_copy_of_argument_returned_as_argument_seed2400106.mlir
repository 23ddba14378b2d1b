// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: result #0: 1.5 before, nan after
// origin: seed 2400106 (generator feature +dynamic_reshape)
// status: fixed (a collapse of an argument with a fully dynamic layout copies; the return was still replaced by the argument as the analysis saw a view)
builtin.module {
  func.func private @reshape0(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
    %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
    %v = tensor.collapse_shape %t [[0 : i64, 1 : i64]] : tensor<?x?xf32> into tensor<?xf32>
    %w = linalg.fill ins(%s : f32) outs(%v : tensor<?xf32>) -> tensor<?xf32>
    %r = tensor.expand_shape %w [[0 : i64, 1 : i64]] output_shape [%d0, %d1] : tensor<?xf32> into tensor<?x?xf32>
    func.return %r : tensor<?x?xf32>
  }
  func.func @main() -> f32 {
    %cst256 = arith.constant 1.500000e+00 : f32
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %e262 = tensor.empty() : tensor<8x8xf32>
    %d264 = tensor.cast %e262 : tensor<8x8xf32> to tensor<?x?xf32>
    %call265 = func.call @reshape0(%d264, %cst256) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
    %r266 = tensor.cast %call265 : tensor<?x?xf32> to tensor<8x8xf32>
    %r306 = tensor.extract %r266[%c6, %c2] : tensor<8x8xf32>
    func.return %r306 : f32
  }
}
