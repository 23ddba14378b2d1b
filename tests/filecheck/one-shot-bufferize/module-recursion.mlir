// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS
// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s --check-prefix=COMP

// Recursion through functions with tensors in their signature, as recent MLIR
// bufferizes it: the functions the callee-first order cannot place (in a cycle of
// calls, or calling into one) are analysed and bufferized last, in module order.
// Every call of them is conservative: each tensor operand is read and written,
// each result may alias each operand (never equivalent). Their memref signature
// is the type converter's, fixed before any of them is bufferized: fully dynamic
// arguments and results under infer-layout-map (results cannot be inferred from
// buffers a caller already used), identity under comprehensive-bufferize. The
// @main cases also run before/after through the reference executor
// (tests/bufferize/test_analysis_execution.py).

// Direct recursion: @sum adds t[0] to an accumulator n times, reading its
// argument. Calls of @sum (from itself and from @main) are conservative: the
// operand counts as read and written, so @main, which reads the constant again,
// passes a copy, and @sum's own summary says "read-write" (its recursive call
// passes %t in place).
func.func private @sum(%t: tensor<4xf32>, %n: index, %acc: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (f32) {
    scf.yield %acc : f32
  } else {
    %e = tensor.extract %t[%c0] : tensor<4xf32>
    %a = arith.addf %acc, %e : f32
    %m = arith.subi %n, %c1 : index
    %x = func.call @sum(%t, %m, %a) : (tensor<4xf32>, index, f32) -> f32
    scf.yield %x : f32
  }
  return %r : f32
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %t = arith.constant dense<[2.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  %s = func.call @sum(%t, %c3, %zero) : (tensor<4xf32>, index, f32) -> f32
  %b = tensor.extract %t[%c0] : tensor<4xf32>
  return %s, %b : f32, f32
}

// CHECK-LABEL: func.func private @sum(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index, %acc: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %r = scf.if %done -> (f32) {
// CHECK-NEXT:  scf.yield %acc : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %e = memref.load %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = arith.addf %acc, %e : f32
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %x = func.call @sum(%t, %m, %a) : (memref<4xf32, strided<[?], offset: ?>>, index, f32) -> f32
// CHECK-NEXT:  scf.yield %x : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : f32
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %zero = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %s = func.call @sum(%[[V2]], %c3, %zero) : (memref<4xf32, strided<[?], offset: ?>>, index, f32) -> f32
// CHECK-NEXT:  %b = memref.load %[[V0]][%c0] : memref<4xf32>
// CHECK-NEXT:  func.return %s, %b : f32, f32

// ANALYSIS-LABEL: func.func private @sum(%t: tensor<4xf32> {bufferization.access = "read-write"}, %n: index, %acc: f32) -> f32 {
// ANALYSIS:  %x = func.call @sum(%t, %m, %a) {__inplace_operands_attr__ = ["true", "none", "none"]} : (tensor<4xf32>, index, f32) -> f32
// ANALYSIS-LABEL: func.func @main() -> (f32, f32) {
// ANALYSIS:  %s = func.call @sum(%t, %c3, %zero) {__inplace_operands_attr__ = ["false", "none", "none"]} : (tensor<4xf32>, index, f32) -> f32

// -----

// Recursion writing its argument: @fill_down writes t[n-1] then recurses on n-1
// with the tensor it wrote; it returns that tensor (not equivalent: a call of a
// recursive function is only known to alias its operand). @main reads %t again
// after the call, so the call operand is copied.
func.func private @fill_down(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %i = arith.index_cast %n : index to i32
    %f = arith.sitofp %i : i32 to f32
    %w = tensor.insert %f into %t[%m] : tensor<4xf32>
    %x = func.call @fill_down(%w, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant dense<[9.0, 9.0, 9.0, 9.0]> : tensor<4xf32>
  %r = func.call @fill_down(%t, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  %a = tensor.extract %r[%c0] : tensor<4xf32>
  %b = tensor.extract %r[%c2] : tensor<4xf32>
  %c = tensor.extract %t[%c0] : tensor<4xf32>
  return %a, %b, %c : f32, f32, f32
}

// CHECK-LABEL: func.func private @fill_down(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  scf.yield %t : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %i = arith.index_cast %n : index to i32
// CHECK-NEXT:  %f = arith.sitofp %i : i32 to f32
// CHECK-NEXT:  memref.store %f, %t[%m] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V1:[0-9]+]] = func.call @fill_down(%t, %m) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V1]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = func.call @fill_down(%[[V2]], %c3) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = memref.load %[[V3]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V3]][%c2] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %c = memref.load %[[V0]][%c0] : memref<4xf32>
// CHECK-NEXT:  func.return %a, %b, %c : f32, f32, f32

// ANALYSIS-LABEL: func.func private @fill_down(%t: tensor<4xf32> {bufferization.access = "read-write"}, %n: index) -> tensor<4xf32> {
// ANALYSIS:  %w = tensor.insert %f into %t[%m] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// ANALYSIS:  %x = func.call @fill_down(%w, %m) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %r : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32) {
// ANALYSIS:  %r = func.call @fill_down(%t, %c3) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>

// -----

// Mutual recursion: @even and @odd call each other, each scaling its tensor and
// passing it on. Both are recursive (and so is @main, which calls into the
// cycle): they come last, in module order, and every call between them is
// conservative.
func.func private @even(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %two = arith.constant 2.0 : f32
    %e = tensor.extract %t[%c0] : tensor<4xf32>
    %d = arith.mulf %e, %two : f32
    %w = tensor.insert %d into %t[%c0] : tensor<4xf32>
    %m = arith.subi %n, %c1 : index
    %x = func.call @odd(%w, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func private @odd(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %one = arith.constant 1.0 : f32
    %e = tensor.extract %t[%c0] : tensor<4xf32>
    %d = arith.addf %e, %one : f32
    %w = tensor.insert %d into %t[%c0] : tensor<4xf32>
    %m = arith.subi %n, %c1 : index
    %x = func.call @even(%w, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %t = arith.constant dense<[1.0, 0.0, 0.0, 0.0]> : tensor<4xf32>
  %r = func.call @even(%t, %c5) : (tensor<4xf32>, index) -> tensor<4xf32>
  %a = tensor.extract %r[%c0] : tensor<4xf32>
  %b = tensor.extract %t[%c0] : tensor<4xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func private @even(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  scf.yield %t : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %two = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %e = memref.load %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %d = arith.mulf %e, %two : f32
// CHECK-NEXT:  memref.store %d, %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %[[V1:[0-9]+]] = func.call @odd(%t, %m) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V1]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func private @odd(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  scf.yield %t : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %e = memref.load %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %d = arith.addf %e, %one : f32
// CHECK-NEXT:  memref.store %d, %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %[[V1:[0-9]+]] = func.call @even(%t, %m) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V1]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c5 = arith.constant 5 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = func.call @even(%[[V2]], %c5) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = memref.load %[[V3]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V0]][%c0] : memref<4xf32>
// CHECK-NEXT:  func.return %a, %b : f32, f32

// ANALYSIS-LABEL: func.func private @even(%t: tensor<4xf32> {bufferization.access = "read-write"}, %n: index) -> tensor<4xf32> {
// ANALYSIS:  %w = tensor.insert %d into %t[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// ANALYSIS:  %x = func.call @odd(%w, %m) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %r : tensor<4xf32>
// ANALYSIS-LABEL: func.func private @odd(%t: tensor<4xf32> {bufferization.access = "read-write"}, %n: index) -> tensor<4xf32> {
// ANALYSIS:  %w = tensor.insert %d into %t[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// ANALYSIS:  %x = func.call @even(%w, %m) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %r : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32) {
// ANALYSIS:  %r = func.call @even(%t, %c5) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>

// -----

// A recursive function returning its argument on one path (the base case) and a
// new tensor on the other: @halve returns its argument when n == 0, else a new
// tensor filled with half of t[0], passed on. The result is not equivalent to
// the argument, so it is kept; the caller writes the result, which may be its
// operand: the operand is copied (it is read again), never the constant.
func.func private @halve(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %half = arith.constant 0.5 : f32
    %e = tensor.extract %t[%c0] : tensor<4xf32>
    %h = arith.mulf %e, %half : f32
    %empty = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%h : f32) outs(%empty : tensor<4xf32>) -> tensor<4xf32>
    %m = arith.subi %n, %c1 : index
    %x = func.call @halve(%f, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant dense<[8.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  %r = func.call @halve(%t, %c2) : (tensor<4xf32>, index) -> tensor<4xf32>
  %z = func.call @halve(%t, %c0) : (tensor<4xf32>, index) -> tensor<4xf32>
  %seven = arith.constant 7.0 : f32
  %w = tensor.insert %seven into %z[%c1] : tensor<4xf32>
  %a = tensor.extract %r[%c1] : tensor<4xf32>
  %b = tensor.extract %w[%c1] : tensor<4xf32>
  %c = tensor.extract %t[%c1] : tensor<4xf32>
  return %a, %b, %c : f32, f32, f32
}

// CHECK-LABEL: func.func private @halve(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  scf.yield %t : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %half = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:  %e = memref.load %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %h = arith.mulf %e, %half : f32
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%h : f32) outs(%[[V1]] : memref<4xf32>)
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = func.call @halve(%[[V2]], %m) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V3]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = func.call @halve(%[[V2]], %c2) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V4:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V4]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V5:[0-9]+]] = "memref.cast"(%[[V4]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V6:[0-9]+]] = func.call @halve(%[[V5]], %c0) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %seven = arith.constant 7.000000e+00 : f32
// CHECK-NEXT:  memref.store %seven, %[[V6]][%c1] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = memref.load %[[V3]][%c1] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V6]][%c1] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %c = memref.load %[[V0]][%c1] : memref<4xf32>
// CHECK-NEXT:  func.return %a, %b, %c : f32, f32, f32

// @halve never writes %t: its writes (the fill, the recursive call's operand) go
// into the new tensor, which the union-find only joins with %t at the scf.if.
// ANALYSIS-LABEL: func.func private @halve(%t: tensor<4xf32> {bufferization.access = "read"}, %n: index) -> tensor<4xf32> {
// ANALYSIS:  %x = func.call @halve(%f, %m) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %r : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32) {
// ANALYSIS:  %r = func.call @halve(%t, %c2) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  %z = func.call @halve(%t, %c0) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  %w = tensor.insert %seven into %z[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>

// -----

// A recursive function returning a constant: its callers have no summary telling
// them that the result may not be written, so @base returns a copy of a
// read-only buffer (here the whole scf.if result, which may be the constant's
// global), and @main writes the result in place.
func.func private @base(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    %k = arith.constant dense<[5.0, 5.0, 5.0, 5.0]> : tensor<4xf32>
    scf.yield %k : tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @base(%t, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant dense<[1.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  %r = func.call @base(%t, %c2) : (tensor<4xf32>, index) -> tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %w = tensor.insert %one into %r[%c0] : tensor<4xf32>
  %a = tensor.extract %w[%c0] : tensor<4xf32>
  %r2 = func.call @base(%t, %c2) : (tensor<4xf32>, index) -> tensor<4xf32>
  %b = tensor.extract %r2[%c0] : tensor<4xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func private @base(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V2]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %[[V3:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%t, %[[V3]]) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V4:[0-9]+]] = "memref.cast"(%[[V3]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V5:[0-9]+]] = func.call @base(%[[V4]], %m) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V5]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[V6:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V6]]) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V7:[0-9]+]] = "memref.cast"(%[[V6]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %[[V7]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32_0 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = func.call @base(%[[V2]], %c2) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  memref.store %one, %[[V3]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = memref.load %[[V3]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V4:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V4]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V5:[0-9]+]] = "memref.cast"(%[[V4]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V6:[0-9]+]] = func.call @base(%[[V5]], %c2) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V6]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %a, %b : f32, f32

// ANALYSIS-LABEL: func.func private @base(%t: tensor<4xf32> {bufferization.access = "read"}, %n: index) -> tensor<4xf32> {
// ANALYSIS:  %x = func.call @base(%t, %m) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %r : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32) {
// ANALYSIS:  %r = func.call @base(%t, %c2) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  %w = tensor.insert %one into %r[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// ANALYSIS:  %r2 = func.call @base(%t, %c2) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>

// -----

// A public recursive function under comprehensive-bufferize: the body moves to
// the private in-place variant @count__inplace (its recursive call targets it
// too), and @count copies its read-only argument for outside callers; the
// deallocation pass frees what the variant does not return.
func.func @count(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %e = tensor.extract %t[%n] : tensor<4xf32>
    %one = arith.constant 1.0 : f32
    %s = arith.addf %e, %one : f32
    %w = tensor.insert %s into %t[%n] : tensor<4xf32>
    %m = arith.subi %n, %c1 : index
    %x = func.call @count(%w, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %u = linalg.copy ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @count(%u, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  %a = tensor.extract %r[%c1] : tensor<4xf32>
  %b = tensor.extract %u[%c1] : tensor<4xf32>
  %c = tensor.extract %r[%c0] : tensor<4xf32>
  return %a, %b, %c : f32, f32, f32
}

// CHECK-LABEL: func.func @count(%t: memref<4xf32, strided<[?], offset: ?>>, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  scf.yield %t : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %e = memref.load %t[%n] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %s = arith.addf %e, %one : f32
// CHECK-NEXT:  memref.store %s, %t[%n] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %[[V1:[0-9]+]] = func.call @count(%t, %m) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  scf.yield %[[V1]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.copy ins(%[[V0]] : memref<4xf32>) outs(%[[V1]] : memref<4xf32>)
// CHECK-NEXT:  %[[V2:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V1]], %[[V2]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V3:[0-9]+]] = "memref.cast"(%[[V2]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V4:[0-9]+]] = func.call @count(%[[V3]], %c3) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = memref.load %[[V4]][%c1] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V1]][%c1] : memref<4xf32>
// CHECK-NEXT:  %c = memref.load %[[V4]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %a, %b, %c : f32, f32, f32

// ANALYSIS-LABEL: func.func @count(%t: tensor<4xf32> {bufferization.access = "read-write"}, %n: index) -> tensor<4xf32> {
// ANALYSIS:  %w = tensor.insert %s into %t[%n] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// ANALYSIS:  %x = func.call @count(%w, %m) {__inplace_operands_attr__ = ["true", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %r : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32) {
// ANALYSIS:  %r = func.call @count(%u, %c3) {__inplace_operands_attr__ = ["false", "none"]} : (tensor<4xf32>, index) -> tensor<4xf32>

// COMP-LABEL: func.func private @count__inplace(%t: memref<4xf32>, %n: index) -> memref<4xf32> {
// COMP-NEXT:  %c0 = arith.constant 0 : index
// COMP-NEXT:  %c1 = arith.constant 1 : index
// COMP-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// COMP-NEXT:  %[[V0:[0-9]+]] = scf.if %done -> (memref<4xf32>) {
// COMP-NEXT:  scf.yield %t : memref<4xf32>
// COMP-NEXT:  } else {
// COMP-NEXT:  %e = memref.load %t[%n] : memref<4xf32>
// COMP-NEXT:  %one = arith.constant 1.000000e+00 : f32
// COMP-NEXT:  %s = arith.addf %e, %one : f32
// COMP-NEXT:  memref.store %s, %t[%n] : memref<4xf32>
// COMP-NEXT:  %m = arith.subi %n, %c1 : index
// COMP-NEXT:  %[[V1:[0-9]+]] = func.call @count__inplace(%t, %m) : (memref<4xf32>, index) -> memref<4xf32>
// COMP-NEXT:  scf.yield %[[V1]] : memref<4xf32>
// COMP-NEXT:  }
// COMP-NEXT:  func.return %[[V0]] : memref<4xf32>
// COMP-LABEL: func.func @count(%t: memref<4xf32>, %n: index) -> memref<4xf32> {
// COMP-NEXT:  %[[V0:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// COMP-NEXT:  "memref.copy"(%t, %[[V0]]) : (memref<4xf32>, memref<4xf32>) -> ()
// COMP-NEXT:  %[[V1:[0-9]+]] = func.call @count__inplace(%[[V0]], %n) : (memref<4xf32>, index) -> memref<4xf32>
// COMP-NEXT:  func.return %[[V1]] : memref<4xf32>
