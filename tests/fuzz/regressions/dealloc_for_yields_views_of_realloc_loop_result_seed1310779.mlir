// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -1.0 before, 1.5 after
// origin: xdsl-bufferize-fuzz --count 1 --seed 1310779 --kind memref --pipeline buffer-deallocation (generator of main 382c67a, shrunk), generator features view_joins + realloc
// status: fixed (analysis/ownership: OwnershipState.program_freed; the loop result %for59 of the reallocating loop is freed by the pass alone, so the outer loop's results take it over through its two views instead of a copy each; the store through %vj46 is read through %vj46_1)
builtin.module {
  func.func @main() -> f32 {
    %cst18 = arith.constant -1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %cst55 = arith.constant 1.500000e+00 : f32
    %c5 = arith.constant 5 : index
    %m47 = memref.alloc() : memref<7xf32>
    %dv49 = memref.subview %m47[%c2] [2] [1] : memref<7xf32> to memref<2xf32, strided<[1], offset: ?>>
    %vj46, %vj46_1 = scf.for %iv50 = %c0 to %c3 step %c1 iter_args(%acc51 = %dv49, %acc52 = %dv49) -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>) {
      %m54 = memref.alloc() : memref<7xf32>
      linalg.fill ins(%cst55 : f32) outs(%m54 : memref<7xf32>)
      %for59 = scf.for %iv58 = %c0 to %c2 step %c1 iter_args(%acc60 = %m54) -> (memref<7xf32>) {
        %re63 = memref.realloc %acc60 : memref<7xf32> to memref<7xf32>
        scf.yield %re63 : memref<7xf32>
      }
      %dv65 = memref.subview %for59[%c3] [2] [1] : memref<7xf32> to memref<2xf32, strided<[1], offset: ?>>
      %dv66 = memref.subview %for59[%c2] [2] [1] : memref<7xf32> to memref<2xf32, strided<[1], offset: ?>>
      scf.yield %dv65, %dv66 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
    }
    memref.store %cst18, %vj46[%c0] : memref<2xf32, strided<[1], offset: ?>>
    %l67 = memref.load %vj46_1[%c1] : memref<2xf32, strided<[1], offset: ?>>
    linalg.fill ins(%l67 : f32) outs(%m47 : memref<7xf32>)
    %r114 = memref.load %m47[%c5] : memref<7xf32>
    func.return %r114 : f32
  }
}
