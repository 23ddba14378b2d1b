// Two buffers updated in place in a loop and returned swapped; the caller keeps using
// both results (which are its own buffers, swapped).
func.func private @swap_update(%a: tensor<8xf32>, %b: tensor<8xf32>, %s: tensor<2xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %x2 = tensor.insert_slice %s into %x[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    %t = tensor.extract_slice %x2[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %y2 = tensor.insert_slice %t into %y[%i] [2] [2] : tensor<2xf32> into tensor<8xf32>
    scf.yield %x2, %y2 : tensor<8xf32>, tensor<8xf32>
  }
  return %r#1, %r#0 : tensor<8xf32>, tensor<8xf32>
}
func.func @main() -> (f32, f32, f32, f32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %o = arith.constant 1.0 : f32
  %s = arith.constant dense<[5.0, 7.0]> : tensor<2xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %a = linalg.fill ins(%z : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %b = linalg.fill ins(%o : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = func.call @swap_update(%a, %b, %s, %c3) : (tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, index) -> (tensor<8xf32>, tensor<8xf32>)
  %v0 = tensor.extract %r#0[%c4] : tensor<8xf32>
  %v1 = tensor.extract %r#1[%c1] : tensor<8xf32>
  %v2 = tensor.extract %r#1[%c3] : tensor<8xf32>
  %v3 = tensor.extract %a[%c1] : tensor<8xf32>
  return %v0, %v1, %v2, %v3 : f32, f32, f32, f32
}
