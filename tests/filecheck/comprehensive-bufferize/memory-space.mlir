// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'comprehensive-bufferize{function-boundary-type-conversion=infer-layout-map}' | filecheck %s --check-prefix=INFER

// Buffers in memory space 1 (alloc_tensor {memory_space = 1}) through function
// boundaries, which keep the default space: an operand is copied into the
// callee's space and back after the call when the callee writes it; a result
// of a fixed type is copied into the default space (with infer-layout-map the
// result type keeps the buffer's space, as it keeps its layout). Each buffer is
// freed once, in its own space. Every @main runs before and after both
// pipelines on the reference executor (tests/module/test_comprehensive_execution.py).

func.func private @fill(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = linalg.fill ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @make() -> tensor<4xf32> {
  %two = arith.constant 2.0 : f32
  %c1 = arith.constant 1 : index
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%two : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %two into %f[%c1] : tensor<4xf32>
  return %u : tensor<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %u = func.call @fill(%t, %one) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %m = func.call @make() : () -> tensor<4xf32>
  %a = tensor.extract %u[%c0] : tensor<4xf32>
  %b = tensor.extract %m[%c0] : tensor<4xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// CHECK-LABEL: func.func private @fill(%t: memref<4xf32>, %v: f32)
// CHECK-LABEL: func.func private @make() -> memref<4xf32>
// CHECK:       %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32, 1 : i64>)
// CHECK-NEXT:  memref.store %two, %[[A]][%{{.*}}] : memref<4xf32, 1 : i64>
// CHECK-NEXT:  %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[A]], %[[R]]) : (memref<4xf32, 1 : i64>, memref<4xf32>) -> ()
// CHECK-NEXT:  memref.dealloc %[[A]] : memref<4xf32, 1 : i64>
// CHECK-NEXT:  func.return %[[R]] : memref<4xf32>
// CHECK-LABEL: func.func @main
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK-NEXT:  %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[T]], %[[C]]) : (memref<4xf32, 1 : i64>, memref<4xf32>) -> ()
// CHECK-NEXT:  func.call @fill(%[[C]], %{{.*}}) : (memref<4xf32>, f32) -> ()
// CHECK-NEXT:  "memref.copy"(%[[C]], %[[T]]) : (memref<4xf32>, memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:  memref.dealloc %[[T]] : memref<4xf32, 1 : i64>
// CHECK-NOT:   memref.cast

// INFER-LABEL: func.func private @make() -> memref<4xf32, 1 : i64>
// INFER-NOT:   memref.copy
// INFER:       func.return %{{.*}} : memref<4xf32, 1 : i64>
// INFER-LABEL: func.func @main
// INFER:       %{{.*}} = func.call @make() : () -> memref<4xf32, 1 : i64>
// INFER:       memref.dealloc %{{.*}} : memref<4xf32, 1 : i64>
