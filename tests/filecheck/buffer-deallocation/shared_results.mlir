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
