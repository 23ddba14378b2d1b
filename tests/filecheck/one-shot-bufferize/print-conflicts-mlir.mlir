// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries test-analysis-only print-conflicts}' 2>/dev/null | filecheck %s

// MLIR's annotations of print-conflicts: for each read-after-write conflict, the
// write that would clobber (CONFL-WRITE: operand), the read that needs the old value
// (READ: operand) and the definition of that value (DEF: result or bbArg), numbered
// C_<n> once per process (so the numbering continues across --split-input-file
// chunks, as in mlir-opt). tests/bufferize/test_conflicts_upstream.py checks that
// upstream MLIR writes the same annotations on these programs.

// CHECK-LABEL: func.func @read_old_after_insert
func.func @read_old_after_insert(%v: f32, %w: f32, %i: index, %j: index) -> (f32, tensor<3xf32>) {
  // CHECK: tensor.from_elements {{.*}} {"C_0[DEF: result 0]"}
  %0 = tensor.from_elements %v, %v, %v : tensor<3xf32>
  // CHECK: tensor.insert {{.*}} {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false", "none"]}
  %1 = tensor.insert %w into %0[%i] : tensor<3xf32>
  // CHECK: tensor.extract {{.*}} {"C_0[READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
  %r = tensor.extract %0[%j] : tensor<3xf32>
  func.return %r, %1 : f32, tensor<3xf32>
}

// -----

// The definition is a block argument: the function carries the DEF mark.

// CHECK-LABEL: func.func @argument_read_after_fill
// CHECK-SAME: "C_1[DEF: bbArg 0]"
func.func @argument_read_after_fill(%t: tensor<8xf32>, %v: f32, %k: index) -> (tensor<8xf32>, f32) {
  // CHECK: linalg.fill {"C_1[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false"]}
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  // CHECK: tensor.extract {{.*}} {"C_1[READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
  %x = tensor.extract %t[%k] : tensor<8xf32>
  func.return %f, %x : tensor<8xf32>, f32
}

// -----

// No conflict: no marks, only the in-place decisions.

// CHECK-LABEL: func.func @no_conflict
func.func @no_conflict(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  // CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  func.return %f : tensor<8xf32>
}
