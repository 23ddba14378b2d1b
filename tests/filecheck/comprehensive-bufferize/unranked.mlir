// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// Unranked tensors through comprehensive-bufferize: buffers behind memref<*xf32> are
// freed once (a fresh unranked result by its caller; a clone made for a read-only public
// argument where it dies), and casts fold back to the ranked buffer where it is known.
// Every @main also runs on the reference executor before and after
// (tests/bufferize/test_analysis_execution.py).

// A fresh buffer returned unranked: the caller owns it and frees the unranked value.
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
// CHECK:      func.func @main() -> (f32, f32) {
// CHECK:        %[[M:.*]] = func.call @make(%c4, %one) : (index, f32) -> memref<*xf32>
// CHECK-NEXT:   func.call @set(%[[M]], %two) : (memref<*xf32>, f32) -> ()
// CHECK-NEXT:   %[[R:.*]] = "memref.cast"(%[[M]]) : (memref<*xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %x = memref.load %[[R]][%c0]
// CHECK-NEXT:   %y = memref.load %[[R]][%c1]
// CHECK-NEXT:   memref.dealloc %[[M]] : memref<*xf32>
// CHECK-NEXT:   func.return %x, %y : f32, f32

// -----

// A public function may not write its argument: the unranked argument passed to a
// writing callee is cloned, and the clone is freed where it dies.
func.func @sum_after_set(%t: tensor<*xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = func.call @set(%t, %v) : (tensor<*xf32>, f32) -> tensor<*xf32>
  %r = tensor.cast %w : tensor<*xf32> to tensor<?xf32>
  %a = tensor.extract %r[%c0] : tensor<?xf32>
  %b = tensor.extract %r[%c1] : tensor<?xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func private @set(%t: tensor<*xf32>, %v: f32) -> tensor<*xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.cast %t : tensor<*xf32> to tensor<?xf32>
  %w = tensor.insert %v into %r[%c1] : tensor<?xf32>
  %u = tensor.cast %w : tensor<?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func @main() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %v = arith.constant 4.0 : f32
  %z = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %u = tensor.cast %t : tensor<3xf32> to tensor<*xf32>
  %s = func.call @sum_after_set(%u, %v) : (tensor<*xf32>, f32) -> f32
  %x = tensor.extract %t[%c1] : tensor<3xf32>
  return %s, %x : f32, f32
}

// CHECK:      func.func private @sum_after_set__inplace(%t: memref<*xf32>, %v: f32) -> f32 {
// CHECK:        func.call @set(%t, %v) : (memref<*xf32>, f32) -> ()
// CHECK-NOT:    memref.dealloc
// CHECK:        func.return %s : f32
// CHECK:      func.func @sum_after_set(%t: memref<*xf32>, %v: f32) -> f32 {
// CHECK-NEXT:   %[[C:.*]] = bufferization.clone %t : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:   %[[S:.*]] = func.call @sum_after_set__inplace(%[[C]], %v) : (memref<*xf32>, f32) -> f32
// CHECK-NEXT:   memref.dealloc %[[C]] : memref<*xf32>
// CHECK-NEXT:   func.return %[[S]] : f32
// CHECK:      func.func @main() -> (f32, f32) {
// CHECK:        %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK:        %[[K:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK-NEXT:   linalg.fill ins(%z : f32) outs(%[[K]] : memref<3xf32>)
// CHECK-NEXT:   %[[U:.*]] = "memref.cast"(%[[K]]) : (memref<3xf32>) -> memref<*xf32>
// CHECK-NEXT:   %s = func.call @sum_after_set__inplace(%[[U]], %v) : (memref<*xf32>, f32) -> f32
// CHECK-NEXT:   memref.dealloc %[[K]] : memref<3xf32>
// CHECK-NEXT:   %x = memref.load %[[T]][%c1] : memref<3xf32>
// CHECK-NEXT:   memref.dealloc %[[T]] : memref<3xf32>

// -----

// A function returning its unranked argument on one path and a fresh buffer on the
// other: the caller frees the result only when it is not its own buffer.
func.func private @either(%t: tensor<*xf32>, %c: i1) -> tensor<*xf32> {
  %r = tensor.cast %t : tensor<*xf32> to tensor<4xf32>
  %s = scf.if %c -> (tensor<4xf32>) {
    scf.yield %r : tensor<4xf32>
  } else {
    %v = arith.constant 7.0 : f32
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  %u = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %z = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  %a = func.call @either(%u, %true) : (tensor<*xf32>, i1) -> tensor<*xf32>
  %b = func.call @either(%u, %false) : (tensor<*xf32>, i1) -> tensor<*xf32>
  %ar = tensor.cast %a : tensor<*xf32> to tensor<4xf32>
  %br = tensor.cast %b : tensor<*xf32> to tensor<4xf32>
  %x = tensor.extract %ar[%c0] : tensor<4xf32>
  %y = tensor.extract %br[%c0] : tensor<4xf32>
  return %x, %y : f32, f32
}

// xDSL's memref.extract_aligned_pointer_as_index takes ranked memrefs only, so the
// deallocation cannot compare an unranked result with the argument: the callee returns
// a clone it owns and frees its own buffer when it made one.
// CHECK:      func.func private @either(%t: memref<*xf32>, %c: i1) -> memref<*xf32> {
// CHECK:        %[[S:.*]], %owned = scf.if %c -> (memref<4xf32, strided<[?], offset: ?>>, i1) {
// CHECK:        %[[U:.*]] = "memref.cast"(%[[S]]) : (memref<4xf32, strided<[?], offset: ?>>) -> memref<*xf32>
// CHECK-NEXT:   %[[C:.*]] = bufferization.clone %[[U]] : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:   scf.if %owned {
// CHECK-NEXT:     memref.dealloc %[[S]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %[[C]] : memref<*xf32>
// CHECK:      func.func @main() -> (f32, f32) {
// CHECK:        %[[A:.*]] = func.call @either(%{{.*}}, %true) : (memref<*xf32>, i1) -> memref<*xf32>
// CHECK:        %[[B:.*]] = func.call @either(%{{.*}}, %false) : (memref<*xf32>, i1) -> memref<*xf32>
// CHECK:        %x = memref.load
// CHECK-NEXT:   memref.dealloc %[[A]] : memref<*xf32>
// CHECK-NEXT:   %y = memref.load
// CHECK-NEXT:   memref.dealloc %[[B]] : memref<*xf32>
