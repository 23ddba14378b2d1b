// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.25 before, nan after
// origin: xdsl-bufferize-fuzz --count 300 --seed 7700000 --pipeline buffer-deallocation (seed 7700018, shrunk), generator feature view_joins, on f7d95ce (19 of 300 programs failed this way)
// status: fixed (ownership.frees_through_base, FreeThroughBaseModel): both branches yield one dynamic-offset view of a buffer they allocate twice; a view whose type does not tell where it starts could not be handed over, so each yield got its own bufferization.clone and the store through %vj23 was not seen through %vj23_1. Now the first yield hands the buffer over (freed through its base buffer, memref.extract_strided_metadata) and the second borrows it
builtin.module {
  func.func @main() -> f32 {
    %cst3 = arith.constant 2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %m6 = memref.alloc() : memref<4xf32>
    %cond24 = arith.cmpi ne, %c0, %c0 : index
    %vj23, %vj23_1 = scf.if %cond24 -> (memref<3xf32, strided<[1], offset: ?>>, memref<3xf32, strided<[1], offset: ?>>) {
      %m27 = memref.alloc() : memref<3xf32>
      %dv29 = memref.subview %m27[%c0] [3] [1] : memref<3xf32> to memref<3xf32, strided<[1], offset: ?>>
      scf.yield %dv29, %dv29 : memref<3xf32, strided<[1], offset: ?>>, memref<3xf32, strided<[1], offset: ?>>
    } else {
      %m31 = memref.alloc() : memref<3xf32>
      %dv32 = memref.subview %m31[%c0] [3] [1] : memref<3xf32> to memref<3xf32, strided<[1], offset: ?>>
      scf.yield %dv32, %dv32 : memref<3xf32, strided<[1], offset: ?>>, memref<3xf32, strided<[1], offset: ?>>
    }
    memref.store %cst3, %vj23[%c1] : memref<3xf32, strided<[1], offset: ?>>
    %l33 = memref.load %vj23_1[%c1] : memref<3xf32, strided<[1], offset: ?>>
    memref.store %l33, %m6[%c2] : memref<4xf32>
    %l35 = memref.load %m6[%c2] : memref<4xf32>
    %m36 = memref.alloc() : memref<4x4xf32>
    linalg.fill ins(%l35 : f32) outs(%m36 : memref<4x4xf32>)
    %r43 = memref.load %m36[%c0, %c3] : memref<4x4xf32>
    func.return %r43 : f32
  }
}
