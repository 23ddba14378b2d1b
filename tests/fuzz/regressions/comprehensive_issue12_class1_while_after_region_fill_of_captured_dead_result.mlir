// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: class 1: scf.while after region fills a captured tensor (result unused) that the before region reads in the next iteration; ours in place, MLIR out of place; mismatch: result #0: -0.75 before, 2.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @main() -> f32 {
    %cst168 = arith.constant -2.500000e-01 : f32
    %zi173 = arith.constant 0 : i32
    %lim174 = arith.constant 1 : i32
    %cst185 = arith.constant 3.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %e166 = tensor.empty() : tensor<8x6xf32>
    %t167 = linalg.fill ins(%cst168 : f32) outs(%e166 : tensor<8x6xf32>) -> tensor<8x6xf32>
    %wh170, %wh170_1 = scf.while (%wa171 = %t167, %wk172 = %zi173) : (tensor<8x6xf32>, i32) -> (tensor<8x6xf32>, i32) {
      %b179 = linalg.add ins(%t167, %wa171 : tensor<8x6xf32>, tensor<8x6xf32>) outs(%wa171 : tensor<8x6xf32>) -> tensor<8x6xf32>
      %go180 = arith.cmpi slt, %wk172, %lim174 : i32
      scf.condition(%go180) %b179, %wk172 : tensor<8x6xf32>, i32
    } do {
    ^bb0(%wb181: tensor<8x6xf32>, %wbk182: i32):
      %w184 = linalg.fill ins(%cst185 : f32) outs(%t167 : tensor<8x6xf32>) -> tensor<8x6xf32>
      scf.yield %wb181, %lim174 : tensor<8x6xf32>, i32
    }
    %r271 = tensor.extract %wh170[%c5, %c2] : tensor<8x6xf32>
    func.return %r271 : f32
  }
}
