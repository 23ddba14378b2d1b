// RUN: xdsl-opt %s --split-input-file -p convert-bufferization-to-memref | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'convert-bufferization-to-memref{memcpy-op=loops}' | filecheck %s --check-prefix=LOOPS
// RUN: xdsl-opt %s --split-input-file -p 'convert-bufferization-to-memref{memcpy-op="memref.copy"}' | filecheck %s --check-prefix=KEEP

// A copy becomes linalg.copy (default) or a loop nest of loads and stores.

func.func @copy(%a: memref<4x3xf32>, %b: memref<4x3xf32, strided<[?, ?], offset: ?>>) {
  "memref.copy"(%a, %b) : (memref<4x3xf32>, memref<4x3xf32, strided<[?, ?], offset: ?>>) -> ()
  func.return
}

// CHECK-LABEL: func.func @copy(
// CHECK-SAME:    %[[A:.*]]: memref<4x3xf32>, %[[B:.*]]: memref<4x3xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<4x3xf32>) outs(%[[B]] : memref<4x3xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT:    func.return

// LOOPS-LABEL: func.func @copy(
// LOOPS-SAME:    %[[A:.*]]: memref<4x3xf32>, %[[B:.*]]: memref<4x3xf32, strided<[?, ?], offset: ?>>)
// LOOPS-DAG:     %[[C4:.*]] = arith.constant 4 : index
// LOOPS-DAG:     %[[C3:.*]] = arith.constant 3 : index
// LOOPS-DAG:     %[[C0:.*]] = arith.constant 0 : index
// LOOPS-DAG:     %[[C1:.*]] = arith.constant 1 : index
// LOOPS:         scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// LOOPS-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// LOOPS-NEXT:        %[[V:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<4x3xf32>
// LOOPS-NEXT:        memref.store %[[V]], %[[B]][%[[I]], %[[J]]] : memref<4x3xf32, strided<[?, ?], offset: ?>>
// LOOPS-NEXT:      }
// LOOPS-NEXT:    }
// LOOPS-NOT:     memref.copy

// KEEP-LABEL: func.func @copy(
// KEEP-NEXT:    "memref.copy"

// -----

// A clone becomes an allocation of its shape (sizes read with memref.dim) and a
// copy into it; a clone with a strided layout allocates the identity layout and
// casts it.

func.func @clone(%a: memref<?xf32>, %s: memref<5xf32, strided<[?], offset: ?>>) -> (memref<?xf32>, memref<5xf32, strided<[?], offset: ?>>) {
  %c = bufferization.clone %a : memref<?xf32> to memref<?xf32>
  %d = bufferization.clone %s : memref<5xf32, strided<[?], offset: ?>> to memref<5xf32, strided<[?], offset: ?>>
  func.return %c, %d : memref<?xf32>, memref<5xf32, strided<[?], offset: ?>>
}

// CHECK-LABEL: func.func @clone(
// CHECK-SAME:    %[[A:.*]]: memref<?xf32>, %[[S:.*]]: memref<5xf32, strided<[?], offset: ?>>)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim %[[A]], %[[Z]] : memref<?xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<?xf32>) outs(%[[C]] : memref<?xf32>)
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT:    %[[DC:.*]] = "memref.cast"(%[[D]]) : (memref<5xf32>) -> memref<5xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    linalg.copy ins(%[[S]] : memref<5xf32, strided<[?], offset: ?>>) outs(%[[D]] : memref<5xf32>)
// CHECK-NEXT:    func.return %[[C]], %[[DC]]
// CHECK-NOT:     bufferization.clone

// KEEP-LABEL: func.func @clone(
// KEEP:         memref.alloc
// KEEP:         "memref.copy"
// KEEP-NOT:     bufferization.clone

// -----

// Rank 0: one load and one store.

func.func @scalar(%a: memref<f32>, %b: memref<f32>) {
  "memref.copy"(%a, %b) : (memref<f32>, memref<f32>) -> ()
  func.return
}

// LOOPS-LABEL: func.func @scalar(
// LOOPS-NEXT:    %[[V:.*]] = memref.load %{{.*}}[] : memref<f32>
// LOOPS-NEXT:    memref.store %[[V]], %{{.*}}[] : memref<f32>
// LOOPS-NEXT:    func.return

// -----

// A cast to the destination's shape only (memref.copy needs one shape) is not
// needed by loads and stores: the loops read the static buffer directly.

func.func @shapes(%a: memref<2xf32>, %b: memref<?xf32>) {
  %c = "memref.cast"(%a) : (memref<2xf32>) -> memref<?xf32>
  "memref.copy"(%c, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  func.return
}

// LOOPS-LABEL: func.func @shapes(
// LOOPS-SAME:    %[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<?xf32>)
// LOOPS-NOT:     memref.cast
// LOOPS:         memref.dim %[[B]]
// LOOPS:         %[[V:.*]] = memref.load %[[A]][%{{.*}}] : memref<2xf32>
// LOOPS-NEXT:    memref.store %[[V]], %[[B]][%{{.*}}] : memref<?xf32>
