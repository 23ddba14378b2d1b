// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results}' | filecheck %s

// Unranked tensors (tensor<*xf32>) become unranked memrefs (memref<*xf32>) at function
// boundaries; tensor.cast between ranked and unranked becomes memref.cast (unranked to
// ranked: the fully dynamic layout, as in MLIR). Every @main also runs on the reference
// executor before and after (tests/bufferize/test_analysis_execution.py).

// An unranked argument returned unchanged: the result is equivalent to the argument and
// dropped from the private function; the caller reads its own buffer.
func.func private @forward(%t: tensor<*xf32>) -> tensor<*xf32> {
  return %t : tensor<*xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %cst = arith.constant 2.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %f : tensor<4xf32> to tensor<*xf32>
  %r = func.call @forward(%u) : (tensor<*xf32>) -> tensor<*xf32>
  %back = tensor.cast %r : tensor<*xf32> to tensor<4xf32>
  %x = tensor.extract %back[%c0] : tensor<4xf32>
  return %x : f32
}

// CHECK:      func.func private @forward(%t: memref<*xf32>) {
// CHECK-NEXT:   func.return
// CHECK:      func.func @main() -> f32 {
// CHECK:        %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:        linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
// CHECK-NEXT:   %[[U:.*]] = "memref.cast"(%[[A]]) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:   func.call @forward(%[[U]]) : (memref<*xf32>) -> ()
// CHECK-NEXT:   %[[R:.*]] = "memref.cast"(%[[U]]) : (memref<*xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %x = memref.load %[[R]][%c0] : memref<4xf32, strided<[?], offset: ?>>

// -----

// A fresh buffer returned unranked, then written through an unranked argument.
func.func private @make(%n: index, %v: f32) -> tensor<*xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %u = tensor.cast %f : tensor<?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func private @set(%t: tensor<*xf32>, %v: f32) -> tensor<*xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.cast %t : tensor<*xf32> to tensor<?xf32>
  %w = tensor.insert %v into %r[%c1] : tensor<?xf32>
  %u = tensor.cast %w : tensor<?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %m = func.call @make(%c4, %one) : (index, f32) -> tensor<*xf32>
  %s = func.call @set(%m, %two) : (tensor<*xf32>, f32) -> tensor<*xf32>
  %r = tensor.cast %s : tensor<*xf32> to tensor<4xf32>
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %r[%c1] : tensor<4xf32>
  return %x, %y : f32, f32
}

// CHECK:      func.func private @make(%n: index, %v: f32) -> memref<*xf32> {
// CHECK-NEXT:   %[[A:.*]] = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT:   linalg.fill ins(%v : f32) outs(%[[A]] : memref<?xf32>)
// CHECK-NEXT:   %[[U:.*]] = "memref.cast"(%[[A]]) : (memref<?xf32>) -> memref<*xf32>
// CHECK-NEXT:   func.return %[[U]] : memref<*xf32>
// CHECK:      func.func private @set(%t: memref<*xf32>, %v: f32) {
// CHECK:        %[[R:.*]] = "memref.cast"(%t) : (memref<*xf32>) -> memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   memref.store %v, %[[R]][%c1] : memref<?xf32, strided<[?], offset: ?>>
// CHECK:      func.func @main() -> (f32, f32) {
// CHECK:        %[[M:.*]] = func.call @make(%c4, %one) : (index, f32) -> memref<*xf32>
// CHECK-NEXT:   func.call @set(%[[M]], %two) : (memref<*xf32>, f32) -> ()
// CHECK-NEXT:   %[[B:.*]] = "memref.cast"(%[[M]]) : (memref<*xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %x = memref.load %[[B]][%c0]
// CHECK-NEXT:   %y = memref.load %[[B]][%c1]

// -----

// The caller reads the tensor again after the callee wrote it through the unranked
// argument: the copy is made of the ranked tensor behind the cast.
func.func private @set(%t: tensor<*xf32>, %v: f32) -> tensor<*xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.cast %t : tensor<*xf32> to tensor<?xf32>
  %w = tensor.insert %v into %r[%c1] : tensor<?xf32>
  %u = tensor.cast %w : tensor<?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func @main() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  %w = func.call @set(%u, %v) : (tensor<*xf32>, f32) -> tensor<*xf32>
  %x = tensor.extract %t[%c1] : tensor<4xf32>
  %wr = tensor.cast %w : tensor<*xf32> to tensor<4xf32>
  %y = tensor.extract %wr[%c1] : tensor<4xf32>
  return %x, %y : f32, f32
}

