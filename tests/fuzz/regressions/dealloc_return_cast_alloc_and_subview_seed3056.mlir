// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, 6.0 after
// status: fixed (analysis/forwarding.py result views: the returned buffer may be a cast of the allocation, and a view of it is traced through the cast): the subview result was a copy
// origin: xdsl-bufferize-fuzz --count 60 --seed 3000 --kind memref --pipeline 'comprehensive-bufferize,canonicalize' (seed 3056, shrunk; fails under buffer-deallocation alone)
builtin.module {
  func.func private @mhelper2(%arg42: f32, %arg43: memref<2xf32>) -> (memref<2xf32>, memref<1xf32, strided<[1], offset: 1>>) {
    %c2 = arith.constant 2 : index
    %cst47 = arith.constant 3.000000e+00 : f32
    %md45 = memref.alloc(%c2) : memref<?xf32>
    %m44 = "memref.cast"(%md45) : (memref<?xf32>) -> memref<2xf32>
    linalg.fill ins(%cst47 : f32) outs(%m44 : memref<2xf32>)
    %sv55 = memref.subview %m44[1] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: 1>>
    func.return %m44, %sv55 : memref<2xf32>, memref<1xf32, strided<[1], offset: 1>>
  }
  func.func @main() -> f32 {
    %c0 = arith.constant 0 : index
    %cst62 = arith.constant -1.500000e+00 : f32
    %m66 = memref.alloc() : memref<2xf32>
    %call67, %call67_1 = func.call @mhelper2(%cst62, %m66) : (f32, memref<2xf32>) -> (memref<2xf32>, memref<1xf32, strided<[1], offset: 1>>)
    linalg.sub ins(%call67, %call67 : memref<2xf32>, memref<2xf32>) outs(%call67 : memref<2xf32>)
    %m94 = memref.alloc() : memref<1xf32>
    linalg.add ins(%call67_1, %call67_1 : memref<1xf32, strided<[1], offset: 1>>, memref<1xf32, strided<[1], offset: 1>>) outs(%m94 : memref<1xf32>)
    %r125 = memref.load %m94[%c0] : memref<1xf32>
    func.return %r125 : f32
  }
}
