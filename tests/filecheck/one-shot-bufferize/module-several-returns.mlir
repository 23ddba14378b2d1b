// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results}' | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results function-boundary-type-conversion=identity-layout-map}' | filecheck %s --check-prefix=IDENTITY
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results test-analysis-only=true}' | filecheck %s --check-prefix=ANALYSIS

// Functions with tensors and several func.returns (cf branches), as recent MLIR
// bufferizes them: the function is analysed like any other; each return's
// operands are the function's results, and its summary joins the returns (a
// result is equivalent to an argument only if it is on every return; it may
// alias what it aliases on some return). Every return casts its buffers to one
// result type: under infer-layout-map the type of the buffers when all returns
// agree, else the fully dynamic layout. The @main cases also run before/after
// through the reference executor (tests/bufferize/test_analysis_execution.py).

// The argument on one path, a new tensor on the other: the result is not
// equivalent to the argument (only on one return), it may alias it. Under
// infer-layout-map the returns give different types (the fully dynamic argument,
// an identity allocation): the result is fully dynamic and both returns cast.
func.func private @arg_or_new(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %c, ^keep, ^fresh
^keep:
  return %t : tensor<4xf32>
^fresh:
  %e = tensor.empty() : tensor<4xf32>
  %f = arith.constant 7.0 : f32
  %z = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %z : tensor<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = func.call @arg_or_new(%true, %t) : (i1, tensor<4xf32>) -> tensor<4xf32>
  %s = func.call @arg_or_new(%false, %t) : (i1, tensor<4xf32>) -> tensor<4xf32>
  %one = arith.constant 10.0 : f32
  %r2 = tensor.insert %one into %r[%c0] : tensor<4xf32>
  %a = tensor.extract %r2[%c0] : tensor<4xf32>
  %b = tensor.extract %s[%c0] : tensor<4xf32>
  %d = tensor.extract %t[%c0] : tensor<4xf32>
  return %a, %b, %d : f32, f32, f32
}

// CHECK-LABEL: func.func private @arg_or_new(%c: i1, %t: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  cf.cond_br %c, ^keep, ^fresh
// CHECK-NEXT:  ^keep:
// CHECK-NEXT:  func.return %t : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  ^fresh:
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  %f = arith.constant 7.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%[[V0]] : memref<4xf32>)
// CHECK-NEXT:  %[[V1:[0-9]+]] = "memref.cast"(%[[V0]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %[[V1]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = func.call @arg_or_new(%true, %[[V2]]) : (i1, memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V4:[0-9]+]] = "memref.cast"(%[[V0]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V5:[0-9]+]] = func.call @arg_or_new(%false, %[[V4]]) : (i1, memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %one = arith.constant 1.000000e+01 : f32
// CHECK-NEXT:  memref.store %one, %[[V3]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %a = memref.load %[[V3]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V5]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %d = memref.load %[[V0]][%c0] : memref<4xf32>
// CHECK-NEXT:  func.return %a, %b, %d : f32, f32, f32

// ANALYSIS-LABEL: func.func private @arg_or_new(%c: i1, %t: tensor<4xf32> {bufferization.access = "read"}) -> tensor<4xf32> {
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %t : tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %z : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32) {
// ANALYSIS:  %r = func.call @arg_or_new(%true, %t) {__inplace_operands_attr__ = ["none", "false"]} : (i1, tensor<4xf32>) -> tensor<4xf32>
// ANALYSIS:  %s = func.call @arg_or_new(%false, %t) {__inplace_operands_attr__ = ["none", "true"]} : (i1, tensor<4xf32>) -> tensor<4xf32>
// ANALYSIS:  %r2 = tensor.insert %one into %r[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>

// -----

// Several returns with different layouts: a slice of the argument (static
// offset 2) on one path, a new tensor on the other: one fully dynamic result
// type under infer-layout-map (identity under identity-layout-map: the slice is
// copied at its return).
func.func private @slice_or_new(%c: i1, %t: tensor<8xf32>) -> tensor<4xf32> {
  cf.cond_br %c, ^slice, ^fresh
^slice:
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
^fresh:
  %e = tensor.empty() : tensor<4xf32>
  %f = arith.constant 5.0 : f32
  %z = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %z : tensor<4xf32>
}
// Both returns give a new identity buffer: the result type is the identity.
func.func private @two_new(%c: i1) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  %one = arith.constant 1.0 : f32
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %x : tensor<4xf32>
^b:
  %two = arith.constant 2.0 : f32
  %y = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %t = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %r = func.call @slice_or_new(%true, %t) : (i1, tensor<8xf32>) -> tensor<4xf32>
  %s = func.call @slice_or_new(%false, %t) : (i1, tensor<8xf32>) -> tensor<4xf32>
  %u = func.call @two_new(%true) : (i1) -> tensor<4xf32>
  %v = func.call @two_new(%false) : (i1) -> tensor<4xf32>
  %a = tensor.extract %r[%c0] : tensor<4xf32>
  %b = tensor.extract %s[%c0] : tensor<4xf32>
  %x = tensor.extract %u[%c0] : tensor<4xf32>
  %y = tensor.extract %v[%c0] : tensor<4xf32>
  return %a, %b, %x, %y : f32, f32, f32, f32
}

