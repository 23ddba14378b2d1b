// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{test-analysis-only=true}' | filecheck %s

// Views with several uses, and slices put back where they came from, are decided
// as upstream MLIR decides them: a view with several uses is decided in the
// heuristic's order like any view, so a conflict between a write through it and
// its source copies the view (the slice), not the destination written; a slice
// re-inserted at the place it was taken from, through any chain of aliases, is
// no conflict.

// One slice inserted twice: at its own place (a self-copy, in place) and at an
// overlapping place. The second insert would clobber the slice it reads: the slice
// is copied, both destinations stay in place.
func.func @main() -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %t = tensor.insert %two into %f[%c0] : tensor<8xf32>
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %a = tensor.insert_slice %s into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %b = tensor.insert_slice %s into %a[3] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %b : tensor<8xf32>
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice %{{.*}}[0] [4] [1] {__inplace_operands_attr__ = ["false"]}
// CHECK-NEXT:  tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
// CHECK-NEXT:  tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}

// -----

// A view with two uses: written through a slice of it and re-inserted into it,
// while another part of the source is overwritten and the view is returned. The
// view is copied (its data must survive the other insert); every write stays in
// place.
func.func @main() -> (tensor<8xf32>, tensor<6xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %v = tensor.extract_slice %t[2] [6] [1] : tensor<8xf32> to tensor<6xf32>
  %w = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %wf = linalg.fill ins(%two : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %wf into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %vs = tensor.extract_slice %v[3] [3] [1] : tensor<6xf32> to tensor<3xf32>
  %vf = linalg.fill ins(%three : f32) outs(%vs : tensor<3xf32>) -> tensor<3xf32>
  %rv = tensor.insert_slice %vf into %v[3] [3] [1] : tensor<3xf32> into tensor<6xf32>
  return %r, %rv : tensor<8xf32>, tensor<6xf32>
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice %{{.*}}[2] [6] [1] {__inplace_operands_attr__ = ["false"]}
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[0] [4] [1] {__inplace_operands_attr__ = ["true"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-NEXT:  tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[3] [3] [1] {__inplace_operands_attr__ = ["true"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-NEXT:  tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}

// -----

// A tile computed in place and put back through a second, whole-tile
// extract_slice: the pair still matches, nothing is copied.
func.func @main() -> tensor<4x4xf32> {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %tile = tensor.extract_slice %t[1, 1] [2, 3] [1, 1] : tensor<4x4xf32> to tensor<2x3xf32>
  %f = linalg.fill ins(%five : f32) outs(%tile : tensor<2x3xf32>) -> tensor<2x3xf32>
  %whole = tensor.extract_slice %f[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>
  %r = tensor.insert_slice %whole into %t[1, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice %{{.*}}[1, 1] [2, 3] [1, 1] {__inplace_operands_attr__ = ["true"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[0, 0] [2, 3] [1, 1] {__inplace_operands_attr__ = ["true"]}
// CHECK-NEXT:  tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}

// -----

// The same, in a loop whose iter_arg is sliced twice (a slice of a slice) before
// the written tile is put back: in place.
func.func @main() -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<6x4xf32>
  %z = arith.constant 0.0 : f32
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %t) -> (tensor<6x4xf32>) {
    %row = tensor.extract_slice %acc[%i, 0] [2, 4] [1, 1] : tensor<6x4xf32> to tensor<2x4xf32>
    %same = tensor.extract_slice %row[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> to tensor<2x4xf32>
    %x = tensor.insert %one into %same[%c0, %i] : tensor<2x4xf32>
    %next = tensor.insert_slice %x into %acc[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<6x4xf32>
    scf.yield %next : tensor<6x4xf32>
  }
  return %r : tensor<6x4xf32>
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice %{{.*}}[%{{.*}}, 0] [2, 4] [1, 1] {__inplace_operands_attr__ = ["true", "none"]}
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[0, 0] [2, 4] [1, 1] {__inplace_operands_attr__ = ["true"]}
// CHECK-NEXT:  tensor.insert %{{.*}} {__inplace_operands_attr__ = ["none", "true", "none", "none"]}
// CHECK-NEXT:  tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}

// -----

// A write in one branch of an scf.if whose result is forwarded by both branches
// of a second scf.if: the data read afterwards reaches it only through the
// branch that wrote it or through the untouched one, never both: in place.
func.func @main() -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %nine = arith.constant 9.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.if %false -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %w = tensor.insert %nine into %t[%c2] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %again = scf.if %true -> (tensor<4xf32>) {
    scf.yield %r : tensor<4xf32>
  } else {
    scf.yield %r : tensor<4xf32>
  }
  %x = tensor.extract %again[%c2] : tensor<4xf32>
  return %again, %x : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.insert %{{.*}} into %{{.*}}[%{{.*}}] {__inplace_operands_attr__ = ["none", "true", "none"]}

// -----

// A view copied because its use would clobber data read later takes its copy
// where it stands: a write into its source before it sees that read and goes out
// of place (decided after the view, bottom-up).
func.func @main() -> (f32, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %w = linalg.fill ins(%two : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract_slice %s[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %s2 = linalg.fill ins(%five : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.insert %three into %v[%c0] : tensor<2xf32>
  %y = tensor.extract %s2[%c0] : tensor<4xf32>
  return %y, %x : f32, tensor<2xf32>
}

// CHECK-LABEL: func.func @main
// CHECK:       linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[0] [2] [1] {__inplace_operands_attr__ = ["false"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-NEXT:  tensor.insert %{{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}

// -----

// The same read under the top-down heuristic (executed by the analysis execution
// test): the write into the source before the view is decided first and sees the
// view's read, so the view may still be copied afterwards.
func.func @main() -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %w = linalg.fill ins(%two : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract_slice %t[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %x = tensor.extract %v[%c0] : tensor<2xf32>
  return %w, %x : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[0] [2] [1] {__inplace_operands_attr__ = ["true"]}
