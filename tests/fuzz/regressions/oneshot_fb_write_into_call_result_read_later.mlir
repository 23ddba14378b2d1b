// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true}
// kind: mismatch
// detail: result #0: 1.0 before, 2.0 after
// origin: hand-minimised from generator seed 30008 (function-boundary config)
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): a write into a call result (equivalent to the argument, result dropped) that is read again afterwards happens in place

func.func private @id(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @id(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %w = linalg.fill ins(%two : f32) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %v2 = tensor.extract %w[%c0] : tensor<4xf32>
  return %v, %v2 : f32, f32
}
