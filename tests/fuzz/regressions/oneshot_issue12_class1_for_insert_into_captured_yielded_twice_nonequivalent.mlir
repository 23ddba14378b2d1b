// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: class 1 (the issue's shape, + same iter_args twice): scf.for body inserts at the induction variable into captured %t5 (the init of both iter_args) and yields the insert twice; ours in place, MLIR out of place; mismatch: result #0: 13.75 before, 12.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @helper0(%arg1: tensor<3x5xf32> {bufferization.writable = false}, %arg2: tensor<5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
    %cst18 = arith.constant 1.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %cst30 = arith.constant -2.500000e-01 : f32
    %t5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%arg1 : tensor<3x5xf32>) {
    ^bb0(%o6: f32):
      linalg.yield %cst18 : f32
    } -> tensor<3x5xf32>
    %for24, %for24_1 = scf.for %iv23 = %c0 to %c2 step %c1 iter_args(%acc25 = %t5, %acc26 = %t5) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
      %w29 = tensor.insert %cst30 into %t5[%iv23, %iv23] : tensor<3x5xf32>
      scf.yield %w29, %w29 : tensor<3x5xf32>, tensor<3x5xf32>
    }
    func.return %for24_1, %for24_1 : tensor<3x5xf32>, tensor<3x5xf32>
  }
  func.func @main() -> f32 {
    %cst137 = arith.constant 0.000000e+00 : f32
    %e103 = tensor.empty() : tensor<3x5xf32>
    %at116 = bufferization.alloc_tensor() : tensor<5xf32>
    %call127, %call127_1 = func.call @helper0(%e103, %at116) : (tensor<3x5xf32>, tensor<5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>)
    %e138 = tensor.empty() : tensor<f32>
    %z139 = linalg.fill ins(%cst137 : f32) outs(%e138 : tensor<f32>) -> tensor<f32>
    %sum140 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call127 : tensor<3x5xf32>) outs(%z139 : tensor<f32>) {
    ^bb0(%x141: f32, %o142: f32):
      %p143 = arith.addf %x141, %o142 : f32
      linalg.yield %p143 : f32
    } -> tensor<f32>
    %cs144 = tensor.extract %sum140[] : tensor<f32>
    func.return %cs144 : f32
  }
}
