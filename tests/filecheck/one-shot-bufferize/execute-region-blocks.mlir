// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'one-shot-bufferize{bufferize-function-boundaries}' | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p comprehensive-bufferize | filecheck %s --check-prefix=CB

// An scf.execute_region whose region has several blocks. A tensor passed from one
// block to another (a block argument of tensor type) becomes a memref block
// argument, as in a function body (before: a diagnostic at the op, and earlier an
// AssertionError in the cf.br model). More shapes, executed:
// comprehensive-bufferize/execute-region-blocks.mlir.

func.func @tensor_between_blocks(%t: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
  %r = scf.execute_region -> tensor<4xf32> {
    cf.br ^bb1(%t : tensor<4xf32>)
  ^bb1(%a : tensor<4xf32>):
    %w = tensor.insert %f into %a[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}
// CHECK-LABEL: func.func @tensor_between_blocks
// CHECK:         scf.execute_region -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:      cf.br ^bb1(%t : memref<4xf32, strided<[?], offset: ?>>)
// CHECK-NEXT:    ^bb1(%a: memref<4xf32, strided<[?], offset: ?>>):
// CHECK-NEXT:      memref.store %f, %a[%i]
// CHECK-NEXT:      scf.yield %a
// CB-LABEL: func.func @tensor_between_blocks
// CB:           %[[COPY:.*]] = memref.alloc()
// CB-NEXT:      "memref.copy"(%t, %[[COPY]])
// CB-NEXT:      cf.br ^bb1(%[[COPY]] : memref<4xf32>)
// CB-NEXT:    ^bb1(%a: memref<4xf32>):
// CB-NEXT:      memref.store %f, %a[%i]
// CB-NEXT:      scf.yield %a

// -----

// Only a scalar crosses the blocks: the tensor is used from outside the region.

func.func @scalar_between_blocks(%t: tensor<4xf32>, %i: index, %f: f32) -> tensor<4xf32> {
  %r = scf.execute_region -> tensor<4xf32> {
    cf.br ^bb1(%i : index)
  ^bb1(%j : index):
    %w = tensor.insert %f into %t[%j] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}
// CHECK-LABEL: func.func @scalar_between_blocks
// CHECK:         scf.execute_region
// CHECK-NEXT:      cf.br ^bb1(%i : index)
// CHECK-NEXT:    ^bb1(%j: index):
// CHECK-NEXT:      memref.store %f, %t[%j]
// CHECK-NEXT:      scf.yield %t

// CB-LABEL: func.func @scalar_between_blocks
// CB:         ^bb1(%j: index):
// CB-NEXT:      %[[COPY:.*]] = memref.alloc()
// CB-NEXT:      "memref.copy"(%t, %[[COPY]])
// CB-NEXT:      memref.store %f, %[[COPY]][%j]
// CB-NEXT:      scf.yield %[[COPY]]
