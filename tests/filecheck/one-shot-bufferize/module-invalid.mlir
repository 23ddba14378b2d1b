// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @g(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @g(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @f(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK: expected callgraph to be free of circular dependencies: recursive calls @{{f -> @g -> @f|g -> @f -> @g}} cannot be bufferized across function boundaries (at func.func @{{f|g}})

// -----

func.func @two_returns(%c: i1, %t: tensor<4xf32>, %u: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  return %t : tensor<4xf32>
^b:
  return %u : tensor<4xf32>
}

// CHECK: cannot bufferize a function with tensors and without a unique func.return (one block ending in func.return is required) (at func.func @two_returns)

// -----

func.func @bad_attr(%t: tensor<4xf32> {bufferization.writable = 1 : i32}) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

// CHECK: argument #0: 'bufferization.writable' must be a boolean attribute (true or false), got 1 : i32 (at func.func @bad_attr)

// -----

// Unranked tensors are refused with a diagnostic (never a half-converted module).
func.func private @g(%t: tensor<*xf32>) -> tensor<*xf32> {
  return %t : tensor<*xf32>
}
// CHECK: unranked tensor type tensor<*xf32> is not supported by bufferization yet (at func.func @g)

// -----

// materialize_in_destination into a read-only argument is refused, as in MLIR.
func.func @materialize_read_only(%src: tensor<4xf32>, %d: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {
  %r = bufferization.materialize_in_destination %src in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// CHECK: not bufferizable under the given constraints: would write to read-only buffer
