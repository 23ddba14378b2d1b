// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics -p one-shot-bufferize | filecheck %s
// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics -p comprehensive-bufferize | filecheck %s

// Every diagnostic reads "'<op as written>' op <message>" (MLIR's form), then
// "note: see current operation: <the op>". An op of an unknown dialect is named
// as written, never builtin.unregistered.

func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "mydialect.frob"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// CHECK: 'mydialect.frob' op has tensor semantics but no bufferization model (pass allow-unknown-ops to keep it on tensors behind to_tensor / to_buffer)
// CHECK-NEXT: %r = "mydialect.frob"(%t) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: builtin.unregistered

// -----

// Nested in a region: the function is the one that contains the op.

func.func @g(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> (tensor<4xf32>) {
    %s = arith.mulf %t, %t : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}

// CHECK: 'arith.mulf' op has tensor semantics but no bufferization model
