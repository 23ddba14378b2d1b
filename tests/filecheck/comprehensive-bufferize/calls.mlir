// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// A private callee updating its argument in place: no copy, the caller's buffer is
// passed and freed once by the caller after its last use.
func.func private @inc(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @caller(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @inc(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c1] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @inc(%t: memref<4xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         func.return{{$}}
// CHECK-LABEL: func.func @caller(%x: f32) -> f32 {
// CHECK:         %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT:    func.call @inc(%[[B]]) : (memref<4xf32>) -> ()
// CHECK-NEXT:    %v = memref.load %[[B]][%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32
// CHECK-NOT:     memref.copy

// -----

// A fresh result is owned by the caller, which frees it.
func.func private @make(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t : tensor<4xf32>
}
func.func @caller(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = func.call @make(%x) : (f32) -> tensor<4xf32>
  %v = tensor.extract %t[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @make(%x: f32) -> memref<4xf32> {
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT:    func.return %[[B]] : memref<4xf32>
// CHECK-LABEL: func.func @caller(%x: f32) -> f32 {
// CHECK:         %[[R:.*]] = func.call @make(%x) : (f32) -> memref<4xf32>
// CHECK-NEXT:    %v = memref.load %[[R]][%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32

// -----

// The caller reads its buffer again: the callee gets a copy (of a filled buffer: filled
// again instead of copied), and both are freed.
func.func private @inc(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @caller(%x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @inc(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %w = tensor.extract %t[%c0] : tensor<4xf32>
  return %v, %w : f32, f32
}

// CHECK-LABEL: func.func @caller(%x: f32) -> (f32, f32) {
// CHECK:         %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[COPY]] : memref<4xf32>)
// CHECK-NEXT:    func.call @inc(%[[COPY]])
// CHECK-NEXT:    %v = memref.load %[[COPY]][%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[COPY]] : memref<4xf32>
// CHECK-NEXT:    %w = memref.load %[[T]][%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[T]] : memref<4xf32>
