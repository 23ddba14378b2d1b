// RUN: xdsl-opt %s -p static-memory-planning | filecheck %s
// RUN: xdsl-bufferize-check %s --pipeline static-memory-planning | filecheck %s --check-prefix=RUN-MAIN
// RUN: xdsl-bufferize-check %s --entry clobber --pipeline static-memory-planning | filecheck %s --check-prefix=RUN-CLOBBER

// A buffer passed to a call lives, inside the call, from the first to the last op of
// the callee's body that touches its argument (through views, nested regions and
// calls). @reduce_then_fill reads %in (its last use in @main) to the end of its
// second op and only then writes %out (first used by the call): the two share
// bytes, so @main's arena holds one 32 B buffer, not two.
// In @clobber's callee the write into %out comes before the last read of %in: they
// stay apart (at one offset, the fill would change the value read afterwards).

func.func private @reduce_then_fill(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %a = memref.load %in[%c0] : memref<8xf32>
  %b = memref.load %in[%c7] : memref<8xf32>
  %s = arith.addf %a, %b : f32
  linalg.fill ins(%s : f32) outs(%out : memref<8xf32>)
  func.return %s : f32
}

func.func private @fill_then_read(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %a = memref.load %in[%c0] : memref<8xf32>
  linalg.fill ins(%a : f32) outs(%out : memref<8xf32>)
  %b = memref.load %in[%c7] : memref<8xf32>
  %s = arith.addf %a, %b : f32
  func.return %s : f32
}

func.func @main() -> (f32, f32) {
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.5 : f32
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%x : f32) outs(%in : memref<8xf32>)
  %out = memref.alloc() : memref<8xf32>
  %s = func.call @reduce_then_fill(%in, %out) : (memref<8xf32>, memref<8xf32>) -> f32
  memref.dealloc %in : memref<8xf32>
  %r = memref.load %out[%c3] : memref<8xf32>
  memref.dealloc %out : memref<8xf32>
  func.return %s, %r : f32, f32
}

// CHECK-LABEL: func.func @main
// CHECK:         %{{.*}} = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
// CHECK:         %[[OFFSET:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %{{.*}}[%[[OFFSET]]][] : memref<32xi8> to memref<8xf32>
// CHECK:         %[[OFFSET2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %{{.*}}[%[[OFFSET2]]][] : memref<32xi8> to memref<8xf32>
// CHECK:         func.call @reduce_then_fill(

func.func @clobber() -> (f32, f32) {
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.5 : f32
  %y = arith.constant 4.0 : f32
  %c7 = arith.constant 7 : index
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%x : f32) outs(%in : memref<8xf32>)
  memref.store %y, %in[%c7] : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  %s = func.call @fill_then_read(%in, %out) : (memref<8xf32>, memref<8xf32>) -> f32
  memref.dealloc %in : memref<8xf32>
  %r = memref.load %out[%c3] : memref<8xf32>
  memref.dealloc %out : memref<8xf32>
  func.return %s, %r : f32, f32
}

// CHECK-LABEL: func.func @clobber
// CHECK:         %{{.*}} = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<64xi8>

// RUN-MAIN:      @main before (3.0, 3.0), after (3.0, 3.0): results match; 0 finding(s)
// RUN-MAIN-NEXT: @main before: 2 allocs (64 B), 0 copies (0 B), 2 frees, peak 64 B, lower bound 32 B; after: 1 alloc (32 B; 1 arena, 32 B), 0 copies (0 B), 1 free, peak 32 B, lower bound 32 B
// RUN-CLOBBER:      @clobber before (5.5, 1.5), after (5.5, 1.5): results match; 0 finding(s)
