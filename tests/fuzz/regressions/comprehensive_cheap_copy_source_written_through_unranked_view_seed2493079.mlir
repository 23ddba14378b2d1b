// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: result #0: -39.5 before, -42.0 after
// origin: xdsl-bufferize-fuzz --count 200 --seed 2493000 --pipeline comprehensive-bufferize --features +slice_casts,+slice_clobber (seed 2493079, shrunk)
// status: fixed (analysis/cheap_producers.py follows unranked views too: a fill written by a callee through a cast to memref<*xf32> was taken as still valid, and the copy of it became a fill)
builtin.module {
  func.func private @unranked0(%t: tensor<*xf32>, %s: f32) -> tensor<*xf32> {
    %c0 = arith.constant 0 : index
    %r = tensor.cast %t : tensor<*xf32> to tensor<?x4xf32>
    %w = tensor.insert %s into %r[%c0, %c0] : tensor<?x4xf32>
    %u = tensor.cast %w : tensor<?x4xf32> to tensor<*xf32>
    func.return %u : tensor<*xf32>
  }
  func.func private @helper1(%arg13: tensor<4x5xf32>, %arg14: tensor<4x7xf32> {bufferization.writable = false}, %arg15: tensor<7xf32>) -> (tensor<7x4xf32>, tensor<5x5xf32>) {
    %cst47 = arith.constant -1.500000e+00 : f32
    %cst53 = arith.constant 1.000000e+00 : f32
    %e45 = tensor.empty() : tensor<7x4xf32>
    %t46 = linalg.fill ins(%cst47 : f32) outs(%e45 : tensor<7x4xf32>) -> tensor<7x4xf32>
    %u51 = tensor.cast %t46 : tensor<7x4xf32> to tensor<*xf32>
    %call52 = func.call @unranked0(%u51, %cst53) : (tensor<*xf32>, f32) -> tensor<*xf32>
    %r54 = tensor.cast %call52 : tensor<*xf32> to tensor<7x4xf32>
    %e58 = tensor.empty() : tensor<5x5xf32>
    func.return %r54, %e58 : tensor<7x4xf32>, tensor<5x5xf32>
  }
  func.func @main() -> f32 {
    %cst189 = arith.constant 0.000000e+00 : f32
    %e112 = tensor.empty() : tensor<7xf32>
    %e152 = tensor.empty() : tensor<4x5xf32>
    %e164 = tensor.empty() : tensor<4x7xf32>
    %call176, %call176_1 = func.call @helper1(%e152, %e164, %e112) : (tensor<4x5xf32>, tensor<4x7xf32>, tensor<7xf32>) -> (tensor<7x4xf32>, tensor<5x5xf32>)
    %e197 = tensor.empty() : tensor<f32>
    %z198 = linalg.fill ins(%cst189 : f32) outs(%e197 : tensor<f32>) -> tensor<f32>
    %sum199 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call176 : tensor<7x4xf32>) outs(%z198 : tensor<f32>) {
    ^bb0(%x200: f32, %o201: f32):
      %p202 = arith.addf %x200, %o201 : f32
      linalg.yield %p202 : f32
    } -> tensor<f32>
    %cs203 = tensor.extract %sum199[] : tensor<f32>
    func.return %cs203 : f32
  }
}
