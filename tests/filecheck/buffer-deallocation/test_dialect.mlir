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

// A bufftest buffer that must be copied (yielded by a branch while still used after) is
// cloned with bufftest.clone; the merged result is freed with bufftest.free.
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
// CHECK-NEXT: %r = scf.if %false -> (memref<4xf32>) {
// CHECK-NEXT: %b = bufftest.alloc : memref<4xf32>
// CHECK-NEXT: memref.store %f, %b[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %b : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %0 = bufftest.clone %a : memref<4xf32>
// CHECK-NEXT: scf.yield %0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: bufftest.free %a : memref<4xf32>
// CHECK-NEXT: %y = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: bufftest.free %r : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %x, %y : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }
