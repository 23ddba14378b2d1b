// RUN: xdsl-opt %s -p static-memory-planning --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p 'static-memory-planning{alignment=64}' --split-input-file | filecheck %s --check-prefix=ALIGN64

// A chain of three temporaries: %a and %b are used together (%a is read after %b
// is written), %c only after their last uses (a buffer lives from its first use), so
// %c takes the bytes of %b, the largest, placed first at offset 0.

func.func @chain(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  "memref.copy"(%x, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.store %v, %b[%c0] : memref<8xf32>
  %u = memref.load %a[%c0] : memref<4xf32>
  memref.store %u, %b[%c0] : memref<8xf32>
  %c = memref.alloc() : memref<2xf64>
  %w = memref.load %b[%c0] : memref<8xf32>
  %d = arith.extf %w : f32 to f64
  memref.store %d, %c[%c0] : memref<2xf64>
  %r = memref.load %c[%c0] : memref<2xf64>
  %t = arith.truncf %r : f64 to f32
  memref.dealloc %c : memref<2xf64>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %a : memref<4xf32>
  func.return %t : f32
}

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<48xi8>
// CHECK:         %[[OA:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %a = memref.view %[[ARENA]][%[[OA]]][] : memref<48xi8> to memref<4xf32>
// CHECK-NEXT:    %[[OB:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %b = memref.view %[[ARENA]][%[[OB]]][] : memref<48xi8> to memref<8xf32>
// CHECK:         %[[OC:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %c = memref.view %[[ARENA]][%[[OC]]][] : memref<48xi8> to memref<2xf64>
// CHECK-NOT:     memref.dealloc %a
// CHECK-NOT:     memref.dealloc %b
// CHECK-NOT:     memref.dealloc %c
// CHECK:         memref.dealloc %[[ARENA]] : memref<48xi8>
// CHECK-NEXT:    func.return %t : f32

// ALIGN64-LABEL: func.func @chain
// ALIGN64-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, memory_planning.arena} : memref<80xi8>
// ALIGN64:         arith.constant 64 : index
// ALIGN64-NEXT:    %a = memref.view
// ALIGN64-NEXT:    arith.constant 0 : index
// ALIGN64-NEXT:    %b = memref.view
// ALIGN64:         arith.constant 0 : index
// ALIGN64-NEXT:    %c = memref.view

// -----

// A buffer lives from its first use, not from its allocation: %late is allocated
// before %early's uses but first written after its last one, so it takes its bytes.

func.func @first_use(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %early = memref.alloc() : memref<4xf32>
  %late = memref.alloc() : memref<4xf32>
  memref.store %x, %early[%c0] : memref<4xf32>
  %v = memref.load %early[%c0] : memref<4xf32>
  memref.store %v, %late[%c0] : memref<4xf32>
  %w = memref.load %late[%c0] : memref<4xf32>
  memref.dealloc %late : memref<4xf32>
  memref.dealloc %early : memref<4xf32>
  func.return %w : f32
}

// CHECK-LABEL: func.func @first_use
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<16xi8>
// CHECK:         %[[OE:[0-9]+]] = arith.constant 0 : index
// CHECK-NEXT:    %early = memref.view %[[ARENA]][%[[OE]]][] : memref<16xi8> to memref<4xf32>
// CHECK-NEXT:    %[[OL:[0-9]+]] = arith.constant 0 : index
// CHECK-NEXT:    %late = memref.view %[[ARENA]][%[[OL]]][] : memref<16xi8> to memref<4xf32>

// -----

// A buffer allocated in a loop body lives within one iteration: every iteration
// reuses its slot. %outer is used in the loop, so it is live over the whole loop
// and gets a slot of its own; %after is allocated after the loop and reuses the
// bytes of both.

func.func @loop(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %outer = memref.alloc() : memref<4xf32>
  memref.store %one, %outer[%c0] : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %tmp = memref.alloc() : memref<4xf32>
    %v = memref.load %outer[%c0] : memref<4xf32>
    memref.store %v, %tmp[%c0] : memref<4xf32>
    %w = memref.load %tmp[%c0] : memref<4xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %outer[%c0] : memref<4xf32>
    memref.dealloc %tmp : memref<4xf32>
  }
  %r = memref.load %outer[%c0] : memref<4xf32>
  memref.dealloc %outer : memref<4xf32>
  %after = memref.alloc() : memref<8xf32>
  memref.store %r, %after[%c0] : memref<8xf32>
  %q = memref.load %after[%c0] : memref<8xf32>
  memref.dealloc %after : memref<8xf32>
  func.return %q : f32
}

// CHECK-LABEL: func.func @loop
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
// CHECK:         %outer = memref.view %[[ARENA]][%{{.*}}][] : memref<32xi8> to memref<4xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %[[OT:.*]] = arith.constant 16 : index
// CHECK-NEXT:      %tmp = memref.view %[[ARENA]][%[[OT]]][] : memref<32xi8> to memref<4xf32>
// CHECK-NOT:       memref.dealloc
// CHECK:         %[[OAF:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %after = memref.view %[[ARENA]][%[[OAF]]][] : memref<32xi8> to memref<8xf32>
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %q = memref.load
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<32xi8>
// CHECK-NEXT:    func.return %q : f32

// -----

// Kept on the heap: a dynamically sized buffer, a returned buffer, a buffer yielded
// out of its loop body, a buffer freed through its strided-metadata base, a buffer
// never freed, and one in a parallel loop. Nothing is planned: no arena.

func.func @kept(%n: index, %m: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dyn = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %dyn : memref<?xf32>
  %ret = memref.alloc() : memref<4xf32>
  %init = memref.alloc() : memref<4xf32>
  %last = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %init) -> (memref<4xf32>) {
    %fresh = memref.alloc() : memref<4xf32>
    memref.dealloc %acc : memref<4xf32>
    scf.yield %fresh : memref<4xf32>
  }
  memref.dealloc %last : memref<4xf32>
  %s = memref.alloc() : memref<4xf32>
  %base, %off, %size, %stride = memref.extract_strided_metadata %s : memref<4xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  %leak = memref.alloc() : memref<4xf32>
  "scf.parallel"(%c0, %m, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%j: index):
    %p = memref.alloc() : memref<4xf32>
    memref.dealloc %p : memref<4xf32>
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  func.return %ret : memref<4xf32>
}

// CHECK-LABEL: func.func @kept
// CHECK-NOT:     memory_planning.arena
// CHECK-NOT:     memref.view
// CHECK:         func.return %ret
