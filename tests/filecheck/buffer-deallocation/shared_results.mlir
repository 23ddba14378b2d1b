// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// (a) A callee returning two different allocations: its results are never one buffer, so
// the caller owns and frees both, with no runtime check.
func.func private @two_fresh() -> (memref<4xf32>, memref<4xf32>) {
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
  func.return %a, %b : memref<4xf32>, memref<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %x, %y = func.call @two_fresh() : () -> (memref<4xf32>, memref<4xf32>)
  %u = memref.load %x[%c0] : memref<4xf32>
  %v = memref.load %y[%c0] : memref<4xf32>
  %s = arith.addf %u, %v : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func private @two_fresh() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: func.return %a, %b : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %x, %y = func.call @two_fresh() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %u = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %u, %v : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// (b) A public callee whose second result is, on one path, the buffer of its first: only
// that pair gets the runtime check; the third result (a third allocation) is owned. The
// callee returns its merge as is (everything it may borrow is returned beside it), so a
// write through the first result is read through the second.
func.func @maybe_same(%c: i1) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %m = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  %d = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%d : memref<4xf32>)
  func.return %a, %m, %d : memref<4xf32>, memref<4xf32>, memref<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %x, %y, %z = func.call @maybe_same(%true) : (i1) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>)
  %f5 = arith.constant 5.0 : f32
  memref.store %f5, %x[%c0] : memref<4xf32>
  %w = memref.load %x[%c0] : memref<4xf32>
  %u = memref.load %y[%c0] : memref<4xf32>
  %v = memref.load %z[%c0] : memref<4xf32>
  %t = arith.addf %u, %v : f32
  %s = arith.addf %t, %w : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @maybe_same(%c: i1) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %m, %m_owned = scf.if %c -> (memref<4xf32>, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %a, %false : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %d = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%d : memref<4xf32>)
// CHECK-NEXT: func.return %a, %m, %d : memref<4xf32>, memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %x, %y, %z = func.call @maybe_same(%true) : (i1) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %0 = arith.constant true
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT: %y_owned = arith.xori %3, %0 : i1
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: memref.store %f5, %x[%c0] : memref<4xf32>
// CHECK-NEXT: %w = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %u = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %z[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %z : memref<4xf32>
// CHECK-NEXT: %t = arith.addf %u, %v : f32
// CHECK-NEXT: %s = arith.addf %t, %w : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// (c) What a callee knows about its own callees carries over: @swap returns the results of
// @two_fresh swapped (never one buffer: no check in @main), @again returns the results of
// @twice as they are, no copy (maybe one buffer: @main checks, and a write through %r is
// read through %s).
func.func private @two_fresh() -> (memref<4xf32>, memref<4xf32>) {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
  func.return %a, %b : memref<4xf32>, memref<4xf32>
}

func.func private @swap() -> (memref<4xf32>, memref<4xf32>) {
  %a, %b = func.call @two_fresh() : () -> (memref<4xf32>, memref<4xf32>)
  func.return %b, %a : memref<4xf32>, memref<4xf32>
}

func.func private @twice() -> (memref<4xf32>, memref<4xf32>) {
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f2 : f32) outs(%a : memref<4xf32>)
  func.return %a, %a : memref<4xf32>, memref<4xf32>
}

func.func private @again() -> (memref<4xf32>, memref<4xf32>) {
  %a, %b = func.call @twice() : () -> (memref<4xf32>, memref<4xf32>)
  func.return %a, %b : memref<4xf32>, memref<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %p, %q = func.call @swap() : () -> (memref<4xf32>, memref<4xf32>)
  %r, %s = func.call @again() : () -> (memref<4xf32>, memref<4xf32>)
  %f6 = arith.constant 6.0 : f32
  memref.store %f6, %r[%c0] : memref<4xf32>
  %k = memref.load %s[%c0] : memref<4xf32>
  %u = memref.load %p[%c0] : memref<4xf32>
  %v = memref.load %q[%c0] : memref<4xf32>
  %w = memref.load %s[%c0] : memref<4xf32>
  %t = arith.addf %u, %v : f32
  %t1 = arith.addf %t, %k : f32
  %t2 = arith.addf %t1, %w : f32
  func.return %t2 : f32
}

