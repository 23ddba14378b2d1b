// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s --check-prefix=DEFAULT
// RUN: xdsl-opt %s -p "comprehensive-bufferize{canonicalize=true}" | filecheck %s --check-prefix=CANON

// The clean-up leaves the program's own arithmetic alone unless asked to
// canonicalize; dead ops are erased either way, and the buffers are the same.

func.func @scale(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %one = arith.constant 1 : index
  %j = arith.muli %i, %one : index
  %unused = arith.addi %i, %i : index
  %f = arith.constant 2.0 : f32
  %r = tensor.insert %f into %t[%j] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// DEFAULT-LABEL: func.func @scale(
// DEFAULT-SAME:      %t: memref<4xf32>, %i: index) -> memref<4xf32> {
// DEFAULT-NEXT:    %one = arith.constant 1 : index
// DEFAULT-NEXT:    %j = arith.muli %i, %one : index
// DEFAULT-NEXT:    %f = arith.constant 2.000000e+00 : f32
// DEFAULT-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// DEFAULT-NEXT:    "memref.copy"(%t, %0)
// DEFAULT-NEXT:    memref.store %f, %0[%j] : memref<4xf32>
// DEFAULT-NEXT:    func.return %0 : memref<4xf32>

// CANON-LABEL: func.func @scale(
// CANON-NOT:     arith.muli
// CANON-NOT:     arith.addi
// CANON:         %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CANON-NEXT:    "memref.copy"(%t, %0)
// CANON-NEXT:    memref.store %f, %0[%i] : memref<4xf32>
// CANON-NEXT:    func.return %0 : memref<4xf32>
