// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -0.25 before, nan after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400321, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func @main() -> f32 {
    %cst57 = arith.constant -2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %m56 = memref.alloc() : memref<4x4xf32>
    linalg.fill ins(%cst57 : f32) outs(%m56 : memref<4x4xf32>)
    %m58 = memref.alloc() : memref<4x4xf32>
    cf.br ^hl63(%m56, %m58, %c0 : memref<4x4xf32>, memref<4x4xf32>, index)
  ^hl63(%lx64: memref<4x4xf32>, %ly65: memref<4x4xf32>, %li66: index):
    %go68 = arith.cmpi slt, %li66, %c1 : index
    cf.cond_br %go68, ^bl63, ^xl63
  ^bl63:
    %cond83 = arith.cmpi slt, %c0, %c1 : index
    cf.cond_br %cond83, ^fl63, ^kl63
  ^fl63:
    %lf84 = memref.alloc() : memref<4x4xf32>
    cf.br ^hl63(%ly65, %lf84, %c1 : memref<4x4xf32>, memref<4x4xf32>, index)
  ^kl63:
    cf.br ^hl63(%lx64, %lx64, %c1 : memref<4x4xf32>, memref<4x4xf32>, index)
  ^xl63:
    "memref.copy"(%m56, %lx64) : (memref<4x4xf32>, memref<4x4xf32>) -> ()
    %r93 = memref.load %m58[%c1, %c3] : memref<4x4xf32>
    func.return %r93 : f32
  }
}
