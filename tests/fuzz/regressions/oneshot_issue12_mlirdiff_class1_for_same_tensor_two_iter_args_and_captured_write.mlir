// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true}
// kind: mismatch
// detail: class 1 (+ shared iter_args): found by the MLIR differential check (ours more in place than MLIR on the linalg.generic writing the captured %t9, which is also both iter_args' init; results differ); mismatch: result #0: 1.0 before, 2.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %cst23 = arith.constant -2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %cst35 = arith.constant 1.500000e+00 : f32
    %e8 = tensor.empty() : tensor<4x4xf32>
    %t9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e8 : tensor<4x4xf32>) {
    ^bb0(%o10: f32):
      linalg.yield %cst23 : f32
    } -> tensor<4x4xf32>
    %for27, %for27_1 = scf.for %iv26 = %c0 to %c3 step %c1 iter_args(%acc28 = %t9, %acc29 = %t9) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
      %w32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%t9 : tensor<4x4xf32>) {
      ^bb0(%o33: f32):
        %p34 = arith.addf %o33, %cst35 : f32
        linalg.yield %p34 : f32
      } -> tensor<4x4xf32>
      %b36 = linalg.add ins(%w32, %acc29 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%acc29 : tensor<4x4xf32>) -> tensor<4x4xf32>
      scf.yield %b36, %acc28 : tensor<4x4xf32>, tensor<4x4xf32>
    }
    %ob59 = tensor.extract %for27_1[%c3, %c0] : tensor<4x4xf32>
    func.return %ob59 : f32
  }
}