// CHECK-LABEL: func.func private @two_fresh() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: func.return %a, %b : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @swap() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %a, %b = func.call @two_fresh() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: func.return %b, %a : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @twice() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: func.return %a, %a : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @again() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %a, %b = func.call @twice() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: func.return %a, %b : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %p, %q = func.call @swap() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %r, %s = func.call @again() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %0 = arith.constant true
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%s) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT: %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT: %s_owned = arith.xori %3, %0 : i1
// CHECK-NEXT: %f6 = arith.constant 6.000000e+00 : f32
// CHECK-NEXT: memref.store %f6, %r[%c0] : memref<4xf32>
// CHECK-NEXT: %k = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT: %u = memref.load %p[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %p : memref<4xf32>
// CHECK-NEXT: %v = memref.load %q[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %q : memref<4xf32>
// CHECK-NEXT: %w = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: scf.if %s_owned {
// CHECK-NEXT: memref.dealloc %s : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %t = arith.addf %u, %v : f32
// CHECK-NEXT: %t1 = arith.addf %t, %k : f32
// CHECK-NEXT: %t2 = arith.addf %t1, %w : f32
// CHECK-NEXT: func.return %t2 : f32
// CHECK-NEXT: }

// -----

// (d) An external declaration says nothing about its results: the second is owned only
// when it is not the first's buffer.
func.func private @external() -> (memref<4xf32>, memref<4xf32>)

