// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

func.func @bad_attr(%t: tensor<4xf32> {bufferization.writable = 1 : i32}) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

// CHECK: 'func.func' op argument #0: 'bufferization.writable' must be a boolean attribute (true or false), got 1 : i32

// -----

// materialize_in_destination into a read-only argument is refused, as in MLIR.
func.func @materialize_read_only(%src: tensor<4xf32>, %d: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {
  %r = bufferization.materialize_in_destination %src in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// CHECK: not bufferizable under the given constraints: would write to read-only buffer
