// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true test-analysis-only=true print-conflicts=true explain-copies=true}" | filecheck %s --check-prefix=ANALYSIS

// affine.for carrying a tensor bufferizes like scf.for: the iter_arg is the init
// buffer, written in place by every iteration (the init is copied first: it is
// read after the loop). affine.if yielding tensors bufferizes like scf.if: its
// branches yield buffers (here both the loop's buffer).
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f1 : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:  %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[T]], %[[COPY]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %[[R:.*]] = affine.for %i = 0 to 4 iter_args(%a = %[[COPY]]) -> (memref<4xf32>) {
// CHECK-NEXT:    %x = memref.load %a[%i] : memref<4xf32>
// CHECK-NEXT:    %y = arith.addf %x, %x : f32
// CHECK-NEXT:    memref.store %y, %a[%i] : memref<4xf32>
// CHECK-NEXT:    affine.yield %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[S:.*]] = affine.if affine_set<(d0) : ((d0 + -2) >= 0)>(%n) -> memref<4xf32> {
// CHECK-NEXT:    memref.store %f1, %[[R]][%c0] : memref<4xf32>
// CHECK-NEXT:    affine.yield %[[R]] : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    affine.yield %[[R]] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %u = memref.load %[[S]][%c0] : memref<4xf32>
// CHECK-NEXT:  %w = memref.load %[[S]][%c1] : memref<4xf32>
// CHECK-NEXT:  %v = memref.load %[[T]][%c1] : memref<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32)
// ANALYSIS:       affine.for %i = 0 to 4 iter_args(%a = %t) -> (tensor<4xf32>) {
// ANALYSIS:         tensor.insert %y into %a[%i] {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS:         affine.yield {__inplace_operands_attr__ = ["true"]} %b
// ANALYSIS-NEXT:  } {__inplace_operands_attr__ = ["false"], __conflicts__ = ["operand #0: read-after-write conflict: operand #0 of tensor.extract reads data that the in-place write of operand #1 of tensor.insert overwrites (last written by result #0 of linalg.fill)"]}
// ANALYSIS:       tensor.insert %f1 into %r[%c0] {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "true", "none"]}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = affine.for %i = 0 to 4 iter_args(%a = %t) -> (tensor<4xf32>) {
    %x = tensor.extract %a[%i] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %b = tensor.insert %y into %a[%i] : tensor<4xf32>
    affine.yield %b : tensor<4xf32>
  }
  %s = "affine.if"(%n) <{condition = affine_set<(d0) : (d0 - 2 >= 0)>}> ({
    %b = tensor.insert %f1 into %r[%c0] : tensor<4xf32>
    affine.yield %b : tensor<4xf32>
  }, {
    affine.yield %r : tensor<4xf32>
  }) : (index) -> tensor<4xf32>
  %u = tensor.extract %s[%c0] : tensor<4xf32>
  %w = tensor.extract %s[%c1] : tensor<4xf32>
  %v = tensor.extract %t[%c1] : tensor<4xf32>
  func.return %u, %w, %v : f32, f32, f32
}

// -----

// A yield not equivalent to its iter_arg (a new tensor each iteration): the
// buffer allocated in the iteration is yielded as it is, without a copy (nothing
// outside the iteration sees it; allow-return-allocs-from-loops), and the loop
// carries a buffer of the iter_arg's type. The branch of the affine.if that is not
// taken keeps the loop's buffer untouched.
// CHECK-LABEL: func.func @main() -> (f32, f32)
// CHECK:       %[[R:.*]] = affine.for %i = 0 to 3 iter_args(%a = %{{.*}}) -> (memref<4xf32>) {
// CHECK:         %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%[[NEW]] : memref<4xf32>)
// CHECK-NEXT:    affine.yield %[[NEW]] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK:       affine.if affine_set<(d0) : ((d0 + -2) >= 0)>(%c1) -> memref<4xf32> {
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[R]], %[[C]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    memref.store %f0, %[[C]][%c0] : memref<4xf32>
// CHECK-NEXT:    affine.yield %[[C]] : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    affine.yield %[[R]] : memref<4xf32>
// CHECK-NEXT:  }
// ANALYSIS-LABEL: func.func @main() -> (f32, f32)
// ANALYSIS:       tensor.insert %f0 into %r[%c0] {"C_1[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false", "none"], __conflicts__ = ["operand #1: read-after-write conflict: {{.*}}"]}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = affine.for %i = 0 to 3 iter_args(%a = %t) -> (tensor<4xf32>) {
    %n = tensor.empty() : tensor<4xf32>
    %d = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%n : tensor<4xf32>) -> tensor<4xf32>
    affine.yield %d : tensor<4xf32>
  }
  %s = "affine.if"(%c1) <{condition = affine_set<(d0) : (d0 - 2 >= 0)>}> ({
    %b = tensor.insert %f0 into %r[%c0] : tensor<4xf32>
    affine.yield %b : tensor<4xf32>
  }, {
    affine.yield %r : tensor<4xf32>
  }) : (index) -> tensor<4xf32>
  %u = tensor.extract %s[%c0] : tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  func.return %u, %v : f32, f32
}
