// RUN: xdsl-opt %s -p static-memory-planning | filecheck %s
// RUN: xdsl-bufferize-check %s --pipeline static-memory-planning | filecheck %s --check-prefix=PINGPONG
// RUN: xdsl-bufferize-check %s --entry carried --pipeline static-memory-planning | filecheck %s --check-prefix=CARRIED
// RUN: xdsl-bufferize-check %s --entry foreign --pipeline static-memory-planning | filecheck %s --check-prefix=FOREIGN

// Ping-pong buffers: %a and %b swap places every iteration and are freed after the
// loop through its results, each of which may be either. They are planned together:
// both frees go away, and the two get different slots (the body reads one while
// writing the other, reversed, so one shared slot would give other results). %c,
// allocated after the loop, reuses their bytes.

func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
  %b = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  }
  %r0, %r1 = scf.for %t = %c0 to %c5 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<4xf32>, memref<4xf32>) {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (-d0 + 3)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%cur : memref<4xf32>) outs(%nxt : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %s = arith.addf %in, %f : f32
      linalg.yield %s : f32
    }
    scf.yield %nxt, %cur : memref<4xf32>, memref<4xf32>
  }
  %x = memref.load %r0[%c0] : memref<4xf32>
  %y = memref.load %r0[%c3] : memref<4xf32>
  memref.dealloc %r0 : memref<4xf32>
  memref.dealloc %r1 : memref<4xf32>
  %c = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%c : memref<4xf32>)
  %z = memref.load %c[%c1] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  func.return %x, %y, %z : f32, f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
// CHECK:         %[[A:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<32xi8> to memref<4xf32>
// CHECK:         %[[B:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<32xi8> to memref<4xf32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[B]])
// CHECK-NOT:     memref.dealloc %{{[a-z]}}
// CHECK:         %[[C:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<32xi8> to memref<4xf32>
// CHECK-NOT:     memref.dealloc %{{[a-z]}}
// CHECK:         memref.dealloc %[[ARENA]] : memref<32xi8>
// CHECK-NEXT:    func.return

// PINGPONG:      @main before (9.0, 9.0, 1.0), after (9.0, 9.0, 1.0): results match; 0 finding(s)
// PINGPONG-NEXT: @main before: 3 allocs (48 B), 0 copies (0 B), 3 frees, peak 32 B, lower bound 32 B; after: 1 alloc (32 B; 1 arena, 32 B), 0 copies (0 B), 1 free, peak 32 B, lower bound 32 B

// -----

// A buffer carried through a loop and freed after it through the loop's result. Its
// slot spans the loop: %t, allocated in the body, must not share it.

func.func @carried() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %acc = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%acc : memref<4xf32>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %acc) -> (memref<4xf32>) {
    %t = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (-d0 + 3)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%t : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %j = linalg.index 0 : index
      %jj = arith.index_cast %j : index to i32
      %f = arith.sitofp %jj : i32 to f32
      %s = arith.mulf %in, %f : f32
      linalg.yield %s : f32
    }
    linalg.add ins(%x, %t : memref<4xf32>, memref<4xf32>) outs(%x : memref<4xf32>)
    memref.dealloc %t : memref<4xf32>
    scf.yield %x : memref<4xf32>
  }
  %v = memref.load %r[%c1] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @carried
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
// CHECK-NOT:     memref.dealloc %{{[a-z]}}
// CHECK:         memref.dealloc %[[ARENA]] : memref<32xi8>
// CHECK-NEXT:    func.return

// CARRIED:      @carried before (58.0), after (58.0): results match; 0 finding(s)
// CARRIED-NEXT: after: 1 alloc (32 B; 1 arena, 32 B)

// -----

// A loop result that may be a buffer from outside (the function's argument) is
// freed conditionally by its owner: the allocation reaching it stays on the heap.

func.func @foreign_loop(%arg: memref<4xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
  "memref.copy"(%arg, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  %r0, %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %arg) -> (memref<4xf32>, memref<4xf32>) {
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r0[%c0] : memref<4xf32>
  %is_a = arith.cmpi eq, %n, %c0 : index
  scf.if %is_a {
    memref.dealloc %r0 : memref<4xf32>
  } else {
    memref.dealloc %r1 : memref<4xf32>
  }
  func.return %v : f32
}

func.func @foreign() -> f32 {
  %c3 = arith.constant 3 : index
  %three = arith.constant 3.0 : f32
  %arg = memref.alloc() : memref<4xf32>
  linalg.fill ins(%three : f32) outs(%arg : memref<4xf32>)
  %v = func.call @foreign_loop(%arg, %c3) : (memref<4xf32>, index) -> f32
  memref.dealloc %arg : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @foreign_loop
// CHECK-NOT:     memory_planning.arena
// CHECK:         %{{.*}} = memref.alloc() {alignment = 16 : i64} : memref<4xf32>
// CHECK-LABEL: func.func @foreign

// FOREIGN:      @foreign before (3.0), after (3.0): results match; 0 finding(s)
