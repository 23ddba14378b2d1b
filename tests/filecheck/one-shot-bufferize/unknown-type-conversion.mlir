// RUN: xdsl-opt %s -p 'one-shot-bufferize{allow-unknown-ops=true}' | filecheck %s --check-prefixes=CHECK,DYN
// RUN: xdsl-opt %s -p 'one-shot-bufferize{allow-unknown-ops=true unknown-type-conversion=fully-dynamic-layout-map}' | filecheck %s --check-prefixes=CHECK,DYN
// RUN: xdsl-opt %s -p 'one-shot-bufferize{allow-unknown-ops=true unknown-type-conversion=identity-layout-map}' | filecheck %s --check-prefixes=CHECK,ID
// RUN: xdsl-opt %s -p 'one-shot-bufferize{allow-unknown-ops=true bufferize-function-boundaries=true}' | filecheck %s --check-prefix=FB
// RUN: not xdsl-opt %s -p 'one-shot-bufferize{unknown-type-conversion=infer-layout-map}' 2>&1 | filecheck %s --check-prefix=BAD

// unknown-type-conversion (MLIR's unknownTypeConverterFn) gives the buffer type of
// a tensor no model gives a buffer: the result of an unknown op, the argument of a
// function whose boundary is not bufferized. Fully dynamic by default (MLIR's).

// CHECK-LABEL: func.func @f
// DYN:         %[[A:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// ID:          %[[A:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<?xf32> to memref<?xf32>
// CHECK-NEXT:  memref.load %[[A]]
// CHECK-NEXT:  %[[T:.*]] = "test.op"() : () -> tensor<4xf32>
// DYN-NEXT:    %[[B:.*]] = bufferization.to_buffer %[[T]] read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// ID-NEXT:     %[[B:.*]] = bufferization.to_buffer %[[T]] read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:  %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// DYN-NEXT:    "memref.copy"(%[[B]], %[[C]]) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// ID-NEXT:     "memref.copy"(%[[B]], %[[C]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  memref.store %{{.*}}, %[[C]]

// With function boundaries the argument takes function-boundary-type-conversion's
// type (infer-layout-map: fully dynamic) and no to_buffer; the unknown op's result
// still takes unknown-type-conversion's.
// FB-LABEL:    func.func @f(%{{.*}}: memref<?xf32, strided<[?], offset: ?>>,
// FB:          bufferization.to_buffer %{{.*}} read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
func.func @f(%A : tensor<?xf32>, %i : index, %s: f32) -> (f32, tensor<4xf32>) {
  %0 = tensor.extract %A[%i] : tensor<?xf32>
  %t = "test.op"() : () -> tensor<4xf32>
  %1 = tensor.insert %s into %t[%i] : tensor<4xf32>
  return %0, %1 : f32, tensor<4xf32>
}

// BAD: one-shot-bufferize: invalid value 'infer-layout-map' of option unknown-type-conversion (valid: fully-dynamic-layout-map, identity-layout-map)
