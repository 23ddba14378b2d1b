// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true print-conflicts=true explain-copies=true}" | filecheck %s --check-prefix=ANALYSIS

// Tiles of the shared output computed in place: each iteration works on a subview
// of the one output buffer; no copy, no allocation in the loop.
// CHECK-LABEL: func.func @tiled_in_place
// CHECK:       %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[OUT]] : memref<8x4xf32>)
// CHECK-NEXT:  scf.forall (%[[I:.*]]) in (4) {
// CHECK:         %[[TILE:.*]] = memref.subview %[[OUT]][%{{.*}}, 0] [2, 4] [1, 1]
// CHECK-NEXT:    linalg.mul ins(%[[TILE]], %[[TILE]] : {{.*}}) outs(%[[TILE]] : {{.*}})
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %[[OUT]] : memref<8x4xf32>
func.func @tiled_in_place(%f: f32) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%f : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<8x4xf32>) {
    %c2 = arith.constant 2 : index
    %row = arith.muli %i, %c2 : index
    %tile = tensor.extract_slice %o[%row, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
    %sq = linalg.mul ins(%tile, %tile : tensor<2x4xf32>, tensor<2x4xf32>) outs(%tile : tensor<2x4xf32>) -> tensor<2x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sq into %o[%row, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    }
  }
  func.return %r : tensor<8x4xf32>
}

// -----

// A tensor defined outside the loop and written inside: every iteration gets its
// own buffer (allocated in the body), never one shared by all iterations. The
// piece built in the loop is copied into the subview of the shared output.
// CHECK-LABEL: func.func @private_copy
// CHECK:       %[[SCRATCH:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK:       scf.forall (%[[I:.*]]) in (4) {
// CHECK:         %[[PRIV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[PRIV]] : memref<2xf32>)
// CHECK-NEXT:    %[[ROW:.*]] = memref.subview %{{.*}}[%[[I]], 0] [1, 2] [1, 1]
// CHECK-NEXT:    linalg.add ins(%[[ROW]], %[[PRIV]] : {{.*}}) outs(%[[ROW]] : {{.*}})
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %{{.*}}, %[[SCRATCH]]
// ANALYSIS-LABEL: func.func @private_copy
// ANALYSIS:       linalg.fill {__inplace_operands_attr__ = ["none", "false"], __conflicts__ = ["operand #1: write in a parallel region: operand #1 of linalg.fill writes data defined outside the region (result #0 of linalg.fill); each iteration needs its own copy"]}
func.func @private_copy(%f: f32) -> (tensor<4x2xf32>, tensor<2xf32>) {
  %t = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%f : f32) outs(%t : tensor<4x2xf32>) -> tensor<4x2xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %scratch = linalg.fill ins(%f : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x2xf32>) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f32
    %w = linalg.fill ins(%v : f32) outs(%scratch : tensor<2xf32>) -> tensor<2xf32>
    %row = tensor.extract_slice %o[%i, 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<2xf32>
    %sum = linalg.add ins(%row, %w : tensor<2xf32>, tensor<2xf32>) outs(%row : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o[%i, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    }
  }
  func.return %r, %scratch : tensor<4x2xf32>, tensor<2xf32>
}

// -----

// The shared output is still read after the loop: the loop writes a copy of it. A
// piece computed outside the output is copied into its subview.
// CHECK-LABEL: func.func @output_read_after
// CHECK-SAME:  (%[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>)
// CHECK:       %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[T]], %[[COPY]])
// CHECK-NEXT:  scf.forall (%[[I:.*]]) in (4) {
// CHECK:         %[[PIECE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
// CHECK:         %[[DST:.*]] = memref.subview %[[COPY]][%[[I]]] [1] [1]
// CHECK-NEXT:    "memref.copy"(%[[PIECE]], %[[DST]])
// CHECK-NEXT:  }
// CHECK:       func.return %[[COPY]], %{{.*}} : memref<4xf32>, f32
func.func @output_read_after(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %x = tensor.extract %o[%i] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %piece = tensor.from_elements %y : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %piece into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  %z = tensor.extract %t[%c0] : tensor<4xf32>
  func.return %r, %z : tensor<4xf32>, f32
}

// -----

