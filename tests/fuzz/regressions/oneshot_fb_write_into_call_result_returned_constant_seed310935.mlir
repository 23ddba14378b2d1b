// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{analysis-heuristic=fuzzer analysis-fuzzer-seed=29 bufferize-function-boundaries=true}
// kind: finding:write-to-constant
// detail: write-to-constant: linalg.fill writes into constant-global buffer #3 (memref.global at <module>, op #-1 (in walk order)) [linalg.fill at @helper1, op #25 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 1000 --seed 310000 --pipeline "one-shot-bufferize{analysis-heuristic=fuzzer analysis-fuzzer-seed=29 bufferize-function-boundaries=true}", seed 310935
// status: fixed: a function returning a constant returned its read-only global as a "fresh" result and callers wrote into it in place (with any heuristic); summaries now mark such results non-writable and call results follow them
builtin.module {
  func.func private @helper0(%arg1: tensor<2xf32>, %arg2: tensor<8xf32>, %arg3: f32) -> tensor<4x8xf32> {
    %k37 = arith.constant dense<[[2.500000e-01, 1.500000e+00, 2.500000e-01, 2.000000e+00, 1.000000e+00, -2.000000e+00, -2.500000e-01, 5.000000e-01], [5.000000e-01, -2.500000e-01, 2.000000e+00, 1.000000e+00, 5.000000e-01, 2.500000e-01, 1.500000e+00, -2.000000e+00], [-5.000000e-01, -5.000000e-01, -1.000000e+00, 3.000000e+00, -1.500000e+00, -1.000000e+00, -2.000000e+00, -1.000000e+00], [2.000000e+00, 2.000000e+00, -5.000000e-01, 3.000000e+00, 1.500000e+00, 5.000000e-01, 1.000000e+00, 3.000000e+00]]> : tensor<4x8xf32>
    func.return %k37 : tensor<4x8xf32>
  }
  func.func @helper1(%arg38: tensor<2x2xf32>, %arg39: f32) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %cst41 = arith.constant -2.500000e-01 : f32
    %cst61 = arith.constant 1.000000e+00 : f32
    %cst64 = arith.constant -1.000000e+00 : f32
    %cond40 = arith.cmpf olt, %arg39, %cst41 : f32
    %if42 = scf.if %cond40 -> (tensor<2x2xf32>) {
      %b44 = linalg.add ins(%arg38, %arg38 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%arg38 : tensor<2x2xf32>) -> tensor<2x2xf32>
      %b45 = linalg.max ins(%b44, %b44 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%b44 : tensor<2x2xf32>) -> tensor<2x2xf32>
      scf.yield %b44 : tensor<2x2xf32>
    } else {
      %e50 = tensor.empty() : tensor<2xf32>
      %t51 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e50 : tensor<2xf32>) {
      ^bb0(%o52: f32):
        linalg.yield %cst61 : f32
      } -> tensor<2xf32>
      %e62 = tensor.empty() : tensor<8xf32>
      %t63 = linalg.fill ins(%cst61 : f32) outs(%e62 : tensor<8xf32>) -> tensor<8xf32>
      %call65 = func.call @helper0(%t51, %t63, %cst64) : (tensor<2xf32>, tensor<8xf32>, f32) -> tensor<4x8xf32>
      %t66 = linalg.fill ins(%arg39 : f32) outs(%call65 : tensor<4x8xf32>) -> tensor<4x8xf32>
      scf.yield %arg38 : tensor<2x2xf32>
    }
    func.return %arg38, %if42 : tensor<2x2xf32>, tensor<2x2xf32>
  }
  func.func @main() -> f32 {
    %cst140 = arith.constant 2.000000e+00 : f32
    %cst153 = arith.constant 0.000000e+00 : f32
    %e141 = tensor.empty() : tensor<2x2xf32>
    %call144, %call144_1 = func.call @helper1(%e141, %cst140) : (tensor<2x2xf32>, f32) -> (tensor<2x2xf32>, tensor<2x2xf32>)
    %e154 = tensor.empty() : tensor<f32>
    %z162 = linalg.fill ins(%cst153 : f32) outs(%e154 : tensor<f32>) -> tensor<f32>
    %cs167 = tensor.extract %z162[] : tensor<f32>
    func.return %cs167 : f32
  }
}
