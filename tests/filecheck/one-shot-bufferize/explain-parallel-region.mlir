// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true print-conflicts=true}' 2>&1 | filecheck %s --check-prefix=CONFLICTS
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true explain-copies=true}' 2>&1 | filecheck %s --check-prefix=EXPLAIN

// Each iteration of the scf.forall fills %t, a tensor defined outside the loop: in
// place, the iterations would share one buffer, so each gets a new one. The reason
// names the parallel region (not a random decision); the copy of each slice into the
// shared output names the parallel_insert_slice.

func.func @main() -> tensor<4x4xf32> {
  %t = tensor.empty() : tensor<4xf32>
  %init = tensor.empty() : tensor<4x4xf32>
  %cst = arith.constant 2.0 : f32
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x4xf32>) {
    %f = linalg.fill ins(%cst : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<4x4xf32>
    }
  }
  func.return %r : tensor<4x4xf32>
}

// CONFLICTS: one-shot-bufferize: @main: new buffer instead of %t (tensor<4xf32>) for the write of `%f = linalg.fill ins(%cst) outs(%t)` because %t is defined outside the parallel region of the write, so each iteration needs a buffer of its own
// CONFLICTS: scf.forall
// CONFLICTS-NEXT: memref.alloc() {{.*}} : memref<4xf32>

// EXPLAIN: explain-copies: @main: copy made for `tensor.parallel_insert_slice %f into %o[%i, 0] [1, 4] [1, 1]`: the inserted value is in a buffer of its own (not the destination's slice), so it is copied into the slice
// EXPLAIN-NOT: explain-copies
