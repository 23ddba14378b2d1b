// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS

// Calls that return an argument on some paths only, among other returned
// buffers (`return %a, %r` where `%r = call @pick(%a, ...)`), in both result
// orders, through one or two levels of calls, from private and public callers:
// the callers keep the program's aliasing (one buffer when @pick returns %a),
// with no copy of %a before the call and no clone of the call's result, as the
// same shape through an `scf.if` does. The execution tests run @main.

// @pick returns its argument when %c holds, else a new tensor: its result
// aliases %a on some paths only. It never writes %a (the fill writes the new
// tensor, which the union-find only joins with %a at the scf.if).
func.func private @pick(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
// The same through a second level of calls.
func.func private @pick2(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = func.call @pick(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// The argument returned beside the call's result, in both orders: no copy of %a
// before the call and no clone of the result (one buffer when %c holds).
func.func private @both(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = func.call @pick2(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}
func.func private @both_rev(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = func.call @pick(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %r, %a : tensor<4xf32>, tensor<4xf32>
}
// A public caller: its private twin returns both buffers as they are; the public
// wrapper returns owned copies as the function-boundary ABI requires.
func.func @both_public(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = func.call @pick(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}
// Writes into one result and reads the other: tensors are values, so the write
// is never seen through the other result, whichever path @pick took.
func.func @main() -> (f32, f32, f32, f32, f32, f32) {
  %true = arith.constant true
  %false = arith.constant false
  %i = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %w = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %x, %y = func.call @both(%a, %true) : (tensor<4xf32>, i1) -> (tensor<4xf32>, tensor<4xf32>)
  %x2 = tensor.insert %w into %x[%i] : tensor<4xf32>
  %v0 = tensor.extract %x2[%i] : tensor<4xf32>
  %v1 = tensor.extract %y[%i] : tensor<4xf32>
  %p, %q = func.call @both_rev(%a, %false) : (tensor<4xf32>, i1) -> (tensor<4xf32>, tensor<4xf32>)
  %q2 = tensor.insert %w into %q[%i] : tensor<4xf32>
  %v2 = tensor.extract %p[%i] : tensor<4xf32>
  %v3 = tensor.extract %q2[%i] : tensor<4xf32>
  %s, %t = func.call @both_public(%a, %true) : (tensor<4xf32>, i1) -> (tensor<4xf32>, tensor<4xf32>)
  %t2 = tensor.insert %w into %t[%i] : tensor<4xf32>
  %v4 = tensor.extract %s[%i] : tensor<4xf32>
  %v5 = tensor.extract %t2[%i] : tensor<4xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : f32, f32, f32, f32, f32, f32
}

// ANALYSIS-LABEL: func.func private @pick(%a: tensor<4xf32> {bufferization.access = "read"}, %c: i1) -> tensor<4xf32> {
// ANALYSIS-LABEL: func.func private @both(%a: tensor<4xf32> {bufferization.access = "read"}, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
// ANALYSIS-NEXT:  %r = func.call @pick2(%a, %c) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, i1) -> tensor<4xf32>
// ANALYSIS-LABEL: func.func private @both_rev(
// ANALYSIS-NEXT:  %r = func.call @pick(%a, %c) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, i1) -> tensor<4xf32>

// CHECK-LABEL: func.func private @pick2(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
// CHECK-NEXT:    %0 = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %0 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @both(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
// CHECK-NEXT:    %0 = func.call @pick2(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %0 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @both_rev(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
// CHECK-NEXT:    %0 = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %0 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @both_public__inplace(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:    %0 = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %a, %0 : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main()
// CHECK:         %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%one : f32) outs(%0 : memref<4xf32>)
// CHECK-NEXT:    %1 = func.call @both(%0, %true) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK:         %6 = func.call @both_rev(%0, %false) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK:         %10, %11 = func.call @both_public__inplace(%0, %true) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
