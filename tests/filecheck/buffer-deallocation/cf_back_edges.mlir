// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A join (not a loop) whose second block argument borrows the first one's buffer, passed on
// alone to a block the join does not dominate: the buffer dies at that edge, so the block
// argument it flows into takes its ownership when it holds it (pointer comparison), and the
// first argument is freed there only when it does not. No copy: the write through %x is read
// through %y and through %z.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %f3 = arith.constant 3.0 : f32
  %f4 = arith.constant 4.0 : f32
  cf.cond_br %true, ^mk, ^other
^mk:
  %f = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%f : memref<4xf32>)
  %g = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f2 : f32) outs(%g : memref<4xf32>)
  cf.cond_br %true, ^join(%f, %f : memref<4xf32>, memref<4xf32>), ^join(%f, %g : memref<4xf32>, memref<4xf32>)
^join(%x: memref<4xf32>, %y: memref<4xf32>):
  memref.store %f3, %x[%c0] : memref<4xf32>
  %v = memref.load %y[%c0] : memref<4xf32>
  cf.br ^tail(%y, %v : memref<4xf32>, f32)
^other:
  %h = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f4 : f32) outs(%h : memref<4xf32>)
  cf.br ^tail(%h, %f4 : memref<4xf32>, f32)
^tail(%z: memref<4xf32>, %s: f32):
  %w = memref.load %z[%c0] : memref<4xf32>
  %r = arith.addf %w, %s : f32
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %f3 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %f4 = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: cf.cond_br %true, ^mk, ^other
// CHECK-NEXT: ^mk:
// CHECK-NEXT: %f = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%f : memref<4xf32>)
// CHECK-NEXT: %g = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%g : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: cf.cond_br %true, ^bb2(%f, %f, %false : memref<4xf32>, memref<4xf32>, i1), ^join(%f, %g, %true_1 : memref<4xf32>, memref<4xf32>, i1)
// CHECK-NEXT: ^bb2(%0: memref<4xf32>, %1: memref<4xf32>, %2: i1):
// CHECK-NEXT: memref.dealloc %g : memref<4xf32>
// CHECK-NEXT: cf.br ^join(%0, %1, %2 : memref<4xf32>, memref<4xf32>, i1)
// CHECK-NEXT: ^join(%x: memref<4xf32>, %y: memref<4xf32>, %y_owned: i1):
// CHECK-NEXT: memref.store %f3, %x[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: %3 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %4 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %5 = arith.cmpi eq, %3, %4 : index
// CHECK-NEXT: %y_owned_1 = arith.ori %y_owned, %5 : i1
// CHECK-NEXT: %6 = arith.constant true
// CHECK-NEXT: %7 = arith.xori %5, %6 : i1
// CHECK-NEXT: scf.if %7 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^tail(%y, %v, %y_owned_1 : memref<4xf32>, f32, i1)
// CHECK-NEXT: ^other:
// CHECK-NEXT: %h = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f4 : f32) outs(%h : memref<4xf32>)
// CHECK-NEXT: %true_2 = arith.constant true
// CHECK-NEXT: cf.br ^tail(%h, %f4, %true_2 : memref<4xf32>, f32, i1)
// CHECK-NEXT: ^tail(%z: memref<4xf32>, %s: f32, %z_owned: i1):
// CHECK-NEXT: %w = memref.load %z[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %z_owned {
// CHECK-NEXT: memref.dealloc %z : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %r = arith.addf %w, %s : f32
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// A cf loop whose back edges pass the header's second argument as the first one, beside a
// fresh buffer or twice: each header argument carries an ownership flag; %y, passed back as
// the first argument, takes the buffer of %x (dying at the back edge) over when it holds it
// (pointer comparison), and %x is freed there only when it does not. No copy: after the
// loop the write through %x is read through %y (one buffer on this path).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %f5 = arith.constant 5.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  cf.br ^head(%a, %a, %c0 : memref<4xf32>, memref<4xf32>, index)
^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index):
  %go = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %go, ^body, ^exit
^body:
  %n = arith.addi %i, %c1 : index
  %even = arith.cmpi eq, %i, %c2 : index
  cf.cond_br %even, ^fresh, ^same
^fresh:
  %f = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%f : memref<4xf32>)
  cf.br ^head(%y, %f, %n : memref<4xf32>, memref<4xf32>, index)
^same:
  cf.br ^head(%y, %y, %n : memref<4xf32>, memref<4xf32>, index)
