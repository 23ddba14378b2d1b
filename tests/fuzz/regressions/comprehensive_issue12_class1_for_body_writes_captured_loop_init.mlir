// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: class 1: scf.for body writes (linalg.generic outs) the tensor that is also the loop's init, read by the next iteration; ours in place, MLIR out of place; mismatch: result #0: -5.0 before, -6.0 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @main() -> f32 {
    %c2 = arith.constant 2 : index
    %cst37 = arith.constant -1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %e28 = tensor.empty() : tensor<4xf32>
    %t29 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e28 : tensor<4xf32>) {
    ^bb0(%o30: f32):
      linalg.yield %cst37 : f32
    } -> tensor<4xf32>
    %for43 = scf.for %iv42 = %c0 to %c2 step %c1 iter_args(%acc44 = %t29) -> (tensor<4xf32>) {
      %w47 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%t29 : tensor<4xf32>) {
      ^bb0(%o48: f32):
        %p49 = arith.addf %o48, %cst37 : f32
        linalg.yield %p49 : f32
      } -> tensor<4xf32>
      %b50 = linalg.add ins(%w47, %acc44 : tensor<4xf32>, tensor<4xf32>) outs(%acc44 : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %b50 : tensor<4xf32>
    }
    %r106 = tensor.extract %for43[%c0] : tensor<4xf32>
    func.return %r106 : f32
  }
}
