// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: class 1: scf.for body in a public callee writes its writable argument %arg1 (also the loop init) and yields the write; ours in place, MLIR out of place; mismatch: result #0: -2.5 before, -6.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @helper0(%arg1: tensor<4xf32> {bufferization.writable = true}, %arg2: f32) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %cst44 = arith.constant -5.000000e-01 : f32
    %for8 = scf.for %iv7 = %c0 to %c3 step %c1 iter_args(%acc9 = %arg1) -> (tensor<4xf32>) {
      %w41 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg1 : tensor<4xf32>) {
      ^bb0(%o42: f32):
        %p43 = arith.addf %o42, %cst44 : f32
        linalg.yield %p43 : f32
      } -> tensor<4xf32>
      scf.yield %w41 : tensor<4xf32>
    }
    func.return %for8 : tensor<4xf32>
  }
  func.func @main() -> f32 {
    %cst70 = arith.constant -2.500000e-01 : f32
    %cst80 = arith.constant 0.000000e+00 : f32
    %k69 = arith.constant dense<[1.000000e+00, 1.000000e+00, -5.000000e-01, -2.000000e+00]> : tensor<4xf32>
    %call71 = func.call @helper0(%k69, %cst70) : (tensor<4xf32>, f32) -> tensor<4xf32>
    %e81 = tensor.empty() : tensor<f32>
    %z89 = linalg.fill ins(%cst80 : f32) outs(%e81 : tensor<f32>) -> tensor<f32>
    %sum90 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%call71 : tensor<4xf32>) outs(%z89 : tensor<f32>) {
    ^bb0(%x91: f32, %o92: f32):
      %p93 = arith.addf %x91, %o92 : f32
      linalg.yield %p93 : f32
    } -> tensor<f32>
    %cs94 = tensor.extract %sum90[] : tensor<f32>
    func.return %cs94 : f32
  }
}
