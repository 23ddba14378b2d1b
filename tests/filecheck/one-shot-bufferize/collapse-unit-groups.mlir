// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}' | filecheck %s

// A group of collapsed dimensions that are all of size 1 takes the stride of its
// outermost dimension (the layout upstream MLIR's memref.collapse_shape verifier
// requires; before: the innermost one, which upstream rejects).

func.func @unit_group_of_a_slice(%t: tensor<3x4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[1, 2] [1, 1] [1, 1] : tensor<3x4xf32> to tensor<1x1xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<1x1xf32> into tensor<1xf32>
  %x = tensor.extract %c[%c0] : tensor<1xf32>
  func.return %x : f32
}
// CHECK-LABEL: func.func @unit_group_of_a_slice
// CHECK:         %[[S:.*]] = memref.subview %t[1, 2] [1, 1] [1, 1] : memref<3x4xf32> to memref<1x1xf32, strided<[4, 1], offset: 6>>
// CHECK:         memref.collapse_shape %[[S]] {{.*}} : memref<1x1xf32, strided<[4, 1], offset: 6>> into memref<1xf32, strided<[4], offset: 6>>

// -----

// Trailing unit dimensions after a non-unit one: the stride of the last non-unit
// dimension (unchanged).

func.func @trailing_units(%t: tensor<3x4x5xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[0, 1, 2] [3, 1, 1] [1, 1, 1] : tensor<3x4x5xf32> to tensor<3x1x1xf32>
  %c = tensor.collapse_shape %s [[0, 1, 2]] : tensor<3x1x1xf32> into tensor<3xf32>
  %x = tensor.extract %c[%c0] : tensor<3xf32>
  func.return %x : f32
}
// CHECK-LABEL: func.func @trailing_units
// CHECK:         memref.collapse_shape {{.*}} : memref<3x1x1xf32, strided<[20, 5, 1], offset: 7>> into memref<3xf32, strided<[20], offset: 7>>
