// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{test-analysis-only=true}' | filecheck %s

// A view whose result feeds a single write is decided in the bottom-up order, after
// that write. When the write would clobber data its source still needs (a later
// read, a constant), the copy is taken at the view and the write stays in place, as
// upstream MLIR decides.

// The tile of %full is filled while %full is read afterwards: copy the tile.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %full = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %tile = tensor.extract_slice %full[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %filled = linalg.fill ins(%seven : f32) outs(%tile : tensor<4xf32>) -> tensor<4xf32>
  %a = tensor.extract %full[%c3] : tensor<8xf32>
  %b = tensor.extract %filled[%c0] : tensor<4xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK:       tensor.extract_slice %{{.*}}[2] [4] [1] {__inplace_operands_attr__ = ["false"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "true"]}

// -----

// A cast of a constant written by tensor.insert: the cast copies, the insert is in
// place in the copy.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %nine = arith.constant 9.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %d = tensor.cast %k : tensor<3xf32> to tensor<?xf32>
  %w = tensor.insert %nine into %d[%c0] : tensor<?xf32>
  %a = tensor.extract %w[%c0] : tensor<?xf32>
  %b = tensor.extract %k[%c0] : tensor<3xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.cast %{{.*}} {__inplace_operands_attr__ = ["false"]}
// CHECK-NEXT:  tensor.insert %{{.*}} into %{{.*}}[%{{.*}}] {__inplace_operands_attr__ = ["none", "true", "none"]}

// -----

// A select written afterwards: only the operand read again later is copied.
// (The fill of the other operand is out of place: a conservative choice the
// select's copy does not change, not pinned here.)
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %five = arith.constant 5.0 : f32
  %e1 = tensor.empty() : tensor<2xf32>
  %t1 = linalg.fill ins(%one : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %t2 = linalg.fill ins(%two : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %s = arith.select %true, %t1, %t2 : tensor<2xf32>
  %w = tensor.insert %five into %s[%c0] : tensor<2xf32>
  %a = tensor.extract %t1[%c0] : tensor<2xf32>
  %b = tensor.extract %w[%c0] : tensor<2xf32>
  %c = tensor.extract %w[%c0] : tensor<2xf32>
  return %a, %b, %c : f32, f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       arith.select %{{.*}}, %{{.*}}, %{{.*}} {__inplace_operands_attr__ = ["none", "false", "true"]}
// CHECK-NEXT:  tensor.insert %{{.*}} into %{{.*}}[%{{.*}}] {__inplace_operands_attr__ = ["none", "true", "none"]}

// -----

// The view is taken once before a loop whose body fills it: one copy before the
// loop, the fill in place on every iteration.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %full = linalg.fill ins(%one : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %tile = tensor.extract_slice %full[0] [3] [1] : tensor<6xf32> to tensor<3xf32>
  %acc = tensor.empty() : tensor<3xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%it = %acc) -> (tensor<3xf32>) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f32
    %f = linalg.fill ins(%fi : f32) outs(%tile : tensor<3xf32>) -> tensor<3xf32>
    %v = tensor.extract %f[%c1] : tensor<3xf32>
    %n = tensor.insert %v into %it[%i] : tensor<3xf32>
    scf.yield %n : tensor<3xf32>
  }
  %a = tensor.extract %full[%c0] : tensor<6xf32>
  %b = tensor.extract %r[%c1] : tensor<3xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice %{{.*}}[0] [3] [1] {__inplace_operands_attr__ = ["false"]}
// CHECK:       scf.for
// CHECK:       linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK:       tensor.insert %{{.*}} into %{{.*}}[%{{.*}}] {__inplace_operands_attr__ = ["none", "true", "none"]}

// -----

// A view read twice is merged up front as before: the write goes out of place.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %full = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %tile = tensor.extract_slice %full[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %filled = linalg.fill ins(%seven : f32) outs(%tile : tensor<4xf32>) -> tensor<4xf32>
  %a = tensor.extract %tile[%c0] : tensor<4xf32>
  %b = tensor.extract %filled[%c0] : tensor<4xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:       tensor.extract_slice %{{.*}}[2] [4] [1] {__inplace_operands_attr__ = ["true"]}
// CHECK-NEXT:  linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
