// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: crash
// detail: 'affine.for' has regions whose control flow is unknown
// origin: hand-written, issue #13 class 7
// status: fixed (interfaces/region_branch.py: affine.for / affine.if / affine.parallel models, and xDSL's RegionBranchOpTrait asked first)

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = affine.for %i = 0 to 3 iter_args(%x = %a) -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
    %v = memref.load %b[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %b[%c0] : memref<4xf32>
    affine.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}
