// RUN: xdsl-opt %s -p static-memory-planning --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p 'static-memory-planning{hoist-callee-scratch=false}' --split-input-file | filecheck %s --check-prefix=OFF
// RUN: xdsl-bufferize-check %s --pipeline static-memory-planning | filecheck %s --check-prefix=EXEC

// The scratch buffer of a private callee (%t: used early, freed inside) is allocated by
// the caller and passed in, so the caller plans it in its own arena beside its own
// buffers, with the lifetimes it has inside the call: %in is done (copied into %t)
// before the callee writes %out, which takes %in's bytes; @main's one arena is 64 B for
// three 32 B buffers, and the callee has no arena of its own (without hoisting: 32 B in
// @main, %in and %out sharing, and a second heap call for the callee's 32 B arena).
// Through @helper, a private function calling @inner, the scratch moves up to @outer
// (callee first); there the call of @helper counts whole (no sharing inside nested calls).

func.func private @inner(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %t = memref.alloc() : memref<8xf32>
  "memref.copy"(%in, %t) : (memref<8xf32>, memref<8xf32>) -> ()
  %a = memref.load %t[%c0] : memref<8xf32>
  %b = memref.load %t[%c7] : memref<8xf32>
  memref.dealloc %t : memref<8xf32>
  %s = arith.addf %a, %b : f32
  linalg.fill ins(%s : f32) outs(%out : memref<8xf32>)
  func.return %s : f32
}

func.func private @helper(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %s = func.call @inner(%in, %out) : (memref<8xf32>, memref<8xf32>) -> f32
  func.return %s : f32
}

func.func @main() -> (f32, f32) {
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.5 : f32
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%x : f32) outs(%in : memref<8xf32>)
  %out = memref.alloc() : memref<8xf32>
  %s = func.call @inner(%in, %out) : (memref<8xf32>, memref<8xf32>) -> f32
  %r = memref.load %out[%c3] : memref<8xf32>
  memref.dealloc %in : memref<8xf32>
  memref.dealloc %out : memref<8xf32>
  func.return %s, %r : f32, f32
}

func.func @outer(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %s = func.call @helper(%in, %out) : (memref<8xf32>, memref<8xf32>) -> f32
  func.return %s : f32
}

// CHECK-LABEL: func.func private @inner(%in: memref<8xf32>, %out: memref<8xf32>, %t: memref<8xf32>) -> f32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c7 = arith.constant 7 : index
// CHECK-NEXT:    "memref.copy"(%in, %t) : (memref<8xf32>, memref<8xf32>) -> ()
// CHECK-NEXT:    %a = memref.load %t[%c0] : memref<8xf32>
// CHECK-NEXT:    %b = memref.load %t[%c7] : memref<8xf32>
// CHECK-NEXT:    %s = arith.addf %a, %b : f32
// CHECK-NEXT:    linalg.fill ins(%s : f32) outs(%out : memref<8xf32>)
// CHECK-NEXT:    func.return %s : f32
// CHECK-LABEL: func.func private @helper(%in: memref<8xf32>, %out: memref<8xf32>, %t: memref<8xf32>) -> f32 {
// CHECK-NEXT:    %s = func.call @inner(%in, %out, %t) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> f32
// CHECK-NEXT:    func.return %s : f32
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:    %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<64xi8>
// CHECK:         %1 = arith.constant 0 : index
// CHECK-NEXT:    %in = memref.view %0[%1][] : memref<64xi8> to memref<8xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%in : memref<8xf32>)
// CHECK-NEXT:    %2 = arith.constant 0 : index
// CHECK-NEXT:    %out = memref.view %0[%2][] : memref<64xi8> to memref<8xf32>
// CHECK-NEXT:    %3 = arith.constant 32 : index
// CHECK-NEXT:    %t = memref.view %0[%3][] : memref<64xi8> to memref<8xf32>
// CHECK-NEXT:    %s = func.call @inner(%in, %out, %t) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> f32
// CHECK-NEXT:    %r = memref.load %out[%c3] : memref<8xf32>
// CHECK-NEXT:    memref.dealloc %0 : memref<64xi8>
// CHECK-NEXT:    func.return %s, %r : f32, f32
// CHECK-LABEL: func.func @outer(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
// CHECK-NEXT:    %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
// CHECK-NEXT:    %1 = arith.constant 0 : index
// CHECK-NEXT:    %t = memref.view %0[%1][] : memref<32xi8> to memref<8xf32>
// CHECK-NEXT:    %s = func.call @helper(%in, %out, %t) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> f32
// CHECK-NEXT:    memref.dealloc %0 : memref<32xi8>
// CHECK-NEXT:    func.return %s : f32

// OFF-LABEL: func.func private @inner(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
// OFF-NEXT:    %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
// OFF-LABEL: func.func @main() -> (f32, f32) {
// OFF-NEXT:    %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>

// EXEC:      @main before (3.0, 3.0), after (3.0, 3.0): results match; 0 finding(s)
// EXEC-NEXT: @main before: 3 allocs (96 B), 1 copy (32 B), 3 frees, peak 96 B, lower bound 64 B; after: 1 alloc (64 B; 1 arena, 64 B), 1 copy (32 B), 1 free, peak 64 B, lower bound 64 B

// -----

// A callee called from a parallel loop keeps its scratch: every iteration would need
// its own copy in the caller.  A public callee keeps it too (it may be called from
// outside, with no buffer passed).

func.func private @scratchy(%out: memref<4xf32>) {
  %x = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  "memref.copy"(%t, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  func.return
}

func.func @public_scratchy(%out: memref<4xf32>) {
  %x = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  "memref.copy"(%t, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  func.return
}

func.func @par(%o: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  "scf.parallel"(%c0, %c2, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    %row = memref.subview %o[%i, 0] [1, 4] [1, 1] : memref<2x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %b = memref.alloc() : memref<4xf32>
    func.call @scratchy(%b) : (memref<4xf32>) -> ()
    "memref.copy"(%b, %row) : (memref<4xf32>, memref<4xf32, strided<[1], offset: ?>>) -> ()
    memref.dealloc %b : memref<4xf32>
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  %q = memref.alloc() : memref<4xf32>
  func.call @public_scratchy(%q) : (memref<4xf32>) -> ()
  memref.dealloc %q : memref<4xf32>
  func.return
}

// CHECK-LABEL: func.func private @scratchy(%out: memref<4xf32>) {
// CHECK-NEXT:    %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<16xi8>
// CHECK-LABEL: func.func @public_scratchy(%out: memref<4xf32>) {
// CHECK-NEXT:    %0 = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<16xi8>
// CHECK-LABEL: func.func @par(%o: memref<2x4xf32>) {
// CHECK:         func.call @scratchy(%b) : (memref<4xf32>) -> ()
