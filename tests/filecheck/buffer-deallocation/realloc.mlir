// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// memref.realloc frees its operand and returns a new owned buffer: only the result is freed.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  %v = memref.load %b[%c0] : memref<8xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
// CHECK-NEXT: %v = memref.load %b[%c0] : memref<8xf32>
// CHECK-NEXT: memref.dealloc %b : memref<8xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A realloc of a loop's iter_arg: each iteration's buffer is consumed by the next realloc, the
// last one freed after the loop.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %y = memref.realloc %x : memref<4xf32> to memref<4xf32>
    %v = memref.load %y[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %y[%c0] : memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
// CHECK-NEXT: %y = memref.realloc %x : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %y[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }

// -----

// A realloc on one path only: the operand is freed by us on the other path.
func.func @main() -> f32 {
  %p = arith.constant true
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.if %p -> (memref<8xf32>) {
    %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
    scf.yield %b : memref<8xf32>
  } else {
    %c = memref.alloc() : memref<8xf32>
    %s = memref.subview %c[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    "memref.copy"(%a, %s) : (memref<4xf32>, memref<4xf32, strided<[1]>>) -> ()
    scf.yield %c : memref<8xf32>
  }
  %v = memref.load %r[%c0] : memref<8xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %p = arith.constant true
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.if %p -> (memref<8xf32>) {
// CHECK-NEXT: %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
// CHECK-NEXT: scf.yield %b : memref<8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %c = memref.alloc() : memref<8xf32>
// CHECK-NEXT: %s = memref.subview %c[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT: "memref.copy"(%a, %s) : (memref<4xf32>, memref<4xf32, strided<[1]>>) -> ()
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.yield %c : memref<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<8xf32>
// CHECK-NEXT: memref.dealloc %r : memref<8xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A realloc of a loop's iter_arg in one branch: the other branch frees the iter_arg after
// copying it; the loop result is freed after the loop.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %p = arith.cmpi ult, %i, %c1 : index
    %n = scf.if %p -> (memref<4xf32>) {
      %y = memref.realloc %x : memref<4xf32> to memref<4xf32>
      scf.yield %y : memref<4xf32>
    } else {
      %t = memref.alloc() : memref<4xf32>
      "memref.copy"(%x, %t) : (memref<4xf32>, memref<4xf32>) -> ()
      %v = memref.load %t[%c0] : memref<4xf32>
      %w = arith.addf %v, %f1 : f32
      memref.store %w, %t[%c0] : memref<4xf32>
      scf.yield %t : memref<4xf32>
    }
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
// CHECK-NEXT: %p = arith.cmpi ult, %i, %c1 : index
// CHECK-NEXT: %n = scf.if %p -> (memref<4xf32>) {
// CHECK-NEXT: %y = memref.realloc %x : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: scf.yield %y : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %t = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %t) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: %v = memref.load %t[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %t[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %t : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %n : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }
