// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: leak
// detail: heap buffer of the loop result is never freed
// origin: hand-written, issue #13 class 1
// status: fixed (analysis/ownership.py: members of a merge freed by the input that the input never frees are freed by us)

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %n) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %x : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
