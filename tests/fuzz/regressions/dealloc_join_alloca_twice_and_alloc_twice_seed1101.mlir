// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: crash:AssertionError
// detail: AssertionError (at xdsl_bufferize/transforms/buffer_deallocation.py:431 in _build_free)
// status: fixed (analysis/ownership.py: a static buffer passed twice is borrowed twice, not copied; a merge fed a copy is freed with the copy's allocation model, not the copied buffer's)
// origin: xdsl-bufferize-fuzz --count 300 --seed 1000 --pipeline buffer-deallocation (seed 1101, shrunk)
builtin.module {
  func.func @main() -> f32 {
    %cst50 = arith.constant -2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst89 = arith.constant 1.000000e+00 : f32
    %m49 = memref.alloc() : memref<5x4xf32>
    linalg.fill ins(%cst50 : f32) outs(%m49 : memref<5x4xf32>)
    %sv51 = memref.subview %m49[3, 3] [1, 1] [1, 1] : memref<5x4xf32> to memref<1x1xf32, strided<[4, 1], offset: 15>>
    %l52 = memref.load %sv51[%c0, %c0] : memref<1x1xf32, strided<[4, 1], offset: 15>>
    %cond88 = arith.cmpf olt, %l52, %cst89 : f32
    %join87, %join87_1 = scf.if %cond88 -> (memref<5x4xf32>, memref<5x4xf32>) {
      %m102 = memref.alloca() : memref<5x4xf32>
      scf.yield %m102, %m102 : memref<5x4xf32>, memref<5x4xf32>
    } else {
      %m116 = memref.alloc() : memref<5x4xf32>
      scf.yield %m116, %m116 : memref<5x4xf32>, memref<5x4xf32>
    }
    %r124 = memref.load %m49[%c1, %c0] : memref<5x4xf32>
    func.return %r124 : f32
  }
}
