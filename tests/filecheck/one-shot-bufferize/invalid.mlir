// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p one-shot-bufferize | filecheck %s

func.func @elementwise_arith(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.addf %a, %a : tensor<4xf32>
  func.return %b : tensor<4xf32>
}
// CHECK: one-shot-bufferize: 'arith.addf' in @elementwise_arith: has tensor semantics but no bufferization model (pass allow-unknown-ops to keep it on tensors behind to_tensor / to_buffer)

// -----

func.func @not_bool(%a: tensor<4xf32> {bufferization.writable = 1 : i32}) -> tensor<4xf32> {
  func.return %a : tensor<4xf32>
}
// CHECK: one-shot-bufferize: 'func.func' in @not_bool: 'bufferization.writable' of argument #0 must be a bool attribute, got 1 : i32

// -----

func.func @not_on_function() -> index {
  %c = "arith.constant"() <{value = 0 : index}> {bufferization.writable = true} : () -> index
  func.return %c : index
}
// CHECK: one-shot-bufferize: 'arith.constant' in @not_on_function: 'bufferization.writable' is only valid as a function argument attribute
