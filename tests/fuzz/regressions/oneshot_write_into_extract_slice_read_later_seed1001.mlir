// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize
// kind: mismatch
// detail: result #0 differs
// origin: xdsl-bufferize-fuzz --count 1 --seed 1001 --pipeline one-shot-bufferize (shrunk)
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): a write into an extract_slice result that is read again afterwards happens in place (no copy)

builtin.module {
  func.func @main() -> f32 {
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %cst27 = arith.constant -5.000000e-01 : f32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst48 = arith.constant -1.500000e+00 : f32
    %cst53 = arith.constant 1.500000e+00 : f32
    %c3 = arith.constant 3 : index
    %cst73 = arith.constant 0.000000e+00 : f32
    %e17 = tensor.empty() : tensor<8xf32>
    %t18 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e17 : tensor<8xf32>) {
    ^bb0(%o19: f32):
      %i20 = linalg.index 0 : index
      %m21 = arith.muli %i20, %c5 : index
      %r22 = arith.remui %m21, %c8 : index
      %n24 = arith.index_cast %r22 : index to i32
      %f25 = arith.sitofp %n24 : i32 to f32
      %y26 = arith.mulf %f25, %cst27 : f32
      linalg.yield %y26 : f32
    } -> tensor<8xf32>
    %d49 = tensor.cast %t18 : tensor<8xf32> to tensor<?xf32>
    %dim50 = tensor.dim %d49, %c0 : tensor<?xf32>
    %e51 = tensor.empty(%dim50) : tensor<?xf32>
    %t52 = linalg.fill ins(%cst53 : f32) outs(%e51 : tensor<?xf32>) -> tensor<?xf32>
    %sl55 = tensor.extract_slice %t52[%c1] [%c3] [1] : tensor<?xf32> to tensor<?xf32>
    %ins56 = tensor.insert %cst48 into %sl55[%c0] : tensor<?xf32>
    %e81 = tensor.empty() : tensor<f32>
    %z82 = linalg.fill ins(%cst73 : f32) outs(%e81 : tensor<f32>) -> tensor<f32>
    %sum83 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%sl55 : tensor<?xf32>) outs(%z82 : tensor<f32>) {
    ^bb0(%x84: f32, %o85: f32):
      %p86 = arith.addf %x84, %o85 : f32
      linalg.yield %p86 : f32
    } -> tensor<f32>
    %cs87 = tensor.extract %sum83[] : tensor<f32>
    func.return %cs87 : f32
  }
}
