// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A function returning a reshape (expand_shape / collapse_shape between identity
// layouts) of its local buffer hands the buffer over without a copy: the view keeps
// the allocation's start and extent, and the caller's dealloc of it frees the
// allocation (MLIR's lowered dealloc frees the descriptor's allocated pointer), as
// MLIR's ownership-based deallocation returns the view. Before: a clone of the view.
func.func private @model(%x: memref<8xf32>) -> memref<2x4xf32> {
  %0 = memref.alloc() : memref<8xf32>
  linalg.add ins(%x, %x : memref<8xf32>, memref<8xf32>) outs(%0 : memref<8xf32>)
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  func.return %1 : memref<2x4xf32>
}
func.func @main() -> f32 {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%0 : memref<8xf32>)
  %1 = func.call @model(%0) : (memref<8xf32>) -> memref<2x4xf32>
  %v = memref.load %1[%c1, %c1] : memref<2x4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @model(%x: memref<8xf32>) -> memref<2x4xf32> {
// CHECK:         %1 = memref.expand_shape %0
// CHECK-NEXT:    func.return %1 : memref<2x4xf32>
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %1 = func.call @model(%0) : (memref<8xf32>) -> memref<2x4xf32>
// CHECK-NEXT:    memref.dealloc %0 : memref<8xf32>
// CHECK-NEXT:    %v = memref.load %1[%c1, %c1] : memref<2x4xf32>
// CHECK-NEXT:    memref.dealloc %1 : memref<2x4xf32>
// CHECK-NOT:     bufferization.clone

// -----

// A collapse_shape, through two call levels, and a dynamic size.
func.func private @flat(%n: index) -> memref<?xf32> {
  %one = arith.constant 1.0 : f32
  %0 = memref.alloc(%n) : memref<2x?xf32>
  linalg.fill ins(%one : f32) outs(%0 : memref<2x?xf32>)
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<2x?xf32> into memref<?xf32>
  func.return %1 : memref<?xf32>
}
func.func private @twice(%n: index) -> memref<?x2xf32> {
  %f = func.call @flat(%n) : (index) -> memref<?xf32>
  %c2 = arith.constant 2 : index
  %m = memref.expand_shape %f [[0, 1]] output_shape [%n, 2] : memref<?xf32> into memref<?x2xf32>
  func.return %m : memref<?x2xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = func.call @twice(%c3) : (index) -> memref<?x2xf32>
  %v = memref.load %r[%c0, %c0] : memref<?x2xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @flat(%n: index) -> memref<?xf32> {
// CHECK-NOT:     bufferization.clone
// CHECK:         func.return %1 : memref<?xf32>
// CHECK-LABEL: func.func private @twice(%n: index) -> memref<?x2xf32> {
// CHECK-NOT:     bufferization.clone
// CHECK:         func.return %m : memref<?x2xf32>
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %v = memref.load %r[%c0, %c0] : memref<?x2xf32>
// CHECK-NEXT:    memref.dealloc %r : memref<?x2xf32>
