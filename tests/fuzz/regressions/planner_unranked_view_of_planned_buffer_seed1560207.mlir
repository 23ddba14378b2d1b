// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize{plan-memory=true}
// kind: mismatch
// detail: result #0: 1.0 before, -0.5 after
// origin: xdsl-bufferize-fuzz --count 1500 --seed 1560000 --pipeline 'comprehensive-bufferize{plan-memory=true}' --features +adversarial (seed 1560207, on bfbf81f: unranked helpers), shrunk
// status: fixed: static-memory-planning did not follow the unranked cast of a planned buffer, so a later buffer took its slot while a call result forwarding it was still read (analysis/memory_planning.py: a buffer with an unranked alias is not planned)
builtin.module {
  func.func @unranked0(%t: tensor<*xf32>, %s: f32) -> tensor<*xf32> {
    %r = tensor.cast %t : tensor<*xf32> to tensor<6x4xf32>
    %u = tensor.cast %r : tensor<6x4xf32> to tensor<*xf32>
    func.return %u : tensor<*xf32>
  }
  func.func @main() -> f32 {
    %cst182 = arith.constant 1.000000e+00 : f32
    %cst185 = arith.constant 1.500000e+00 : f32
    %c5 = arith.constant 5 : index
    %c2 = arith.constant 2 : index
    %k162 = arith.constant dense<[[-5.000000e-01, 3.000000e+00, 3.000000e+00, -5.000000e-01, 1.500000e+00, 2.500000e-01], [3.000000e+00, -2.500000e-01, -2.000000e+00, 1.500000e+00, -5.000000e-01, 1.000000e+00], [-5.000000e-01, -2.500000e-01, 3.000000e+00, -5.000000e-01, 1.000000e+00, 3.000000e+00], [2.500000e-01, 5.000000e-01, -1.000000e+00, -2.500000e-01, -5.000000e-01, -1.000000e+00], [5.000000e-01, -5.000000e-01, 2.500000e-01, 3.000000e+00, 5.000000e-01, -1.500000e+00], [2.500000e-01, 5.000000e-01, 1.000000e+00, -2.500000e-01, -5.000000e-01, 1.000000e+00]]> : tensor<6x6xf32>
    %e180 = tensor.empty() : tensor<6x4xf32>
    %t181 = linalg.fill ins(%cst182 : f32) outs(%e180 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %u183 = tensor.cast %t181 : tensor<6x4xf32> to tensor<*xf32>
    %call184 = func.call @unranked0(%u183, %cst185) : (tensor<*xf32>, f32) -> tensor<*xf32>
    %r186 = tensor.cast %call184 : tensor<*xf32> to tensor<6x4xf32>
    %cp187 = linalg.copy ins(%k162 : tensor<6x6xf32>) outs(%k162 : tensor<6x6xf32>) -> tensor<6x6xf32>
    %r270 = tensor.extract %r186[%c5, %c2] : tensor<6x4xf32>
    func.return %r270 : f32
  }
}
