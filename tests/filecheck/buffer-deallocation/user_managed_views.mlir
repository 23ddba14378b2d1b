// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// Buffers the program frees itself ("user-managed"): the iter_arg of each loop below is
// freed by the program's memref.realloc, so the loop result is a buffer nothing in the
// input frees.  When no free of the program can reach it (not the join it flows into, not
// a view of it), buffer-deallocation frees it like a buffer it allocated itself, and so
// hands it over to the merge its views leave through: the two views stay one buffer (a
// write through %r#0 is read through %r#1), freed once through its base buffer.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  %r:2 = scf.if %cond -> (memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) {
    %m = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
    %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
      %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
      scf.yield %re : memref<5xf32>
    }
    %a = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
    %b = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
    scf.yield %a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
  } else {
    %n = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
    %a = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
    %b = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
    scf.yield %a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
  }
  memref.store %f2, %r#0[%c1] : memref<4xf32, strided<[1], offset: ?>>
  %x = memref.load %r#1[%c0] : memref<4xf32, strided<[1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c0 : index
// CHECK-NEXT: %r, %r_1, %r_owned = scf.if %cond -> (memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1) {
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
// CHECK-NEXT: %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
// CHECK-NEXT: %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: scf.yield %re : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %a = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %b = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %a, %b, %false : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %n = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
// CHECK-NEXT: %a_1 = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %b_1 = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %a_1, %b_1, %false_1 : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %r[%c1] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %x = memref.load %r_1[%c0] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %r : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// An outer loop yielding two views of the result of the reallocating loop in its body:
// each iteration hands that buffer over to the outer loop's results (no copy per
// position), and the previous iteration's buffer dies at the yield.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %init = memref.alloc() : memref<5xf32>
  linalg.fill ins(%f1 : f32) outs(%init : memref<5xf32>)
  %v = memref.subview %init[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %v, %y = %v) -> (memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) {
    %m = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
    %for = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
      %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
      scf.yield %re : memref<5xf32>
    }
    %a = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
    %b = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
    scf.yield %a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
  }
  memref.store %f2, %r#0[%c0] : memref<4xf32, strided<[1], offset: ?>>
  %z = memref.load %r#1[%c1] : memref<4xf32, strided<[1], offset: ?>>
  func.return %z : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %init = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%init : memref<5xf32>)
// CHECK-NEXT: %v = memref.subview %init[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned, %r_owned_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %v, %y = %v, %x_owned = %false, %y_owned = %false_1) -> (memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1, i1) {
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %x : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
// CHECK-NEXT: %for = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
// CHECK-NEXT: %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: scf.yield %re : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %a = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %b = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.yield %a, %b, %true, %false_2 : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %r[%c0] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %z = memref.load %r_1[%c1] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.dealloc %init : memref<5xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: %4, %5, %6, %7 = memref.extract_strided_metadata %r : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %4 : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %r_owned_1 {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %z : f32
// CHECK-NEXT: }

// -----

// The same join made of cf branches: the block arguments of ^join take the
// reallocated buffer over through its views, as the scf.if results above.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  cf.cond_br %cond, ^then, ^else
^then:
  %m = memref.alloc() : memref<5xf32>
  linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
  %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
    %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
    scf.yield %re : memref<5xf32>
  }
  %a = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  %b = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  cf.br ^join(%a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>)
^else:
  %n = memref.alloc() : memref<5xf32>
  linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
  %c = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  %d = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  cf.br ^join(%c, %d : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>)
