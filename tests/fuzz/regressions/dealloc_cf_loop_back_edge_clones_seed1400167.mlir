// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, 1.5 after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400167, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func @main() -> f32 {
    %cst42 = arith.constant 1.500000e+00 : f32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %m41 = memref.alloc() : memref<4x5xf32>
    linalg.fill ins(%cst42 : f32) outs(%m41 : memref<4x5xf32>)
    cf.br ^hl45(%m41, %m41, %c0 : memref<4x5xf32>, memref<4x5xf32>, index)
  ^hl45(%lx46: memref<4x5xf32>, %ly47: memref<4x5xf32>, %li48: index):
    %go50 = arith.cmpi slt, %li48, %c1 : index
    cf.cond_br %go50, ^bl45, ^xl45
  ^bl45:
    %cond56 = arith.cmpi ult, %li48, %c0 : index
    cf.cond_br %cond56, ^fl45, ^kl45
  ^fl45:
    %lf57 = memref.alloc() : memref<4x5xf32>
    cf.br ^hl45(%ly47, %lf57, %c1 : memref<4x5xf32>, memref<4x5xf32>, index)
  ^kl45:
    cf.br ^hl45(%ly47, %ly47, %c1 : memref<4x5xf32>, memref<4x5xf32>, index)
  ^xl45:
    linalg.sub ins(%m41, %lx46 : memref<4x5xf32>, memref<4x5xf32>) outs(%lx46 : memref<4x5xf32>)
    %r103 = memref.load %ly47[%c2, %c1] : memref<4x5xf32>
    func.return %r103 : f32
  }
}
