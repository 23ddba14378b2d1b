// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true print-conflicts=true explain-copies=true}" | filecheck %s --check-prefix=ANALYSIS

// The body of scf.parallel is a parallel region (as scf.forall's): a tensor
// defined outside it and written inside gets a private buffer per iteration,
// allocated in the body (one buffer written by all iterations would be a data
// race), even though nothing reads the tensor after the loop.
// CHECK-LABEL: func.func @main() -> (f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f1 : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:  ^bb0(%i: index):
// CHECK-NEXT:    %fi = arith.index_cast %i : index to i64
// CHECK-NEXT:    %f = arith.uitofp %fi : i64 to f32
// CHECK-NEXT:    %[[PRIV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[T]], %[[PRIV]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    memref.store %f, %[[PRIV]][%c0] : memref<4xf32>
// CHECK-NEXT:    %x = memref.load %[[PRIV]][%c0] : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %[[PRIV]][%c1] : memref<4xf32>
// CHECK-NEXT:    %s = arith.addf %x, %y : f32
// CHECK-NEXT:    memref.store %s, %out[%i] : memref<4xf32>
// CHECK-NEXT:    scf.reduce
// CHECK-NEXT:  }) : (index, index, index) -> ()
// ANALYSIS-LABEL: func.func @main() -> (f32, f32)
// ANALYSIS:       tensor.insert %f into %t[%c0] {__inplace_operands_attr__ = ["none", "false", "none"], __conflicts__ = ["operand #1: write in a parallel region: operand #1 of tensor.insert writes data defined outside the region (result #0 of linalg.fill); each iteration needs its own copy"]}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %out = memref.alloc() : memref<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    %fi = arith.index_cast %i : index to i64
    %f = arith.uitofp %fi : i64 to f32
    %w = tensor.insert %f into %t[%c0] : tensor<4xf32>
    %x = tensor.extract %w[%c0] : tensor<4xf32>
    %y = tensor.extract %w[%c1] : tensor<4xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %out[%i] : memref<4xf32>
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  %a = memref.load %out[%c1] : memref<4xf32>
  %b = memref.load %out[%c3] : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  func.return %a, %b : f32, f32
}

// -----

// A tensor defined in the body (each iteration's own) is written in place; a
// loop nested in the body carries it in place too.
// CHECK-LABEL: func.func @main() -> f32
// CHECK:       "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:  ^bb0(%i: index):
// CHECK-NEXT:    %[[OWN:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%f1 : f32) outs(%[[OWN]] : memref<4xf32>)
// CHECK-NEXT:    %[[R:.*]] = scf.for %j = %c0 to %i step %c1 iter_args(%a = %[[OWN]]) -> (memref<4xf32>) {
// CHECK-NEXT:      %x = memref.load %a[%j] : memref<4xf32>
// CHECK-NEXT:      %y = arith.addf %x, %x : f32
// CHECK-NEXT:      memref.store %y, %a[%j] : memref<4xf32>
// CHECK-NEXT:      scf.yield %a : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NOT:     memref.copy
// CHECK:         scf.reduce
// ANALYSIS-LABEL: func.func @main() -> f32
// ANALYSIS:       linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// ANALYSIS:       tensor.insert %y into %a[%j] {__inplace_operands_attr__ = ["none", "true", "none"]}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %out = memref.alloc() : memref<4xf32>
  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    %e = tensor.empty() : tensor<4xf32>
    %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %r = scf.for %j = %c0 to %i step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
      %x = tensor.extract %a[%j] : tensor<4xf32>
      %y = arith.addf %x, %x : f32
      %b = tensor.insert %y into %a[%j] : tensor<4xf32>
      scf.yield %b : tensor<4xf32>
    }
    %z = tensor.extract %r[%c0] : tensor<4xf32>
    memref.store %z, %out[%i] : memref<4xf32>
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  %a = memref.load %out[%c3] : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  func.return %a : f32
}

// -----

// affine.parallel's body is a parallel region too.
// CHECK-LABEL: func.func @affine_parallel
// CHECK:       "affine.parallel"() <{{.*}}> ({
// CHECK-NEXT:  ^bb0(%i: index):
// CHECK-NEXT:    %[[PRIV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%t, %[[PRIV]])
// CHECK-NEXT:    memref.store %f, %[[PRIV]][%i] : memref<4xf32>
// ANALYSIS-LABEL: func.func @affine_parallel
// ANALYSIS:       tensor.insert %f into %t[%i] {__inplace_operands_attr__ = ["none", "false", "none"], __conflicts__ = ["operand #1: write in a parallel region: {{.*}}"]}
func.func @affine_parallel(%t: tensor<4xf32>, %f: f32, %out: memref<4xf32>) {
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : vector<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1 : i64], upperBoundsGroups = dense<1> : vector<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    %w = tensor.insert %f into %t[%i] : tensor<4xf32>
    %x = tensor.extract %w[%i] : tensor<4xf32>
    memref.store %x, %out[%i] : memref<4xf32>
    affine.yield
  }) : () -> ()
  func.return
}
