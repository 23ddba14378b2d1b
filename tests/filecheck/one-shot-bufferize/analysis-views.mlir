// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{test-analysis-only=true}' | filecheck %s

// A write through a view of a value that is read again later must go out of place,
// whichever view (cast, extract_slice, collapse/expand) stands between the value's
// definition and the write. The bottom-up analysis decides the write before the
// view, so the read's definition is not yet in the write's alias set.

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.copy ins(%cst : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %x = tensor.cast %s : tensor<2x3xf32> to tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%x : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  %v = tensor.extract %y[%c1, %c1] : tensor<?x?xf32>
  %r = tensor.extract %x[%c1, %c0] : tensor<?x?xf32>
  return %v, %r : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.cast %{{.*}} {__inplace_operands_attr__ = ["true"]}
// CHECK:       linalg.generic
// CHECK-SAME:  __inplace_operands_attr__ = ["true", "false"]

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.copy ins(%cst : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %x = tensor.extract_slice %s[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xf32>) outs(%x : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  %v = tensor.extract %y[%c1, %c1] : tensor<2x3xf32>
  %r = tensor.extract %x[%c1, %c0] : tensor<2x3xf32>
  return %v, %r : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice
// CHECK:       linalg.generic
// CHECK-SAME:  __inplace_operands_attr__ = ["true", "false"]

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.copy ins(%cst : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = tensor.collapse_shape %s [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %x = tensor.expand_shape %f [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xf32>) outs(%x : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  %v = tensor.extract %y[%c1, %c1] : tensor<2x3xf32>
  %r = tensor.extract %x[%c1, %c0] : tensor<2x3xf32>
  return %v, %r : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.expand_shape
// CHECK:       linalg.generic
// CHECK-SAME:  __inplace_operands_attr__ = ["true", "false"]

// -----

// A loop block argument is read before the same iteration writes it in place: the
// next iteration reads the yielded value, not the old one, so the write stays in
// place (scf.while's after region).

#id = affine_map<(d0) -> (d0)>

func.func @main() -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %half = arith.constant 0.5 : f32
  %cst = arith.constant dense<[8.0, 4.0, 2.0, 1.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.copy ins(%cst : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %res:2 = scf.while (%t = %init, %n = %zero) : (tensor<4xf32>, i32) -> (tensor<4xf32>, i32) {
    %go = arith.cmpi slt, %n, %three : i32
    scf.condition(%go) %t, %n : tensor<4xf32>, i32
  } do {
  ^bb0(%u: tensor<4xf32>, %m: i32):
    %first = tensor.extract %u[%c0] : tensor<4xf32>
    %h = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%u : tensor<4xf32>) {
    ^bb1(%x: f32):
      %y = arith.mulf %x, %first : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    %m1 = arith.addi %m, %one : i32
    scf.yield %h, %m1 : tensor<4xf32>, i32
  }
  %r = tensor.extract %res#0[%c0] : tensor<4xf32>
  return %r, %res#1 : f32, i32
}

// CHECK-LABEL: func.func @main
// CHECK:       scf.while
// CHECK:       tensor.extract %{{.*}}[%{{.*}}] {__inplace_operands_attr__ = ["true", "none"]}
// CHECK:       linalg.generic
// CHECK-SAME:  __inplace_operands_attr__ = ["true"]
