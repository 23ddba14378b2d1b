// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -2.0 before, nan after
// origin: xdsl-bufferize-fuzz --count 100 --seed 57000 --pipeline buffer-deallocation (seed 57050, shrunk)
// status: fixed (with dealloc_clone_of_returned_argument_breaks_aliasing: both cf branches forward the argument of the private @mhelper0, so its result is forwarded)

builtin.module {
  func.func private @mhelper0(%arg1: f32, %arg2: memref<3xf32>, %arg3: i1) -> memref<3xf32> {
    cf.cond_br %arg3, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg2 : memref<3xf32>)
  ^bb2:
    cf.br ^bb3(%arg2 : memref<3xf32>)
  ^bb3(%merged7: memref<3xf32>):
    func.return %merged7 : memref<3xf32>
  }
  func.func @main() -> f32 {
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %cst36 = arith.constant -1.500000e+00 : f32
    %cst39 = arith.constant -2.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %md38 = memref.alloc(%c3) : memref<?xf32>
    %m37 = "memref.cast"(%md38) : (memref<?xf32>) -> memref<3xf32>
    %cond40 = arith.cmpi slt, %c2, %c2 : index
    %call41 = func.call @mhelper0(%cst36, %m37, %cond40) : (f32, memref<3xf32>, i1) -> memref<3xf32>
    memref.store %cst39, %call41[%c1] : memref<3xf32>
    %r59 = memref.load %m37[%c1] : memref<3xf32>
    func.return %r59 : f32
  }
}
