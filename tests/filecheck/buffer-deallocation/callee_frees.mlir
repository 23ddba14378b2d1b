// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A function that frees its argument ends the caller's buffer: the call is a free of the
// program, as a dealloc in the caller would be, so the caller does not free it again;
// through a second function that calls the first too.
func.func private @consume(%b: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %v : f32
}
func.func private @consume_twice_removed(%b: memref<4xf32>) -> f32 {
  %v = func.call @consume(%b) : (memref<4xf32>) -> f32
  func.return %v : f32
}
func.func @main() -> f32 {
  %f = arith.constant 3.0 : f32
  %m = memref.alloc() : memref<4xf32>
  %n = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  linalg.fill ins(%f : f32) outs(%n : memref<4xf32>)
  %v = func.call @consume(%m) : (memref<4xf32>) -> f32
  %w = func.call @consume_twice_removed(%n) : (memref<4xf32>) -> f32
  %s = arith.addf %v, %w : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %v = func.call @consume(%m) : (memref<4xf32>) -> f32
// CHECK-NEXT:    %w = func.call @consume_twice_removed(%n) : (memref<4xf32>) -> f32
// CHECK-NEXT:    %s = arith.addf %v, %w : f32
// CHECK-NEXT:    func.return %s : f32

// -----

// Called on one path only: the caller frees the buffer on the other path.  A function
// reallocating its argument frees it too; the caller frees only the new buffer.
func.func private @consume(%b: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %v : f32
}
func.func private @grow(%b: memref<4xf32>) -> memref<8xf32> {
  %r = memref.realloc %b : memref<4xf32> to memref<8xf32>
  func.return %r : memref<8xf32>
}
func.func @main(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  %v = scf.if %c -> (f32) {
    %x = func.call @consume(%m) : (memref<4xf32>) -> f32
    scf.yield %x : f32
  } else {
    %y = memref.load %m[%c0] : memref<4xf32>
    scf.yield %y : f32
  }
  %k = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%k : memref<4xf32>)
  %g = func.call @grow(%k) : (memref<4xf32>) -> memref<8xf32>
  %w = memref.load %g[%c0] : memref<8xf32>
  %s = arith.addf %v, %w : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func @main(%c: i1) -> f32 {
// CHECK:         %v = scf.if %c -> (f32) {
// CHECK-NEXT:      %x = func.call @consume(%m) : (memref<4xf32>) -> f32
// CHECK-NEXT:      scf.yield %x : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %y = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:      memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:      scf.yield %y : f32
// CHECK-NEXT:    }
// CHECK:         %g = func.call @grow(%k) : (memref<4xf32>) -> memref<8xf32>
// CHECK-NEXT:    %w = memref.load %g[%c0] : memref<8xf32>
// CHECK-NEXT:    memref.dealloc %g : memref<8xf32>
// CHECK-NOT:     memref.dealloc %k
