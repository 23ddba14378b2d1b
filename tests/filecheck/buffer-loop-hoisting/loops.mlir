// RUN: xdsl-opt %s -p buffer-loop-hoisting --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p "buffer-loop-hoisting{hoist-out-of-parallel=true}" --split-input-file | filecheck %s --check-prefix=PARALLEL

// Static allocation in an scf.for body: allocated once before the loop.
func.func @for_static(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f0) -> (f32) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%acc : f32) outs(%a : memref<4xf32>)
    %v = memref.load %a[%c1] : memref<4xf32>
    %s = arith.addf %v, %v : f32
    scf.yield %s : f32
  }
  func.return %r : f32
}

// CHECK-LABEL: func.func @for_static
// CHECK:         %f0 = arith.constant
// CHECK-NEXT:    %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %r = scf.for
// CHECK-NEXT:      linalg.fill ins(%acc : f32) outs(%a : memref<4xf32>)
// CHECK-NOT:     memref.alloc

// -----

// Dynamic size defined before the loop: hoisted; size computed in the body: stays.
func.func @dynamic_sizes(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc(%m) : memref<?xf32>
    %k = arith.addi %i, %c1 : index
    %b = memref.alloc(%k) : memref<?xf32>
    "memref.copy"(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield
  }
  func.return
}

// CHECK-LABEL: func.func @dynamic_sizes
// CHECK:         %c1 = arith.constant 1 : index
// CHECK-NEXT:    %a = memref.alloc(%m) : memref<?xf32>
// CHECK-NEXT:    scf.for %i
// CHECK-NEXT:      %k = arith.addi %i, %c1 : index
// CHECK-NEXT:      %b = memref.alloc(%k) : memref<?xf32>

// -----

// Nested loops: out of both when the size is defined outside both; only out of the
// inner loop when the size depends on the outer induction variable.
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.alloc() : memref<8xf32>
      %b = memref.alloc(%i) : memref<?xf32>
      linalg.fill ins(%f1 : f32) outs(%a : memref<8xf32>)
      linalg.fill ins(%f1 : f32) outs(%b : memref<?xf32>)
      scf.yield
    }
    scf.yield
  }
  func.return
}

// CHECK-LABEL: func.func @nested
// CHECK:         %f1 = arith.constant
// CHECK-NEXT:    %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    scf.for %i
// CHECK-NEXT:      %b = memref.alloc(%i) : memref<?xf32>
// CHECK-NEXT:      scf.for %j
// CHECK-NEXT:        linalg.fill
// CHECK-NEXT:        linalg.fill

// -----

// Escaping buffers stay: yielded, yielded through a view, passed to a call,
// captured by a nested loop's iter_arg.
func.func private @consume(memref<4xf32>) -> ()

func.func @escaping(%n: index, %init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    "memref.copy"(%cur, %a) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %a : memref<4xf32>
  }
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    %a = memref.alloc() : memref<8xf32>
    %v = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32>
    scf.yield %v : memref<4xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    func.call @consume(%a) : (memref<4xf32>) -> ()
    scf.yield
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    %x = scf.for %j = %c0 to %n step %c1 iter_args(%t = %a) -> (memref<4xf32>) {
      scf.yield %t : memref<4xf32>
    }
    scf.yield
  }
  func.return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @escaping
// CHECK:         %r = scf.for
// CHECK-NEXT:      %a = memref.alloc() : memref<4xf32>
// CHECK:         %r2 = scf.for
// CHECK-NEXT:      %a_1 = memref.alloc() : memref<8xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %a_2 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      func.call @consume(%a_2)
// CHECK:         scf.for
// CHECK-NEXT:      %a_3 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      %x = scf.for

// -----

// scf.while: allocations of both regions move before the loop; a view used only for
// element access does not make the buffer escape.
func.func @while_regions(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %r = scf.while (%i = %c0) : (index) -> index {
    %a = memref.alloc() : memref<2xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<2xf32>)
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %b = memref.alloc() : memref<4x4xf32>
    %s = memref.subview %b[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
    linalg.fill ins(%f1 : f32) outs(%s : memref<2x2xf32, strided<[4, 1], offset: 5>>)
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  func.return %r : index
}

// CHECK-LABEL: func.func @while_regions
// CHECK:         %f1 = arith.constant
// CHECK-NEXT:    %a = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    %b = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:    %r = scf.while
// CHECK-NEXT:      linalg.fill ins(%f1 : f32) outs(%a : memref<2xf32>)
// CHECK:         ^bb0(%i_1: index):
// CHECK-NEXT:      %s = memref.subview %b[1, 1] [2, 2] [1, 1]

// -----

// A dealloc in the allocation's block moves to after the loop.
func.func @with_dealloc(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  func.return
}

// CHECK-LABEL: func.func @with_dealloc
// CHECK:         %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      linalg.fill
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    func.return

// -----

// Hoisting kinds: memref.alloca (LOOP) moves; bufftest.alloc (BLOCK only) stays; an
// allocation under an scf.if in the loop stays under it.
func.func @kinds(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloca() : memref<4xf32>
    %b = bufftest.alloc : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
    scf.if %c {
      %d = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f1 : f32) outs(%d : memref<4xf32>)
      scf.yield
    }
    scf.yield
  }
  func.return
}

