// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{analysis-heuristic=fuzzer analysis-fuzzer-seed=29 bufferize-function-boundaries=true}
// kind: finding:write-to-constant
// detail: write-to-constant: linalg.generic writes into constant-global buffer #3 (memref.global at <module>, op #-1 (in walk order)) [linalg.generic at @helper1, op #3 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 1000 --seed 310000 --pipeline "one-shot-bufferize{analysis-heuristic=fuzzer analysis-fuzzer-seed=29 bufferize-function-boundaries=true}", seed 310885
// status: fixed: same cause as seed 310935 (a write into the result of a call returning a constant)
builtin.module {
  func.func @helper0(%arg1: tensor<3xf32>) -> (tensor<2x2xf32>, tensor<3xf32>) {
    %k35 = arith.constant dense<[[-2.000000e+00, 3.000000e+00, -2.000000e+00, -5.000000e-01, 1.000000e+00], [2.000000e+00, 2.500000e-01, -1.000000e+00, 3.000000e+00, -2.000000e+00], [-2.000000e+00, 1.500000e+00, 3.000000e+00, 3.000000e+00, -5.000000e-01], [2.500000e-01, -2.500000e-01, -1.500000e+00, -2.000000e+00, -2.500000e-01], [-5.000000e-01, -2.000000e+00, 5.000000e-01, 1.000000e+00, -2.000000e+00]]> : tensor<5x5xf32>
    %sl36 = tensor.extract_slice %k35[2, 3] [2, 2] [1, 1] : tensor<5x5xf32> to tensor<2x2xf32>
    func.return %sl36, %arg1 : tensor<2x2xf32>, tensor<3xf32>
  }
  func.func @helper1(%arg37: tensor<5x8xf32>, %arg38: tensor<3xf32>, %arg39: tensor<5x5xf32> {bufferization.writable = true}, %arg40: f32) -> tensor<5x5xf32> {
    %cst47 = arith.constant 5.000000e-01 : f32
    %call42, %call42_1 = func.call @helper0(%arg38) : (tensor<3xf32>) -> (tensor<2x2xf32>, tensor<3xf32>)
    %g43 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%call42 : tensor<2x2xf32>) outs(%call42 : tensor<2x2xf32>) {
    ^bb0(%x44: f32, %o45: f32):
      linalg.yield %cst47 : f32
    } -> tensor<2x2xf32>
    func.return %arg39 : tensor<5x5xf32>
  }
  func.func @main() -> f32 {
    %c3 = arith.constant 3 : index
    %cst88 = arith.constant 2.500000e-01 : f32
    %c4 = arith.constant 4 : index
    %e58 = tensor.empty() : tensor<5x8xf32>
    %e73 = tensor.empty() : tensor<3xf32>
    %e76 = tensor.empty() : tensor<5x5xf32>
    %call89 = func.call @helper1(%e58, %e73, %e76, %cst88) : (tensor<5x8xf32>, tensor<3xf32>, tensor<5x5xf32>, f32) -> tensor<5x5xf32>
    %d92 = tensor.cast %call89 : tensor<5x5xf32> to tensor<?x?xf32>
    %t98 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%d92 : tensor<?x?xf32>) {
    ^bb0(%o99: f32):
      linalg.yield %cst88 : f32
    } -> tensor<?x?xf32>
    %s111 = tensor.extract %t98[%c3, %c4] : tensor<?x?xf32>
    func.return %s111 : f32
  }
}
