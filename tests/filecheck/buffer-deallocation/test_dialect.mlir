// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// bufftest.alloc implements AllocationOpInterface: it is freed by its own bufftest.free.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 5.0 : f32
  %a = bufftest.alloc : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %a = bufftest.alloc : memref<4xf32>
// CHECK-NEXT: memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: bufftest.free %a : memref<4xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// A bufftest buffer yielded by a branch while still used after is borrowed by the result,
// which carries an ownership flag; its conditional free is bufftest.free.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %f = arith.constant 5.0 : f32
  %a = bufftest.alloc : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %r = scf.if %false -> (memref<4xf32>) {
    %b = bufftest.alloc : memref<4xf32>
    memref.store %f, %b[%c0] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = memref.load %r[%c0] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %f = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %a = bufftest.alloc : memref<4xf32>
// CHECK-NEXT: memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT: %r, %r_owned = scf.if %false -> (memref<4xf32>, i1) {
// CHECK-NEXT: %b = bufftest.alloc : memref<4xf32>
// CHECK-NEXT: memref.store %f, %b[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %a, %false_1 : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: %y = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: bufftest.free %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: bufftest.free %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %x, %y : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }
