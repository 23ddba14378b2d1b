// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true public-arguments-writable=false test-analysis-only=true}' | filecheck %s

// test-analysis-only marks how each function accesses its tensor arguments and which
// argument each returned tensor is equivalent to.

// CHECK-LABEL: func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func private @inc(
// CHECK-SAME:      %t: tensor<4xf32> {bufferization.access = "read-write"},
// CHECK-SAME:      %u: tensor<4xf32> {bufferization.access = "read"},
// CHECK-SAME:      %v: tensor<4xf32> {bufferization.access = "none"})
func.func private @inc(%t: tensor<4xf32>, %u: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  %x = tensor.extract %u[%c0] : tensor<4xf32>
  // CHECK: func.return
  // CHECK-SAME: __equivalent_func_args__ = [0 : i64, -1 : i64]
  return %r, %x : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %a: tensor<4xf32> {bufferization.access = "read"})
func.func @caller(%a: tensor<4xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  // The public argument is read-only: it goes out of place into the writing call.
  // CHECK: func.call @inc(%a, %a, %a) {__inplace_operands_attr__ = ["false", "true", "true"]}
  %r, %x = func.call @inc(%a, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, f32)
  // The external callee is assumed to read and write: out of place, %a is read later.
  // CHECK: func.call @ext(%a) {__inplace_operands_attr__ = ["false"]}
  %e = func.call @ext(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %y = tensor.extract %e[%c0] : tensor<4xf32>
  %z = tensor.extract %r[%c0] : tensor<4xf32>
  return %y, %z : f32, f32
}
