// RUN: xdsl-opt %s --allow-unregistered-dialect --verify-diagnostics -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

func.func @indirect(%t: tensor<4xf32>, %g: (tensor<4xf32>) -> tensor<4xf32>) -> tensor<4xf32> {
  %r = "func.call_indirect"(%g, %t) : ((tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK: 'func.call_indirect' op cannot bufferize an indirect call with tensor operands or results across function boundaries (callee unknown)
