// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: leak
// detail: heap buffer #0 of 4 elements is never freed
// origin: hand-written, issue #13 class 1
// status: fixed (analysis/ownership.py _find_user_managed: a merge the input frees takes its incoming buffers over as they are): each incoming buffer was cloned into the merge and the original leaked

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%b : memref<4xf32>)
  %r = scf.if %true -> (memref<4xf32>) {
    memref.dealloc %b : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  func.return %v : f32
}
