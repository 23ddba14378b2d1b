// RUN: xdsl-opt %s --split-input-file -p one-shot-bufferize | filecheck %s

// Without function boundaries, a tensor argument is read through a to_buffer at
// the entry (read_only unless writable) and a tensor result is a to_tensor.
// CHECK-LABEL: func.func @body
// CHECK-NEXT:  %[[RW:.*]] = bufferization.to_buffer %{{.*}} : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[RO:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[RO]], %[[C]])
// CHECK-NEXT:  memref.store %{{.*}}, %[[C]]
// CHECK-NEXT:  %[[T1:.*]] = bufferization.to_tensor %[[C]]
// CHECK-NEXT:  memref.store %{{.*}}, %[[RW]]
// The argument buffers are fully dynamic (unknown-type-conversion's default, as
// MLIR's); a to_tensor left in the output wraps such a buffer as it is.
// CHECK-NEXT:  %[[T2:.*]] = bufferization.to_tensor %[[RW]] : memref<4xf32, strided<[?], offset: ?>> to tensor<4xf32>
// CHECK-NEXT:  func.return %[[T1]], %[[T2]]
func.func @body(%ro: tensor<4xf32>, %rw: tensor<4xf32> {bufferization.writable = true}, %f: f32, %i: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = tensor.insert %f into %ro[%i] : tensor<4xf32>
  %b = tensor.insert %f into %rw[%i] : tensor<4xf32>
  func.return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----

// The older linalg.inplaceable spelling is accepted.
// CHECK-LABEL: func.func @older_spelling
// CHECK-NEXT:  %[[B:.*]] = bufferization.to_buffer %rw : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  memref.store %{{.*}}, %[[B]][%{{.*}}]
func.func @older_spelling(%rw: tensor<4xf32> {linalg.inplaceable = true}, %f: f32, %i: index) -> tensor<4xf32> {
  %b = tensor.insert %f into %rw[%i] : tensor<4xf32>
  func.return %b : tensor<4xf32>
}
