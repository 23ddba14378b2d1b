// RUN: xdsl-opt %s -p 'one-shot-bufferize{allow-unknown-ops=true}' | filecheck %s
// (The layout of the to_buffer is unknown-type-conversion's: see
// unknown-type-conversion.mlir.)

// An op without a model keeps tensors: to_tensor before it, to_buffer after it.
// CHECK-LABEL: func.func @unknown
// CHECK:       %[[B:.*]] = memref.alloc()
// CHECK:       %[[T:.*]] = bufferization.to_tensor %[[B]]
// CHECK-NEXT:  %[[U:.*]] = arith.addf %[[T]], %[[T]] : tensor<4xf32>
// CHECK-NEXT:  %[[M:.*]] = bufferization.to_buffer %[[U]] read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  memref.load %[[M]]
func.func @unknown(%f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = arith.addf %a, %a : tensor<4xf32>
  %x = tensor.extract %u[%i] : tensor<4xf32>
  func.return %x : f32
}
