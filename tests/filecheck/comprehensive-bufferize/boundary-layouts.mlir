// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-bufferize-check %s --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{function-boundary-type-conversion=infer-layout-map}' | filecheck %s --check-prefix=INFER

// comprehensive-bufferize's default boundary layout is the identity: calls need no
// memref.cast, and xDSL's convert-memref-to-ptr lowers the signatures. A caller that
// passes a non-contiguous view (a column of a matrix) passes a contiguous copy, and
// copies it back after the call because the callee writes it in place. With
// infer-layout-map (MLIR's default) the callee takes any strided view instead.

func.func private @inc(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %v = tensor.extract %t[%c0] : tensor<4xf32>
  %w = arith.addf %v, %one : f32
  %r = tensor.insert %w into %t[%c0] : tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %b = linalg.fill ins(%x : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %col = tensor.extract_slice %b[0, 2] [4, 1] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %r = func.call @inc(%col) : (tensor<4xf32>) -> tensor<4xf32>
  %b2 = tensor.insert_slice %r into %b[0, 2] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x4xf32>
  %v = tensor.extract %b2[%c0, %c2] : tensor<4x4xf32>
  %u = tensor.extract %b2[%c2, %c2] : tensor<4x4xf32>
  func.return %v, %u : f32, f32
}

// CHECK-LABEL: func.func private @inc(%t: memref<4xf32>) {
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// CHECK:         %[[COL:.*]] = memref.subview %[[M]][0, 2] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 2>>
// CHECK-NEXT:    %[[TMP:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[COL]], %[[TMP]])
// CHECK-NEXT:    func.call @inc(%[[TMP]]) : (memref<4xf32>) -> ()
// CHECK-NEXT:    "memref.copy"(%[[TMP]], %[[COL]])
// CHECK-NEXT:    memref.dealloc %[[TMP]] : memref<4xf32>
// CHECK-NOT:     memref.cast

// EXEC: @main before (4.0, 3.0), after (4.0, 3.0): results match; 0 finding(s)
// EXEC: after: 2 allocs (80 B), 2 copies (32 B), 2 frees

// INFER-LABEL: func.func private @inc(%t: memref<4xf32, strided<[?], offset: ?>>) {
// INFER-LABEL: func.func @main() -> (f32, f32) {
// INFER:         %[[COL:.*]] = memref.subview
// INFER-NEXT:    %[[CAST:.*]] = "memref.cast"(%[[COL]])
// INFER-NEXT:    func.call @inc(%[[CAST]])
// INFER-NOT:     memref.copy
