// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// One buffer yielded twice by a branch of scf.if (fresh buffers by the other): the second result
// borrows the first one's buffer (flag false) instead of a copy, so a write through one is
// seen through the other; the buffer is freed once, after the last use of either.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %true = arith.constant true
  %r:2 = scf.if %true -> (memref<4xf32>, memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    scf.yield %a, %a : memref<4xf32>, memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    %c = memref.alloc() : memref<4xf32>
    scf.yield %b, %c : memref<4xf32>, memref<4xf32>
  }
  memref.store %f2, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %r, %r_1, %r_owned = scf.if %true -> (memref<4xf32>, memref<4xf32>, i1) {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %a, %a, %false : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %c = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: scf.yield %b, %c, %true_1 : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %r[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// One buffer yielded twice by each case of scf.index_switch.
func.func @main() -> f32 {
  %arg = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %r:2 = scf.index_switch %arg -> memref<4xf32>, memref<4xf32>
  case 1 {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    scf.yield %a, %a : memref<4xf32>, memref<4xf32>
  }
  default {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
    scf.yield %b, %b : memref<4xf32>, memref<4xf32>
  }
  memref.store %f2, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %arg = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %r, %r_1, %r_owned = scf.index_switch %arg -> memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: case 1 {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: scf.yield %a, %a, %false : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: scf.yield %b, %b, %false_1 : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %f2, %r[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A loop yielding one fresh buffer as both iter_args.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a) -> (memref<4xf32>, memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
    scf.yield %n, %n : memref<4xf32>, memref<4xf32>
  }
  %f5 = arith.constant 5.0 : f32
  memref.store %f5, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned, %r_owned_1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a, %x_owned = %false, %y_owned = %false_1) -> (memref<4xf32>, memref<4xf32>, i1, i1) {
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.yield %n, %n, %true, %false_2 : memref<4xf32>, memref<4xf32>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: memref.store %f5, %r[%c0] : memref<4xf32>
// CHECK-NEXT: %v_1 = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %r_owned_1 {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }

// -----

// scf.condition forwarding one buffer twice.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.while (%x = %a, %y = %a) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %x[%c0] : memref<4xf32>
    %f4 = arith.constant 4.0 : f32
    %p = arith.cmpf olt, %v, %f4 : f32
    %n = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%n : memref<4xf32>)
    scf.condition(%p) %n, %n : memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%x2: memref<4xf32>, %y2: memref<4xf32>):
    %v = memref.load %x2[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %y2[%c0] : memref<4xf32>
    scf.yield %x2, %y2 : memref<4xf32>, memref<4xf32>
  }
  %f5 = arith.constant 5.0 : f32
  memref.store %f5, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned = scf.while (%x = %a, %y = %a, %x_owned = %false, %y_owned = %false_1) : (memref<4xf32>, memref<4xf32>, i1, i1) -> (memref<4xf32>, memref<4xf32>, i1) {
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %x_owned {
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %f4 = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %p = arith.cmpf olt, %v, %f4 : f32
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%v : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %false_2 = arith.constant false
// CHECK-NEXT: scf.condition(%p) %n, %n, %false_2 : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%x2: memref<4xf32>, %y2: memref<4xf32>, %y2_owned: i1):
// CHECK-NEXT: %v_1 = memref.load %x2[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v_1, %f1 : f32
// CHECK-NEXT: memref.store %w, %y2[%c0] : memref<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %x2, %y2, %true, %y2_owned : memref<4xf32>, memref<4xf32>, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %f5 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: memref.store %f5, %r[%c0] : memref<4xf32>
// CHECK-NEXT: %v_2 = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v_2 : f32
// CHECK-NEXT: }

// -----

// One buffer passed as both block arguments of a cf branch.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %true = arith.constant true
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  cf.br ^bb3(%a, %a : memref<4xf32>, memref<4xf32>)
^bb2:
  %b = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%b, %c : memref<4xf32>, memref<4xf32>)
^bb3(%x: memref<4xf32>, %y: memref<4xf32>):
  memref.store %f2, %x[%c0] : memref<4xf32>
  %v = memref.load %y[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.cond_br %true, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.br ^bb3(%a, %a, %false : memref<4xf32>, memref<4xf32>, i1)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %c = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: cf.br ^bb3(%b, %c, %true_1 : memref<4xf32>, memref<4xf32>, i1)
// CHECK-NEXT: ^bb3(%x: memref<4xf32>, %y: memref<4xf32>, %y_owned: i1):
// CHECK-NEXT: memref.store %f2, %x[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %y[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// One buffer as both inits of a loop whose second iter_arg gets fresh buffers: the first
// iter_arg borrows it, the second is flagged (borrowed at entry), no copy.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %y[%c0] : memref<4xf32>
    %n = memref.alloc() : memref<4xf32>
    linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
    scf.yield %x, %n : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  %v2 = memref.load %r#1[%c0] : memref<4xf32>
  %s = arith.addf %v, %v2 : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %r, %r_1, %r_owned = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a, %y_owned = %false) -> (memref<4xf32>, memref<4xf32>, i1) {
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %y[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %y_owned {
// CHECK-NEXT: memref.dealloc %y : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.yield %x, %n, %true : memref<4xf32>, memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: %v2 = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %s = arith.addf %v_1, %v2 : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }

// -----

// A loop yielding its own iter_arg on some paths and a fresh buffer on others: the scf.if at
// the iter_arg's last use takes it over (the else branch frees it after copying), so no copy
// per iteration and no flag.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %p = arith.cmpi ult, %i, %c2 : index
    %n = scf.if %p -> (memref<4xf32>) {
      scf.yield %x : memref<4xf32>
    } else {
      %b = memref.alloc() : memref<4xf32>
      "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
      scf.yield %b : memref<4xf32>
    }
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
// CHECK-NEXT: %p = arith.cmpi ult, %i, %c2 : index
// CHECK-NEXT: %n = scf.if %p -> (memref<4xf32>) {
// CHECK-NEXT: scf.yield %x : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: scf.yield %b : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %n : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
