// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'comprehensive-bufferize{infer-private-layouts=false}' | filecheck %s --check-prefix=COPY
// RUN: xdsl-opt %s --split-input-file -p 'comprehensive-bufferize{function-boundary-type-conversion=infer-layout-map}' | filecheck %s --check-prefix=INFER
// RUN: xdsl-bufferize-check %s --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --pipeline 'comprehensive-bufferize{infer-private-layouts=false}' | filecheck %s --check-prefix=EXEC

// comprehensive-bufferize's boundary layouts serve xDSL's lowering: public
// functions take identity layouts; each argument of a private function takes the
// most specific layout describing what its callers pass (the identity when they
// all pass identity buffers). Here the only caller passes a column of a matrix:
// @inc takes exactly that strided layout, and the call needs no cast or copy.
// Without the inference (infer-private-layouts=false) the caller passes a
// contiguous copy and copies it back, as the callee writes it. With
// infer-layout-map (MLIR's default) the callee takes any view and the call casts.

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
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = tensor.insert %x into %f[%c0, %c0] : tensor<4x4xf32>
  %col = tensor.extract_slice %b[0, 2] [4, 1] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %r = func.call @inc(%col) : (tensor<4xf32>) -> tensor<4xf32>
  %b2 = tensor.insert_slice %r into %b[0, 2] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x4xf32>
  %v = tensor.extract %b2[%c0, %c2] : tensor<4x4xf32>
  %u = tensor.extract %b2[%c2, %c2] : tensor<4x4xf32>
  func.return %v, %u : f32, f32
}

// CHECK-LABEL: func.func private @inc(%t: memref<4xf32, strided<[4], offset: 2>>) {
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// CHECK:         %[[COL:.*]] = memref.subview %[[M]][0, 2] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 2>>
// CHECK-NEXT:    func.call @inc(%[[COL]]) : (memref<4xf32, strided<[4], offset: 2>>) -> ()
// CHECK-NOT:     memref.cast
// CHECK-NOT:     memref.copy

// COPY-LABEL: func.func private @inc(%t: memref<4xf32>) {
// COPY-LABEL: func.func @main() -> (f32, f32) {
// COPY:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// COPY:         %[[COL:.*]] = memref.subview %[[M]][0, 2] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 2>>
// COPY-NEXT:    %[[TMP:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// COPY-NEXT:    "memref.copy"(%[[COL]], %[[TMP]])
// COPY-NEXT:    func.call @inc(%[[TMP]]) : (memref<4xf32>) -> ()
// COPY-NEXT:    "memref.copy"(%[[TMP]], %[[COL]])
// COPY-NEXT:    memref.dealloc %[[TMP]] : memref<4xf32>
// COPY-NOT:     memref.cast

// INFER-LABEL: func.func private @inc(%t: memref<4xf32, strided<[?], offset: ?>>) {
// INFER-LABEL: func.func @main() -> (f32, f32) {
// INFER:         %[[COL:.*]] = memref.subview
// INFER-NEXT:    %[[CAST:.*]] = "memref.cast"(%[[COL]])
// INFER-NEXT:    func.call @inc(%[[CAST]])
// INFER-NOT:     memref.copy

// EXEC: @main before (4.0, 3.0), after (4.0, 3.0): results match; 0 finding(s)

// -----

// Several callers: the layout keeps what they agree on. Two columns of one
// matrix share the stride 4 and differ in offset; a contiguous buffer and a column
// agree on nothing; every caller passing an identity buffer gives the identity.

func.func private @first(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %t[%c0] : tensor<4xf32>
  func.return %v : f32
}
func.func private @second(%t: tensor<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %v = tensor.extract %t[%c1] : tensor<4xf32>
  func.return %v : f32
}
func.func private @third(%t: tensor<4xf32>) -> f32 {
  %c2 = arith.constant 2 : index
  %v = tensor.extract %t[%c2] : tensor<4xf32>
  func.return %v : f32
}
func.func @columns(%m: tensor<4x4xf32>, %w: tensor<4xf32>) -> (f32, f32, f32, f32, f32, f32) {
  %c1 = tensor.extract_slice %m[0, 1] [4, 1] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %c3 = tensor.extract_slice %m[0, 3] [4, 1] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %a = func.call @first(%c1) : (tensor<4xf32>) -> f32
  %b = func.call @first(%c3) : (tensor<4xf32>) -> f32
  %c = func.call @second(%w) : (tensor<4xf32>) -> f32
  %d = func.call @second(%c1) : (tensor<4xf32>) -> f32
  %e = func.call @third(%w) : (tensor<4xf32>) -> f32
  %f = func.call @third(%w) : (tensor<4xf32>) -> f32
  func.return %a, %b, %c, %d, %e, %f : f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func private @first(%t: memref<4xf32, strided<[4], offset: ?>>) -> f32 {
// CHECK-LABEL: func.func private @second(%t: memref<4xf32, strided<[?], offset: ?>>) -> f32 {
// CHECK-LABEL: func.func private @third(%t: memref<4xf32>) -> f32 {
// CHECK-LABEL: func.func @columns(
// CHECK-NOT:     memref.copy
// CHECK:         func.return
