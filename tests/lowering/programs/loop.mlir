// A loop carrying a tensor: each iteration doubles it in place.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %start = linalg.add ins(%init, %init : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %start) -> (tensor<4xf32>) {
    %d = linalg.add ins(%acc, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %d : tensor<4xf32>
  }
  %a = tensor.extract %r[%c0] : tensor<4xf32>
  %b = tensor.extract %r[%c3] : tensor<4xf32>
  func.return %a, %b : f32, f32
}
