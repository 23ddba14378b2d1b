// Double a vector, then set its first element to zero while still reading the old one.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %empty = tensor.empty() : tensor<4xf32>
  %doubled = linalg.add ins(%init, %init : tensor<4xf32>, tensor<4xf32>) outs(%empty : tensor<4xf32>) -> tensor<4xf32>
  %zeroed = tensor.insert %zero into %doubled[%c0] : tensor<4xf32>
  %old = tensor.extract %doubled[%c0] : tensor<4xf32>
  %new = tensor.extract %zeroed[%c0] : tensor<4xf32>
  func.return %old, %new : f32, f32
}
