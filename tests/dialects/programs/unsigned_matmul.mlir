// MLIR's `cast` attribute of the matmul family: with cast_unsigned an i8 -1 is
// widened to 255, not to -1.
func.func @main() -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %a = arith.constant dense<[[-1, 2, 3], [4, -128, 6]]> : tensor<2x3xi8>
  %b = arith.constant dense<[[1, -1], [1, 2], [-3, 1]]> : tensor<3x2xi8>
  %bt = arith.constant dense<[[1, 1, -3], [-1, 2, 1]]> : tensor<2x3xi8>
  %e = tensor.empty() : tensor<2x2xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %u = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  %s = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  %t = linalg.matmul_transpose_b {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %bt : tensor<2x3xi8>, tensor<2x3xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r0 = tensor.extract %u[%c0, %c1] : tensor<2x2xi32>
  %r1 = tensor.extract %u[%c1, %c0] : tensor<2x2xi32>
  %r2 = tensor.extract %s[%c1, %c0] : tensor<2x2xi32>
  %r3 = tensor.extract %t[%c1, %c1] : tensor<2x2xi32>
  func.return %r0, %r1, %r2, %r3 : i32, i32, i32, i32
}
