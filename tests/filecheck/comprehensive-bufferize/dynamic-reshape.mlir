// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{function-boundary-type-conversion=infer-layout-map}' | filecheck %s --check-prefix=INFER
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s --check-prefix=ONESHOT
// RUN: xdsl-bufferize-check %s --pipeline comprehensive-bufferize --args 2x3x4x5xf32:random 5x6xf32:random 4x3x8xf32:random | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --pipeline 'comprehensive-bufferize{function-boundary-type-conversion=infer-layout-map}' --args 2x3x4x5xf32:random 5x6xf32:random 4x3x8xf32:random | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' --args 2x3x4x5xf32:random 5x6xf32:random 4x3x8xf32:random | filecheck %s --check-prefix=EXEC

// collapse_shape / expand_shape of function arguments with dynamic sizes. A
// buffer without a layout attribute is contiguous whatever its sizes, so its
// collapse is a view; a group of dimensions whose strides do not prove it
// contiguous (a fully dynamic layout at a boundary, a strided slice passed to a
// private function) is collapsed from a contiguous copy, as MLIR does. Size-1
// dimensions of a group take no part in that proof. The result of a reshape of an
// argument is the same buffer but not the argument (other shape): it stays a
// result of the function, never replaced by the argument.

// The only caller passes a 4x3x4 window of an 4x3x8 buffer: not contiguous over
// [0, 1], so the collapse copies.
// CHECK-LABEL: func.func private @fill_flat(%t: memref<?x?x?xf32, strided<[24, 8, 1], offset: 2>>) -> memref<?x?xf32>
// CHECK:         %{{.*}} = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?x?xf32>
// CHECK:         "memref.copy"(%t, %{{.*}})
// CHECK:         memref.collapse_shape %{{.*}} {{\[\[}}0 : i64, 1 : i64], [2 : i64]] : memref<?x?x?xf32> into memref<?x?xf32>
func.func private @fill_flat(%t: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %f : tensor<?x?xf32>
}

// A 4x1x4 window: the unit dimension does not break the group [0, 1], so the
// collapse is a view with the outer stride.
// CHECK-LABEL: func.func private @read_unit(%t: memref<4x1x4xf32, strided<[24, 8, 1], offset: 10>>) -> f32
// CHECK-NEXT:    %{{.*}} = arith.constant 3 : index
// CHECK-NEXT:    %{{.*}} = memref.collapse_shape %t {{\[\[}}0 : i64, 1 : i64], [2 : i64]] : memref<4x1x4xf32, strided<[24, 8, 1], offset: 10>> into memref<4x4xf32, strided<[24, 1], offset: 10>>
func.func private @read_unit(%t: tensor<4x1x4xf32>) -> f32 {
  %c3 = arith.constant 3 : index
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<4x1x4xf32> into tensor<4x4xf32>
  %e = tensor.extract %c[%c3, %c3] : tensor<4x4xf32>
  return %e : f32
}

// Identity layouts at the public boundary: both reshapes are views.
// CHECK-LABEL: func.func @main(%a: memref<2x?x?x?xf32>, %b: memref<?x6xf32>, %m: memref<4x3x8xf32>) -> (memref<2x?x?xf32>, memref<?x2x3xf32>, memref<?x?xf32>, f32)
// CHECK:         %{{.*}} = memref.collapse_shape %a {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64]] : memref<2x?x?x?xf32> into memref<2x?x?xf32>
// CHECK:         %{{.*}} = memref.expand_shape %b {{\[\[}}0 : i64], [1 : i64, 2 : i64]] output_shape [%{{.*}}, 2, 3] : memref<?x6xf32> into memref<?x2x3xf32>

// Fully dynamic layouts: the collapse copies, the expansion is a view.
// INFER-LABEL: func.func @main(%a: memref<2x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, %b: memref<?x6xf32, strided<[?, ?], offset: ?>>, %m: memref<4x3x8xf32, strided<[?, ?, ?], offset: ?>>)
// INFER:         "memref.copy"(%a, %{{.*}})
// INFER:         memref.collapse_shape %{{.*}} : memref<2x?x?x?xf32> into memref<2x?x?xf32>
// INFER:         memref.expand_shape %b {{\[\[}}0 : i64], [1 : i64, 2 : i64]] output_shape [%{{.*}}, 2, 3] : memref<?x6xf32, strided<[?, ?], offset: ?>> into memref<?x2x3xf32, strided<[?, ?, ?], offset: ?>>

// ONESHOT-LABEL: func.func @main(
// ONESHOT-SAME:    -> (memref<2x?x?xf32>, memref<?x2x3xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?xf32>, f32)
// ONESHOT:         "memref.copy"(%a, %{{.*}})
// ONESHOT:         memref.collapse_shape %{{.*}} : memref<2x?x?x?xf32> into memref<2x?x?xf32>
// ONESHOT:         memref.expand_shape %b
// ONESHOT:         func.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<2x?x?xf32>, memref<?x2x3xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?xf32>, f32

// EXEC: results match; 0 finding(s)
func.func @main(%a: tensor<2x?x?x?xf32>, %b: tensor<?x6xf32>, %m: tensor<4x3x8xf32>) -> (tensor<2x?x?xf32>, tensor<?x2x3xf32>, tensor<?x?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = tensor.collapse_shape %a [[0], [1, 2], [3]] : tensor<2x?x?x?xf32> into tensor<2x?x?xf32>
  %d = tensor.dim %b, %c0 : tensor<?x6xf32>
  %1 = tensor.expand_shape %b [[0], [1, 2]] output_shape [%d, 2, 3] : tensor<?x6xf32> into tensor<?x2x3xf32>
  %s = tensor.extract_slice %m[0, 0, 2] [4, 3, 4] [1, 1, 1] : tensor<4x3x8xf32> to tensor<4x3x4xf32>
  %sd = tensor.cast %s : tensor<4x3x4xf32> to tensor<?x?x?xf32>
  %2 = func.call @fill_flat(%sd) : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %u = tensor.extract_slice %m[0, 1, 2] [4, 1, 4] [1, 1, 1] : tensor<4x3x8xf32> to tensor<4x1x4xf32>
  %3 = func.call @read_unit(%u) : (tensor<4x1x4xf32>) -> f32
  return %0, %1, %2, %3 : tensor<2x?x?xf32>, tensor<?x2x3xf32>, tensor<?x?xf32>, f32
}