// CHECK-LABEL: func.func @kinds
// CHECK:         %a = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %b = bufftest.alloc : memref<4xf32>
// CHECK:           scf.if %c {
// CHECK-NEXT:        %d = memref.alloc() : memref<4xf32>

// -----

// scf.parallel: iterations may run at once, so a buffer is not shared among them;
// a sequential loop nested in it hoists up to the parallel body.
func.func @parallel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  "scf.parallel"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    scf.for %j = %c0 to %n step %c1 {
      %b = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
      scf.yield
    }
    scf.reduce
  }) : (index, index, index) -> ()
  func.return
}

// CHECK-LABEL: func.func @parallel
// CHECK:         "scf.parallel"
// CHECK-NEXT:    ^bb0(%i: index):
// CHECK-NEXT:      %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      linalg.fill
// CHECK-NEXT:      %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      scf.for %j

// PARALLEL-LABEL: func.func @parallel
// PARALLEL:         %a = memref.alloc() : memref<4xf32>
// PARALLEL-NEXT:    %b = memref.alloc() : memref<4xf32>
// PARALLEL-NEXT:    "scf.parallel"

// -----

// Executed by tests/transforms: scf.for, a zero-trip scf.for and scf.while bodies
// that free their allocation in place; after hoisting, one allocation per loop,
// freed after it.
func.func @main() -> (f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %f0 = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %f0) -> (f32) {
    %a = memref.alloc() : memref<4xf32>
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    linalg.fill ins(%fi : f32) outs(%a : memref<4xf32>)
    %v = memref.load %a[%c1] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    memref.dealloc %a : memref<4xf32>
    scf.yield %s : f32
  }
  %z = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %f0) -> (f32) {
    %a = memref.alloc(%c3) : memref<?xf32>
    memref.store %acc, %a[%c0] : memref<?xf32>
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    scf.yield %v : f32
  }
  %w = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %b = memref.alloc() : memref<2xindex>
    memref.store %i, %b[%c1] : memref<2xindex>
    %x = memref.load %b[%c1] : memref<2xindex>
    %n = arith.addi %x, %c1 : index
    memref.dealloc %b : memref<2xindex>
    scf.yield %n : index
  }
  func.return %r, %z, %w : f32, f32, index
}

// CHECK-LABEL: func.func @main
// CHECK:         %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %r = scf.for
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    %a_1 = memref.alloc(%c3) : memref<?xf32>
// CHECK-NEXT:    %z = scf.for
// CHECK:         memref.dealloc %a_1 : memref<?xf32>
// CHECK-NEXT:    %b = memref.alloc() : memref<2xindex>
// CHECK-NEXT:    %w = scf.while
// CHECK:         memref.dealloc %b : memref<2xindex>
// CHECK-NEXT:    func.return %r, %z, %w

// -----

// Executed with buffer-deallocation after the hoisting: the nested loops' buffer is
// freed once, after the outer loop.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.5 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %f0) -> (f32) {
    %in = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (f32) {
      %a = memref.alloc(%c4) : memref<?xf32>
      %s = memref.subview %a[1] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: 1>>
      linalg.fill ins(%f1 : f32) outs(%s : memref<2xf32, strided<[1], offset: 1>>)
      %v = memref.load %a[%c2] : memref<?xf32>
      %t = arith.addf %acc2, %v : f32
      scf.yield %t : f32
    }
    scf.yield %in : f32
  }
  func.return %r : f32
}

// CHECK-LABEL: func.func @main
// CHECK:         %a = memref.alloc(%c4) : memref<?xf32>
// CHECK-NEXT:    %r = scf.for
// CHECK-NEXT:      %in = scf.for
// CHECK-NEXT:        %s = memref.subview %a[1] [2] [1]
