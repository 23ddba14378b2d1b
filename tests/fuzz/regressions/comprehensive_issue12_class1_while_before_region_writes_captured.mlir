// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: class 1: scf.while before region writes a captured tensor that is also the while's init; ours in place, MLIR out of place; mismatch: result #0: -24.0 before, 120.0 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @main() -> f32 {
    %cst19 = arith.constant -5.000000e-01 : f32
    %zi23 = arith.constant 0 : i32
    %lim24 = arith.constant 3 : i32
    %one25 = arith.constant 1 : i32
    %cst29 = arith.constant 5.000000e-01 : f32
    %cst43 = arith.constant 0.000000e+00 : f32
    %e4 = tensor.empty() : tensor<8x6xf32>
    %t5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e4 : tensor<8x6xf32>) {
    ^bb0(%o6: f32):
      %i7 = linalg.index 0 : index
      linalg.yield %cst19 : f32
    } -> tensor<8x6xf32>
    %wh20, %wh20_1 = scf.while (%wa21 = %t5, %wk22 = %zi23) : (tensor<8x6xf32>, i32) -> (tensor<8x6xf32>, i32) {
      %w26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%t5 : tensor<8x6xf32>) {
      ^bb0(%o27: f32):
        %p28 = arith.addf %o27, %cst29 : f32
        linalg.yield %p28 : f32
      } -> tensor<8x6xf32>
      %b30 = linalg.add ins(%w26, %wa21 : tensor<8x6xf32>, tensor<8x6xf32>) outs(%wa21 : tensor<8x6xf32>) -> tensor<8x6xf32>
      %go31 = arith.cmpi slt, %wk22, %lim24 : i32
      scf.condition(%go31) %b30, %wk22 : tensor<8x6xf32>, i32
    } do {
    ^bb0(%wb32: tensor<8x6xf32>, %wbk33: i32):
      %nk36 = arith.addi %wbk33, %one25 : i32
      scf.yield %wb32, %nk36 : tensor<8x6xf32>, i32
    }
    %e44 = tensor.empty() : tensor<f32>
    %z45 = linalg.fill ins(%cst43 : f32) outs(%e44 : tensor<f32>) -> tensor<f32>
    %sum46 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%wh20 : tensor<8x6xf32>) outs(%z45 : tensor<f32>) {
    ^bb0(%x47: f32, %o48: f32):
      %p49 = arith.addf %x47, %o48 : f32
      linalg.yield %p49 : f32
    } -> tensor<f32>
    %cs50 = tensor.extract %sum46[] : tensor<f32>
    func.return %cs50 : f32
  }
}
