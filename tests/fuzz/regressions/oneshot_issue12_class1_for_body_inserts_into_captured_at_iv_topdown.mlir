// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{analysis-heuristic=top-down bufferize-function-boundaries=true},buffer-deallocation
// kind: mismatch
// detail: class 1: scf.for body tensor.insert at the induction variable into a captured tensor (also the loop init); ours in place, MLIR out of place; mismatch: result #0: -96.25 before, -92.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %cst15 = arith.constant -1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %cst22 = arith.constant 2.500000e-01 : f32
    %cst41 = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<5x5xf32>
    %t2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e1 : tensor<5x5xf32>) {
    ^bb0(%o3: f32):
      linalg.yield %cst15 : f32
    } -> tensor<5x5xf32>
    %for17 = scf.for %iv16 = %c0 to %c3 step %c1 iter_args(%acc18 = %t2) -> (tensor<5x5xf32>) {
      %w21 = tensor.insert %cst22 into %t2[%iv16, %iv16] : tensor<5x5xf32>
      %b23 = linalg.add ins(%w21, %acc18 : tensor<5x5xf32>, tensor<5x5xf32>) outs(%acc18 : tensor<5x5xf32>) -> tensor<5x5xf32>
      scf.yield %b23 : tensor<5x5xf32>
    }
    %e42 = tensor.empty() : tensor<f32>
    %z43 = linalg.fill ins(%cst41 : f32) outs(%e42 : tensor<f32>) -> tensor<f32>
    %sum44 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%for17 : tensor<5x5xf32>) outs(%z43 : tensor<f32>) {
    ^bb0(%x45: f32, %o46: f32):
      %p47 = arith.addf %x45, %o46 : f32
      linalg.yield %p47 : f32
    } -> tensor<f32>
    %cs48 = tensor.extract %sum44[] : tensor<f32>
    func.return %cs48 : f32
  }
}
