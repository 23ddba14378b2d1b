// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s --check-prefix=INFER
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map}' | filecheck %s --check-prefix=IDENTITY
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=fully-dynamic-layout-map}' | filecheck %s --check-prefix=DYNAMIC

// A fresh 2-d result, a view of an argument, and an external function.

func.func private @ext(tensor<4x4xf32>) -> tensor<4x4xf32>

func.func @fresh(%x: f32) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %t : tensor<4x4xf32>
}

func.func @row(%t: tensor<4x4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[1, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %v = tensor.extract %s[%c0] : tensor<4xf32>
  return %v : f32
}

// INFER:      func.func private @ext(memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32>
// INFER:      func.func @fresh(%x: f32) -> memref<4x4xf32> {
// INFER:      func.func @row(%t: memref<4x4xf32, strided<[?, ?], offset: ?>>) -> f32 {
// INFER-NEXT:   %c0 = arith.constant 0 : index
// INFER-NEXT:   %{{.*}} = memref.subview %t[1, 0] [1, 4] [1, 1] : memref<4x4xf32, strided<[?, ?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>

// IDENTITY:      func.func private @ext(memref<4x4xf32>) -> memref<4x4xf32>
// IDENTITY:      func.func @fresh(%x: f32) -> memref<4x4xf32> {
// IDENTITY:      func.func @row(%t: memref<4x4xf32>) -> f32 {
// IDENTITY-NEXT:   %c0 = arith.constant 0 : index
// IDENTITY-NEXT:   %{{.*}} = memref.subview %t[1, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1], offset: 4>>

// DYNAMIC:      func.func private @ext(memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>>
// DYNAMIC:      func.func @fresh(%x: f32) -> memref<4x4xf32, strided<[?, ?], offset: ?>> {
// DYNAMIC:        %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// DYNAMIC:        %[[C:.*]] = "memref.cast"(%[[B]]) : (memref<4x4xf32>) -> memref<4x4xf32, strided<[?, ?], offset: ?>>
// DYNAMIC-NEXT:   func.return %[[C]] : memref<4x4xf32, strided<[?, ?], offset: ?>>
// DYNAMIC:      func.func @row(%t: memref<4x4xf32, strided<[?, ?], offset: ?>>) -> f32 {
