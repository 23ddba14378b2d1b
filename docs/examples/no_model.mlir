// arith.addf on whole tensors has no bufferization model (MLIR has none either):
// README.md shows the located diagnostic it gets.
func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.addf %a, %a : tensor<4xf32>
  func.return %b : tensor<4xf32>
}
