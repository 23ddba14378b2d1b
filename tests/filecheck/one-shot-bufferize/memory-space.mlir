// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

// Memory spaces (MLIR's one-shot bufferization): an allocation takes the space
// given by alloc_tensor's memory_space, else the space of the buffer it copies
// or replaces, else the default (no space). No memref.cast changes a memory
// space: a buffer that must be in another space is copied into a new one there.
// Every @main also runs before and after the pipelines of
// tests/bufferize/test_analysis_execution.py on the reference executor.

// alloc_tensor {memory_space = 1}: the buffer is in space 1, and so is the copy
// made for the out-of-place insert (inferred from the buffer it copies).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %two into %f[%c0] : tensor<4xf32>
  %a = tensor.extract %f[%c0] : tensor<4xf32>
  %b = tensor.extract %u[%c0] : tensor<4xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32, 1 : i64>)
// CHECK-NEXT:  %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  "memref.copy"(%[[A]], %[[C]]) : (memref<4xf32, 1 : i64>, memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:  memref.store %{{.*}}, %[[C]][%{{.*}}] : memref<4xf32, 1 : i64>

// -----

// An out-of-place write that does not read its operand (linalg.fill) allocates
// in the space of that operand's buffer.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 3 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %g = linalg.fill ins(%two : f32) outs(%f : tensor<4xf32>) -> tensor<4xf32>
  %a = tensor.extract %f[%c0] : tensor<4xf32>
  %b = tensor.extract %g[%c0] : tensor<4xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 3 : i64>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32, 3 : i64>)
// CHECK-NEXT:  %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 3 : i64>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<4xf32, 3 : i64>)
// CHECK-NOT:   memref.copy

// -----

// to_tensor of a buffer in space 1, written out of place: the copy is in space 1.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %m = memref.alloc() : memref<4xf32, 1 : i64>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32, 1 : i64>)
  %t = bufferization.to_tensor %m restrict : memref<4xf32, 1 : i64> to tensor<4xf32>
  %u = tensor.insert %five into %t[%c0] : tensor<4xf32>
  %a = tensor.extract %u[%c0] : tensor<4xf32>
  %b = tensor.extract %t[%c0] : tensor<4xf32>
  %s = arith.addf %a, %b : f32
  memref.dealloc %m : memref<4xf32, 1 : i64>
  return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       %[[M:.*]] = memref.alloc() : memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[M]] : memref<4xf32, 1 : i64>)
// CHECK-NEXT:  %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  "memref.copy"(%[[M]], %[[C]]) : (memref<4xf32, 1 : i64>, memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:  memref.store %{{.*}}, %[[C]][%{{.*}}] : memref<4xf32, 1 : i64>
// CHECK-NEXT:  memref.load %[[C]]
// CHECK-NEXT:  memref.load %[[M]]

// -----

// alloc_tensor copy(%t) allocates in the space of %t's buffer; a given
// memory_space wins, and the copy goes across spaces.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %same = bufferization.alloc_tensor() copy(%f) : tensor<4xf32>
  %other = bufferization.alloc_tensor() copy(%f) {memory_space = 2 : i64} : tensor<4xf32>
  %a = tensor.extract %same[%c0] : tensor<4xf32>
  %b = tensor.extract %other[%c0] : tensor<4xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill
// CHECK-NEXT:  %[[SAME:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  "memref.copy"(%[[A]], %[[SAME]]) : (memref<4xf32, 1 : i64>, memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:  %[[OTHER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 2 : i64>
// CHECK-NEXT:  "memref.copy"(%[[A]], %[[OTHER]]) : (memref<4xf32, 1 : i64>, memref<4xf32, 2 : i64>) -> ()

// -----

// to_buffer into another memory space: no cast changes the space, so the buffer
// is copied into a new one there (MLIR's castOrReallocMemRefValue).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %m = bufferization.to_buffer %f read_only : tensor<4xf32> to memref<4xf32>
  %a = memref.load %m[%c0] : memref<4xf32>
  return %a : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill
// CHECK-NEXT:  %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[A]], %[[M]]) : (memref<4xf32, 1 : i64>, memref<4xf32>) -> ()
// CHECK-NEXT:  memref.load %[[M]][%{{.*}}] : memref<4xf32>
// CHECK-NOT:   memref.cast

// -----

// A buffer in space 1 passed to a function taking the default space: copied in
// before the call, and back after it since the callee writes it.
func.func private @fill(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = linalg.fill ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %u = func.call @fill(%t, %one) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %a = tensor.extract %u[%c0] : tensor<4xf32>
  return %a : f32
}

// CHECK-LABEL: func.func private @fill(%{{.*}}: memref<4xf32, strided<[?], offset: ?>>, %{{.*}}: f32)
// CHECK-LABEL: func.func @main
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[A]], %[[C]]) : (memref<4xf32, 1 : i64>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[CAST:.*]] = "memref.cast"(%[[C]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.call @fill(%[[CAST]], %{{.*}})
// CHECK-NEXT:  "memref.copy"(%[[C]], %[[A]]) : (memref<4xf32>, memref<4xf32, 1 : i64>) -> ()

// -----

// Branches yielding buffers of different spaces (MLIR refuses them: "inconsistent
// memory space on then/else branches"): the result is in the space of the first
// branch's buffer, and the other branch yields a copy of its buffer there.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %af = linalg.fill ins(%one : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.empty() : tensor<4xf32>
  %bf = linalg.fill ins(%one : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.if %true -> (tensor<4xf32>) {
    scf.yield %af : tensor<4xf32>
  } else {
    scf.yield %bf : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK:       %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:       scf.if %{{.*}} -> (memref<4xf32, strided<[?], offset: ?>, 1 : i64>) {
// CHECK-NEXT:    %[[CA:.*]] = "memref.cast"(%[[A]]) : (memref<4xf32, 1 : i64>) -> memref<4xf32, strided<[?], offset: ?>, 1 : i64>
// CHECK-NEXT:    scf.yield %[[CA]]
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:    "memref.copy"(%[[B]], %[[C]]) : (memref<4xf32>, memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:    %[[CC:.*]] = "memref.cast"(%[[C]]) : (memref<4xf32, 1 : i64>) -> memref<4xf32, strided<[?], offset: ?>, 1 : i64>
// CHECK-NEXT:    scf.yield %[[CC]]
