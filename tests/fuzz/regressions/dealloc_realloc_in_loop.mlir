// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: crash
// detail: memref.realloc is not registered
// origin: hand-written, issue #13 class 2
// status: fixed (dialects/memref_realloc.py, models/allocation.py: the realloc frees its operand, its result is a fresh owned buffer; the loop result is freed after the loop)

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %y = memref.realloc %x : memref<4xf32> to memref<4xf32>
    %v = memref.load %y[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %y[%c0] : memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
