// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -1.0 before, nan after
// origin: focused campaign of the r13 generator (op_realloc_join weighted up, seed 20095), shrunk; generator features view_joins + realloc
// status: fixed (ownership: the loop result %for39 of a reallocating loop is freed by the pass alone (program_may_free false), so the scf.if %sel43 choosing it or an alloca is flagged (_borrowed_into_owned) and hands it over through the view %dv45, no copy): the store through %vj8 is read through %vj8_1
builtin.module {
  func.func @main() -> f32 {
    %cst3 = arith.constant -1.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %cond9 = arith.cmpi slt, %c3, %c3 : index
    %vj8, %vj8_1 = scf.if %cond9 -> (memref<3xf32, strided<[1], offset: ?>>, memref<3xf32, strided<[1], offset: ?>>) {
      %m31 = memref.alloc() : memref<4xf32>
      %dv35 = memref.subview %m31[%c0] [3] [1] : memref<4xf32> to memref<3xf32, strided<[1], offset: ?>>
      scf.yield %dv35, %dv35 : memref<3xf32, strided<[1], offset: ?>>, memref<3xf32, strided<[1], offset: ?>>
    } else {
      %m37 = memref.alloc() : memref<4xf32>
      %for39 = scf.for %iv38 = %c0 to %c3 step %c1 iter_args(%acc40 = %m37) -> (memref<4xf32>) {
        %re41 = memref.realloc %acc40 : memref<4xf32> to memref<4xf32>
        scf.yield %re41 : memref<4xf32>
      }
      %m42 = memref.alloca() : memref<4xf32>
      %cond44 = arith.cmpi slt, %c2, %c3 : index
      %sel43 = scf.if %cond44 -> (memref<4xf32>) {
        scf.yield %for39 : memref<4xf32>
      } else {
        scf.yield %m42 : memref<4xf32>
      }
      %dv45 = memref.subview %sel43[%c1] [3] [1] : memref<4xf32> to memref<3xf32, strided<[1], offset: ?>>
      scf.yield %dv45, %dv45 : memref<3xf32, strided<[1], offset: ?>>, memref<3xf32, strided<[1], offset: ?>>
    }
    memref.store %cst3, %vj8[%c0] : memref<3xf32, strided<[1], offset: ?>>
    %r67 = memref.load %vj8_1[%c0] : memref<3xf32, strided<[1], offset: ?>>
    func.return %r67 : f32
  }
}
