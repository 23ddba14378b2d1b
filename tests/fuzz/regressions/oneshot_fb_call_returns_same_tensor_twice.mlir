// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true}
// kind: mismatch
// detail: result #0: 1.0 before, 2.0 after
// origin: hand-minimised from generator seed 30004 (function-boundary config)
// status: fixed (module summaries: call results that may alias in the callee share one alias set in the caller): two call results that are the same returned tensor were not known to alias; writing one in place clobbered the other, read later

func.func private @same(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t, %t : tensor<4xf32>, tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = func.call @same(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %w = linalg.fill ins(%two : f32) outs(%r#0 : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r#1[%c0] : tensor<4xf32>
  %v2 = tensor.extract %w[%c0] : tensor<4xf32>
  return %v, %v2 : f32, f32
}
