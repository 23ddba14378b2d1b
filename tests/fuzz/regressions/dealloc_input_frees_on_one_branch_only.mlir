// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: leak
// detail: heap buffer #0 of 4 elements is never freed
// origin: hand-written, issue #13 class 1
// status: fixed (analysis/ownership.py _place with the input's frees: freed by us on the paths through none of them, here in a new else region)

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %true = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.if %true {
    memref.dealloc %a : memref<4xf32>
  }
  func.return %v : f32
}
