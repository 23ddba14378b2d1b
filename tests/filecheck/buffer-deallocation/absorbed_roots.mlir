// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A flagged value leaving a loop body may borrow a buffer that dies at that exit (the
// iter_arg, or another merge of the body).  The merge it flows into takes that buffer's
// ownership over when it holds it at run time (`memref.extract_aligned_pointer_as_index`
// of both compared): its flag is the value's flag or (same buffer and the dying buffer's
// flag), and the dying buffer is freed before the exit only when the value does not hold
// it (one comparison serves both).  No clone: the program's aliasing is kept.

// (a) The loop yields an scf.if of its iter_arg (still written after the scf.if) or a
// fresh buffer; the iter_arg starts as a stack buffer the loop writes through.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f3 = arith.constant 3.0 : f32
  %s = memref.alloca() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%s : memref<4xf32>)
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %s) -> (memref<4xf32>) {
    %keep = arith.cmpi eq, %i, %c0 : index
    %y = scf.if %keep -> (memref<4xf32>) {
      scf.yield %x : memref<4xf32>
    } else {
      %m = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f3 : f32) outs(%m : memref<4xf32>)
      scf.yield %m : memref<4xf32>
    }
    memref.store %f3, %x[%c0] : memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  %a = memref.load %s[%c0] : memref<4xf32>
  %b = memref.load %r[%c1] : memref<4xf32>
  %t = arith.addf %a, %b : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f3 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %s = memref.alloca() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%s : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_owned = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %s, %x_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %keep = arith.cmpi eq, %i, %c0 : index
