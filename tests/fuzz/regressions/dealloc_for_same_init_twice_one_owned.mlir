// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 5.0 before, 3.0 after
// origin: hand-written, issue #13 class 3
// status: fixed (analysis/ownership.py _borrow_valid: an operand into a borrowed merge hands nothing over): the second iter_arg got a clone of the buffer the first one borrows

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %y[%c0] : memref<4xf32>
    %n = memref.alloc() : memref<4xf32>
    linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
    scf.yield %x, %n : memref<4xf32>, memref<4xf32>
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  %v2 = memref.load %r#1[%c0] : memref<4xf32>
  %s = arith.addf %v, %v2 : f32
  func.return %s : f32
}
