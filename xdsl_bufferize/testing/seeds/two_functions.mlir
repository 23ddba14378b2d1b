// Two functions: @scale_add updates its first argument in place (destination-passing
// style, result equivalent to the argument) and @main calls it twice on a buffer it
// no longer needs afterwards, then reads a second, read-only input again.
//
// Expected bufferization: @scale_add's result is dropped (equivalent to %acc); it runs
// in place with no allocation; @main allocates its two inputs and makes no copy.

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func private @scale_add(%acc: tensor<3x4xf32>, %x: tensor<3x4xf32>, %alpha: f32) -> tensor<3x4xf32> {
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x4xf32>) outs(%acc : tensor<3x4xf32>) {
  ^bb0(%xv: f32, %av: f32):
    %p = arith.mulf %xv, %alpha : f32
    %s = arith.addf %av, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<3x4xf32>
  %acc = linalg.fill ins(%one : f32) outs(%e0 : tensor<3x4xf32>) -> tensor<3x4xf32>
  // x[i, j] = i - j
  %e1 = tensor.empty() : tensor<3x4xf32>
  %x = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%e1 : tensor<3x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %d = arith.subi %i, %j : index
    %di = arith.index_cast %d : index to i32
    %df = arith.sitofp %di : i32 to f32
    linalg.yield %df : f32
  } -> tensor<3x4xf32>
  %r1 = func.call @scale_add(%acc, %x, %half) : (tensor<3x4xf32>, tensor<3x4xf32>, f32) -> tensor<3x4xf32>
  %r2 = func.call @scale_add(%r1, %x, %two) : (tensor<3x4xf32>, tensor<3x4xf32>, f32) -> tensor<3x4xf32>
  %v0 = tensor.extract %r2[%c2, %c0] : tensor<3x4xf32>
  %v1 = tensor.extract %r2[%c0, %c3] : tensor<3x4xf32>
  %v2 = tensor.extract %x[%c1, %c3] : tensor<3x4xf32>
  return %v0, %v1, %v2 : f32, f32, f32
}
