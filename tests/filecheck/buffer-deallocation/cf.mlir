// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// Diamond: buffers allocated in each branch flow into one block argument; ownership moves
// with the value and the merged buffer is freed once, after its last use.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  memref.store %f1, %a[%c0] : memref<4xf32>
  cf.br ^bb3(%a : memref<4xf32>)
^bb2:
  %b = memref.alloc() : memref<4xf32>
  memref.store %f2, %b[%c0] : memref<4xf32>
  cf.br ^bb3(%b : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  %v = memref.load %m[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: cf.cond_br %true, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f1, %a[%c0] : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3(%a : memref<4xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f2, %b[%c0] : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3(%b : memref<4xf32>)
// CHECK-NEXT: ^bb3(%m: memref<4xf32>):
// CHECK-NEXT: %v = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %m : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// Merge of two buffers allocated before the branch and dead after it: the block argument
// takes ownership of the one it receives; the other is freed on the (split) edge at once,
// the merged one after its last use. No clone, no flag.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %f1, %a[%c0] : memref<4xf32>
  memref.store %f2, %b[%c0] : memref<4xf32>
  cf.cond_br %false, ^bb1(%a : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  %v = memref.load %m[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f1, %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.store %f2, %b[%c0] : memref<4xf32>
// CHECK-NEXT: cf.cond_br %false, ^bb1(%a : memref<4xf32>), ^bb2(%b : memref<4xf32>)
// CHECK-NEXT: ^bb1(%0: memref<4xf32>):
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3(%0 : memref<4xf32>)
// CHECK-NEXT: ^bb2(%1: memref<4xf32>):
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3(%1 : memref<4xf32>)
// CHECK-NEXT: ^bb3(%m: memref<4xf32>):
// CHECK-NEXT: %v = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %m : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A buffer used on one side only dies along the other edge; the critical edge is split.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f1, %a[%c0] : memref<4xf32>
  cf.cond_br %true, ^bb1, ^bb2(%f1 : f32)
^bb1:
  %v = memref.load %a[%c0] : memref<4xf32>
  cf.br ^bb2(%v : f32)
^bb2(%r: f32):
  func.return %r : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f1, %a[%c0] : memref<4xf32>
// CHECK-NEXT: cf.cond_br %true, ^bb2, ^bb1(%f1 : f32)
// CHECK-NEXT: ^bb1(%0: f32):
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3(%0 : f32)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3(%v : f32)
// CHECK-NEXT: ^bb3(%r: f32):
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// Unstructured loop allocating a new buffer per iteration; the block argument owns its
// buffer, which is freed in the latch after its last use and on the exit path.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f1, %a[%c0] : memref<4xf32>
  cf.br ^head(%a, %c0 : memref<4xf32>, index)
^head(%buf: memref<4xf32>, %i: index):
  %cond = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %n = memref.alloc() : memref<4xf32>
  %x = memref.load %buf[%c0] : memref<4xf32>
  %y = arith.addf %x, %f1 : f32
  memref.store %y, %n[%c0] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%n, %next : memref<4xf32>, index)
^exit:
  %r = memref.load %buf[%c0] : memref<4xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f1, %a[%c0] : memref<4xf32>
// CHECK-NEXT: cf.br ^head(%a, %c0 : memref<4xf32>, index)
// CHECK-NEXT: ^head(%buf: memref<4xf32>, %i: index):
// CHECK-NEXT: %cond = arith.cmpi slt, %i, %c3 : index
// CHECK-NEXT: cf.cond_br %cond, ^body, ^exit
// CHECK-NEXT: ^body:
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %x = memref.load %buf[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %buf : memref<4xf32>
// CHECK-NEXT: %y = arith.addf %x, %f1 : f32
// CHECK-NEXT: memref.store %y, %n[%c0] : memref<4xf32>
// CHECK-NEXT: %next = arith.addi %i, %c1 : index
// CHECK-NEXT: cf.br ^head(%n, %next : memref<4xf32>, index)
// CHECK-NEXT: ^exit:
// CHECK-NEXT: %r = memref.load %buf[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %buf : memref<4xf32>
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// Unstructured loop swapping two buffers through its block arguments: ownership moves with
// the values (no clone, no free in the loop); on exit the unused one is freed at once.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %f1, %a[%c0] : memref<4xf32>
  memref.store %f2, %b[%c0] : memref<4xf32>
  cf.br ^head(%a, %b, %c0 : memref<4xf32>, memref<4xf32>, index)
^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index):
  %cond = arith.cmpi slt, %i, %c3 : index
  %next = arith.addi %i, %c1 : index
  cf.cond_br %cond, ^head(%y, %x, %next : memref<4xf32>, memref<4xf32>, index), ^exit
^exit:
  %r = memref.load %x[%c0] : memref<4xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f1, %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.store %f2, %b[%c0] : memref<4xf32>
// CHECK-NEXT: cf.br ^head(%a, %b, %c0 : memref<4xf32>, memref<4xf32>, index)
// CHECK-NEXT: ^head(%x: memref<4xf32>, %y: memref<4xf32>, %i: index):
// CHECK-NEXT: %cond = arith.cmpi slt, %i, %c3 : index
// CHECK-NEXT: %next = arith.addi %i, %c1 : index
// CHECK-NEXT: cf.cond_br %cond, ^head(%y, %x, %next : memref<4xf32>, memref<4xf32>, index), ^exit
// CHECK-NEXT: ^exit:
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: %r = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// A function argument and a fresh buffer merge: the block argument gets an ownership flag
// (false on the argument's edge, true on the fresh one's) and is freed only if it owns.
func.func @merge_arg(%c: i1, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2(%arg : memref<4xf32>)
^bb1:
  %a = memref.alloc() : memref<4xf32>
  "memref.copy"(%arg, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  cf.br ^bb2(%a : memref<4xf32>)
^bb2(%m: memref<4xf32>):
  %v = memref.load %m[%c0] : memref<4xf32>
  func.return %v : f32
}
func.func @main() -> f32 {
  %true = arith.constant true
  %f = arith.constant 7.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @merge_arg(%true, %in) : (i1, memref<4xf32>) -> f32
  func.return %r : f32
}

// CHECK-LABEL: func.func @merge_arg
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %c, ^bb1, ^bb2(%arg, %false : memref<4xf32>, i1)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%arg, %a) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.br ^bb2(%a, %true : memref<4xf32>, i1)
// CHECK-NEXT: ^bb2(%m: memref<4xf32>, %m_owned: i1):
// CHECK-NEXT: %v = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %m_owned {
// CHECK-NEXT: memref.dealloc %m : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %f = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %in = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
// CHECK-NEXT: %r = func.call @merge_arg(%true, %in) : (i1, memref<4xf32>) -> f32
// CHECK-NEXT: memref.dealloc %in : memref<4xf32>
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// A cf loop passing one buffer as two block arguments, around the back edge too: the
// first argument owns it, the second borrows it (flag false); the write through one name
// is read through the other, no copy.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  cf.br ^bb1(%c0, %a, %a : index, memref<4xf32>, memref<4xf32>)
^bb1(%i: index, %x: memref<4xf32>, %y: memref<4xf32>):
  %go = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %go, ^bb2, ^bb3
^bb2:
  memref.store %f2, %x[%c0] : memref<4xf32>
  %v0 = memref.load %y[%c0] : memref<4xf32>
  %n = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v0 : f32) outs(%n : memref<4xf32>)
  %i1 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i1, %n, %n : index, memref<4xf32>, memref<4xf32>)
^bb3:
  %v = memref.load %y[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.br ^bb1(%c0, %a, %a, %false : index, memref<4xf32>, memref<4xf32>, i1)
// CHECK-NEXT: ^bb1(%i: index, %x: memref<4xf32>, %y: memref<4xf32>, %y_owned: i1):
// CHECK-NEXT: %go = arith.cmpi slt, %i, %c3 : index
// CHECK-NEXT: cf.cond_br %go, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: memref.store %f2, %x[%c0] : memref<4xf32>
// CHECK-NEXT: %v0 = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%v0 : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %i1 = arith.addi %i, %c1 : index
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: cf.br ^bb1(%i1, %n, %n, %false_1 : index, memref<4xf32>, memref<4xf32>, i1)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
