// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 2.0 before, 1.0 after
// origin: hand-written, issue #13 class 4
// status: fixed (analysis/forwarding.py result views: a private function returning one fresh buffer twice hands it over once; the caller sees the second result as a view of the first): the second result was a clone

func.func private @f() -> (memref<4xf32>, memref<4xf32>) {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  func.return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f2 = arith.constant 2.0 : f32
  %r:2 = func.call @f() : () -> (memref<4xf32>, memref<4xf32>)
  memref.store %f2, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}
