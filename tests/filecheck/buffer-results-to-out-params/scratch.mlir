// RUN: xdsl-opt %s -p 'buffer-results-to-out-params{hoist-static-allocs=true}' | filecheck %s
// RUN: xdsl-opt %s -p 'buffer-results-to-out-params' | filecheck %s --check-prefix=NOHOIST

// @pingpong returns a loop result that is its argument or its own buffer %tmp,
// depending on the trip count's parity. With hoist-static-allocs, the out-parameter
// takes %tmp's place (no allocation) and the return copies only when the result
// is not the out-parameter (the argument's buffer: aligned pointers differ).
// @two_results returns two loop results that may both be %tmp: no out-parameter can
// take its place (each return copies).

func.func private @pingpong(%u: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %tmp = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %u, %nxt = %tmp) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %cur[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    linalg.fill ins(%w : f32) outs(%nxt : memref<4xf32>)
    scf.yield %nxt, %cur : memref<4xf32>, memref<4xf32>
  }
  func.return %r#0 : memref<4xf32>
}

// CHECK-LABEL: func.func private @pingpong(%u: memref<4xf32>, %n: index, %tmp: memref<4xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         %[[R:.*]], %{{.*}} = scf.for %{{.*}} = %{{.*}} to %n step %{{.*}} iter_args(%cur = %u, %nxt = %tmp)
// CHECK:         %[[P:.*]] = "memref.extract_aligned_pointer_as_index"(%[[R]])
// CHECK-NEXT:    %[[Q:.*]] = "memref.extract_aligned_pointer_as_index"(%tmp)
// CHECK-NEXT:    %[[NE:.*]] = arith.cmpi ne, %[[P]], %[[Q]] : index
// CHECK-NEXT:    scf.if %[[NE]] {
// CHECK-NEXT:      "memref.copy"(%[[R]], %tmp)
// CHECK:         func.return{{$}}

// NOHOIST-LABEL: func.func private @pingpong(%u: memref<4xf32>, %n: index, %0: memref<4xf32>) {
// NOHOIST:         memref.alloc() : memref<4xf32>
// NOHOIST-NOT:     scf.if
// NOHOIST:         "memref.copy"

func.func private @two_results(%u: memref<4xf32>, %n: index) -> (memref<4xf32>, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %tmp = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %u, %nxt = %tmp) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %cur[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    linalg.fill ins(%w : f32) outs(%nxt : memref<4xf32>)
    scf.yield %nxt, %cur : memref<4xf32>, memref<4xf32>
  }
  func.return %r#0, %r#1 : memref<4xf32>, memref<4xf32>
}

// CHECK-LABEL: func.func private @two_results(%u: memref<4xf32>, %n: index, %0: memref<4xf32>, %1: memref<4xf32>) {
// CHECK:         %tmp = memref.alloc() : memref<4xf32>
// CHECK-NOT:     scf.if
// CHECK:         "memref.copy"(%r, %0)
// CHECK-NEXT:    "memref.copy"(%r_1, %1)

func.func @main() -> (f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %u = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%u : memref<4xf32>)
  %even = func.call @pingpong(%u, %c2) : (memref<4xf32>, index) -> memref<4xf32>
  %a = memref.load %even[%c0] : memref<4xf32>
  %odd = func.call @pingpong(%u, %c3) : (memref<4xf32>, index) -> memref<4xf32>
  %b = memref.load %odd[%c0] : memref<4xf32>
  %x, %y = func.call @two_results(%u, %c3) : (memref<4xf32>, index) -> (memref<4xf32>, memref<4xf32>)
  %c = memref.load %x[%c0] : memref<4xf32>
  %d = memref.load %y[%c0] : memref<4xf32>
  %e = memref.load %u[%c0] : memref<4xf32>
  memref.dealloc %u : memref<4xf32>
  func.return %a, %b, %c, %d, %e : f32, f32, f32, f32, f32
}

// Executed (with buffer-deallocation on both sides, odd and even trip counts) by
// tests/transforms/test_memory_passes.py.
