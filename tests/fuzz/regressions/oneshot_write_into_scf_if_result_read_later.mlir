// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize
// kind: mismatch
// detail: result #0: 1.0 before, 2.0 after
// origin: hand-minimised from generator seed 1018
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): a write into an scf.if result that is read again afterwards happens in place (no copy)

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %cond = arith.cmpi slt, %c0, %c1 : index
  %if = scf.if %cond -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  %w = linalg.fill ins(%two : f32) outs(%if : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.extract %if[%c0] : tensor<4xf32>
  %r2 = tensor.extract %w[%c0] : tensor<4xf32>
  return %r, %r2 : f32, f32
}
