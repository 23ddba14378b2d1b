// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: verify
// detail: Expected source and destination to have the same shape.
// origin: xdsl-bufferize-fuzz --count 1 --seed 1024 --pipeline comprehensive-bufferize (shrunk)
// status: fixed (copies built by interfaces/memref_copy.copy_ops, clean-up folds a cast into memref.copy only when the shapes still agree): output had "memref.copy"(memref<2xf32>, memref<?xf32>), which xDSL's verifier rejects (Expected source and destination to have the same shape)

builtin.module {
  func.func @helper0(%arg1: tensor<5xf32> {bufferization.writable = true}, %arg2: tensor<5x2xf32> {bufferization.writable = true}) -> (tensor<5xf32>, tensor<5x5xf32>) {
    %e16 = tensor.empty() : tensor<5x5xf32>
    func.return %arg1, %e16 : tensor<5xf32>, tensor<5x5xf32>
  }
  func.func @helper1(%arg51: tensor<2x5xf32>, %arg52: tensor<5x8xf32>) -> (tensor<5x8xf32>, tensor<5xf32>) {
    %e78 = tensor.empty() : tensor<5xf32>
    func.return %arg52, %e78 : tensor<5x8xf32>, tensor<5xf32>
  }
  func.func private @helper2(%arg103: tensor<5x2xf32> {bufferization.writable = false}, %arg104: f32) -> tensor<?xf32> {
    %zi108 = arith.constant 0 : i32
    %one110 = arith.constant 1 : i32
    %cst132 = arith.constant 2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %lim159 = arith.constant 3 : i32
    %cst182 = arith.constant 2.000000e+00 : f32
    %e121 = tensor.empty() : tensor<2xf32>
    %t122 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e121 : tensor<2xf32>) {
    ^bb0(%o123: f32):
      linalg.yield %cst132 : f32
    } -> tensor<2xf32>
    %d133 = tensor.cast %t122 : tensor<2xf32> to tensor<?xf32>
    %cond143 = arith.cmpi slt, %c0, %c3 : index
    %cp155 = linalg.copy ins(%t122 : tensor<2xf32>) outs(%t122 : tensor<2xf32>) -> tensor<2xf32>
    %wh156, %wh156_1 = scf.while (%wa157 = %d133, %wk158 = %zi108) : (tensor<?xf32>, i32) -> (tensor<?xf32>, i32) {
      %go160 = arith.cmpi slt, %wk158, %lim159 : i32
      scf.condition(%go160) %wa157, %wk158 : tensor<?xf32>, i32
    } do {
    ^bb0(%wb161: tensor<?xf32>, %wbk162: i32):
      %nk166 = arith.addi %wbk162, %one110 : i32
      scf.yield %wb161, %nk166 : tensor<?xf32>, i32
    }
    %e167 = tensor.empty() : tensor<5x8xf32>
    %e190 = tensor.empty(%c2) : tensor<?xf32>
    %b191 = linalg.min ins(%d133, %d133 : tensor<?xf32>, tensor<?xf32>) outs(%e190 : tensor<?xf32>) -> tensor<?xf32>
    %b192 = linalg.max ins(%wh156, %b191 : tensor<?xf32>, tensor<?xf32>) outs(%b191 : tensor<?xf32>) -> tensor<?xf32>
    func.return %b192 : tensor<?xf32>
  }
  func.func @main() -> f32 {
    %cst239 = arith.constant 2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %e224 = tensor.empty() : tensor<5x2xf32>
    %call240 = func.call @helper2(%e224, %cst239) : (tensor<5x2xf32>, f32) -> tensor<?xf32>
    %s295 = tensor.extract %call240[%c0] : tensor<?xf32>
    func.return %s295 : f32
  }
}