// Executed (tests/bufferize/test_analysis_execution.py): tiles in place, a private
// copy of a tensor from outside the loop, the output read after the loop, a nested
// loop writing the tile of its enclosing loop's output.
// CHECK-LABEL: func.func @main
// CHECK-COUNT-2: scf.forall
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%f : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %scratch = linalg.fill ins(%f : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x2xf32>) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f32
    %w = linalg.fill ins(%v : f32) outs(%scratch : tensor<2xf32>) -> tensor<2xf32>
    %row = tensor.extract_slice %o[%i, 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<2xf32>
    %sum = linalg.add ins(%row, %w : tensor<2xf32>, tensor<2xf32>) outs(%row : tensor<2xf32>) -> tensor<2xf32>
    %inner = scf.forall (%j) in (2) shared_outs(%p = %sum) -> (tensor<2xf32>) {
      %x = tensor.extract %p[%j] : tensor<2xf32>
      %y = arith.mulf %x, %x : f32
      %piece = tensor.from_elements %y : tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %piece into %p[%j] [1] [1] : tensor<1xf32> into tensor<2xf32>
      }
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %inner into %o[%i, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    }
  }
  %a = tensor.extract %r[%c3, %c0] : tensor<4x2xf32>
  %b = tensor.extract %init[%c3, %c0] : tensor<4x2xf32>
  %s = tensor.extract %scratch[%c0] : tensor<2xf32>
  %c1 = arith.constant 1 : index
  %d = tensor.extract %r[%c1, %c1] : tensor<4x2xf32>
  func.return %a, %b, %s, %d : f32, f32, f32, f32
}

// -----

// The source of a parallel_insert_slice chosen by an scf.if: the iteration's own tile of
// the shared output (the matching slice) or a new tensor. On neither path does reading the
// source read a part of the output the insert overwrites, so the insert is in place (as
// upstream MLIR; before, the analysis wanted every path to be the matching slice and
// refused: "cannot avoid RaW conflict"). The fill writes a new buffer (out of place, as
// upstream); the insert copies the chosen source into the tile.
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<4x2xf32>) {
    %off = arith.muli %i, %c2 : index
    %tile = tensor.extract_slice %o[%off, 0] [2, 2] [1, 1] : tensor<4x2xf32> to tensor<2x2xf32>
    %e2 = tensor.empty() : tensor<2x2xf32>
    %f = linalg.fill ins(%f2 : f32) outs(%e2 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %c = arith.cmpi eq, %i, %c0 : index
    %s = scf.if %c -> (tensor<2x2xf32>) {
      scf.yield %tile : tensor<2x2xf32>
    } else {
      scf.yield %f : tensor<2x2xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x2xf32>
    }
  }
  %a = tensor.extract %r[%c0, %c0] : tensor<4x2xf32>
  %b = tensor.extract %r[%c3, %c0] : tensor<4x2xf32>
  func.return %a, %b : f32, f32
}

// ANALYSIS-LABEL: func.func @main() -> (f32, f32)
// ANALYSIS:         %f = linalg.fill {"C_2[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false"]
// ANALYSIS:         tensor.parallel_insert_slice %s into %o[%off, 0] [2, 2] [1, 1] {"C_2[READ: 0]", __inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK-LABEL: func.func @main() -> (f32, f32)
// CHECK:         scf.forall (%i) in (2) {
// CHECK:           %[[S:.*]] = scf.if %c -> (memref<2x2xf32, strided<[?, ?], offset: ?>>) {
// CHECK:           %[[T:.*]] = memref.subview %0[%off, 0] [2, 2] [1, 1] : memref<4x2xf32> to memref<2x2xf32, strided<[2, 1], offset: ?>>
// CHECK-NEXT:      "memref.copy"(%[[S]], %[[T]])

// -----

// The shared output inserted over all of itself (the slice's sizes are its static shape,
// so its offsets are 0): a copy onto itself, no conflict, and no copy is made (upstream
// MLIR accepts it too and copies the buffer onto itself). Before: "cannot avoid RaW
// conflict" (seed 1544244 of the #17 planner campaign).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %off = arith.muli %i, %c8 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %o into %o[%off] [8] [1] : tensor<8xf32> into tensor<8xf32>
    }
  }
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  return %x : f32
}

// ANALYSIS-LABEL: func.func @main() -> f32
// ANALYSIS:         tensor.parallel_insert_slice %o into %o[%off] [8] [1] {__inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK-LABEL: func.func @main() -> f32
// CHECK:         scf.forall (%i) in (1) {
// CHECK-NEXT:      %off = arith.muli %i, %c8 : index
// CHECK-NEXT:    }
