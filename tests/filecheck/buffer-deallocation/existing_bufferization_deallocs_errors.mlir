// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file --verify-diagnostics | filecheck %s

// A retain list: its results are ownership flags of a deallocation already made.
func.func @retained(%c: i1) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%b : memref<4xf32>)
  func.return %r : i1
}

// CHECK: 'bufferization.dealloc' op has a retain list: its results are ownership flags of a deallocation already made, which this pass cannot merge with its own (run it on input without such deallocations)

// -----

// The same buffer twice: MLIR frees it once; two memref.deallocs would free it twice.
func.func @twice(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a, %a : memref<4xf32>, memref<4xf32>) if (%c, %c)
  func.return
}

// CHECK: 'bufferization.dealloc' op frees several memrefs that may share an allocation (bufferization.dealloc frees a shared allocation once): cannot read it as separate frees

// -----

// A view and its base may share an allocation.
func.func @view_and_base(%c: i1) {
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  bufferization.dealloc (%a, %s : memref<8xf32>, memref<4xf32, strided<[1], offset: 2>>) if (%c, %c)
  func.return
}

// CHECK: 'bufferization.dealloc' op frees several memrefs that may share an allocation (bufferization.dealloc frees a shared allocation once): cannot read it as separate frees
