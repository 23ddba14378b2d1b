// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 1.5 before, 3.0 after
// origin: xdsl-bufferize-fuzz --count 5000 --seed 1200000 --pipeline buffer-deallocation (seed 1202035), on eeff2ea, reduced by hand
// status: fixed (ownership._absorbable for views of flagged merges): the loop yields twice a view of %sel92, an scf.if choosing a fresh buffer or %for60_1, which borrows the inner loop's %for60, dying at the exit; the view could not absorb %for60 (only flagged values themselves could), so each yield got a clone and the store through %vj47 was not seen through %vj47_1
builtin.module {
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %f3 = arith.constant 3.0 : f32
  %m48 = memref.alloc() : memref<7xf32>
  linalg.fill ins(%f1 : f32) outs(%m48 : memref<7xf32>)
  %dv50 = memref.subview %m48[%c2] [1] [1] : memref<7xf32> to memref<1xf32, strided<[1], offset: ?>>
  %dv51 = memref.subview %m48[%c6] [1] [1] : memref<7xf32> to memref<1xf32, strided<[1], offset: ?>>
  %vj47, %vj47_1 = scf.for %iv54 = %c0 to %c3 step %c1 iter_args(%acc55 = %dv50, %acc56 = %dv51) -> (memref<1xf32, strided<[1], offset: ?>>, memref<1xf32, strided<[1], offset: ?>>) {
    %for60, %for60_1 = scf.for %iv59 = %c0 to %c1 step %c1 iter_args(%acc61 = %m48, %acc62 = %m48) -> (memref<7xf32>, memref<7xf32>) {
      %m86 = memref.alloc() : memref<7xf32>
      linalg.fill ins(%f2 : f32) outs(%m86 : memref<7xf32>)
      scf.yield %m86, %m86 : memref<7xf32>, memref<7xf32>
    }
    %m90 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%f3 : f32) outs(%m90 : memref<7xf32>)
    %cond93 = arith.cmpi ne, %iv54, %c1 : index
    %sel92 = scf.if %cond93 -> (memref<7xf32>) {
      scf.yield %m90 : memref<7xf32>
    } else {
      scf.yield %for60_1 : memref<7xf32>
    }
    %dv94 = memref.subview %sel92[%c5] [1] [1] : memref<7xf32> to memref<1xf32, strided<[1], offset: ?>>
    scf.yield %dv94, %dv94 : memref<1xf32, strided<[1], offset: ?>>, memref<1xf32, strided<[1], offset: ?>>
  }
  %cst67 = arith.constant 1.5 : f32
  memref.store %cst67, %vj47[%c0] : memref<1xf32, strided<[1], offset: ?>>
  %l96 = memref.load %vj47_1[%c0] : memref<1xf32, strided<[1], offset: ?>>
  func.return %l96 : f32
}
}
