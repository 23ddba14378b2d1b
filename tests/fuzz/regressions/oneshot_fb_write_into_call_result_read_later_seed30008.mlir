// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true}
// kind: mismatch
// detail: result #0: 1.0 before, 2.0 after
// origin: xdsl-bufferize-fuzz --count 1 --seed 30008 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true}' --features=-slices,-dynamic_shapes,-if (shrunk)
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): a write into a call result (equivalent to the argument, result dropped) that is read again afterwards happens in place

builtin.module {
  func.func private @helper0(%arg1: tensor<3xf32> {bufferization.writable = true}, %arg2: tensor<6xf32>) -> tensor<3xf32> {
    func.return %arg1 : tensor<3xf32>
  }
  func.func @main() -> f32 {
    %cst117 = arith.constant 1.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %e135 = tensor.empty() : tensor<3xf32>
    %t136 = linalg.fill ins(%cst117 : f32) outs(%e135 : tensor<3xf32>) -> tensor<3xf32>
    %e137 = tensor.empty() : tensor<6xf32>
    %call140 = func.call @helper0(%t136, %e137) : (tensor<3xf32>, tensor<6xf32>) -> tensor<3xf32>
    %b146 = linalg.add ins(%t136, %t136 : tensor<3xf32>, tensor<3xf32>) outs(%call140 : tensor<3xf32>) -> tensor<3xf32>
    %r180 = tensor.extract %call140[%c1] : tensor<3xf32>
    func.return %r180 : f32
  }
}