// CHECK-LABEL: func.func private @slice_or_new(%c: i1, %t: memref<8xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:  cf.cond_br %c, ^slice, ^fresh
// CHECK-NEXT:  ^slice:
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.subview %t[2] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  ^fresh:
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  %f = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%[[V1]] : memref<4xf32>)
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %[[V2]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func private @two_new(%c: i1) -> memref<4xf32> {
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  cf.cond_br %c, ^a, ^b
// CHECK-NEXT:  ^a:
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%[[V0]] : memref<4xf32>)
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32>
// CHECK-NEXT:  ^b:
// CHECK-NEXT:  %two = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%two : f32) outs(%[[V0]] : memref<4xf32>)
// CHECK-NEXT:  func.return %[[V0]] : memref<4xf32>
// CHECK-LABEL: func.func @main() -> (f32, f32, f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_8xf32 : memref<8xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = "memref.cast"(%[[V0]]) : (memref<8xf32>) -> memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V2:[0-9]+]] = func.call @slice_or_new(%true, %[[V1]]) : (i1, memref<8xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V3:[0-9]+]] = "memref.cast"(%[[V0]]) : (memref<8xf32>) -> memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V4:[0-9]+]] = func.call @slice_or_new(%false, %[[V3]]) : (i1, memref<8xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[V5:[0-9]+]] = func.call @two_new(%true) : (i1) -> memref<4xf32>
// CHECK-NEXT:  %[[V6:[0-9]+]] = func.call @two_new(%false) : (i1) -> memref<4xf32>
// CHECK-NEXT:  %a = memref.load %[[V2]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V4]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %x = memref.load %[[V5]][%c0] : memref<4xf32>
// CHECK-NEXT:  %y = memref.load %[[V6]][%c0] : memref<4xf32>
// CHECK-NEXT:  func.return %a, %b, %x, %y : f32, f32, f32, f32

// IDENTITY-LABEL: func.func private @slice_or_new(%c: i1, %t: memref<8xf32>) -> memref<4xf32> {
// IDENTITY-NEXT:  cf.cond_br %c, ^slice, ^fresh
// IDENTITY-NEXT:  ^slice:
// IDENTITY-NEXT:  %[[V0:[0-9]+]] = memref.subview %t[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// IDENTITY-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// IDENTITY-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32, strided<[1], offset: 2>>, memref<4xf32>) -> ()
// IDENTITY-NEXT:  func.return %[[V1]] : memref<4xf32>
// IDENTITY-NEXT:  ^fresh:
// IDENTITY-NEXT:  %[[V2:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// IDENTITY-NEXT:  %f = arith.constant 5.000000e+00 : f32
// IDENTITY-NEXT:  linalg.fill ins(%f : f32) outs(%[[V2]] : memref<4xf32>)
// IDENTITY-NEXT:  func.return %[[V2]] : memref<4xf32>
// IDENTITY-LABEL: func.func private @two_new(%c: i1) -> memref<4xf32> {
// IDENTITY-NEXT:  %[[V0:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// IDENTITY-NEXT:  cf.cond_br %c, ^a, ^b
// IDENTITY-NEXT:  ^a:
// IDENTITY-NEXT:  %one = arith.constant 1.000000e+00 : f32
// IDENTITY-NEXT:  linalg.fill ins(%one : f32) outs(%[[V0]] : memref<4xf32>)
// IDENTITY-NEXT:  func.return %[[V0]] : memref<4xf32>
// IDENTITY-NEXT:  ^b:
// IDENTITY-NEXT:  %two = arith.constant 2.000000e+00 : f32
// IDENTITY-NEXT:  linalg.fill ins(%two : f32) outs(%[[V0]] : memref<4xf32>)
// IDENTITY-NEXT:  func.return %[[V0]] : memref<4xf32>

// ANALYSIS-LABEL: func.func private @slice_or_new(%c: i1, %t: tensor<8xf32> {bufferization.access = "read"}) -> tensor<4xf32> {
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %s : tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %z : tensor<4xf32>
// ANALYSIS-LABEL: func.func private @two_new(%c: i1) -> tensor<4xf32> {
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %x : tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"]} %y : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32, f32) {
// ANALYSIS:  %r = func.call @slice_or_new(%true, %t) {__inplace_operands_attr__ = ["none", "true"]} : (i1, tensor<8xf32>) -> tensor<4xf32>
// ANALYSIS:  %s = func.call @slice_or_new(%false, %t) {__inplace_operands_attr__ = ["none", "true"]} : (i1, tensor<8xf32>) -> tensor<4xf32>
// ANALYSIS:  %u = func.call @two_new(%true) : (i1) -> tensor<4xf32>
// ANALYSIS:  %v = func.call @two_new(%false) : (i1) -> tensor<4xf32>

// -----

// The argument on every return, written in place on one path: the result is
// equivalent to the argument (on each return), so the private function's result
// is dropped and callers keep their buffer; the argument is read and written.
// (The analysis orders blocks as they are written: were ^bump written before
// ^same, the return of %t in ^same would count as a read after the write, and
// the write would go to a copy.)
func.func private @maybe_bump(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bump, ^same
^same:
  return %t : tensor<4xf32>
^bump:
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %s = arith.addf %e, %one : f32
  %w = tensor.insert %s into %t[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = func.call @maybe_bump(%true, %t) : (i1, tensor<4xf32>) -> tensor<4xf32>
  %s = func.call @maybe_bump(%false, %r) : (i1, tensor<4xf32>) -> tensor<4xf32>
  %a = tensor.extract %s[%c0] : tensor<4xf32>
  %b = tensor.extract %t[%c0] : tensor<4xf32>
  %d = tensor.extract %r[%c0] : tensor<4xf32>
  return %a, %b, %d : f32, f32, f32
}

// CHECK-LABEL: func.func private @maybe_bump(%c: i1, %t: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  cf.cond_br %c, ^bump, ^same
// CHECK-NEXT:  ^same:
// CHECK-NEXT:  func.return
// CHECK-NEXT:  ^bump:
// CHECK-NEXT:  %e = memref.load %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %s = arith.addf %e, %one : f32
// CHECK-NEXT:  memref.store %s, %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V2:[0-9]+]] = "memref.cast"(%[[V1]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.call @maybe_bump(%true, %[[V2]]) : (i1, memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT:  %[[V3:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V2]], %[[V3]]) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[V4:[0-9]+]] = "memref.cast"(%[[V3]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.call @maybe_bump(%false, %[[V4]]) : (i1, memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT:  %a = memref.load %[[V4]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %b = memref.load %[[V0]][%c0] : memref<4xf32>
// CHECK-NEXT:  %d = memref.load %[[V2]][%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  func.return %a, %b, %d : f32, f32, f32

// ANALYSIS-LABEL: func.func private @maybe_bump(%c: i1, %t: tensor<4xf32> {bufferization.access = "read-write"}) -> tensor<4xf32> {
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"], __equivalent_func_args__ = [1 : i64]} %t : tensor<4xf32>
// ANALYSIS:  %w = tensor.insert %s into %t[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true"], __equivalent_func_args__ = [1 : i64]} %w : tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32) {
// ANALYSIS:  %r = func.call @maybe_bump(%true, %t) {__inplace_operands_attr__ = ["none", "false"]} : (i1, tensor<4xf32>) -> tensor<4xf32>
// ANALYSIS:  %s = func.call @maybe_bump(%false, %r) {__inplace_operands_attr__ = ["none", "false"]} : (i1, tensor<4xf32>) -> tensor<4xf32>

// -----

// Results that are one buffer on one return (the same new tensor twice) and two
// on the other: the caller sees them as aliases (one alias set), so writing one
// in place would change the other; it copies.
func.func private @pair(%c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.cond_br %c, ^same, ^two
^same:
  return %x, %x : tensor<4xf32>, tensor<4xf32>
^two:
  %e2 = tensor.empty() : tensor<4xf32>
  %two = arith.constant 2.0 : f32
  %y = linalg.fill ins(%two : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %r:2 = func.call @pair(%true) : (i1) -> (tensor<4xf32>, tensor<4xf32>)
  %nine = arith.constant 9.0 : f32
  %w = tensor.insert %nine into %r#0[%c0] : tensor<4xf32>
  %a = tensor.extract %w[%c0] : tensor<4xf32>
  %b = tensor.extract %r#1[%c0] : tensor<4xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func private @pair(%c: i1) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:  %[[V0:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%[[V0]] : memref<4xf32>)
// CHECK-NEXT:  cf.cond_br %c, ^same, ^two
// CHECK-NEXT:  ^same:
// CHECK-NEXT:  func.return %[[V0]], %[[V0]] : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:  ^two:
// CHECK-NEXT:  %[[V1:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  %two = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%two : f32) outs(%[[V1]] : memref<4xf32>)
// CHECK-NEXT:  func.return %[[V0]], %[[V1]] : memref<4xf32>, memref<4xf32>
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %[[V0:[0-9]+]], %[[V1:[0-9]+]] = func.call @pair(%true) : (i1) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT:  %nine = arith.constant 9.000000e+00 : f32
// CHECK-NEXT:  %[[V2:[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[V0]], %[[V2]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  memref.store %nine, %[[V2]][%c0] : memref<4xf32>
// CHECK-NEXT:  %a = memref.load %[[V2]][%c0] : memref<4xf32>
// CHECK-NEXT:  %b = memref.load %[[V1]][%c0] : memref<4xf32>
// CHECK-NEXT:  func.return %a, %b : f32, f32

// ANALYSIS-LABEL: func.func private @pair(%c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true", "true"]} %x, %x : tensor<4xf32>, tensor<4xf32>
// ANALYSIS:  func.return {__inplace_operands_attr__ = ["true", "true"]} %x, %y : tensor<4xf32>, tensor<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32) {
// ANALYSIS:  %r, %r_1 = func.call @pair(%true) : (i1) -> (tensor<4xf32>, tensor<4xf32>)
// ANALYSIS:  %w = tensor.insert %nine into %r[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<4xf32>
