// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: class 2: linalg.generic outs(%t, %t) with different yielded values, both in place (hand-reduced from fuzz seed 500044); mismatch: result #0: 4.0 before, -1.0 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %m = arith.constant -0.5 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t, %t : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %o1: f32, %o2: f32):
    %p = arith.addf %x, %o1 : f32
    %q = arith.mulf %x, %m : f32
    linalg.yield %p, %q : f32, f32
  } -> tensor<4xf32>, tensor<4xf32>
  %a = tensor.extract %g#0[%c0] : tensor<4xf32>
  %b = tensor.extract %g#1[%c0] : tensor<4xf32>
  func.return %a, %b : f32, f32
}
