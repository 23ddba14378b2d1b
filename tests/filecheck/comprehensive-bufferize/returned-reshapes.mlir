// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// A model ending in a reshape of its local result (torch-mlir style): the function
// returns the reshape view of its buffer, no copy; the caller frees it through the
// view (a whole contiguous reshape keeps the allocation's pointer), as MLIR does.
func.func @model(%x: tensor<8xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.add ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.expand_shape %y [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
func.func @main() -> f32 {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = func.call @model(%x) : (tensor<8xf32>) -> tensor<2x4xf32>
  %v = tensor.extract %r[%c1, %c1] : tensor<2x4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @model(%x: memref<8xf32>) -> memref<2x4xf32> {
// CHECK:         %[[R:.*]] = memref.expand_shape
// CHECK-NEXT:    func.return %[[R]] : memref<2x4xf32>
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %[[C:.*]] = func.call @model
// CHECK:         memref.dealloc %[[C]] : memref<2x4xf32>
// CHECK-NOT:     bufferization.clone
// CHECK-NOT:     memref.copy

// -----

// A collapse_shape of a 2-D result.
func.func @flatten(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %y = linalg.mul ins(%x, %x : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = tensor.collapse_shape %y [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %r : tensor<6xf32>
}
func.func @main() -> f32 {
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %x = linalg.fill ins(%two : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = func.call @flatten(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  %v = tensor.extract %r[%c4] : tensor<6xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @flatten(%x: memref<2x3xf32>) -> memref<6xf32> {
// CHECK:         %[[R:.*]] = memref.collapse_shape
// CHECK-NEXT:    func.return %[[R]] : memref<6xf32>
// CHECK-NOT:     bufferization.clone