^join(%r0: memref<4xf32, strided<[1], offset: ?>>, %r1: memref<4xf32, strided<[1], offset: ?>>):
  memref.store %f2, %r0[%c1] : memref<4xf32, strided<[1], offset: ?>>
  %x = memref.load %r1[%c0] : memref<4xf32, strided<[1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c0 : index
// CHECK-NEXT: cf.cond_br %cond, ^then, ^else
// CHECK-NEXT: ^then:
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
// CHECK-NEXT: %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
// CHECK-NEXT: %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: scf.yield %re : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %a = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %b = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.br ^join(%a, %b, %false : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1)
// CHECK-NEXT: ^else:
// CHECK-NEXT: %n = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
// CHECK-NEXT: %c = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %d = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.br ^join(%c, %d, %false_1 : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1)
// CHECK-NEXT: ^join(%r0: memref<4xf32, strided<[1], offset: ?>>, %r1: memref<4xf32, strided<[1], offset: ?>>, %r1_owned: i1):
// CHECK-NEXT: memref.store %f2, %r0[%c1] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %x = memref.load %r1[%c0] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %r0 : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: scf.if %r1_owned {
// CHECK-NEXT: memref.dealloc %r1 : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// The program frees the join itself, on one path only: a free of the program follows
// the join, so the reallocated buffer is not taken over there.  %w#1 (freed by the
// program) takes the incoming buffers as they are, %w#0 borrows them (flag false: no
// copy, one buffer), and the pass frees %w#1 on the path the program does not.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  %w:2 = scf.if %cond -> (memref<5xf32>, memref<5xf32>) {
    %m = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
    %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
      %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
      scf.yield %re : memref<5xf32>
    }
    scf.yield %for, %for : memref<5xf32>, memref<5xf32>
  } else {
    %n = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
    scf.yield %n, %n : memref<5xf32>, memref<5xf32>
  }
  memref.store %f2, %w#0[%c1] : memref<5xf32>
  %x = memref.load %w#1[%c1] : memref<5xf32>
  %late = arith.cmpf olt, %x, %f1 : f32
  scf.if %late {
    memref.dealloc %w#1 : memref<5xf32>
  }
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c0 : index
// CHECK-NEXT: %w, %w_1, %w_owned = scf.if %cond -> (memref<5xf32>, memref<5xf32>, i1) {
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
// CHECK-NEXT: %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
// CHECK-NEXT: %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: scf.yield %re : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %for, %for, %false : memref<5xf32>, memref<5xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %n = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %n, %n, %false_1 : memref<5xf32>, memref<5xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %w[%c1] : memref<5xf32>
// CHECK-NEXT: scf.if %w_owned {
// CHECK-NEXT: memref.dealloc %w : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %x = memref.load %w_1[%c1] : memref<5xf32>
// CHECK-NEXT: %late = arith.cmpf olt, %x, %f1 : f32
// CHECK-NEXT: scf.if %late {
// CHECK-NEXT: memref.dealloc %w_1 : memref<5xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.dealloc %w_1 : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// The program reallocates the join later (a free of the join): the join stays the
// program's as above; the pass frees the realloc's result.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  %w = scf.if %cond -> (memref<5xf32>) {
    %m = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
    %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
      %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
      scf.yield %re : memref<5xf32>
    }
    scf.yield %for : memref<5xf32>
  } else {
    %n = memref.alloc() : memref<5xf32>
    linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
    scf.yield %n : memref<5xf32>
  }
  memref.store %f2, %w[%c1] : memref<5xf32>
  %big = memref.realloc %w : memref<5xf32> to memref<7xf32>
  %x = memref.load %big[%c1] : memref<7xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c0 : index
// CHECK-NEXT: %w = scf.if %cond -> (memref<5xf32>) {
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
// CHECK-NEXT: %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
// CHECK-NEXT: %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: scf.yield %re : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %for : memref<5xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %n = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
// CHECK-NEXT: scf.yield %n : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %w[%c1] : memref<5xf32>
// CHECK-NEXT: %big = memref.realloc %w : memref<5xf32> to memref<7xf32>
// CHECK-NEXT: %x = memref.load %big[%c1] : memref<7xf32>
// CHECK-NEXT: memref.dealloc %big : memref<7xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// A loop of cf branches reallocating its header argument, in one branch of a cf join: the
// header argument is freed by the program on the back edge only, and no free of the
// program can follow the exit, so its views are handed over to ^join there (the header
// does not dominate ^join: borrowing is not possible) instead of a copy each.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c0 : index
  cf.cond_br %cond, ^then, ^else
^then:
  %m = memref.alloc() : memref<5xf32>
  linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
  cf.br ^head(%m, %c0 : memref<5xf32>, index)
^head(%acc: memref<5xf32>, %i: index):
  %go = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %go, ^body, ^exit
^body:
  %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%re, %next : memref<5xf32>, index)
^exit:
  %a = memref.subview %acc[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  %b = memref.subview %acc[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  cf.br ^join(%a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>)
^else:
  %n = memref.alloc() : memref<5xf32>
  linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
  %c = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  %d = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
  cf.br ^join(%c, %d : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>)
^join(%r0: memref<4xf32, strided<[1], offset: ?>>, %r1: memref<4xf32, strided<[1], offset: ?>>):
  memref.store %f2, %r0[%c1] : memref<4xf32, strided<[1], offset: ?>>
  %x = memref.load %r1[%c0] : memref<4xf32, strided<[1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c0 : index
// CHECK-NEXT: cf.cond_br %cond, ^then, ^else
// CHECK-NEXT: ^then:
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%m : memref<5xf32>)
// CHECK-NEXT: cf.br ^head(%m, %c0 : memref<5xf32>, index)
// CHECK-NEXT: ^head(%acc: memref<5xf32>, %i: index):
// CHECK-NEXT: %go = arith.cmpi slt, %i, %c2 : index
// CHECK-NEXT: cf.cond_br %go, ^body, ^exit
// CHECK-NEXT: ^body:
// CHECK-NEXT: %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: %next = arith.addi %i, %c1 : index
// CHECK-NEXT: cf.br ^head(%re, %next : memref<5xf32>, index)
// CHECK-NEXT: ^exit:
// CHECK-NEXT: %a = memref.subview %acc[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %b = memref.subview %acc[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.br ^join(%a, %b, %false : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1)
// CHECK-NEXT: ^else:
// CHECK-NEXT: %n = memref.alloc() : memref<5xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%n : memref<5xf32>)
// CHECK-NEXT: %c = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %d = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.br ^join(%c, %d, %false_1 : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, i1)
// CHECK-NEXT: ^join(%r0: memref<4xf32, strided<[1], offset: ?>>, %r1: memref<4xf32, strided<[1], offset: ?>>, %r1_owned: i1):
// CHECK-NEXT: memref.store %f2, %r0[%c1] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %x = memref.load %r1[%c0] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %r0 : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: scf.if %r1_owned {
// CHECK-NEXT: memref.dealloc %r1 : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// The program frees a buffer in one cf branch and reads it in the other: the pass frees
// it after that read (the end of a path through no free of the program).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f2 = arith.constant 2.0 : f32
  %cond = arith.cmpi eq, %c0, %c1 : index
  %m = memref.alloc() : memref<5xf32>
  memref.store %f2, %m[%c1] : memref<5xf32>
  cf.cond_br %cond, ^freed, ^kept
^freed:
  memref.dealloc %m : memref<5xf32>
  cf.br ^done(%f2 : f32)
^kept:
  %x = memref.load %m[%c1] : memref<5xf32>
  cf.br ^done(%x : f32)
^done(%r: f32):
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cond = arith.cmpi eq, %c0, %c1 : index
// CHECK-NEXT: %m = memref.alloc() : memref<5xf32>
// CHECK-NEXT: memref.store %f2, %m[%c1] : memref<5xf32>
// CHECK-NEXT: cf.cond_br %cond, ^freed, ^kept
// CHECK-NEXT: ^freed:
// CHECK-NEXT: memref.dealloc %m : memref<5xf32>
// CHECK-NEXT: cf.br ^done(%f2 : f32)
// CHECK-NEXT: ^kept:
// CHECK-NEXT: %x = memref.load %m[%c1] : memref<5xf32>
// CHECK-NEXT: memref.dealloc %m : memref<5xf32>
// CHECK-NEXT: cf.br ^done(%x : f32)
// CHECK-NEXT: ^done(%r: f32):
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }
