// An elementwise chain y = relu(x * w + b) followed by a residual read of the original
// x. Each step writes in place into the buffer of the previous step, except that x
// itself is read again at the end: the first step that would overwrite x's buffer
// (the scaling x *= w, an update that reads its destination) must work on a copy.
//
// Expected bufferization: one buffer for x, exactly one copy of it for the chain (the
// add and the ReLU then run in place on the copy); w and b stay in read-only globals.
// `one-shot-bufferize{print-conflicts=true}` names the read of x that forces the copy.

#map = affine_map<(d0) -> (d0)>

func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %w = arith.constant dense<[1.0, -2.0, 0.5, 3.0, -1.0, 2.0, 0.0, 1.5]> : tensor<8xf32>
  %b = arith.constant dense<[2.0, 0.5, 4.0, 0.0, 1.0, 1.0, 2.0, -8.0]> : tensor<8xf32>
  // x[i] = i * 0.25 - 1
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e : tensor<8xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %s = arith.mulf %fi, %quarter : f32
    %one = arith.constant 1.0 : f32
    %v = arith.subf %s, %one : f32
    linalg.yield %v : f32
  } -> tensor<8xf32>
  %xw = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%w : tensor<8xf32>) outs(%x : tensor<8xf32>) {
  ^bb0(%wv: f32, %xv: f32):
    %p = arith.mulf %xv, %wv : f32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  %xwb = linalg.add ins(%xw, %b : tensor<8xf32>, tensor<8xf32>) outs(%xw : tensor<8xf32>) -> tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%xwb : tensor<8xf32>) {
  ^bb0(%v: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %y0 = tensor.extract %y[%c0] : tensor<8xf32>
  %y2 = tensor.extract %y[%c2] : tensor<8xf32>
  %y5 = tensor.extract %y[%c5] : tensor<8xf32>
  %x5 = tensor.extract %x[%c5] : tensor<8xf32>
  return %y0, %y2, %y5, %x5 : f32, f32, f32, f32
}
