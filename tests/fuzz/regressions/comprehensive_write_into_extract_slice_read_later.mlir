// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: result #0: 1.5 before, -1.5 after
// origin: hand-minimised from generator seed 1001
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): same bug as oneshot_write_into_extract_slice_read_later through comprehensive-bufferize

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.5 : f32
  %neg = arith.constant -1.5 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%cst : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sl = tensor.extract_slice %t[1] [3] [1] : tensor<8xf32> to tensor<3xf32>
  %f = linalg.fill ins(%neg : f32) outs(%sl : tensor<3xf32>) -> tensor<3xf32>
  %r = tensor.extract %sl[%c0] : tensor<3xf32>
  %r2 = tensor.extract %f[%c0] : tensor<3xf32>
  return %r, %r2 : f32, f32
}
