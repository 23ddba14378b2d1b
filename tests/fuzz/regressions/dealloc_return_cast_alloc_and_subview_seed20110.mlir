// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 3.0 before, nan after
// status: fixed (analysis/forwarding.py result views through a cast of the allocation, as seed 3056)
// origin: xdsl-bufferize-fuzz --count 1000 --seed 20000 --pipeline buffer-deallocation (seed 20110, shrunk)
builtin.module {
  func.func private @mhelper1(%arg12: f32, %arg13: memref<3x3xf32>) -> (memref<3x3xf32>, memref<2x1xf32, strided<[3, 1], offset: 2>>) {
    %c3 = arith.constant 3 : index
    %md45 = memref.alloc(%c3) : memref<?x3xf32>
    %m44 = "memref.cast"(%md45) : (memref<?x3xf32>) -> memref<3x3xf32>
    %sv46 = memref.subview %m44[0, 2] [2, 1] [1, 1] : memref<3x3xf32> to memref<2x1xf32, strided<[3, 1], offset: 2>>
    func.return %m44, %sv46 : memref<3x3xf32>, memref<2x1xf32, strided<[3, 1], offset: 2>>
  }
  func.func @main() -> f32 {
    %cst76 = arith.constant 1.500000e+00 : f32
    %cst82 = arith.constant 3.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m81 = memref.alloca() : memref<3x3xf32>
    linalg.fill ins(%cst82 : f32) outs(%m81 : memref<3x3xf32>)
    %call83, %call83_1 = func.call @mhelper1(%cst76, %m81) : (f32, memref<3x3xf32>) -> (memref<3x3xf32>, memref<2x1xf32, strided<[3, 1], offset: 2>>)
    "memref.copy"(%m81, %call83) : (memref<3x3xf32>, memref<3x3xf32>) -> ()
    %r97 = memref.load %call83_1[%c1, %c0] : memref<2x1xf32, strided<[3, 1], offset: 2>>
    func.return %r97 : f32
  }
}
