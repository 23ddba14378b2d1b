// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// scf.if: each branch frees what it allocates and does not yield; the buffer yielded by both
// branches is owned by the result and freed after its last use.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %r = scf.if %true -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%t : memref<4xf32>)
    "memref.copy"(%t, %a) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %r = scf.if %true -> (memref<4xf32>) {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %t = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%t : memref<4xf32>)
// CHECK-NEXT: "memref.copy"(%t, %a) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %t : memref<4xf32>
// CHECK-NEXT: scf.yield %a : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: scf.yield %b : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// scf.if yielding buffers made before it, at their last use: the scf.if takes them over, each
// branch hands its buffer to the result and frees the other one.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
  %r = scf.if %false -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %r = scf.if %false -> (memref<4xf32>) {
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

// A buffer used inside a region is freed after the region op.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.if %true -> (f32) {
    %x = memref.load %a[%c0] : memref<4xf32>
    scf.yield %x : f32
  } else {
    scf.yield %f1 : f32
  }
  func.return %r : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.if %true -> (f32) {
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %x : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %f1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: func.return %r : f32
// CHECK-NEXT: }

// -----

// scf.if mixing a fresh buffer and an outer one still used after it: the result carries an
// ownership flag; the outer buffer lives until the result's last use, the result is freed
// only when it owns its buffer. No clone.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.if %false -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %x = memref.load %a[%c0] : memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  %s = arith.addf %x, %v : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r, %r_owned = scf.if %false -> (memref<4xf32>, i1) {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %b, %true : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %a, %false_1 : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %x, %v : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// scf.for allocating per iteration: ownership moves from the init buffer to the iter_arg,
// the previous buffer is freed in the body, the result after its last use.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %n[%c0] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %v : f32
// CHECK-NEXT: memref.store %w, %n[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %n : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }

// -----

// scf.for swapping two buffers in its iter_args: ownership moves with the values, no clone,
// no flag, no free inside the loop; the unused result is freed right after the loop.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %y[%c0] : memref<4xf32>
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f2 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %r, %r_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %v : f32
// CHECK-NEXT: memref.store %w, %y[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %y, %x : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }

// -----

// scf.for swapping a fresh buffer per iteration with a carried one: ownership moves with
// the values; the one that falls out is freed in the body.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xf32>, memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %u = memref.load %y[%c0] : memref<4xf32>
    %w = arith.addf %v, %u : f32
    memref.store %w, %n[%c0] : memref<4xf32>
    scf.yield %n, %x : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  %u = memref.load %r#1[%c0] : memref<4xf32>
  %s = arith.addf %v, %u : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %r, %r_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %u = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %u : f32
// CHECK-NEXT: memref.store %w, %n[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %n, %x : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: %u_1 = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: %s = arith.addf %v_1, %u_1 : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// scf.while carrying a buffer and allocating in the after region.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f10 = arith.constant 10.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.while (%x = %a) : (memref<4xf32>) -> memref<4xf32> {
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

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f10 = arith.constant 1.000000e+01 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.while (%x = %a) : (memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %c = arith.cmpf olt, %v, %f10 : f32
// CHECK-NEXT: scf.condition(%c) %x : memref<4xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%y: memref<4xf32>):
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v_1 = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v_1, %v_1 : f32
// CHECK-NEXT: memref.store %w, %n[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %n : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_2 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v_2 : f32
// CHECK-NEXT: }

// -----

// scf.execute_region and scf.index_switch yield fresh buffers; nested to depth three.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %r = scf.execute_region -> memref<4xf32> {
    %s = scf.index_switch %c1 -> memref<4xf32>
    case 1 {
      %t = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %f1) -> (f32) {
        %tmp = memref.alloc() : memref<4xf32>
        memref.store %x, %tmp[%c0] : memref<4xf32>
        %y = memref.load %tmp[%c0] : memref<4xf32>
        %z = arith.addf %y, %f1 : f32
        scf.yield %z : f32
      }
      %a = memref.alloc() : memref<4xf32>
      memref.store %t, %a[%c0] : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    default {
      %b = memref.alloc() : memref<4xf32>
      memref.store %f2, %b[%c0] : memref<4xf32>
      scf.yield %b : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %r = scf.execute_region -> (memref<4xf32>) {
// CHECK-NEXT: %s = scf.index_switch %c1 -> memref<4xf32>
// CHECK-NEXT: case 1 {
// CHECK-NEXT: %t = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %f1) -> (f32) {
// CHECK-NEXT: %tmp = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %x, %tmp[%c0] : memref<4xf32>
// CHECK-NEXT: %y = memref.load %tmp[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %tmp : memref<4xf32>
// CHECK-NEXT: %z = arith.addf %y, %f1 : f32
// CHECK-NEXT: scf.yield %z : f32
// CHECK-NEXT: }
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %t, %a[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %a : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f2, %b[%c0] : memref<4xf32>
// CHECK-NEXT: scf.yield %b : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %s : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
