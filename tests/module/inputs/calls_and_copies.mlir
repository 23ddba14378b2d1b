// Private in-place callee called on a buffer read again (copy), on a constant (copy)
// and on a dead buffer (in place); a fresh-result factory; a read-only callee.
func.func private @inc(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %x = tensor.extract %t[%i] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %t[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @make(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t : tensor<4xf32>
}
func.func private @sum(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
    %v = tensor.extract %t[%i] : tensor<4xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}
func.func @main() -> (f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f32
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %a = func.call @make(%two) : (f32) -> tensor<4xf32>
  %b = func.call @inc(%a, %c0) : (tensor<4xf32>, index) -> tensor<4xf32>
  %c = func.call @inc(%b, %c2) : (tensor<4xf32>, index) -> tensor<4xf32>
  %d = func.call @inc(%cst, %c2) : (tensor<4xf32>, index) -> tensor<4xf32>
  %s1 = func.call @sum(%a) : (tensor<4xf32>) -> f32
  %s2 = func.call @sum(%c) : (tensor<4xf32>) -> f32
  %s3 = func.call @sum(%d) : (tensor<4xf32>) -> f32
  %s4 = func.call @sum(%cst) : (tensor<4xf32>) -> f32
  %x = tensor.extract %b[%c2] : tensor<4xf32>
  return %s1, %s2, %s3, %s4, %x : f32, f32, f32, f32, f32
}
