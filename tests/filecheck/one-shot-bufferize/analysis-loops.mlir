// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{test-analysis-only=true bufferize-function-boundaries=true allow-return-allocs-from-loops=true}' | filecheck %s
// Every case is also executed (tests/bufferize/test_analysis_execution.py): equal
// results before and after bufferization, no memory finding.

// In a loop, an insert into a tensor defined before the loop: each iteration
// starts from the old value, so the insert goes out of place.
// CHECK-LABEL: func.func @main
func.func @main() -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    // CHECK: tensor.insert {{.*}}["none", "false", "none"]
    %u = tensor.insert %one into %t[%i] : tensor<4xf32>
    %s = linalg.add ins(%u, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// An elementwise generic inside a loop that reads and writes a tensor defined
// before the loop: iteration 2 would read what iteration 1 wrote.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main
func.func @main() -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    // CHECK: linalg.generic {{.*}}outs(%t : tensor<4xf32>) attrs =  {__inplace_operands_attr__ = ["false"]}
    %d = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%t : tensor<4xf32>) {
    ^bb0(%x: f32):
      %y = arith.mulf %x, %two : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    %s = linalg.add ins(%d, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Nested loops: the outer body defines %t, the inner loop inserts into it.
// CHECK-LABEL: func.func @main
func.func @main() -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    %e2 = tensor.empty() : tensor<4xf32>
    %t = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc2 = %acc) -> (tensor<4xf32>) {
      // CHECK: tensor.insert %one into %t[%j] {{.*}}["none", "false", "none"]
      %u = tensor.insert %one into %t[%j] : tensor<4xf32>
      %s = linalg.add ins(%u, %acc2 : tensor<4xf32>, tensor<4xf32>) outs(%acc2 : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    scf.yield %r2 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// One tensor as two destinations of one op, written with different values:
// at most one of them in place (MLIR decides the first).
#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %f = arith.constant 1.0 : f32
  %g = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // CHECK: linalg.generic {{.*}}outs(%t, %t : {{.*}}__inplace_operands_attr__ = ["true", "false"]
  %a, %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} outs(%t, %t : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %g : f32
    %m = arith.mulf %y, %g : f32
    linalg.yield %s, %m : f32, f32
  } -> tensor<4xf32>, tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----

// One tensor as two iter_args written differently: at most one in place.
// CHECK-LABEL: func.func @main
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t, %b = %t) -> (tensor<4xf32>, tensor<4xf32>) {
    %a2 = tensor.insert %one into %a[%i] : tensor<4xf32>
    %b2 = tensor.insert %two into %b[%i] : tensor<4xf32>
    // CHECK: scf.yield {__inplace_operands_attr__ = ["true", "true"]}
    // CHECK-NEXT: } {__inplace_operands_attr__ = ["none", "none", "none", "false", "false"]}
    scf.yield %a2, %b2 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Reading the undefined contents of tensor.empty in a loop is no conflict.
// CHECK-LABEL: func.func @main
func.func @main() -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    // CHECK: tensor.insert %one into %e2[%i] {{.*}}["none", "true", "none"]
    %u = tensor.insert %one into %e2[%i] : tensor<4xf32>
    %x = tensor.extract %u[%i] : tensor<4xf32>
    %acc2 = tensor.insert %x into %acc[%i] : tensor<4xf32>
    scf.yield %acc2 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// scf.while: the before region forwards a tensor captured from outside; the
// after region writes into it.
// CHECK-LABEL: func.func @main
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.while (%i = %c0, %a = %t) : (index, tensor<4xf32>) -> (index, tensor<4xf32>) {
    %cond = arith.cmpi slt, %i, %c3 : index
    scf.condition(%cond) %i, %t : index, tensor<4xf32>
  } do {
  ^bb0(%j: index, %x: tensor<4xf32>):
    // CHECK: tensor.insert %one into %x[%j] {{.*}}["none", "false", "none"]
    %u = tensor.insert %one into %x[%j] : tensor<4xf32>
    %j2 = arith.addi %j, %c1 : index
    scf.yield %j2, %u : index, tensor<4xf32>
  }
  return %r#1, %t : tensor<4xf32>, tensor<4xf32>
}

// -----

// scf.while: the after region writes its block argument but yields another value.
// CHECK-LABEL: func.func @main
func.func @main() -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:3 = scf.while (%i = %c0, %a = %t, %s = %zero) : (index, tensor<4xf32>, f32) -> (index, tensor<4xf32>, f32) {
    %cond = arith.cmpi slt, %i, %c3 : index
    scf.condition(%cond) %i, %a, %s : index, tensor<4xf32>, f32
  } do {
  ^bb0(%j: index, %x: tensor<4xf32>, %s2: f32):
    // CHECK: tensor.insert %one into %x[%j] {{.*}}["none", "false", "none"]
    %u = tensor.insert %one into %x[%j] : tensor<4xf32>
    %v = tensor.extract %u[%c0] : tensor<4xf32>
    %old = tensor.extract %x[%j] : tensor<4xf32>
    %s3 = arith.addf %s2, %v : f32
    %s4 = arith.addf %s3, %old : f32
    %j2 = arith.addi %j, %c1 : index
    scf.yield %j2, %x, %s4 : index, tensor<4xf32>, f32
  }
  return %r#1, %r#2 : tensor<4xf32>, f32
}

