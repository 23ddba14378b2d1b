// RUN: xdsl-opt %s -p promote-buffers-to-stack --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p "promote-buffers-to-stack{max-alloc-size-in-bytes=8 max-rank-of-allocated-memref=0}" --split-input-file | filecheck %s --check-prefix=SMALL

// A small buffer used and freed in its function: on the stack, its free dropped.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %v = memref.load %s[%c0] : memref<2xf32, strided<[1], offset: 1>>
  memref.dealloc %a : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK:         %a = memref.alloca() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NOT:     memref.dealloc
// CHECK:         func.return %v

// 16 bytes are more than 8: stays on the heap.
// SMALL-LABEL: func.func @main
// SMALL:         %a = memref.alloc()
// SMALL:         memref.dealloc %a

// -----

// Too large (2048 bytes), returned, or allocated in a loop body: stays on the heap.
func.func @kept(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %big = memref.alloc() : memref<512xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<512xf32>)
  memref.dealloc %big : memref<512xf32>
  %ret = memref.alloc() : memref<2xf32>
  linalg.fill ins(%f : f32) outs(%ret : memref<2xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %tmp = memref.alloc() : memref<2xf32>
    linalg.fill ins(%f : f32) outs(%tmp : memref<2xf32>)
    memref.dealloc %tmp : memref<2xf32>
  }
  func.return %ret : memref<2xf32>
}

// CHECK-LABEL: func.func @kept
// CHECK:         %big = memref.alloc() : memref<512xf32>
// CHECK:         %ret = memref.alloc() : memref<2xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %tmp = memref.alloc() : memref<2xf32>
// CHECK-NOT:     memref.alloca

// -----

// Yielded out of an scf.if then returned: escapes. Yielded out of an scf.if and only
// read: promoted (an scf.if is no loop).
func.func @through_if(%c: i1, %x: memref<2xf32>) -> (memref<2xf32>, f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> (memref<2xf32>) {
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %x : memref<2xf32>
  }
  %s = scf.if %c -> (memref<2xf32>) {
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %x : memref<2xf32>
  }
  %v = memref.load %s[%c0] : memref<2xf32>
  func.return %r, %v : memref<2xf32>, f32
}

// CHECK-LABEL: func.func @through_if
// CHECK:         %a = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    %b = memref.alloca() : memref<2xf32>

// -----

// A dynamic size from memref.rank (small by construction) within the rank limit:
// promoted; any other dynamic size: kept.
func.func @dynamic(%m: memref<?x?xf32>, %n: index) {
  %r = "memref.rank"(%m) : (memref<?x?xf32>) -> index
  %a = memref.alloc(%r) : memref<?xindex>
  %b = memref.alloc(%n) : memref<?xindex>
  memref.dealloc %a : memref<?xindex>
  memref.dealloc %b : memref<?xindex>
  func.return
}

// CHECK-LABEL: func.func @dynamic
// CHECK:         %a = memref.alloca(%r) : memref<?xindex>
// CHECK-NEXT:    %b = memref.alloc(%n) : memref<?xindex>
// CHECK-NEXT:    memref.dealloc %b

// SMALL-LABEL: func.func @dynamic
// SMALL:         %a = memref.alloc(%r) : memref<?xindex>

// -----

// Freed through a merge (the loop's iter_arg) or stored as a value: kept.
func.func @merged(%n: index, %slot: memref<memref<2xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a) -> (memref<2xf32>) {
    scf.yield %it : memref<2xf32>
  }
  memref.dealloc %r : memref<2xf32>
  %s = memref.alloc() : memref<2xf32>
  memref.store %s, %slot[] : memref<memref<2xf32>>
  func.return
}

// CHECK-LABEL: func.func @merged
// CHECK:         %a = memref.alloc() : memref<2xf32>
// CHECK:         %s = memref.alloc() : memref<2xf32>
