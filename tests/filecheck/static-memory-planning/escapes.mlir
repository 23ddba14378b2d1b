// RUN: xdsl-opt %s -p static-memory-planning | filecheck %s
// RUN: xdsl-bufferize-check %s --pipeline static-memory-planning | filecheck %s --check-prefix=RUN-MAIN

// Buffers the planner leaves on the heap, beside one it plans: %freed is passed to a
// function that frees it (a slot of the arena must not be freed by anyone), and %cast
// has an unranked view (`memref<*xf32>`), whose uses the planner does not follow (a call
// returns it as is and it is read after %late, planned, is written). Before, both were
// placed in the arena: an invalid free of an arena slot, and %late written over %cast's
// data while the call result was still read.

func.func private @consume(%b: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %v : f32
}
func.func private @same(%u: memref<*xf32>) -> memref<*xf32> {
  func.return %u : memref<*xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %freed = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%freed : memref<4xf32>)
  %x = func.call @consume(%freed) : (memref<4xf32>) -> f32
  %cast = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%cast : memref<4xf32>)
  %u = "memref.cast"(%cast) : (memref<4xf32>) -> memref<*xf32>
  %r = func.call @same(%u) : (memref<*xf32>) -> memref<*xf32>
  %back = "memref.cast"(%r) : (memref<*xf32>) -> memref<4xf32>
  %late = memref.alloc() : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%late : memref<4xf32>)
  %y = memref.load %back[%c0] : memref<4xf32>
  %z = memref.load %late[%c0] : memref<4xf32>
  memref.dealloc %late : memref<4xf32>
  memref.dealloc %cast : memref<4xf32>
  func.return %x, %y, %z : f32, f32, f32
}

// CHECK-LABEL: func.func private @consume(%b: memref<4xf32>) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %v = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %b : memref<4xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @same(%u: memref<*xf32>) -> memref<*xf32> {
// CHECK-NEXT:  func.return %u : memref<*xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<16xi8>
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %two = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %freed = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%freed : memref<4xf32>)
// CHECK-NEXT:  %x = func.call @consume(%freed) : (memref<4xf32>) -> f32
// CHECK-NEXT:  %cast = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%cast : memref<4xf32>)
// CHECK-NEXT:  %u = "memref.cast"(%cast) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:  %r = func.call @same(%u) : (memref<*xf32>) -> memref<*xf32>
// CHECK-NEXT:  %back = "memref.cast"(%r) : (memref<*xf32>) -> memref<4xf32>
// CHECK-NEXT:  %1 = arith.constant 0 : index
// CHECK-NEXT:  %late = memref.view %0[%1][] : memref<16xi8> to memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%two : f32) outs(%late : memref<4xf32>)
// CHECK-NEXT:  %y = memref.load %back[%c0] : memref<4xf32>
// CHECK-NEXT:  %z = memref.load %late[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %cast : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %0 : memref<16xi8>
// CHECK-NEXT:  func.return %x, %y, %z : f32, f32, f32
// CHECK-NEXT:  }

// RUN-MAIN:      @main before (1.0, 1.0, 2.0), after (1.0, 1.0, 2.0): results match; 0 finding(s)
// RUN-MAIN-NEXT: @main before: 3 allocs (48 B), 0 copies (0 B), 3 frees, peak 32 B, lower bound 32 B; after: 3 allocs (48 B; 1 arena, 16 B), 0 copies (0 B), 3 frees, peak 32 B
