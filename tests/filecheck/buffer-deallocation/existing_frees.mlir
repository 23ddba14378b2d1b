// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A buffer the input frees itself is left alone: no second free.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// Freed by the input in both branches of an scf.if: nothing added.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = scf.if %true -> (f32) {
    %x = memref.load %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    scf.yield %x : f32
  } else {
    memref.dealloc %a : memref<4xf32>
    scf.yield %f1 : f32
  }
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v = scf.if %true -> (f32) {
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.yield %x : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.yield %f1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// Freed by the input in one branch only: freed by us on the other path (a new else).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %true = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.if %true {
    memref.dealloc %a : memref<4xf32>
  }
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant false
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %true {
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// Freed by the input on one cf path only: freed by us on the edge of the other path.
func.func @main() -> f32 {
  %p = arith.constant false
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb2
^bb2:
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %p = arith.constant false
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: cf.cond_br %p, ^bb2, ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// The input frees a merge and, in each branch, the buffer not yielded: the merge takes its
// incoming buffers over as they are (no copy, no leak, no second free).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
  %r = scf.if %true -> (memref<4xf32>) {
    memref.dealloc %b : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %r = scf.if %true -> (memref<4xf32>) {
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: scf.yield %a : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.yield %b : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// The input frees each iteration's previous buffer and the loop result: nothing added.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %n) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %x : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
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
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %n) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.yield %n : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// The input frees each iteration's previous buffer but not the loop result: the result is
// freed by us after its last use.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %n) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %x : memref<4xf32>
    scf.yield %n : memref<4xf32>
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
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %n) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.yield %n : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// Freed by the input through a view (a cast): left alone.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %s = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %s : memref<?xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %s = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT: %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %s : memref<?xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// Freed by the input in an scf.if nested in one branch of another: freed by us on
// every other path, at each level.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %p = arith.constant true
  %q = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.if %p {
    scf.if %q {
      memref.dealloc %a : memref<4xf32>
    }
  }
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       scf.if %p {
// CHECK-NEXT:    scf.if %q {
// CHECK-NEXT:      memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %v : f32
