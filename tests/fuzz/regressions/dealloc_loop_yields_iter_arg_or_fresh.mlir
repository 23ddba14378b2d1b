// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: copies
// detail: a bufferization.clone per iteration of a loop yielding its iter_arg on some paths
// origin: hand-written, issue #13 class 3
// status: fixed (analysis/ownership.py _capturing_op: the scf.if at the iter_arg's last use takes it over)

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %p = arith.cmpi ult, %i, %c2 : index
    %n = scf.if %p -> (memref<4xf32>) {
      scf.yield %x : memref<4xf32>
    } else {
      %b = memref.alloc() : memref<4xf32>
      "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
      scf.yield %b : memref<4xf32>
    }
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
