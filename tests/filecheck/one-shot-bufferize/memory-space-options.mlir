// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'one-shot-bufferize{must-infer-memory-space=true}' | filecheck %s --check-prefix=INFER
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{default-memory-space=2}' | filecheck %s --check-prefix=DEFAULT
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'comprehensive-bufferize{must-infer-memory-space=true}' | filecheck %s --check-prefix=INFER
// RUN: xdsl-opt %s --split-input-file -p 'comprehensive-bufferize{default-memory-space=2}' | filecheck %s --check-prefix=DEFAULT-DEALLOC

// The options deciding the space of allocations that infer none:
// must-infer-memory-space makes them an error at the allocating op, and
// default-memory-space=N puts them in space N.

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = bufferization.alloc_tensor() : tensor<4xf32>
  %u = tensor.insert %one into %t[%c0] : tensor<4xf32>
  %a = tensor.extract %u[%c0] : tensor<4xf32>
  return %a : f32
}

// INFER:       'bufferization.alloc_tensor' op could not infer memory space
// INFER-NEXT:    %t = bufferization.alloc_tensor() : tensor<4xf32>

// DEFAULT-LABEL: func.func @main
// DEFAULT:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 2 : i64>
// DEFAULT-NEXT:  memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<4xf32, 2 : i64>

// DEFAULT-DEALLOC-LABEL: func.func @main
// DEFAULT-DEALLOC:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 2 : i64>
// DEFAULT-DEALLOC:       memref.dealloc %[[A]] : memref<4xf32, 2 : i64>

// -----

// A given space, and copies inferring theirs, need no default.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %one into %f[%c0] : tensor<4xf32>
  %a = tensor.extract %u[%c0] : tensor<4xf32>
  %b = tensor.extract %f[%c0] : tensor<4xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// INFER-LABEL: func.func @main
// INFER:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// INFER:       %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// (comprehensive-bufferize's clean-up fills the copy of the filled buffer again)
// INFER-NEXT:  {{"memref.copy"|linalg.fill}}{{.*}}%[[C]]{{.*}}memref<4xf32, 1 : i64>

// DEFAULT-LABEL: func.func @main
// DEFAULT:       memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// DEFAULT:       memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// DEFAULT-NOT:   memref<4xf32, 2 : i64>