func.func @user() -> f32 {
  %c0 = arith.constant 0 : index
  %x, %y = func.call @external() : () -> (memref<4xf32>, memref<4xf32>)
  %u = memref.load %x[%c0] : memref<4xf32>
  %v = memref.load %y[%c0] : memref<4xf32>
  %s = arith.addf %u, %v : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func private @external() -> (memref<4xf32>, memref<4xf32>)
// CHECK-LABEL: func.func @user() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %x, %y = func.call @external() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %0 = arith.constant true
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT: %y_owned = arith.xori %3, %0 : i1
// CHECK-NEXT: %u = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %u, %v : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// (e) A public callee returning its arguments returns copies of them to outside callers
// (they own every result), so its results are never one buffer, even for one buffer passed
// twice.  Inside the module @user calls its private twin, whose results are views of the
// operands: here both of %a, freed by @user's caller.
func.func @pair(%x: memref<4xf32>, %y: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  func.return %x, %y : memref<4xf32>, memref<4xf32>
}

func.func @user(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %p, %q = func.call @pair(%a, %a) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  %u = memref.load %p[%c0] : memref<4xf32>
  %v = memref.load %q[%c0] : memref<4xf32>
  %s = arith.addf %u, %v : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func private @pair__inplace(%x: memref<4xf32>, %y: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: func.return %x, %y : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @pair(%x: memref<4xf32>, %y: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %0, %1 = func.call @pair__inplace(%x, %y) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %2 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %3 = bufferization.clone %1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: func.return %2, %3 : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @user(%a: memref<4xf32>) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %p, %q = func.call @pair__inplace(%a, %a) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %u = memref.load %p[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %q[%c0] : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %u, %v : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// A function in a cycle of calls has no shared-result summary (callers check the results'
// pointers at run time, against each other and against the operand the result may be).
// @pair returns its argument at both positions on the base case: its twin returns it as
// is (the callers compare each result with the operand), never as a buffer the caller
// owns.  @plain forwards result #0 (the greatest fixed point over the cycle): its twin
// returns %a as is there and a copy beside it.
func.func @pair(%a: memref<3xf32>, %n: index) -> (memref<3xf32>, memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r:2 = scf.if %done -> (memref<3xf32>, memref<3xf32>) {
    scf.yield %a, %a : memref<3xf32>, memref<3xf32>
  } else {
    %b = memref.alloc() : memref<3xf32>
    "memref.copy"(%a, %b) : (memref<3xf32>, memref<3xf32>) -> ()
    %m = arith.subi %n, %c1 : index
    %x:2 = func.call @pair(%b, %m) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
    scf.yield %x#0, %x#1 : memref<3xf32>, memref<3xf32>
  }
  func.return %r#0, %r#1 : memref<3xf32>, memref<3xf32>
}
func.func @plain(%a: memref<3xf32>, %n: index) -> (memref<3xf32>, memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  cf.cond_br %done, ^base, ^step
^base:
  func.return %a, %a : memref<3xf32>, memref<3xf32>
^step:
  %m = arith.subi %n, %c1 : index
  %x:2 = func.call @plain(%a, %m) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
  %y = memref.alloc() : memref<3xf32>
  "memref.copy"(%a, %y) : (memref<3xf32>, memref<3xf32>) -> ()
  func.return %x#0, %y : memref<3xf32>, memref<3xf32>
}
func.func @main() -> f32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 2.0 : f32
  %g = arith.constant 5.0 : f32
  %t = memref.alloc() : memref<3xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<3xf32>)
  %r:2 = func.call @pair(%t, %c2) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
  %s:2 = func.call @pair(%t, %c1) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
  %p:2 = func.call @plain(%t, %c1) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
  %q:2 = func.call @pair(%t, %c1) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
  linalg.fill ins(%g : f32) outs(%t : memref<3xf32>)
  %b0 = memref.load %r#0[%c1] : memref<3xf32>
  %b1 = memref.load %r#1[%c1] : memref<3xf32>
  %b2 = memref.load %s#1[%c1] : memref<3xf32>
  %b3 = memref.load %p#0[%c1] : memref<3xf32>
  %b4 = memref.load %p#1[%c1] : memref<3xf32>
  %s0 = arith.addf %b0, %b1 : f32
  %s1 = arith.addf %s0, %b2 : f32
  %s2 = arith.addf %s1, %b3 : f32
  %s3 = arith.addf %s2, %b4 : f32
  func.return %s3 : f32
}

// CHECK-LABEL: func.func private @pair__inplace(%a: memref<3xf32>, %n: index) -> (memref<3xf32>, memref<3xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %r, %r_1, %r_owned, %r_owned_1 = scf.if %done -> (memref<3xf32>, memref<3xf32>, i1, i1) {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %false_1 = arith.constant false
// CHECK-NEXT:  scf.yield %a, %a, %false, %false_1 : memref<3xf32>, memref<3xf32>, i1, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %b = memref.alloc() : memref<3xf32>
// CHECK-NEXT:  "memref.copy"(%a, %b) : (memref<3xf32>, memref<3xf32>) -> ()
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %x, %x_1 = func.call @pair__inplace(%b, %m) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<3xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%b) : (memref<3xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %x_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  %4 = arith.constant true
// CHECK-NEXT:  %5 = "memref.extract_aligned_pointer_as_index"(%x_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %6 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<3xf32>) -> index
// CHECK-NEXT:  %7 = arith.cmpi eq, %5, %6 : index
// CHECK-NEXT:  %8 = arith.xori %7, %4 : i1
// CHECK-NEXT:  %9 = "memref.extract_aligned_pointer_as_index"(%x_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %10 = "memref.extract_aligned_pointer_as_index"(%b) : (memref<3xf32>) -> index
// CHECK-NEXT:  %11 = arith.cmpi eq, %9, %10 : index
// CHECK-NEXT:  %12 = arith.xori %11, %4 : i1
// CHECK-NEXT:  %x_owned_1 = arith.andi %8, %12 : i1
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %true_1 = arith.constant true
// CHECK-NEXT:  %13 = bufferization.clone %x : memref<3xf32> to memref<3xf32>
// CHECK-NEXT:  %14 = bufferization.clone %x_1 : memref<3xf32> to memref<3xf32>
// CHECK-NEXT:  memref.dealloc %b : memref<3xf32>
// CHECK-NEXT:  scf.if %x_owned {
// CHECK-NEXT:  memref.dealloc %x : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %x_owned_1 {
// CHECK-NEXT:  memref.dealloc %x_1 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.yield %13, %14, %true, %true_1 : memref<3xf32>, memref<3xf32>, i1, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r, %r_1 : memref<3xf32>, memref<3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @pair(%a: memref<3xf32>, %n: index) -> (memref<3xf32>, memref<3xf32>) {
// CHECK-NEXT:  %0, %1 = func.call @pair__inplace(%a, %n) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %2 = arith.constant true
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%0) : (memref<3xf32>) -> index
// CHECK-NEXT:  %4 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<3xf32>) -> index
// CHECK-NEXT:  %5 = arith.cmpi eq, %3, %4 : index
// CHECK-NEXT:  %owned = arith.xori %5, %2 : i1
// CHECK-NEXT:  %6 = arith.constant true
// CHECK-NEXT:  %7 = "memref.extract_aligned_pointer_as_index"(%1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %8 = "memref.extract_aligned_pointer_as_index"(%0) : (memref<3xf32>) -> index
// CHECK-NEXT:  %9 = arith.cmpi eq, %7, %8 : index
// CHECK-NEXT:  %10 = arith.xori %9, %6 : i1
// CHECK-NEXT:  %11 = "memref.extract_aligned_pointer_as_index"(%1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %12 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<3xf32>) -> index
// CHECK-NEXT:  %13 = arith.cmpi eq, %11, %12 : index
// CHECK-NEXT:  %14 = arith.xori %13, %6 : i1
// CHECK-NEXT:  %owned_1 = arith.andi %10, %14 : i1
// CHECK-NEXT:  %15 = scf.if %owned -> (memref<3xf32>) {
// CHECK-NEXT:  scf.yield %0 : memref<3xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %16 = bufferization.clone %0 : memref<3xf32> to memref<3xf32>
// CHECK-NEXT:  scf.yield %16 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %17 = scf.if %owned_1 -> (memref<3xf32>) {
// CHECK-NEXT:  scf.yield %1 : memref<3xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %18 = bufferization.clone %1 : memref<3xf32> to memref<3xf32>
// CHECK-NEXT:  scf.yield %18 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %15, %17 : memref<3xf32>, memref<3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @plain__inplace(%a: memref<3xf32>, %n: index) -> (memref<3xf32>, memref<3xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  cf.cond_br %done, ^base, ^step
// CHECK-NEXT:  ^base:
// CHECK-NEXT:  func.return %a, %a : memref<3xf32>, memref<3xf32>
// CHECK-NEXT:  ^step:
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %x, %x_1 = func.call @plain__inplace(%a, %m) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%x_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<3xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %x_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  scf.if %x_owned {
// CHECK-NEXT:  memref.dealloc %x_1 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %y = memref.alloc() : memref<3xf32>
// CHECK-NEXT:  "memref.copy"(%a, %y) : (memref<3xf32>, memref<3xf32>) -> ()
// CHECK-NEXT:  func.return %x, %y : memref<3xf32>, memref<3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @plain(%a: memref<3xf32>, %n: index) -> (memref<3xf32>, memref<3xf32>) {
// CHECK-NEXT:  %0, %1 = func.call @plain__inplace(%a, %n) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %2 = arith.constant true
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %4 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<3xf32>) -> index
// CHECK-NEXT:  %5 = arith.cmpi eq, %3, %4 : index
// CHECK-NEXT:  %owned = arith.xori %5, %2 : i1
// CHECK-NEXT:  %6 = bufferization.clone %0 : memref<3xf32> to memref<3xf32>
// CHECK-NEXT:  %7 = scf.if %owned -> (memref<3xf32>) {
// CHECK-NEXT:  scf.yield %1 : memref<3xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %8 = bufferization.clone %1 : memref<3xf32> to memref<3xf32>
// CHECK-NEXT:  scf.yield %8 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %6, %7 : memref<3xf32>, memref<3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %g = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:  %t = memref.alloc() : memref<3xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%t : memref<3xf32>)
// CHECK-NEXT:  %r, %r_1 = func.call @pair__inplace(%t, %c2) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<3xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %r_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  %4 = arith.constant true
// CHECK-NEXT:  %5 = "memref.extract_aligned_pointer_as_index"(%r_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %6 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<3xf32>) -> index
// CHECK-NEXT:  %7 = arith.cmpi eq, %5, %6 : index
// CHECK-NEXT:  %8 = arith.xori %7, %4 : i1
// CHECK-NEXT:  %9 = "memref.extract_aligned_pointer_as_index"(%r_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %10 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %11 = arith.cmpi eq, %9, %10 : index
// CHECK-NEXT:  %12 = arith.xori %11, %4 : i1
// CHECK-NEXT:  %r_owned_1 = arith.andi %8, %12 : i1
// CHECK-NEXT:  %s, %s_1 = func.call @pair__inplace(%t, %c1) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %13 = arith.constant true
// CHECK-NEXT:  %14 = "memref.extract_aligned_pointer_as_index"(%s) : (memref<3xf32>) -> index
// CHECK-NEXT:  %15 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %16 = arith.cmpi eq, %14, %15 : index
// CHECK-NEXT:  %s_owned = arith.xori %16, %13 : i1
// CHECK-NEXT:  %17 = arith.constant true
// CHECK-NEXT:  %18 = "memref.extract_aligned_pointer_as_index"(%s_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %19 = "memref.extract_aligned_pointer_as_index"(%s) : (memref<3xf32>) -> index
// CHECK-NEXT:  %20 = arith.cmpi eq, %18, %19 : index
// CHECK-NEXT:  %21 = arith.xori %20, %17 : i1
// CHECK-NEXT:  %22 = "memref.extract_aligned_pointer_as_index"(%s_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %23 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %24 = arith.cmpi eq, %22, %23 : index
// CHECK-NEXT:  %25 = arith.xori %24, %17 : i1
// CHECK-NEXT:  %s_owned_1 = arith.andi %21, %25 : i1
// CHECK-NEXT:  %p, %p_1 = func.call @plain__inplace(%t, %c1) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %26 = arith.constant true
// CHECK-NEXT:  %27 = "memref.extract_aligned_pointer_as_index"(%p_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %28 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %29 = arith.cmpi eq, %27, %28 : index
// CHECK-NEXT:  %p_owned = arith.xori %29, %26 : i1
// CHECK-NEXT:  %q, %q_1 = func.call @pair__inplace(%t, %c1) : (memref<3xf32>, index) -> (memref<3xf32>, memref<3xf32>)
// CHECK-NEXT:  %30 = arith.constant true
// CHECK-NEXT:  %31 = "memref.extract_aligned_pointer_as_index"(%q) : (memref<3xf32>) -> index
// CHECK-NEXT:  %32 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %33 = arith.cmpi eq, %31, %32 : index
// CHECK-NEXT:  %q_owned = arith.xori %33, %30 : i1
// CHECK-NEXT:  %34 = arith.constant true
// CHECK-NEXT:  %35 = "memref.extract_aligned_pointer_as_index"(%q_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %36 = "memref.extract_aligned_pointer_as_index"(%q) : (memref<3xf32>) -> index
// CHECK-NEXT:  %37 = arith.cmpi eq, %35, %36 : index
// CHECK-NEXT:  %38 = arith.xori %37, %34 : i1
// CHECK-NEXT:  %39 = "memref.extract_aligned_pointer_as_index"(%q_1) : (memref<3xf32>) -> index
// CHECK-NEXT:  %40 = "memref.extract_aligned_pointer_as_index"(%t) : (memref<3xf32>) -> index
// CHECK-NEXT:  %41 = arith.cmpi eq, %39, %40 : index
// CHECK-NEXT:  %42 = arith.xori %41, %34 : i1
// CHECK-NEXT:  %q_owned_1 = arith.andi %38, %42 : i1
// CHECK-NEXT:  scf.if %q_owned {
// CHECK-NEXT:  memref.dealloc %q : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %q_owned_1 {
// CHECK-NEXT:  memref.dealloc %q_1 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  linalg.fill ins(%g : f32) outs(%t : memref<3xf32>)
// CHECK-NEXT:  %b0 = memref.load %r[%c1] : memref<3xf32>
// CHECK-NEXT:  %b1 = memref.load %r_1[%c1] : memref<3xf32>
// CHECK-NEXT:  scf.if %r_owned {
// CHECK-NEXT:  memref.dealloc %r : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %r_owned_1 {
// CHECK-NEXT:  memref.dealloc %r_1 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %b2 = memref.load %s_1[%c1] : memref<3xf32>
// CHECK-NEXT:  scf.if %s_owned {
// CHECK-NEXT:  memref.dealloc %s : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %s_owned_1 {
// CHECK-NEXT:  memref.dealloc %s_1 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %b3 = memref.load %p[%c1] : memref<3xf32>
// CHECK-NEXT:  %b4 = memref.load %p_1[%c1] : memref<3xf32>
// CHECK-NEXT:  memref.dealloc %t : memref<3xf32>
// CHECK-NEXT:  scf.if %p_owned {
// CHECK-NEXT:  memref.dealloc %p_1 : memref<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %s0 = arith.addf %b0, %b1 : f32
// CHECK-NEXT:  %s1 = arith.addf %s0, %b2 : f32
// CHECK-NEXT:  %s2 = arith.addf %s1, %b3 : f32
// CHECK-NEXT:  %s3 = arith.addf %s2, %b4 : f32
// CHECK-NEXT:  func.return %s3 : f32
// CHECK-NEXT:  }

// -----

// A public function returning one unranked buffer twice: callers cannot compare pointers
// of unranked memrefs, so the second result is a copy and the caller frees both.
func.func @two(%c: i1) -> (memref<*xf32>, memref<*xf32>) {
  %f = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %u = "memref.cast"(%a) : (memref<4xf32>) -> memref<*xf32>
  func.return %u, %u : memref<*xf32>, memref<*xf32>
}
func.func @main() -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %r:2 = func.call @two(%true) : (i1) -> (memref<*xf32>, memref<*xf32>)
  %rr = "memref.cast"(%r#1) : (memref<*xf32>) -> memref<4xf32>
  %v = memref.load %rr[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @two(%c: i1) -> (memref<*xf32>, memref<*xf32>) {
// CHECK-NEXT:  %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:  %u = "memref.cast"(%a) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:  %0 = bufferization.clone %u : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:  func.return %u, %0 : memref<*xf32>, memref<*xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %r, %r_1 = func.call @two(%true) : (i1) -> (memref<*xf32>, memref<*xf32>)
// CHECK-NEXT:  memref.dealloc %r : memref<*xf32>
// CHECK-NEXT:  %rr = "memref.cast"(%r_1) : (memref<*xf32>) -> memref<4xf32>
// CHECK-NEXT:  %v = memref.load %rr[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %r_1 : memref<*xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NEXT:  }
