// RUN: xdsl-opt %s --allow-unregistered-dialect -p 'one-shot-bufferize{allow-unknown-ops=true bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-opt %s --allow-unregistered-dialect -p 'comprehensive-bufferize{allow-unknown-ops=true}' | filecheck %s --check-prefix=COMP

// An unknown op keeps its tensors behind bufferization.to_tensor / to_buffer.
// A strided argument (MLIR's default boundary layout) is wrapped as it is, without a
// contiguous copy: our to_tensor takes any layout, as MLIR's does.

func.func private @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "mydialect.frob"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func @caller(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func private @f(%t: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK-NEXT:    %[[T:.*]] = bufferization.to_tensor %t : memref<4xf32, strided<[?], offset: ?>> to tensor<4xf32>
// CHECK-NEXT:    %r = "mydialect.frob"(%[[T]]) : (tensor<4xf32>) -> tensor<4xf32>

// COMP-LABEL: func.func private @f(%t: memref<4xf32>) -> memref<4xf32> {
// COMP-NEXT:    %[[T:.*]] = bufferization.to_tensor %t : memref<4xf32> to tensor<4xf32>
