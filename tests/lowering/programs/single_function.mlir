// One function: fill, elementwise add, read back (xDSL's interpreter runs it after
// comprehensive-bufferize, convert-bufferization-to-memref, convert-linalg-to-loops).
func.func @main() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.add ins(%cst, %f : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %a = tensor.extract %s[%c1] : tensor<4xf32>
  %b = tensor.extract %s[%c3] : tensor<4xf32>
  func.return %a, %b : f32, f32
}
