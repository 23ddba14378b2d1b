// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize
// kind: mismatch
// detail: result #0: -1.5 before, 1.0 after
// origin: xdsl-bufferize-fuzz --count 1 --seed 1018 --pipeline one-shot-bufferize --features=-slices,-dynamic_shapes (shrunk)
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): a write into an scf.if result that is read again afterwards happens in place (no copy)

builtin.module {
  func.func @main() -> f32 {
    %c4 = arith.constant 4 : index
    %cst16 = arith.constant -1.500000e+00 : f32
    %cst44 = arith.constant 1.000000e+00 : f32
    %e1 = tensor.empty() : tensor<8x7xf32>
    %t2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e1 : tensor<8x7xf32>) {
    ^bb0(%o3: f32):
      linalg.yield %cst16 : f32
    } -> tensor<8x7xf32>
    %cond25 = arith.cmpi slt, %c4, %c4 : index
    %if27 = scf.if %cond25 -> (tensor<8x7xf32>) {
      scf.yield %t2 : tensor<8x7xf32>
    } else {
      scf.yield %t2 : tensor<8x7xf32>
    }
    %g37 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%if27, %if27 : tensor<8x7xf32>, tensor<8x7xf32>) outs(%if27 : tensor<8x7xf32>) {
    ^bb0(%x38: f32, %x39: f32, %o40: f32):
      linalg.yield %cst44 : f32
    } -> tensor<8x7xf32>
    %r49 = tensor.extract %if27[%c4, %c4] : tensor<8x7xf32>
    func.return %r49 : f32
  }
}