// CHECK-NEXT: %y, %y_owned = scf.if %keep -> (memref<4xf32>, i1) {
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %x, %false_1 : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f3 : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %m, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f3, %x[%c0] : memref<4xf32>
// CHECK-NEXT: %0 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT: %3 = arith.andi %2, %x_owned : i1
// CHECK-NEXT: %y_owned_1 = arith.ori %y_owned, %3 : i1
// CHECK-NEXT: %4 = arith.constant true
// CHECK-NEXT: %5 = arith.xori %2, %4 : i1
// CHECK-NEXT: %6 = arith.andi %x_owned, %5 : i1
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %y, %y_owned_1 : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %a = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT: %b = memref.load %r[%c1] : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %t = arith.addf %a, %b : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// (b) scf.condition forwards one buffer twice; the after region writes the original
// through its other name, copies the other name in a loop that may not run, and yields
// the loop result twice (the loop result may be the forwarded buffer itself).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f2 = arith.constant 2.0 : f32
  %f5 = arith.constant 5.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f2 : f32) outs(%a : memref<4xf32>)
  %i, %x, %y = scf.while (%wi = %c0, %wx = %a, %wy = %a) : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
    %go = arith.cmpi slt, %wi, %c2 : index
    scf.condition(%go) %wi, %wx, %wx : index, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%bi: index, %bx: memref<4xf32>, %by: memref<4xf32>):
    memref.store %f5, %bx[%c0] : memref<4xf32>
    %n = scf.for %k = %c0 to %bi step %c1 iter_args(%p = %by) -> (memref<4xf32>) {
      %q = memref.alloc() : memref<4xf32>
      "memref.copy"(%p, %q) : (memref<4xf32>, memref<4xf32>) -> ()
      scf.yield %q : memref<4xf32>
    }
    %next = arith.addi %bi, %c1 : index
    scf.yield %next, %n, %n : index, memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %y[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %i, %x, %y, %x_owned, %y_owned = scf.while (%wi = %c0, %wx = %a, %wy = %a, %wx_owned = %false, %wy_owned = %false_1) : (index, memref<4xf32>, memref<4xf32>, i1, i1) -> (index, memref<4xf32>, memref<4xf32>, i1, i1) {
// CHECK-NEXT: scf.if %wy_owned {
// CHECK-NEXT: memref.dealloc %wy : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %go = arith.cmpi slt, %wi, %c2 : index
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.condition(%go) %wi, %wx, %wx, %wx_owned, %false_2 : index, memref<4xf32>, memref<4xf32>, i1, i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%bi: index, %bx: memref<4xf32>, %by: memref<4xf32>, %bx_owned: i1, %by_owned: i1):
// CHECK-NEXT: memref.store %f5, %bx[%c0] : memref<4xf32>
// CHECK-NEXT: %n, %n_owned = scf.for %k = %c0 to %bi step %c1 iter_args(%p = %by, %p_owned = %by_owned) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %q = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%p, %q) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.if %p_owned {
// CHECK-NEXT: memref.dealloc %p : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %q, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %next = arith.addi %bi, %c1 : index
// CHECK-NEXT: %0 = "memref.extract_aligned_pointer_as_index"(%n) : (memref<4xf32>) -> index
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%bx) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT: %3 = arith.andi %2, %bx_owned : i1
// CHECK-NEXT: %n_owned_1 = arith.ori %n_owned, %3 : i1
// CHECK-NEXT: %false_3 = arith.constant false
// CHECK-NEXT: %4 = arith.constant true
// CHECK-NEXT: %5 = arith.xori %2, %4 : i1
// CHECK-NEXT: %6 = arith.andi %bx_owned, %5 : i1
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: memref.dealloc %bx : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %next, %n, %n, %n_owned_1, %false_3 : index, memref<4xf32>, memref<4xf32>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// (c) A loop yields one scf.if result twice, the scf.if yielding the first iter_arg on
// one path (after writing through the second) and, on the other, a copy of the second
// made in a loop that may not run (so maybe the second iter_arg itself).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f4 = arith.constant 4.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a) -> (memref<4xf32>, memref<4xf32>) {
    %odd = arith.cmpi eq, %i, %c1 : index
    %z = scf.if %odd -> (memref<4xf32>) {
      memref.store %f4, %y[%c0] : memref<4xf32>
      scf.yield %x : memref<4xf32>
    } else {
      %m = scf.for %k = %c0 to %i step %c1 iter_args(%p = %y) -> (memref<4xf32>) {
        %q = memref.alloc() : memref<4xf32>
        "memref.copy"(%p, %q) : (memref<4xf32>, memref<4xf32>) -> ()
        scf.yield %q : memref<4xf32>
      }
      scf.yield %m : memref<4xf32>
    }
    scf.yield %z, %z : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f4 = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned, %r_owned_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a, %x_owned = %false, %y_owned = %false_1) -> (memref<4xf32>, memref<4xf32>, i1, i1) {
// CHECK-NEXT: %odd = arith.cmpi eq, %i, %c1 : index
// CHECK-NEXT: %z, %z_owned = scf.if %odd -> (memref<4xf32>, i1) {
// CHECK-NEXT: memref.store %f4, %y[%c0] : memref<4xf32>
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.yield %x, %false_2 : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %false_3 = arith.constant false
// CHECK-NEXT: %m, %m_owned = scf.for %k = %c0 to %i step %c1 iter_args(%p = %y, %p_owned = %false_3) -> (memref<4xf32>, i1) {
// CHECK-NEXT: %q = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%p, %q) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.if %p_owned {
// CHECK-NEXT: memref.dealloc %p : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %q, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %m, %m_owned : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %0 = "memref.extract_aligned_pointer_as_index"(%z) : (memref<4xf32>) -> index
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT: %3 = arith.andi %2, %x_owned : i1
// CHECK-NEXT: %z_owned_1 = arith.ori %z_owned, %3 : i1
// CHECK-NEXT: %4 = "memref.extract_aligned_pointer_as_index"(%z) : (memref<4xf32>) -> index
// CHECK-NEXT: %5 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %6 = arith.cmpi eq, %4, %5 : index
// CHECK-NEXT: %7 = arith.andi %6, %y_owned : i1
// CHECK-NEXT: %z_owned_2 = arith.ori %z_owned_1, %7 : i1
// CHECK-NEXT: %false_4 = arith.constant false
// CHECK-NEXT: %8 = arith.constant true
// CHECK-NEXT: %9 = arith.xori %2, %8 : i1
// CHECK-NEXT: %10 = arith.andi %x_owned, %9 : i1
// CHECK-NEXT: scf.if %10 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %11 = arith.constant true
// CHECK-NEXT: %12 = arith.xori %6, %11 : i1
// CHECK-NEXT: %13 = arith.andi %y_owned, %12 : i1
// CHECK-NEXT: scf.if %13 {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %z, %z, %z_owned_2, %false_4 : memref<4xf32>, memref<4xf32>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %r_owned_1 {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
