// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -0.5 before, 1.0 after
// status: fixed: the combined flag (result flag, or the result is the iter_arg and the iter_arg flag) is handed on at the back edge; the iter_arg is freed only if the result does not hold it
// origin: xdsl-bufferize-fuzz --count 10000 --seed 100000 --pipeline buffer-deallocation --jobs 2 --timeout 60 (seed 104692, shrunk)
builtin.module {
  func.func @main() -> f32 {
    %cst15 = arith.constant 3.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %cst19 = arith.constant 5.000000e-01 : f32
    %c1 = arith.constant 1 : index
    %cst31 = arith.constant -5.000000e-01 : f32
    %c3 = arith.constant 3 : index
    %m18 = memref.alloc() : memref<5x6xf32>
    linalg.fill ins(%cst19 : f32) outs(%m18 : memref<5x6xf32>)
    %m38 = memref.alloca() : memref<5x6xf32>
    linalg.fill ins(%cst31 : f32) outs(%m38 : memref<5x6xf32>)
    %for42 = scf.for %iv41 = %c0 to %c2 step %c1 iter_args(%acc43 = %m38) -> (memref<5x6xf32>) {
      %cond44 = arith.cmpi slt, %c0, %c3 : index
      %if45 = scf.if %cond44 -> (memref<5x6xf32>) {
        linalg.sub ins(%m18, %acc43 : memref<5x6xf32>, memref<5x6xf32>) outs(%m38 : memref<5x6xf32>)
        scf.yield %acc43 : memref<5x6xf32>
      } else {
        %m48 = memref.alloc() : memref<5x6xf32>
        scf.yield %m48 : memref<5x6xf32>
      }
      memref.store %cst15, %acc43[%c0, %c3] : memref<5x6xf32>
      scf.yield %if45 : memref<5x6xf32>
    }
    %r55 = memref.load %for42[%c1, %c0] : memref<5x6xf32>
    func.return %r55 : f32
  }
}
