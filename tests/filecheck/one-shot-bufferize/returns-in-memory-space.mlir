// RUN: xdsl-opt %s -p one-shot-bufferize | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s --check-prefix=INFER
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map}' | filecheck %s --check-prefix=IDENTITY
// RUN: xdsl-bufferize-check %s --pipeline 'one-shot-bufferize,buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC

// A tensor in memory space 1 returned from a function. Without function
// boundaries the return keeps its tensor type: the buffer goes back to a tensor
// through `bufferization.to_tensor`, which (as in MLIR) takes a buffer of any
// memory space. With boundaries and infer-layout-map the result type is the
// returned buffer's, space included; a fixed result type (identity layouts) is in
// the default space, so the buffer is copied into it, as MLIR does.

// CHECK-LABEL: func.func @make(%v: f32) -> tensor<4xf32>
// CHECK:         %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1 : i64>
// CHECK:         linalg.fill ins(%v : f32) outs(%[[A]] : memref<4xf32, 1 : i64>)
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[A]] : memref<4xf32, 1 : i64> to tensor<4xf32>
// CHECK:         func.return %[[T]] : tensor<4xf32>

// INFER-LABEL: func.func @make(%v: f32) -> memref<4xf32, 1 : i64>
// INFER:         func.return %{{.*}} : memref<4xf32, 1 : i64>
// INFER-LABEL: func.func @main()
// INFER:         func.call @make(%{{.*}}) : (f32) -> memref<4xf32, 1 : i64>

// IDENTITY-LABEL: func.func @make(%v: f32) -> memref<4xf32>
// IDENTITY:         "memref.copy"(%{{.*}}, %{{.*}}) : (memref<4xf32, 1 : i64>, memref<4xf32>) -> ()

// EXEC: @main before (3.0), after (3.0): results match; 0 finding(s)
func.func @make(%v: f32) -> tensor<4xf32> {
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %u = linalg.fill ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}

func.func @main() -> f32 {
  %c2 = arith.constant 2 : index
  %v = arith.constant 3.0 : f32
  %m = func.call @make(%v) : (f32) -> tensor<4xf32>
  %e = tensor.extract %m[%c2] : tensor<4xf32>
  return %e : f32
}
