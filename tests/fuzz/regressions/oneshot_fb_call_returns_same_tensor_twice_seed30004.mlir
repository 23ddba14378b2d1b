// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true}
// kind: mismatch
// detail: result #0: -1.0 before, 3.0 after
// origin: xdsl-bufferize-fuzz --count 1 --seed 30004 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true}' --features=-slices,-dynamic_shapes,-if (shrunk)
// status: fixed (module summaries: call results that may alias in the callee share one alias set in the caller): two call results that are the same returned tensor were not known to alias; writing one in place clobbered the other, read later

builtin.module {
  func.func private @helper0(%arg1: tensor<7x7xf32>) -> (tensor<7x4xf32>, tensor<7x4xf32>) {
    %cst17 = arith.constant -1.000000e+00 : f32
    %e2 = tensor.empty() : tensor<7x4xf32>
    %t3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<7x4xf32>) {
    ^bb0(%o4: f32):
      linalg.yield %cst17 : f32
    } -> tensor<7x4xf32>
    func.return %t3, %t3 : tensor<7x4xf32>, tensor<7x4xf32>
  }
  func.func @main() -> f32 {
    %c6 = arith.constant 6 : index
    %c1 = arith.constant 1 : index
    %cst97 = arith.constant 3.000000e+00 : f32
    %e22 = tensor.empty() : tensor<7x7xf32>
    %call38, %call38_1 = func.call @helper0(%e22) : (tensor<7x7xf32>) -> (tensor<7x4xf32>, tensor<7x4xf32>)
    %t110 = linalg.fill ins(%cst97 : f32) outs(%call38 : tensor<7x4xf32>) -> tensor<7x4xf32>
    %r118 = tensor.extract %call38_1[%c6, %c1] : tensor<7x4xf32>
    func.return %r118 : f32
  }
}
