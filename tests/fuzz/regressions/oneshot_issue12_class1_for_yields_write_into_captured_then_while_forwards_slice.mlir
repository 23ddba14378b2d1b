// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: class 1 (+ class 3 shape: the while forwards a slice of captured %for21 and yields %for21): scf.for body writes captured %t18 (its init) and yields the write; ours in place, MLIR out of place; mismatch: result #0: -4.5 before, -3.0 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @main() -> f32 {
    %cst19 = arith.constant -1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %cst29 = arith.constant 2.500000e-01 : f32
    %zi34 = arith.constant 0 : i32
    %lim35 = arith.constant 1 : i32
    %cst115 = arith.constant 0.000000e+00 : f32
    %e17 = tensor.empty() : tensor<4x4xf32>
    %t18 = linalg.fill ins(%cst19 : f32) outs(%e17 : tensor<4x4xf32>) -> tensor<4x4xf32>
    %for21 = scf.for %iv20 = %c0 to %c2 step %c1 iter_args(%acc22 = %t18) -> (tensor<4x4xf32>) {
      %w26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%t18 : tensor<4x4xf32>) {
      ^bb0(%o27: f32):
        %p28 = arith.addf %o27, %cst29 : f32
        linalg.yield %p28 : f32
      } -> tensor<4x4xf32>
      scf.yield %w26 : tensor<4x4xf32>
    }
    %wh31, %wh31_1 = scf.while (%wa32 = %for21, %wk33 = %zi34) : (tensor<4x4xf32>, i32) -> (tensor<2x3xf32>, i32) {
      %sl73 = tensor.extract_slice %for21[%c2, 1] [2, 3] [1, 1] : tensor<4x4xf32> to tensor<2x3xf32>
      %go74 = arith.cmpi slt, %wk33, %lim35 : i32
      scf.condition(%go74) %sl73, %wk33 : tensor<2x3xf32>, i32
    } do {
    ^bb0(%wb75: tensor<2x3xf32>, %wbk76: i32):
      scf.yield %for21, %lim35 : tensor<4x4xf32>, i32
    }
    %e123 = tensor.empty() : tensor<f32>
    %z124 = linalg.fill ins(%cst115 : f32) outs(%e123 : tensor<f32>) -> tensor<f32>
    %sum125 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%wh31 : tensor<2x3xf32>) outs(%z124 : tensor<f32>) {
    ^bb0(%x126: f32, %o127: f32):
      %p128 = arith.addf %x126, %o127 : f32
      linalg.yield %p128 : f32
    } -> tensor<f32>
    %cs129 = tensor.extract %sum125[] : tensor<f32>
    func.return %cs129 : f32
  }
}
