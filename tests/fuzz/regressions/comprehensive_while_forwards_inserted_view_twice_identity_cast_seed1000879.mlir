// Reproducer found by xdsl-bufferize-fuzz (issue #12 campaign).
// pipeline: comprehensive-bufferize
// kind: run-error
// detail: memref.cast: view with strides [3, 1] is not memref<2x1xf32> [memref.cast at @helper2__inplace, op #10 (in walk order)] (original: at @helper2, op #85)
// origin: seed 1000879 (438 lines, the shrinker made no progress in 240 s; reduced by hand to the scf.while of @helper2; fails on main before the fix too)
// status: fixed (same class as oneshot_fb_while_forwards_view_twice_identity_cast_seed1021400.mlir: the second after-argument/result of an scf.while forwarding one strided before-argument twice got an identity layout and a memref.cast from the view)
func.func @helper2(%arg164: tensor<4x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 4.000000e+00 : f32
  %zi = arith.constant 0 : i32
  %lim = arith.constant 1 : i32
  %sl = tensor.extract_slice %arg164[2, 1] [2, 1] [1, 1] : tensor<4x3xf32> to tensor<2x1xf32>
  %ins = tensor.insert %cst into %sl[%c1, %c0] : tensor<2x1xf32>
  %wh:3 = scf.while (%wa = %ins, %wk = %zi) : (tensor<2x1xf32>, i32) -> (tensor<2x1xf32>, tensor<2x1xf32>, i32) {
    %go = arith.cmpi slt, %wk, %lim : i32
    scf.condition(%go) %wa, %wa, %wk : tensor<2x1xf32>, tensor<2x1xf32>, i32
  } do {
  ^bb0(%x: tensor<2x1xf32>, %y: tensor<2x1xf32>, %k: i32):
    %v = tensor.extract %y[%c1, %c0] : tensor<2x1xf32>
    %vi = arith.fptosi %v : f32 to i32
    %n = arith.addi %k, %vi : i32
    scf.yield %x, %n : tensor<2x1xf32>, i32
  }
  %r = arith.sitofp %wh#2 : i32 to f32
  return %r : f32
}
func.func @main() -> f32 {
  %f = arith.constant 2.000000e+00 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = func.call @helper2(%t) : (tensor<4x3xf32>) -> f32
  return %r : f32
}
