// The insert writes %t while %t is read afterwards: one copy, which
// convert-bufferization-to-memref writes as linalg.copy.
func.func @main() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %nine = arith.constant 9.0 : f32
  %t0 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %t = linalg.add ins(%t0, %t0 : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %w = tensor.insert %nine into %t[%c1] : tensor<3xf32>
  %old = tensor.extract %t[%c1] : tensor<3xf32>
  %new = tensor.extract %w[%c1] : tensor<3xf32>
  func.return %old, %new : f32, f32
}
