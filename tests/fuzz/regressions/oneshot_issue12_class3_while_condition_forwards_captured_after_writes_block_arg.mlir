// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: class 3: scf.condition forwards captured %arg47 (not equivalent to the before argument), the after region writes its block argument in place and yields another value; ours and MLIR decide alike, but MLIR copies a non-equivalent condition operand when bufferizing scf.condition and ours does not (hand-reduced from MLIR-diff seed 2051); mismatch: result #0: 2.0 before, 6.0 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
func.func private @helper1(%arg47: tensor<3xf32>) -> tensor<3xf32> {
  %zi = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %lim = arith.constant 2 : i32
  %w49 = linalg.copy ins(%arg47 : tensor<3xf32>) outs(%arg47 : tensor<3xf32>) -> tensor<3xf32>
  %wh:2 = scf.while (%wa = %arg47, %wk = %zi) : (tensor<3xf32>, i32) -> (tensor<3xf32>, i32) {
    %go = arith.cmpi slt, %wk, %lim : i32
    scf.condition(%go) %arg47, %wk : tensor<3xf32>, i32
  } do {
  ^bb0(%wb: tensor<3xf32>, %wbk: i32):
    %b = linalg.add ins(%w49, %wb : tensor<3xf32>, tensor<3xf32>) outs(%wb : tensor<3xf32>) -> tensor<3xf32>
    %nk = arith.addi %wbk, %one : i32
    scf.yield %w49, %nk : tensor<3xf32>, i32
  }
  func.return %wh#0 : tensor<3xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = func.call @helper1(%t) : (tensor<3xf32>) -> tensor<3xf32>
  %x = tensor.extract %r[%c0] : tensor<3xf32>
  func.return %x : f32
}
