// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{test-analysis-only=true print-conflicts=true explain-copies=true}' | filecheck %s

// A read of the old value after an in-place write through an alias: the first
// write goes out of place, the second (nothing reads %t afterwards) in place.
// CHECK-LABEL: func.func @raw_through_alias
func.func @raw_through_alias(%f: f32, %i: index) -> (f32, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // CHECK: tensor.insert {{.*}}__inplace_operands_attr__ = ["none", "false", "none"], __conflicts__ = ["operand #1: read-after-write conflict: operand #0 of tensor.extract
  %a = tensor.insert %f into %t[%i] : tensor<4xf32>
  %old = tensor.extract %t[%i] : tensor<4xf32>
  %new = tensor.extract %a[%i] : tensor<4xf32>
  func.return %old, %new : f32, f32
}

// -----

// A write into the iter_arg inside the loop: in place (the yield is equivalent).
// A read of the init after the loop forces the init out of place.
// CHECK-LABEL: func.func @loop_write
func.func @loop_write(%f: f32, %lb: index, %ub: index, %s: index) -> (f32, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %t) -> (tensor<4xf32>) {
    // CHECK: tensor.insert {{.*}}["none", "true", "none"]
    %a2 = tensor.insert %f into %a[%i] : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  // CHECK: __inplace_operands_attr__ = ["none", "none", "none", "false"]
  }
  %x = tensor.extract %t[%lb] : tensor<4xf32>
  %y = tensor.extract %r[%lb] : tensor<4xf32>
  func.return %x, %y : f32, f32
}

// -----

// A value defined outside a loop, written inside it and read at the top of the
// body: the read of the next iteration sees the write, so the write is out of place.
// CHECK-LABEL: func.func @loop_carried_read
func.func @loop_carried_read(%f: f32, %lb: index, %ub: index, %s: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %f) -> (f32) {
    %v = tensor.extract %t[%i] : tensor<4xf32>
    // CHECK: tensor.insert {{.*}}["none", "false", "none"]
    %w = tensor.insert %f into %t[%i] : tensor<4xf32>
    %u = tensor.extract %w[%i] : tensor<4xf32>
    %sum = arith.addf %v, %u : f32
    scf.yield %sum : f32
  }
  func.return %r : f32
}

// -----

// Reads in the other branch of an scf.if do not conflict with the write in this one.
// CHECK-LABEL: func.func @if_branches
func.func @if_branches(%c: i1, %f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.if %c -> (f32) {
    // CHECK: tensor.insert {{.*}}["none", "true", "none"]
    %w = tensor.insert %f into %t[%i] : tensor<4xf32>
    %x = tensor.extract %w[%i] : tensor<4xf32>
    scf.yield %x : f32
  } else {
    %y = tensor.extract %t[%i] : tensor<4xf32>
    scf.yield %y : f32
  }
  func.return %r : f32
}

// -----

// Constants and read-only arguments are not writable; writable arguments are.
// CHECK-LABEL: func.func @non_writable
func.func @non_writable(%ro: tensor<4xf32>, %rw: tensor<4xf32> {bufferization.writable = true}, %f: f32, %i: index) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %cst = arith.constant dense<0.0> : tensor<4xf32>
  // CHECK: tensor.insert {{.*}}["none", "false", "none"], __conflicts__ = ["operand #1: write into a non-writable buffer: result #0 of arith.constant may not be written"]
  %a = tensor.insert %f into %cst[%i] : tensor<4xf32>
  // CHECK: tensor.insert {{.*}}["none", "false", "none"], __conflicts__ = ["operand #1: write into a non-writable buffer: block argument #0 of func.func may not be written"]
  %b = tensor.insert %f into %ro[%i] : tensor<4xf32>
  // CHECK: tensor.insert {{.*}}["none", "true", "none"]
  %c = tensor.insert %f into %rw[%i] : tensor<4xf32>
  func.return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// An elementwise op reading and writing the same buffer stays in place.
// CHECK-LABEL: func.func @elementwise_chain
func.func @elementwise_chain(%f: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // CHECK: linalg.add {{.*}}["true", "true", "true"]
  %a = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  // CHECK: linalg.add {{.*}}["true", "true", "true"]
  %b = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  func.return %b : tensor<4xf32>
}
