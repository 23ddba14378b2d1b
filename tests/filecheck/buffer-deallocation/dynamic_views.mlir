// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// Both branches yield one dynamic-offset view of a buffer they allocate, twice: the first
// yield hands the buffer over, the second borrows it (no copy: a write through %r#0 is
// read through %r#1).  The view's type does not say where it starts, so the buffer is
// freed through its base buffer (memref.extract_strided_metadata).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  %r:2 = scf.if %cond -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    %v = memref.subview %a[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    scf.yield %v, %v : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
    %w = memref.subview %b[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    scf.yield %w, %w : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
  }
  memref.store %f2, %r#0[%c1] : memref<2xf32, strided<[1], offset: ?>>
  %x = memref.load %r#1[%c1] : memref<2xf32, strided<[1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c0 : index
// CHECK-NEXT: %r, %r_1, %r_owned = scf.if %cond -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1) {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v = memref.subview %a[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %v, %v, %false : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %w = memref.subview %b[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %w, %w, %false_1 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %r[%c1] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %x = memref.load %r_1[%c1] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %r : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// A loop yielding two overlapping views of the buffer its body allocates: one buffer
// handed over per iteration, the second result borrows it from the first.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f5 = arith.constant 5.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v0 = memref.subview %a[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %v0, %y = %v0) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>) {
    %n = memref.alloc() : memref<4xf32>
    %l = memref.load %y[%c1] : memref<2xf32, strided<[1], offset: ?>>
    %s = arith.addf %l, %f1 : f32
    linalg.fill ins(%s : f32) outs(%n : memref<4xf32>)
    %p = memref.subview %n[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    %q = memref.subview %n[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    scf.yield %p, %q : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
  }
  memref.store %f5, %r#0[%c1] : memref<2xf32, strided<[1], offset: ?>>
  %z = memref.load %r#1[%c0] : memref<2xf32, strided<[1], offset: ?>>
  func.return %z : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v0 = memref.subview %a[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned, %r_owned_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %v0, %y = %v0, %x_owned = %false, %y_owned = %false_1) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1, i1) {
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %l = memref.load %y[%c1] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %x : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %l, %f1 : f32
// CHECK-NEXT: linalg.fill ins(%s : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %p = memref.subview %n[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %q = memref.subview %n[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.yield %p, %q, %true, %false_2 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f5, %r[%c1] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %z = memref.load %r_1[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: %4, %5, %6, %7 = memref.extract_strided_metadata %r : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %4 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %r_owned_1 {
// CHECK-NEXT: memref.dealloc %r_1 : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %z : f32
// CHECK-NEXT: }

// -----

// A branch passing one dynamic-offset view of a fresh buffer as both block arguments.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %f3 = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.subview %a[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  cf.br ^bb1(%v, %v : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>)
^bb1(%p: memref<2xf32, strided<[1], offset: ?>>, %q: memref<2xf32, strided<[1], offset: ?>>):
  memref.store %f3, %p[%c0] : memref<2xf32, strided<[1], offset: ?>>
  %x = memref.load %q[%c0] : memref<2xf32, strided<[1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f3 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v = memref.subview %a[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: cf.br ^bb1(%v, %v : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: ^bb1(%p: memref<2xf32, strided<[1], offset: ?>>, %q: memref<2xf32, strided<[1], offset: ?>>):
// CHECK-NEXT: memref.store %f3, %p[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %x = memref.load %q[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// A private function returning a subview of its argument: the call result is a view of
// the operand that may not start at its allocation; a loop yielding it twice hands the
// body's buffer over once and frees it through its base buffer.
func.func private @window(%m: memref<4xf32>, %o: index) -> memref<2xf32, strided<[1], offset: ?>> {
  %v = memref.subview %m[%o] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  func.return %v : memref<2xf32, strided<[1], offset: ?>>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f7 = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v0 = func.call @window(%a, %c0) : (memref<4xf32>, index) -> memref<2xf32, strided<[1], offset: ?>>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %v0, %y = %v0) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>) {
    %n = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%n : memref<4xf32>)
    %w = func.call @window(%n, %c1) : (memref<4xf32>, index) -> memref<2xf32, strided<[1], offset: ?>>
    scf.yield %w, %w : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
  }
  memref.store %f7, %r#0[%c0] : memref<2xf32, strided<[1], offset: ?>>
  %z = memref.load %r#1[%c0] : memref<2xf32, strided<[1], offset: ?>>
  func.return %z : f32
}

// CHECK-LABEL: func.func private @window(%m: memref<4xf32>, %o: index) -> memref<2xf32, strided<[1], offset: ?>> {
// CHECK-NEXT: %v = memref.subview %m[%o] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: func.return %v : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f7 = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v0 = func.call @window(%a, %c0) : (memref<4xf32>, index) -> memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned, %r_owned_1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %v0, %y = %v0, %x_owned = %false, %y_owned = %false_1) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1, i1) {
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %x : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %w = func.call @window(%n, %c1) : (memref<4xf32>, index) -> memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.yield %w, %w, %true, %false_2 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f7, %r[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %z = memref.load %r_1[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: %4, %5, %6, %7 = memref.extract_strided_metadata %r : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %4 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %r_owned_1 {
// CHECK-NEXT: memref.dealloc %r_1 : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %z : f32
// CHECK-NEXT: }

// -----

// A function returning a dynamic-offset view of a buffer it allocates: its callers free
// what it returns with memref.dealloc, which cannot free a view that may not start at the
// allocation, so the view is returned as a copy (and the buffer freed).
func.func private @make(%o: index) -> memref<2xf32, strided<[1], offset: ?>> {
  %f1 = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%m : memref<4xf32>)
  %v = memref.subview %m[%o] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  func.return %v : memref<2xf32, strided<[1], offset: ?>>
}

func.func @main() -> f32 {
  %c1 = arith.constant 1 : index
  %v = func.call @make(%c1) : (index) -> memref<2xf32, strided<[1], offset: ?>>
  %x = memref.load %v[%c1] : memref<2xf32, strided<[1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: func.func private @make(%o: index) -> memref<2xf32, strided<[1], offset: ?>> {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT: %v = memref.subview %m[%o] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %0 = bufferization.clone %v : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.dealloc %m : memref<4xf32>
// CHECK-NEXT: func.return %0 : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %v = func.call @make(%c1) : (index) -> memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %x = memref.load %v[%c1] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.dealloc %v : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// A view of a merge owning its buffer on one path only (a fresh buffer or the outer %a),
// yielded twice by a loop: the view hands the merge's conditional ownership on (its flag),
// the second result borrows it; no copy, so the store through %r#0 reaches %a when the
// merge chose %a.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v0 = memref.subview %a[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %v0, %y = %v0) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>) {
    %c = arith.cmpi eq, %i, %c0 : index
    %j = scf.if %c -> (memref<4xf32>) {
      %k = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f2 : f32) outs(%k : memref<4xf32>)
      scf.yield %k : memref<4xf32>
    } else {
      scf.yield %a : memref<4xf32>
    }
    %w = memref.subview %j[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    scf.yield %w, %w : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
  }
  memref.store %f2, %r#0[%c0] : memref<2xf32, strided<[1], offset: ?>>
  %z = memref.load %r#1[%c0] : memref<2xf32, strided<[1], offset: ?>>
  %z2 = memref.load %a[%c1] : memref<4xf32>
  %s = arith.addf %z, %z2 : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v0 = memref.subview %a[%c0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned, %r_owned_1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %v0, %y = %v0, %x_owned = %false, %y_owned = %false_1) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1, i1) {
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %x : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %c = arith.cmpi eq, %i, %c0 : index
// CHECK-NEXT: %j, %j_owned = scf.if %c -> (memref<4xf32>, i1) {
// CHECK-NEXT: %k = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%k : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %k, %true : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.yield %a, %false_2 : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %w = memref.subview %j[%c1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false_3 = arith.constant false
// CHECK-NEXT: scf.yield %w, %w, %j_owned, %false_3 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %r[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %z = memref.load %r_1[%c0] : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: %4, %5, %6, %7 = memref.extract_strided_metadata %r : memref<2xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %4 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %r_owned_1 {
// CHECK-NEXT: memref.dealloc %r_1 : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %z2 = memref.load %a[%c1] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %z, %z2 : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// A merge of static-offset views (the scf.if result holds a subview at offset 1 of a
// buffer it allocates, or of an outer one) cast to a type without that offset and
// carried by a loop: the loop frees it through the base buffer
// (memref.extract_strided_metadata), never with a plain dealloc of the view (seed
// 1401122 of the planner campaign).
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (memref<1x1xf32, strided<[?, ?], offset: ?>>, i1) {
// CHECK:           %[[BASE:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[ACC]]
// CHECK-NEXT:      memref.dealloc %[[BASE]] : memref<f32>
// CHECK:         %[[RBASE:[^,]*]], {{.*}} = memref.extract_strided_metadata %{{.*}} : memref<1x1xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    memref.dealloc %[[RBASE]] : memref<f32>
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 2.5 : f32
  %g = arith.constant 4.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  %m = memref.alloc() : memref<3x2xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<3x2xf32>)
  %v = scf.if %cond -> (memref<1x1xf32, strided<[2, 1], offset: 1>>) {
    %a = memref.alloc() : memref<3x2xf32>
    linalg.fill ins(%g : f32) outs(%a : memref<3x2xf32>)
    %s = memref.subview %a[0, 1] [1, 1] [1, 1] : memref<3x2xf32> to memref<1x1xf32, strided<[2, 1], offset: 1>>
    scf.yield %s : memref<1x1xf32, strided<[2, 1], offset: 1>>
  } else {
    %s = memref.subview %m[0, 1] [1, 1] [1, 1] : memref<3x2xf32> to memref<1x1xf32, strided<[2, 1], offset: 1>>
    scf.yield %s : memref<1x1xf32, strided<[2, 1], offset: 1>>
  }
  %d = "memref.cast"(%v) : (memref<1x1xf32, strided<[2, 1], offset: 1>>) -> memref<1x1xf32, strided<[?, ?], offset: ?>>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %d) -> (memref<1x1xf32, strided<[?, ?], offset: ?>>) {
    %y = memref.load %acc[%c0, %c0] : memref<1x1xf32, strided<[?, ?], offset: ?>>
    %z = arith.addf %y, %f : f32
    %n = memref.alloc() : memref<1x1xf32>
    memref.store %z, %n[%c0, %c0] : memref<1x1xf32>
    %nc = "memref.cast"(%n) : (memref<1x1xf32>) -> memref<1x1xf32, strided<[?, ?], offset: ?>>
    scf.yield %nc : memref<1x1xf32, strided<[?, ?], offset: ?>>
  }
  %x = memref.load %r[%c0, %c0] : memref<1x1xf32, strided<[?, ?], offset: ?>>
  %w = memref.load %m[%c0, %c1] : memref<3x2xf32>
  %sum = arith.addf %x, %w : f32
  func.return %sum : f32
}
