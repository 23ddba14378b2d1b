// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p one-shot-bufferize | filecheck %s

func.func @elementwise_arith(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.addf %a, %a : tensor<4xf32>
  func.return %b : tensor<4xf32>
}
// CHECK: 'arith.addf' op has tensor semantics but no bufferization model (pass allow-unknown-ops to keep it on tensors behind to_tensor / to_buffer)

// -----

func.func @not_bool(%a: tensor<4xf32> {bufferization.writable = 1 : i32}) -> tensor<4xf32> {
  func.return %a : tensor<4xf32>
}
// CHECK: 'func.func' op argument #0: 'bufferization.writable' must be a boolean attribute (true or false), got 1 : i32

// -----

func.func @not_on_function() -> index {
  %c = "arith.constant"() <{value = 0 : index}> {bufferization.writable = true} : () -> index
  func.return %c : index
}
// CHECK: 'arith.constant' op 'bufferization.writable' is only valid as a function argument attribute

// -----

// Without allow-return-allocs-from-loops (MLIR's default), a loop must carry each
// buffer in place: a swap of two iter_args is rejected as MLIR rejects it.
func.func @swap(%t: tensor<4xf32>, %u: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t, %b = %u) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %b, %a : tensor<4xf32>, tensor<4xf32>
  }
  func.return %r#0 : tensor<4xf32>
}
// CHECK: Yield operand #0 is not equivalent to the corresponding iter bbArg (pass allow-return-allocs-from-loops=true to yield a new buffer)

// -----

func.func @while_forwards_other(%t: tensor<4xf32>, %u: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.while (%a = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    scf.condition(%c) %u : tensor<4xf32>
  } do {
  ^bb0(%x: tensor<4xf32>):
    scf.yield %x : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}
// CHECK: Condition arg #0 is not equivalent to the corresponding iter bbArg (pass allow-return-allocs-from-loops=true to yield a new buffer)

// -----

// A to_tensor without `restrict` may view a buffer with aliases the analysis
// cannot see: writing its tensor is refused, as in MLIR.
func.func @to_tensor_written(%m: memref<4xf32>, %f: f32, %i: index) -> f32 {
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %u = tensor.insert %f into %t[%i] : tensor<4xf32>
  %x = tensor.extract %u[%i] : tensor<4xf32>
  func.return %x : f32
}
// CHECK: to_tensor ops without `restrict` are not supported by One-Shot Analysis (its tensor is written by tensor.insert)

// -----

// materialize_in_destination must write its destination: when that clobbers data
// a later read needs, it is refused (never materialized into another buffer).
func.func @materialize_clobbers(%f: f32, %g: f32, %i: index) -> (f32, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %d = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %s = linalg.fill ins(%g : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = bufferization.materialize_in_destination %s in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %d[%i] : tensor<4xf32>
  %y = tensor.extract %r[%i] : tensor<4xf32>
  func.return %x, %y : f32, f32
}
// CHECK: not bufferizable under the given constraints: cannot avoid RaW conflict
