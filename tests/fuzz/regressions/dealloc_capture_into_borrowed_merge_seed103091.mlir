// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: crash:AssertionError
// detail: AssertionError (at xdsl_bufferize/analysis/ownership.py:1593 in _place)
// status: fixed (analysis/ownership.py _capturing_op: an exit passing the captured buffer into a borrowed merge keeps it alive, so the region op cannot take it over)
// origin: xdsl-bufferize-fuzz --count 10000 --seed 100000 --pipeline buffer-deallocation --jobs 2 --timeout 60 (seed 103091, shrunk)
builtin.module {
  func.func @main() -> f32 {
    %c4 = arith.constant 4 : index
    %cst14 = arith.constant -2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %md12 = memref.alloc(%c4) : memref<?x8xf32>
    %m11 = "memref.cast"(%md12) : (memref<?x8xf32>) -> memref<4x8xf32>
    linalg.fill ins(%cst14 : f32) outs(%m11 : memref<4x8xf32>)
    %m19 = memref.alloc() : memref<4x8xf32>
    %cond25 = arith.cmpi slt, %c1, %c2 : index
    %join24, %join24_1 = scf.if %cond25 -> (memref<4x8xf32>, memref<4x8xf32>) {
      %m27 = memref.alloca() : memref<4x8xf32>
      scf.yield %m19, %m27 : memref<4x8xf32>, memref<4x8xf32>
    } else {
      %m28 = memref.alloc() : memref<4x8xf32>
      scf.yield %m28, %m19 : memref<4x8xf32>, memref<4x8xf32>
    }
    %sv65 = memref.subview %m11[1, 0] [3, 7] [1, 1] : memref<4x8xf32> to memref<3x7xf32, strided<[8, 1], offset: 8>>
    %r72 = memref.load %sv65[%c2, %c1] : memref<3x7xf32, strided<[8, 1], offset: 8>>
    func.return %r72 : f32
  }
}
