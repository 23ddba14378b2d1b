// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: crash:AssertionError
// detail: AssertionError (at xdsl_bufferize/transforms/buffer_deallocation.py:151 in apply_plan)
// origin: xdsl-bufferize-fuzz --count 1 --seed 24 --pipeline buffer-deallocation (shrunk; generator as of the first fuzzing commit)
// status: fixed (da5ce2e): AssertionError in apply_plan (buffer_deallocation.py:151)

builtin.module {
  func.func private @mhelper0(%arg1: f32, %arg2: memref<5x5xf32>, %arg3: i1) -> memref<5x5xf32> {
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %cst14 = arith.constant 2.500000e-01 : f32
    %c7 = arith.constant 7 : index
    %cond9 = arith.cmpi slt, %c3, %c0 : index
    %if11 = scf.if %cond9 -> (memref<7x5xf32>) {
      %cond13 = arith.cmpf olt, %arg1, %cst14 : f32
      %if15 = scf.if %cond13 -> (memref<7x6xf32>) {
        %m16 = memref.alloca() : memref<7x6xf32>
        scf.yield %m16 : memref<7x6xf32>
      } else {
        %m18 = memref.alloc() : memref<7x6xf32>
        scf.yield %m18 : memref<7x6xf32>
      }
      %md26 = memref.alloc(%c7) : memref<?x5xf32>
      %m25 = "memref.cast"(%md26) : (memref<?x5xf32>) -> memref<7x5xf32>
      scf.yield %m25 : memref<7x5xf32>
    } else {
      %m36 = memref.alloc() : memref<7x5xf32>
      scf.yield %m36 : memref<7x5xf32>
    }
    cf.cond_br %arg3, ^bb1, ^bb2
  ^bb1:
    %m38 = memref.alloc() : memref<5x5xf32>
    linalg.fill ins(%arg1 : f32) outs(%m38 : memref<5x5xf32>)
    cf.br ^bb3(%m38 : memref<5x5xf32>)
  ^bb2:
    %m39 = memref.alloc() : memref<5x5xf32>
    linalg.fill ins(%arg1 : f32) outs(%m39 : memref<5x5xf32>)
    cf.br ^bb3(%m39 : memref<5x5xf32>)
  ^bb3(%merged41: memref<5x5xf32>):
    func.return %merged41 : memref<5x5xf32>
  }
  func.func @main() -> f32 {
    %cst50 = arith.constant -1.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %m60 = memref.alloc() : memref<5x5xf32>
    linalg.fill ins(%cst50 : f32) outs(%m60 : memref<5x5xf32>)
    %cond61 = arith.cmpi slt, %c1, %c0 : index
    %call64 = func.call @mhelper0(%cst50, %m60, %cond61) : (f32, memref<5x5xf32>, i1) -> memref<5x5xf32>
    %r72 = memref.load %call64[%c4, %c2] : memref<5x5xf32>
    func.return %r72 : f32
  }
}
