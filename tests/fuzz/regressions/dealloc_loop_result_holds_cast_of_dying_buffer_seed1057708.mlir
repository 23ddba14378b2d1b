// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.5 before, 0.25 after
// origin: xdsl-bufferize-fuzz --count 5000 --seed 1055000 --pipeline buffer-deallocation (seed 1057708, shrunk), on 6a7204a
// status: fixed (ownership._absorbable accepts a root of another type reached through a cast, and the merge then frees through the base buffer): the inner loop's flagged result may hold %m81 (alive after the loop) or the body's %md98 through the cast %m97, a root of another type, which could not be absorbed: the outer yield copied it, so linalg.add wrote into the copy instead of %m81
builtin.module {
  func.func @main() -> f32 {
    %cst82 = arith.constant 2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %m81 = memref.alloc() : memref<7x7xf32>
    linalg.fill ins(%cst82 : f32) outs(%m81 : memref<7x7xf32>)
    %for94 = scf.for %iv93 = %c0 to %c1 step %c1 iter_args(%acc95 = %m81) -> (memref<7x7xf32>) {
      %md98 = memref.alloc(%c7) : memref<?x7xf32>
      %m97 = "memref.cast"(%md98) : (memref<?x7xf32>) -> memref<7x7xf32>
      %for101, %for101_1 = scf.for %iv100 = %c0 to %c3 step %c1 iter_args(%acc102 = %m97, %acc103 = %m97) -> (memref<7x7xf32>, memref<7x7xf32>) {
        scf.yield %m81, %m81 : memref<7x7xf32>, memref<7x7xf32>
      }
      scf.yield %for101 : memref<7x7xf32>
    }
    linalg.add ins(%m81, %m81 : memref<7x7xf32>, memref<7x7xf32>) outs(%for94 : memref<7x7xf32>)
    %r155 = memref.load %m81[%c6, %c2] : memref<7x7xf32>
    func.return %r155 : f32
  }
}