// CHECK:      func.func @main() -> (f32, f32) {
// CHECK:        %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:   linalg.fill ins(%z : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:   %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:   "memref.copy"(%[[T]], %[[C]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:   %[[U:.*]] = "memref.cast"(%[[C]]) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:   func.call @set(%[[U]], %v) : (memref<*xf32>, f32) -> ()
// CHECK-NEXT:   %x = memref.load %[[T]][%c1] : memref<4xf32>
// CHECK-NEXT:   %[[W:.*]] = "memref.cast"(%[[U]]) : (memref<*xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %y = memref.load %[[W]][%c1]

// -----

// Ranked to unranked to ranked in one function, and tensor.dim of an unranked tensor.
func.func @main() -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %u = tensor.cast %f : tensor<2x3xf32> to tensor<*xf32>
  %d = tensor.dim %u, %c0 : tensor<*xf32>
  %r = tensor.cast %u : tensor<*xf32> to tensor<?x3xf32>
  %w = tensor.insert %v into %r[%c0, %c2] : tensor<?x3xf32>
  %x = tensor.extract %w[%c0, %c0] : tensor<?x3xf32>
  return %x, %d : f32, index
}

// CHECK:      func.func @main() -> (f32, index) {
// CHECK:        %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:   linalg.fill ins(%v : f32) outs(%[[A]] : memref<2x3xf32>)
// CHECK-NEXT:   %[[U:.*]] = "memref.cast"(%[[A]]) : (memref<2x3xf32>) -> memref<*xf32>
// CHECK-NEXT:   %d = memref.dim %[[U]], %c0 : memref<*xf32>
// CHECK-NEXT:   %[[R:.*]] = "memref.cast"(%[[U]]) : (memref<*xf32>) -> memref<?x3xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:   memref.store %v, %[[R]][%c0, %c2] : memref<?x3xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:   %x = memref.load %[[R]][%c0, %c0]

// -----

// to_tensor of an unranked memref and to_buffer of an unranked tensor.
func.func @main() -> (f32, index) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %v, %m[%c0] : memref<4xf32>
  %mu = "memref.cast"(%m) : (memref<4xf32>) -> memref<*xf32>
  %t = bufferization.to_tensor %mu restrict : memref<*xf32> to tensor<*xf32>
  %r = tensor.cast %t : tensor<*xf32> to tensor<4xf32>
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %b = bufferization.to_buffer %t read_only : tensor<*xf32> to memref<*xf32>
  %n = memref.dim %b, %c0 : memref<*xf32>
  memref.dealloc %m : memref<4xf32>
  return %x, %n : f32, index
}

// CHECK:      func.func @main() -> (f32, index) {
// CHECK:        %mu = "memref.cast"(%m) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:   %[[R:.*]] = "memref.cast"(%mu) : (memref<*xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %x = memref.load %[[R]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %n = memref.dim %mu, %c0 : memref<*xf32>
// CHECK-NEXT:   memref.dealloc %m : memref<4xf32>

// -----

// A read-only unranked argument that the callee writes: its rank is unknown, so the
// copy is a bufferization.clone of its buffer (upstream MLIR refuses this program:
// "cannot avoid RaW conflict", it cannot copy unranked tensors). The cases above give
// the same output as upstream MLIR's one-shot-bufferize, but for dropped results.
func.func @read_only(%t: tensor<*xf32> {bufferization.writable = false}, %v: f32) -> tensor<*xf32> {
  %w = func.call @set(%t, %v) : (tensor<*xf32>, f32) -> tensor<*xf32>
  return %w : tensor<*xf32>
}
func.func private @set(%t: tensor<*xf32>, %v: f32) -> tensor<*xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.cast %t : tensor<*xf32> to tensor<?xf32>
  %w = tensor.insert %v into %r[%c1] : tensor<?xf32>
  %u = tensor.cast %w : tensor<?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
// CHECK:      func.func @read_only(%t: memref<*xf32>, %v: f32) -> memref<*xf32> {
// CHECK-NEXT:   %[[C:.*]] = bufferization.clone %t : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:   func.call @set(%[[C]], %v) : (memref<*xf32>, f32) -> ()
// CHECK-NEXT:   func.return %[[C]] : memref<*xf32>
