// A private callee that updates its argument in place: the caller passes its own
// buffer (identity layout, no memref.cast) and reads it after the call.
func.func private @axpy(%y: tensor<3xf32>, %x: tensor<3xf32>, %a: f32) -> tensor<3xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<3xf32>) outs(%y : tensor<3xf32>) {
  ^bb0(%xv: f32, %yv: f32):
    %p = arith.mulf %xv, %a : f32
    %s = arith.addf %yv, %p : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %x = arith.constant dense<[2.0, 4.0, 6.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %y = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %y1 = func.call @axpy(%y, %x, %half) : (tensor<3xf32>, tensor<3xf32>, f32) -> tensor<3xf32>
  %y2 = func.call @axpy(%y1, %x, %half) : (tensor<3xf32>, tensor<3xf32>, f32) -> tensor<3xf32>
  %a = tensor.extract %y2[%c0] : tensor<3xf32>
  %b = tensor.extract %y2[%c2] : tensor<3xf32>
  func.return %a, %b : f32, f32
}
