// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// Region ops carrying tensors through the whole pipeline (bufferization, then
// deallocation): affine.for / affine.if, vector.mask, scf.parallel.

// affine.for whose elementwise body runs in place on the iter_arg; an affine.if
// whose branches yield a fresh buffer or the loop's buffer (which lives on) takes
// an ownership flag, as scf.if does, instead of a clone.
// CHECK-LABEL: func.func @main() -> (f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f1 : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:  %[[R:.*]] = affine.for %i = 0 to 3 iter_args(%a = %[[T]]) -> (memref<4xf32>) {
// CHECK-NEXT:    linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%a : memref<4xf32>)
// CHECK-NEXT:    affine.yield %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[S:.*]], %[[OWNED:.*]] = affine.if affine_set<(d0) : ((d0 + -2) >= 0)>(%c1) -> (memref<4xf32>, i1) {
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[R]], %[[C]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    memref.store %f0, %[[C]][%c0] : memref<4xf32>
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    affine.yield %[[C]], %true : memref<4xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    affine.yield %[[R]], %false : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  %u = memref.load %[[S]][%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %[[OWNED]] {
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %v = memref.load %[[R]][%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %[[R]] : memref<4xf32>
// CHECK-NEXT:  func.return %u, %v : f32, f32
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

// -----

// The buffer private to each iteration of an scf.parallel is allocated and freed
// in the body (never hoisted out of the parallel loop). It starts as a copy of the
// filled buffer: filled again instead, after which nothing reads the outer buffer
// and it goes.
// CHECK-LABEL: func.func @main() -> (f32, f32)
// CHECK:       %out = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  "scf.parallel"(%c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK:         %[[PRIV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%f1 : f32) outs(%[[PRIV]] : memref<4xf32>)
// CHECK-NEXT:    memref.store %f, %[[PRIV]][%c0] : memref<4xf32>
// CHECK-NEXT:    %x = memref.load %[[PRIV]][%c0] : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %[[PRIV]][%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[PRIV]] : memref<4xf32>
// CHECK:         scf.reduce
// CHECK-NEXT:  }) : (index, index, index) -> ()
// CHECK-NOT:   memref.alloc
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

// A masked write out of place: its copy (of a filled buffer: a second fill), made
// before the mask, is freed after its last use, like the buffer it copies.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:       %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f5 : f32) outs(%[[COPY]] : memref<4xf32>)
// CHECK-NEXT:  vector.mask %mask {
// CHECK-NEXT:    vector.transfer_write %w, %[[COPY]][%c0] : vector<4xf32>, memref<4xf32>
// CHECK-NEXT:  } : vector<4xi1>
// CHECK-NEXT:  %x = memref.load %[[COPY]][%c1] : memref<4xf32>
// CHECK-NEXT:  %y = memref.load %[[COPY]][%c2] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %[[COPY]] : memref<4xf32>
// CHECK-NEXT:  %z = memref.load %[[T]][%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %[[T]] : memref<4xf32>
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f5 = arith.constant 5.0 : f32
  %f7 = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f5 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %w = vector.broadcast %f7 : f32 to vector<4xf32>
  %mask = vector.create_mask %c2 : vector<4xi1>
  %t2 = vector.mask %mask { vector.transfer_write %w, %t[%c0] : vector<4xf32>, tensor<4xf32> } : vector<4xi1> -> tensor<4xf32>
  %x = tensor.extract %t2[%c1] : tensor<4xf32>
  %y = tensor.extract %t2[%c2] : tensor<4xf32>
  %z = tensor.extract %t[%c0] : tensor<4xf32>
  func.return %x, %y, %z : f32, f32, f32
}
