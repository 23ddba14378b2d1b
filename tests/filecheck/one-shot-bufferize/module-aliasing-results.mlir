// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true}' | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s --check-prefix=BUF

// Call results that may be one buffer in the callee alias each other in the caller,
// even when no call operand relates them.

// The callee returns one new buffer twice: writing %r#0 in place would clobber %r#1,
// read afterwards, so the write goes out of place.
func.func private @same(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t, %t : tensor<4xf32>, tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = func.call @same(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %w = linalg.fill ins(%two : f32) outs(%r#0 : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r#1[%c0] : tensor<4xf32>
  %v2 = tensor.extract %w[%c0] : tensor<4xf32>
  return %v, %v2 : f32, f32
}

// CHECK-LABEL: func.func @main()
// CHECK:         %r, %r_1 = func.call @same(%x)
// CHECK-NEXT:    %w = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%two : f32) outs(%r : tensor<4xf32>)

// BUF-LABEL: func.func private @same(
// BUF:         func.return %[[T:.*]], %[[T]] : memref<4xf32>, memref<4xf32>
// BUF-LABEL: func.func @main()
// BUF:         %[[R0:.*]], %[[R1:.*]] = func.call @same(
// BUF-NEXT:    %[[W:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// BUF-NEXT:    linalg.fill ins(%two : f32) outs(%[[W]] : memref<4xf32>)
// BUF-NEXT:    %v = memref.load %[[R1]][%c0] : memref<4xf32>
// BUF-NEXT:    %v2 = memref.load %[[W]][%c0] : memref<4xf32>

// -----

// Same callee, but the other result is read before the write: no conflict, the write
// stays in place.
func.func private @same(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t, %t : tensor<4xf32>, tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = func.call @same(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %v = tensor.extract %r#1[%c0] : tensor<4xf32>
  %w = linalg.fill ins(%two : f32) outs(%r#0 : tensor<4xf32>) -> tensor<4xf32>
  %v2 = tensor.extract %w[%c0] : tensor<4xf32>
  return %v, %v2 : f32, f32
}

// CHECK-LABEL: func.func @main()
// CHECK:         %w = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%two : f32) outs(%r : tensor<4xf32>)

// BUF-LABEL: func.func @main()
// BUF:         %[[R0:.*]], %[[R1:.*]] = func.call @same(
// BUF-NEXT:    %v = memref.load %[[R1]][%c0] : memref<4xf32>
// BUF-NEXT:    linalg.fill ins(%two : f32) outs(%[[R0]] : memref<4xf32>)

// -----

// The callee returns its argument twice and writes it; the caller reads its tensor
// afterwards, so the call operand goes out of place (a copy), and the two results,
// both that copy, still alias each other: the write into %r#0 goes out of place.
func.func private @twice(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = tensor.insert %one into %a[%c0] : tensor<4xf32>
  return %t, %t : tensor<4xf32>, tensor<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = func.call @twice(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %w = linalg.fill ins(%two : f32) outs(%r#0 : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r#1[%c0] : tensor<4xf32>
  %v2 = tensor.extract %w[%c0] : tensor<4xf32>
  %v3 = tensor.extract %x[%c0] : tensor<4xf32>
  return %v, %v2, %v3 : f32, f32, f32
}

// CHECK-LABEL: func.func @main()
// CHECK:         %r, %r_1 = func.call @twice(%x) {__inplace_operands_attr__ = ["false"]}
// CHECK-NEXT:    %w = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%two : f32) outs(%r : tensor<4xf32>)

// -----

// An external callee may return one buffer several times (no main function here: the external callee cannot run).
func.func private @ext() -> (tensor<4xf32>, tensor<4xf32>)
func.func @caller() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %r:2 = func.call @ext() : () -> (tensor<4xf32>, tensor<4xf32>)
  %w = linalg.fill ins(%two : f32) outs(%r#0 : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r#1[%c0] : tensor<4xf32>
  %v2 = tensor.extract %w[%c0] : tensor<4xf32>
  return %v, %v2 : f32, f32
}

// CHECK-LABEL: func.func @caller()
// CHECK:         %w = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%two : f32) outs(%r : tensor<4xf32>)
