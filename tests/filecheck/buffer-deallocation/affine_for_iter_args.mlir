// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// affine.for carrying memref iter_args gets runtime ownership flags like scf.for: its
// model (models/affine.py) says it carries them, and the generic flag plumbing appends one
// i1 init / iter_arg / yield operand / result per flagged iter_arg (bumping the init
// segment of affine.for's operandSegmentSizes).

// (a) The iter_arg starts as the caller's buffer and is replaced by a fresh buffer each
// iteration: the previous iteration's buffer is freed when owned, the result too.
func.func @loop_from_arg(%arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %r = affine.for %i = 0 to 3 iter_args(%x = %arg) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %new[%c0] : memref<4xf32>
    affine.yield %new : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @loop_from_arg(%in) : (memref<4xf32>) -> f32
  %s = func.call @loop_from_arg(%in) : (memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @loop_from_arg
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = affine.for %i = 0 to 3 iter_args(%x = %arg, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %new = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %new[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: affine.yield %new, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @loop_from_arg(%in) : (memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @loop_from_arg(%in) : (memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }
// GENERIC: %r, %r_owned = "affine.for"(%arg, %false) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (3)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 0, 2>}>

// -----

// (b) A stack buffer enters the loop and is replaced on one iteration only (an scf.if
// yields either a fresh copy or the iter_arg): the flag travels through the scf.if and the
// affine.yield, and the result is freed only if it is a heap buffer.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloca() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = affine.for %i = 0 to 4 iter_args(%x = %a) -> (memref<4xf32>) {
    %odd = arith.cmpi eq, %i, %c1 : index
    %y = scf.if %odd -> (memref<4xf32>) {
      %b = memref.alloc() : memref<4xf32>
      "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
      %v = memref.load %b[%c0] : memref<4xf32>
      %w = arith.addf %v, %f1 : f32
      memref.store %w, %b[%c0] : memref<4xf32>
      scf.yield %b : memref<4xf32>
    } else {
      scf.yield %x : memref<4xf32>
    }
    affine.yield %y : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloca() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = affine.for %i = 0 to 4 iter_args(%x = %a, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %odd = arith.cmpi eq, %i, %c1 : index
// CHECK-NEXT: %y, %y_owned = scf.if %odd -> (memref<4xf32>, i1) {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %b[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %x, %x_owned : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: affine.yield %y, %y_owned : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }
// GENERIC: %r, %r_owned = "affine.for"(%a, %false) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 0, 2>}>

// -----

// (c) Two iter_args, only the second needs a flag (the first is owned by the loop on
// every path): one i1 is appended, after both memrefs.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %g = memref.alloca() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%g : memref<4xf32>)
  %r:2 = affine.for %i = 0 to 2 iter_args(%x = %a, %y = %g) -> (memref<4xf32>, memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    "memref.copy"(%y, %n) : (memref<4xf32>, memref<4xf32>) -> ()
    %v = memref.load %x[%c0] : memref<4xf32>
    memref.store %v, %n[%c0] : memref<4xf32>
    affine.yield %x, %n : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  %w = memref.load %r#1[%c0] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %g = memref.alloca() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%g : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned = affine.for %i = 0 to 2 iter_args(%x = %a, %y = %g, %y_owned = %false) -> (memref<4xf32>, memref<4xf32>, i1) {
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%y, %n) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: memref.store %v, %n[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: affine.yield %x, %n, %true : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: %w = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %v_1, %w : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }
// GENERIC: %r, %r_1, %r_owned = "affine.for"(%a, %g, %false) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (2)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 0, 3>}>

// -----

// (d) A symbol upper bound: the flag init is appended to the last operand segment of
// affine.for (operandSegmentSizes 0 lower-bound, 1 upper-bound, 2 init operands); a
// result that may still be the argument is returned as is by the twin the callers in the
// module call (they compare pointers); the public function copies it when not owned.
func.func private @steps(%n: index, %arg: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%x = %arg) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %new[%c0] : memref<4xf32>
    affine.yield %new : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %a = func.call @steps(%c3, %in) : (index, memref<4xf32>) -> memref<4xf32>
  %b = func.call @steps(%c0, %in) : (index, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = memref.load %b[%c0] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  func.return %s : f32
}

// GENERIC: %r, %r_owned = "affine.for"(%n, %arg, %false) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<()[s0] -> (s0)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 1, 2>}>

// CHECK-LABEL: func.func private @steps(%n: index, %arg: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %r, %r_owned = affine.for %i = 0 to %n iter_args(%x = %arg, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %new = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %x_owned {
// CHECK-NEXT:  memref.dealloc %x : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %w = arith.addf %v, %f1 : f32
// CHECK-NEXT:  memref.store %w, %new[%c0] : memref<4xf32>
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  affine.yield %new, %true : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT:  %a = func.call @steps(%c3, %in) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%in) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %a_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  %b = func.call @steps(%c0, %in) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %4 = arith.constant true
// CHECK-NEXT:  %5 = "memref.extract_aligned_pointer_as_index"(%b) : (memref<4xf32>) -> index
// CHECK-NEXT:  %6 = "memref.extract_aligned_pointer_as_index"(%in) : (memref<4xf32>) -> index
// CHECK-NEXT:  %7 = arith.cmpi eq, %5, %6 : index
// CHECK-NEXT:  %b_owned = arith.xori %7, %4 : i1
// CHECK-NEXT:  %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %a_owned {
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %w = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %in : memref<4xf32>
// CHECK-NEXT:  scf.if %b_owned {
// CHECK-NEXT:  memref.dealloc %b : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %s = arith.addf %v, %w : f32
// CHECK-NEXT:  func.return %s : f32
// CHECK-NEXT:  }
