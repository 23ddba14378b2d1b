// RUN: xdsl-opt %s -p optimize-allocation-liveness --split-input-file | filecheck %s

// Frees written late move to right after the last use of the buffer or a view of it
// (a use nested in a region op counts at that op).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %t = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %v = memref.load %s[%c0] : memref<2xf32, strided<[1], offset: 1>>
  scf.if %t {
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
  }
  %w = memref.load %b[%c0] : memref<4xf32>
  %x = arith.addf %v, %w : f32
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK:         %v = memref.load %s[%c0]
// CHECK-NEXT:    memref.dealloc %a
// CHECK-NEXT:    scf.if %t {
// CHECK:         %w = memref.load %b[%c0]
// CHECK-NEXT:    memref.dealloc %b
// CHECK-NEXT:    %x = arith.addf %v, %w

// -----

// Left alone: two frees (one per branch), a free in another block than the
// allocation.
func.func @kept(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  %z = arith.constant 0 : index
  cf.cond_br %c, ^bb1(%d : memref<4xf32>), ^bb2
^bb1(%m: memref<4xf32>):
  %v = memref.load %m[%z] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb3
^bb2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb3
^bb3:
  memref.dealloc %b : memref<4xf32>
  func.return
}

// CHECK-LABEL: func.func @kept
// CHECK:       ^bb1(%m: memref<4xf32>):
// CHECK-NEXT:    %v = memref.load %m[%z]
// CHECK-NEXT:    memref.dealloc %a
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.dealloc %a
// CHECK:       ^bb3:
// CHECK-NEXT:    memref.dealloc %b
