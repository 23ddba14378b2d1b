// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// Runtime ownership flags: a merge receiving buffers of different ownership carries an i1
// beside the memref and is freed by `scf.if %owned { dealloc }` instead of cloning.

// (a) scf.for whose iter_arg starts as the caller's buffer and is replaced by a fresh
// buffer each iteration: the previous iteration's buffer is freed when owned.
func.func @loop_from_arg(%n: index, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %new[%c0] : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @loop_from_arg(%c3, %in) : (index, memref<4xf32>) -> f32
  %s = func.call @loop_from_arg(%c0, %in) : (index, memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @loop_from_arg
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %new = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %new[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %new, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @loop_from_arg(%c3, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @loop_from_arg(%c0, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// (a) The init buffer is a local one still read after the loop: it is borrowed (flag false)
// and freed after the last use of both itself and the loop result.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %new[%c0] : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  %u = memref.load %a[%c0] : memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  %s = arith.addf %u, %v : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %new = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = arith.addf %v, %v : f32
// CHECK-NEXT: memref.store %w, %new[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %new, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %u = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %u, %v_1 : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// (b) scf.if yielding a fresh buffer in one branch and the caller's buffer in the other.
func.func @if_mixed(%c: i1, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f5 = arith.constant 5.0 : f32
  %r = scf.if %c -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f5 : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @if_mixed(%true, %in) : (i1, memref<4xf32>) -> f32
  %s = func.call @if_mixed(%false, %in) : (i1, memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @if_mixed
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %r, %r_owned = scf.if %c -> (memref<4xf32>, i1) {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f5 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %arg, %false : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @if_mixed(%true, %in) : (i1, memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @if_mixed(%false, %in) : (i1, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// (c) cf.cond_br diamond merging a fresh buffer and a local one still used after the merge.
func.func @diamond(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  cf.cond_br %c, ^fresh, ^merge(%a : memref<4xf32>)
^fresh:
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
  cf.br ^merge(%b : memref<4xf32>)
^merge(%m: memref<4xf32>):
  %x = memref.load %m[%c0] : memref<4xf32>
  %y = memref.load %a[%c0] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  func.return %s : f32
}
func.func @main() -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %r = func.call @diamond(%true) : (i1) -> f32
  %s = func.call @diamond(%false) : (i1) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @diamond
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %c, ^fresh, ^merge(%a, %false : memref<4xf32>, i1)
// CHECK-NEXT: ^fresh:
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.br ^merge(%b, %true : memref<4xf32>, i1)
// CHECK-NEXT: ^merge(%m: memref<4xf32>, %m_owned: i1):
// CHECK-NEXT: %x = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %m_owned {
// CHECK-NEXT: memref.dealloc %m : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %y = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %x, %y : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r = func.call @diamond(%true) : (i1) -> f32
// CHECK-NEXT: %s = func.call @diamond(%false) : (i1) -> f32
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// (d) scf.while carrying the caller's buffer into the loop and a fresh one per iteration:
// the flag travels through scf.condition into the after region and out of the loop.
func.func @while_from_arg(%arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f10 = arith.constant 10.0 : f32
  %r = scf.while (%x = %arg) : (memref<4xf32>) -> memref<4xf32> {
    %v = memref.load %x[%c0] : memref<4xf32>
    %c = arith.cmpf olt, %v, %f10 : f32
    scf.condition(%c) %x : memref<4xf32>
  } do {
  ^bb0(%y: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    %v = memref.load %y[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %n[%c0] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f20 = arith.constant 20.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%in : memref<4xf32>)
  %r = func.call @while_from_arg(%in) : (memref<4xf32>) -> f32
  memref.store %f20, %in[%c0] : memref<4xf32>
  %s = func.call @while_from_arg(%in) : (memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @while_from_arg
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f10 = arith.constant 1.000000e+01 : f32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = scf.while (%x = %arg, %x_owned = %false) : (memref<4xf32>, i1) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %c = arith.cmpf olt, %v, %f10 : f32
// CHECK-NEXT: scf.condition(%c) %x, %x_owned : memref<4xf32>, i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%y: memref<4xf32>, %y_owned: i1):
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v_1 = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = arith.addf %v_1, %v_1 : f32
// CHECK-NEXT: memref.store %w, %n[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %n, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v_2 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v_2 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f20 = arith.constant 2.000000e+01 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @while_from_arg(%in) : (memref<4xf32>) -> f32
// CHECK-NEXT: memref.store %f20, %in[%c0] : memref<4xf32>
// CHECK-NEXT: %s = func.call @while_from_arg(%in) : (memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// Returning a may-be-borrowed buffer (the argument or a new one): the callers in the module
// call a private twin that returns it as is (no copy), and each compares the result's
// pointer with its operand to know whether it owns it; the public function, for callers
// outside, passes the buffer on when it owns it and copies it otherwise.
func.func @pick(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %f5 = arith.constant 5.0 : f32
  %r = scf.if %c -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f5 : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @pick(%true, %in) : (i1, memref<4xf32>) -> memref<4xf32>
  %s = func.call @pick(%false, %in) : (i1, memref<4xf32>) -> memref<4xf32>
  %x = memref.load %r[%c0] : memref<4xf32>
  %y = memref.load %s[%c0] : memref<4xf32>
  %t = arith.addf %x, %y : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func private @pick__inplace(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:  %r, %r_owned = scf.if %c -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f5 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  scf.yield %arg, %false : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @pick(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %0 = func.call @pick__inplace(%c, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %1 = arith.constant true
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%0) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%arg) : (memref<4xf32>) -> index
// CHECK-NEXT:  %4 = arith.cmpi eq, %2, %3 : index
// CHECK-NEXT:  %owned = arith.xori %4, %1 : i1
// CHECK-NEXT:  %5 = scf.if %owned -> (memref<4xf32>) {
// CHECK-NEXT:  scf.yield %0 : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %6 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  scf.yield %6 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %5 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT:  %r = func.call @pick__inplace(%true, %in) : (i1, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%in) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %r_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  %s = func.call @pick__inplace(%false, %in) : (i1, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %4 = arith.constant true
// CHECK-NEXT:  %5 = "memref.extract_aligned_pointer_as_index"(%s) : (memref<4xf32>) -> index
// CHECK-NEXT:  %6 = "memref.extract_aligned_pointer_as_index"(%in) : (memref<4xf32>) -> index
// CHECK-NEXT:  %7 = arith.cmpi eq, %5, %6 : index
// CHECK-NEXT:  %s_owned = arith.xori %7, %4 : i1
// CHECK-NEXT:  %x = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %r_owned {
// CHECK-NEXT:  memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %y = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %in : memref<4xf32>
// CHECK-NEXT:  scf.if %s_owned {
// CHECK-NEXT:  memref.dealloc %s : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %t = arith.addf %x, %y : f32
// CHECK-NEXT:  func.return %t : f32
// CHECK-NEXT:  }

// -----

// A flagged loop result feeding a second loop: the flag is handed on with the buffer, and
// the second loop frees what the first one owned.
func.func @two_loops(%n: index, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %new : memref<4xf32>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%y = %r) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "memref.copy"(%y, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %new : memref<4xf32>
  }
  %v = memref.load %s[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @two_loops(%c2, %in) : (index, memref<4xf32>) -> f32
  %s = func.call @two_loops(%c0, %in) : (index, memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @two_loops
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %new = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %new) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %new, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %s, %s_owned = scf.for %i_1 = %c0 to %n step %c1 iter_args(%y = %r, %y_owned = %r_owned) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %new_1 = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%y, %new_1) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: scf.yield %new_1, %true_1 : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %s_owned {
// CHECK-NEXT: memref.dealloc %s : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @two_loops(%c2, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @two_loops(%c0, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// scf.index_switch: one case yields a fresh buffer, the others a borrowed one.
func.func @switch(%k: index, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f5 = arith.constant 5.0 : f32
  %r = scf.index_switch %k -> memref<4xf32>
  case 1 {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f5 : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  default {
    scf.yield %arg : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @switch(%c1, %in) : (index, memref<4xf32>) -> f32
  %s = func.call @switch(%c0, %in) : (index, memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @switch
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %r, %r_owned = scf.index_switch %k -> memref<4xf32>, i1
// CHECK-NEXT: case 1 {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f5 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %arg, %false : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @switch(%c1, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @switch(%c0, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// Unstructured loop starting from the caller's buffer and allocating per iteration: the
// header's block argument carries a flag; the latch frees the previous buffer when owned.
func.func @cf_loop(%n: index, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  cf.br ^head(%arg, %c0 : memref<4xf32>, index)
^head(%buf: memref<4xf32>, %i: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %new = memref.alloc() : memref<4xf32>
  %x = memref.load %buf[%c0] : memref<4xf32>
  %y = arith.addf %x, %f1 : f32
  memref.store %y, %new[%c0] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%new, %next : memref<4xf32>, index)
^exit:
  %r = memref.load %buf[%c0] : memref<4xf32>
  func.return %r : f32
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @cf_loop(%c3, %in) : (index, memref<4xf32>) -> f32
  %s = func.call @cf_loop(%c0, %in) : (index, memref<4xf32>) -> f32
  %t = arith.addf %r, %s : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @cf_loop
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.br ^head(%arg, %c0, %false : memref<4xf32>, index, i1)
// CHECK-NEXT: ^head(%buf: memref<4xf32>, %i: index, %buf_owned: i1):
// CHECK-NEXT: %cond = arith.cmpi slt, %i, %n : index
// CHECK-NEXT: cf.cond_br %cond, ^body, ^exit
// CHECK-NEXT: ^body:
// CHECK-NEXT: %new = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %x = memref.load %buf[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %buf_owned {
// CHECK-NEXT: memref.dealloc %buf : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %y = arith.addf %x, %f1 : f32
// CHECK-NEXT: memref.store %y, %new[%c0] : memref<4xf32>
// CHECK-NEXT: %next = arith.addi %i, %c1 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.br ^head(%new, %next, %true : memref<4xf32>, index, i1)
// CHECK-NEXT: ^exit:
// CHECK-NEXT: %r = memref.load %buf[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %buf_owned {
// CHECK-NEXT: memref.dealloc %buf : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @cf_loop(%c3, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @cf_loop(%c0, %in) : (index, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %r, %s : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// The same buffer passed twice to one block: neither argument can take it over (the other
// still holds it), so both borrow it and it is freed once, after both, with no flag.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  cf.br ^bb1(%a, %a : memref<4xf32>, memref<4xf32>)
^bb1(%x: memref<4xf32>, %y: memref<4xf32>):
  %u = memref.load %x[%c0] : memref<4xf32>
  %v = memref.load %y[%c0] : memref<4xf32>
  %s = arith.addf %u, %v : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: cf.br ^bb1(%a, %a : memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: ^bb1(%x: memref<4xf32>, %y: memref<4xf32>):
// CHECK-NEXT: %u = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %u, %v : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// Regression (fuzzer): a flagged scf.if result reaching a returned block argument through a
// loop that yields its iter_arg and through a direct edge. The block argument only borrows
// (both inputs are the flagged buffer, which dominates it), so the return copies it (in the
// twin the calls in the module call, made because the result may be the argument: the
// analysis finds it is never returned as is, so callers check no pointer) and the scf.if
// result is freed conditionally before returning; the loop result needs no flag.
func.func @through_loop(%arg2: memref<2x3xf32>, %c: i1) -> memref<2x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 4.0 : f32
  %if = scf.if %c -> (memref<2x3xf32>) {
    %m = memref.alloc() : memref<2x3xf32>
    linalg.fill ins(%f : f32) outs(%m : memref<2x3xf32>)
    scf.yield %m : memref<2x3xf32>
  } else {
    scf.yield %arg2 : memref<2x3xf32>
  }
  %for = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %if) -> (memref<2x3xf32>) {
    scf.yield %acc : memref<2x3xf32>
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%for : memref<2x3xf32>)
^bb2:
  cf.br ^bb3(%if : memref<2x3xf32>)
^bb3(%merged: memref<2x3xf32>):
  func.return %merged : memref<2x3xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<2x3xf32>)
  %r = func.call @through_loop(%in, %true) : (memref<2x3xf32>, i1) -> memref<2x3xf32>
  %s = func.call @through_loop(%in, %false) : (memref<2x3xf32>, i1) -> memref<2x3xf32>
  %x = memref.load %r[%c0, %c0] : memref<2x3xf32>
  %y = memref.load %s[%c0, %c0] : memref<2x3xf32>
  %t = arith.addf %x, %y : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func private @through_loop__inplace(%arg2: memref<2x3xf32>, %c: i1) -> memref<2x3xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %f = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:  %if, %if_owned = scf.if %c -> (memref<2x3xf32>, i1) {
// CHECK-NEXT:  %m = memref.alloc() : memref<2x3xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%m : memref<2x3xf32>)
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %m, %true : memref<2x3xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  scf.yield %arg2, %false : memref<2x3xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  %for = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %if) -> (memref<2x3xf32>) {
// CHECK-NEXT:  scf.yield %acc : memref<2x3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  cf.cond_br %c, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:  cf.br ^bb3(%for : memref<2x3xf32>)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:  cf.br ^bb3(%if : memref<2x3xf32>)
// CHECK-NEXT:  ^bb3(%merged: memref<2x3xf32>):
// CHECK-NEXT:  %0 = bufferization.clone %merged : memref<2x3xf32> to memref<2x3xf32>
// CHECK-NEXT:  scf.if %if_owned {
// CHECK-NEXT:  memref.dealloc %if : memref<2x3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %0 : memref<2x3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @through_loop(%arg2: memref<2x3xf32>, %c: i1) -> memref<2x3xf32> {
// CHECK-NEXT:  %0 = func.call @through_loop__inplace(%arg2, %c) : (memref<2x3xf32>, i1) -> memref<2x3xf32>
// CHECK-NEXT:  func.return %0 : memref<2x3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %in = memref.alloc() : memref<2x3xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%in : memref<2x3xf32>)
// CHECK-NEXT:  %r = func.call @through_loop__inplace(%in, %true) : (memref<2x3xf32>, i1) -> memref<2x3xf32>
// CHECK-NEXT:  %s = func.call @through_loop__inplace(%in, %false) : (memref<2x3xf32>, i1) -> memref<2x3xf32>
// CHECK-NEXT:  memref.dealloc %in : memref<2x3xf32>
// CHECK-NEXT:  %x = memref.load %r[%c0, %c0] : memref<2x3xf32>
// CHECK-NEXT:  memref.dealloc %r : memref<2x3xf32>
// CHECK-NEXT:  %y = memref.load %s[%c0, %c0] : memref<2x3xf32>
// CHECK-NEXT:  memref.dealloc %s : memref<2x3xf32>
// CHECK-NEXT:  %t = arith.addf %x, %y : f32
// CHECK-NEXT:  func.return %t : f32
// CHECK-NEXT:  }

// -----

// cf.switch into a flagged block argument: the switch gets flag operands (constant false
// for the borrowed argument, on edges split to free a dead buffer), the allocating
// block passes true.
func.func @cf_switch(%k: i32, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  cf.switch %k : i32, [
    default: ^m(%arg : memref<4xf32>),
    1: ^c,
    2: ^v(%s : memref<4xf32, strided<[1], offset: 2>>),
    3: ^m(%arg : memref<4xf32>)
  ]
^c:
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
  cf.br ^m(%b : memref<4xf32>)
^v(%sv: memref<4xf32, strided<[1], offset: 2>>):
  %x = memref.load %sv[%c0] : memref<4xf32, strided<[1], offset: 2>>
  func.return %x : f32
^m(%m: memref<4xf32>):
  %y = memref.load %m[%c0] : memref<4xf32>
  func.return %y : f32
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @cf_switch(%c0, %in) : (i32, memref<4xf32>) -> f32
  %s = func.call @cf_switch(%c1, %in) : (i32, memref<4xf32>) -> f32
  %t = func.call @cf_switch(%c2, %in) : (i32, memref<4xf32>) -> f32
  %w = func.call @cf_switch(%c3, %in) : (i32, memref<4xf32>) -> f32
  %u = arith.addf %r, %s : f32
  %v = arith.addf %u, %t : f32
  %z = arith.addf %v, %w : f32
  func.return %z : f32
}

// CHECK-LABEL: func.func @cf_switch
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
// CHECK-NEXT: %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.switch %k : i32, [
// CHECK-NEXT: default: ^bb2(%arg, %false : memref<4xf32>, i1),
// CHECK-NEXT: 1: ^c,
// CHECK-NEXT: 2: ^v(%s : memref<4xf32, strided<[1], offset: 2>>),
// CHECK-NEXT: 3: ^bb1(%arg, %false_1 : memref<4xf32>, i1)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: memref<4xf32>, %1: i1):
// CHECK-NEXT: memref.dealloc %a : memref<8xf32>
// CHECK-NEXT: cf.br ^m(%0, %1 : memref<4xf32>, i1)
// CHECK-NEXT: ^bb2(%2: memref<4xf32>, %3: i1):
// CHECK-NEXT: memref.dealloc %a : memref<8xf32>
// CHECK-NEXT: cf.br ^m(%2, %3 : memref<4xf32>, i1)
// CHECK-NEXT: ^c:
// CHECK-NEXT: memref.dealloc %a : memref<8xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.br ^m(%b, %true : memref<4xf32>, i1)
// CHECK-NEXT: ^v(%sv: memref<4xf32, strided<[1], offset: 2>>):
// CHECK-NEXT: %x = memref.load %sv[%c0] : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %4, %5, %6, %7 = memref.extract_strided_metadata %sv : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %4 : memref<f32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: ^m(%m: memref<4xf32>, %m_owned: i1):
// CHECK-NEXT: %y = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %m_owned {
// CHECK-NEXT: memref.dealloc %m : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %y : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : i32
// CHECK-NEXT: %c1 = arith.constant 1 : i32
// CHECK-NEXT: %c2 = arith.constant 2 : i32
// CHECK-NEXT: %c3 = arith.constant 3 : i32
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @cf_switch(%c0, %in) : (i32, memref<4xf32>) -> f32
// CHECK-NEXT: %s = func.call @cf_switch(%c1, %in) : (i32, memref<4xf32>) -> f32
// CHECK-NEXT: %t = func.call @cf_switch(%c2, %in) : (i32, memref<4xf32>) -> f32
// CHECK-NEXT: %w = func.call @cf_switch(%c3, %in) : (i32, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: %u = arith.addf %r, %s : f32
// CHECK-NEXT: %v = arith.addf %u, %t : f32
// CHECK-NEXT: %z = arith.addf %v, %w : f32
// CHECK-NEXT: func.return %z : f32
// CHECK-NEXT: }
