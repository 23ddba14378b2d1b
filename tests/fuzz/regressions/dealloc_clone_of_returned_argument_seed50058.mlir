// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, -2.0 after
// origin: xdsl-bufferize-fuzz --count 1 --seed 50058 --pipeline buffer-deallocation (shrunk)
// status: fixed (with dealloc_clone_of_returned_argument_breaks_aliasing: @mhelper0 is private and returns its argument; the public @mhelper1 keeps its clone, which this program does not observe)

builtin.module {
  func.func private @mhelper0(%arg1: f32, %arg2: memref<5x3xf32>) -> memref<5x3xf32> {
    func.return %arg2 : memref<5x3xf32>
  }
  func.func @mhelper1(%arg4: f32, %arg5: memref<3x7xf32>, %arg6: i1) -> memref<3x7xf32> {
    linalg.fill ins(%arg4 : f32) outs(%arg5 : memref<3x7xf32>)
    cf.cond_br %arg6, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg5 : memref<3x7xf32>)
  ^bb2:
    cf.br ^bb3(%arg5 : memref<3x7xf32>)
  ^bb3(%merged24: memref<3x7xf32>):
    func.return %merged24 : memref<3x7xf32>
  }
  func.func @main() -> f32 {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %cst34 = arith.constant -1.000000e+00 : f32
    %cst36 = arith.constant -2.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %m35 = memref.alloc() : memref<5x3xf32>
    linalg.fill ins(%cst36 : f32) outs(%m35 : memref<5x3xf32>)
    %call39 = func.call @mhelper0(%cst34, %m35) : (f32, memref<5x3xf32>) -> memref<5x3xf32>
    linalg.sub ins(%m35, %call39 : memref<5x3xf32>, memref<5x3xf32>) outs(%m35 : memref<5x3xf32>)
    %l48 = memref.load %call39[%c2, %c1] : memref<5x3xf32>
    %m65 = memref.alloc() : memref<3x7xf32>
    %cond66 = arith.cmpi slt, %c3, %c0 : index
    %call67 = func.call @mhelper1(%l48, %m65, %cond66) : (f32, memref<3x7xf32>, i1) -> memref<3x7xf32>
    %r75 = memref.load %call67[%c1, %c0] : memref<3x7xf32>
    func.return %r75 : f32
  }
}