^exit:
  linalg.fill ins(%f5 : f32) outs(%x : memref<4xf32>)
  %v = memref.load %y[%c1] : memref<4xf32>
  %w = memref.load %a[%c1] : memref<4xf32>
  %r = arith.addf %v, %w : f32
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.br ^head(%a, %a, %c0, %false, %false_1 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index, %x_owned: i1, %y_owned: i1):
// CHECK-NEXT: %go = arith.cmpi slt, %i, %c4 : index
// CHECK-NEXT: cf.cond_br %go, ^body, ^exit
// CHECK-NEXT: ^body:
// CHECK-NEXT: %n = arith.addi %i, %c1 : index
// CHECK-NEXT: %even = arith.cmpi eq, %i, %c2 : index
// CHECK-NEXT: cf.cond_br %even, ^fresh, ^same
// CHECK-NEXT: ^fresh:
// CHECK-NEXT: %f = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%f : memref<4xf32>)
// CHECK-NEXT: %0 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT: %3 = arith.andi %2, %x_owned : i1
// CHECK-NEXT: %y_owned_1 = arith.ori %y_owned, %3 : i1
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %4 = arith.constant true
// CHECK-NEXT: %5 = arith.xori %2, %4 : i1
// CHECK-NEXT: %6 = arith.andi %x_owned, %5 : i1
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^head(%y, %f, %n, %y_owned_1, %true : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^same:
// CHECK-NEXT: %7 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %8 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %9 = arith.cmpi eq, %7, %8 : index
// CHECK-NEXT: %10 = arith.andi %9, %x_owned : i1
// CHECK-NEXT: %y_owned_2 = arith.ori %y_owned, %10 : i1
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: %11 = arith.constant true
// CHECK-NEXT: %12 = arith.xori %9, %11 : i1
// CHECK-NEXT: %13 = arith.andi %x_owned, %12 : i1
// CHECK-NEXT: scf.if %13 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^head(%y, %y, %n, %y_owned_2, %false_2 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^exit:
// CHECK-NEXT: linalg.fill ins(%f5 : f32) outs(%x : memref<4xf32>)
// CHECK-NEXT: %v = memref.load %y[%c1] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = memref.load %a[%c1] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %r = arith.addf %v, %w : f32
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// A cf loop swapping its header arguments on one back edge while the other passes one fresh
// buffer twice: the second argument may borrow the first one's buffer, and the swap hands
// each argument on with its own flag (no copy; one of them owns the buffer they share).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f2 = arith.constant 2.0 : f32
  %f7 = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f2 : f32) outs(%a : memref<4xf32>)
  cf.br ^head(%a, %a, %c0 : memref<4xf32>, memref<4xf32>, index)
^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index):
  %go = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %go, ^body, ^exit
^body:
  %n = arith.addi %i, %c1 : index
  %first = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %first, ^fresh, ^swap
^fresh:
  %f = memref.alloc() : memref<4xf32>
  cf.br ^head(%f, %f, %n : memref<4xf32>, memref<4xf32>, index)
^swap:
  cf.br ^head(%y, %x, %n : memref<4xf32>, memref<4xf32>, index)
^exit:
  linalg.fill ins(%f7 : f32) outs(%y : memref<4xf32>)
  %v = memref.load %x[%c1] : memref<4xf32>
  %w = memref.load %a[%c1] : memref<4xf32>
  %r = arith.addf %v, %w : f32
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %f7 = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.br ^head(%a, %a, %c0, %false, %false_1 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index, %x_owned: i1, %y_owned: i1):
// CHECK-NEXT: %go = arith.cmpi slt, %i, %c3 : index
// CHECK-NEXT: cf.cond_br %go, ^body, ^exit
// CHECK-NEXT: ^body:
// CHECK-NEXT: %n = arith.addi %i, %c1 : index
// CHECK-NEXT: %first = arith.cmpi eq, %i, %c0 : index
// CHECK-NEXT: cf.cond_br %first, ^fresh, ^swap
// CHECK-NEXT: ^fresh:
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %f = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: cf.br ^head(%f, %f, %n, %true, %false_2 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^swap:
// CHECK-NEXT: cf.br ^head(%y, %x, %n, %y_owned, %x_owned : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^exit:
// CHECK-NEXT: linalg.fill ins(%f7 : f32) outs(%y : memref<4xf32>)
// CHECK-NEXT: %v = memref.load %x[%c1] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = memref.load %a[%c1] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %r = arith.addf %v, %w : f32
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// A cf loop whose back edges are conditional branches that may also leave the loop: the
// first argument dies on the back edges only, so it is freed on those (split) edges, and
// only when the value passed back in its place does not hold it.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  cf.br ^head(%a, %a, %c0 : memref<4xf32>, memref<4xf32>, index)
^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index):
  %go = arith.cmpi slt, %i, %c5 : index
  %n = arith.addi %i, %c1 : index
  %odd = arith.cmpi eq, %i, %c1 : index
  cf.cond_br %odd, ^fresh, ^same
^fresh:
  %f = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f2 : f32) outs(%f : memref<4xf32>)
  cf.cond_br %go, ^head(%y, %f, %n : memref<4xf32>, memref<4xf32>, index), ^exit(%y, %f : memref<4xf32>, memref<4xf32>)
^same:
  cf.cond_br %go, ^head(%y, %y, %n : memref<4xf32>, memref<4xf32>, index), ^exit(%x, %y : memref<4xf32>, memref<4xf32>)
^exit(%p: memref<4xf32>, %q: memref<4xf32>):
  linalg.fill ins(%f2 : f32) outs(%p : memref<4xf32>)
  %v = memref.load %q[%c0] : memref<4xf32>
  %w = memref.load %a[%c0] : memref<4xf32>
  %r = arith.addf %v, %w : f32
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.br ^head(%a, %a, %c0, %false, %false_1 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index, %x_owned: i1, %y_owned: i1):
// CHECK-NEXT: %go = arith.cmpi slt, %i, %c5 : index
// CHECK-NEXT: %n = arith.addi %i, %c1 : index
// CHECK-NEXT: %odd = arith.cmpi eq, %i, %c1 : index
// CHECK-NEXT: cf.cond_br %odd, ^fresh, ^same
// CHECK-NEXT: ^fresh:
// CHECK-NEXT: %f = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%f : memref<4xf32>)
// CHECK-NEXT: %0 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT: %3 = arith.andi %2, %x_owned : i1
// CHECK-NEXT: %y_owned_1 = arith.ori %y_owned, %3 : i1
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: cf.cond_br %go, ^bb3(%y, %f, %n, %y_owned_1, %true : memref<4xf32>, memref<4xf32>, index, i1, i1), ^exit(%y, %f, %y_owned, %true_1 : memref<4xf32>, memref<4xf32>, i1, i1)
// CHECK-NEXT: ^bb3(%4: memref<4xf32>, %5: memref<4xf32>, %6: index, %7: i1, %8: i1):
// CHECK-NEXT: %9 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %10 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %11 = arith.cmpi eq, %9, %10 : index
// CHECK-NEXT: %12 = arith.constant true
// CHECK-NEXT: %13 = arith.xori %11, %12 : i1
// CHECK-NEXT: %14 = arith.andi %x_owned, %13 : i1
// CHECK-NEXT: scf.if %14 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^head(%4, %5, %6, %7, %8 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^same:
// CHECK-NEXT: %15 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %16 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %17 = arith.cmpi eq, %15, %16 : index
// CHECK-NEXT: %18 = arith.andi %17, %x_owned : i1
// CHECK-NEXT: %y_owned_2 = arith.ori %y_owned, %18 : i1
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: %false_3 = arith.constant false
// CHECK-NEXT: cf.cond_br %go, ^bb5(%y, %y, %n, %y_owned_2, %false_2 : memref<4xf32>, memref<4xf32>, index, i1, i1), ^exit(%x, %y, %false_3, %y_owned : memref<4xf32>, memref<4xf32>, i1, i1)
// CHECK-NEXT: ^bb5(%19: memref<4xf32>, %20: memref<4xf32>, %21: index, %22: i1, %23: i1):
// CHECK-NEXT: %24 = "memref.extract_aligned_pointer_as_index"(%y) : (memref<4xf32>) -> index
// CHECK-NEXT: %25 = "memref.extract_aligned_pointer_as_index"(%x) : (memref<4xf32>) -> index
// CHECK-NEXT: %26 = arith.cmpi eq, %24, %25 : index
// CHECK-NEXT: %27 = arith.constant true
// CHECK-NEXT: %28 = arith.xori %26, %27 : i1
// CHECK-NEXT: %29 = arith.andi %x_owned, %28 : i1
// CHECK-NEXT: scf.if %29 {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^head(%19, %20, %21, %22, %23 : memref<4xf32>, memref<4xf32>, index, i1, i1)
// CHECK-NEXT: ^exit(%p: memref<4xf32>, %q: memref<4xf32>, %p_owned: i1, %q_owned: i1):
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%p : memref<4xf32>)
// CHECK-NEXT: scf.if %p_owned {
// CHECK-NEXT: memref.dealloc %p : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %q[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %q_owned {
// CHECK-NEXT: memref.dealloc %q : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %r = arith.addf %v, %w : f32
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }
