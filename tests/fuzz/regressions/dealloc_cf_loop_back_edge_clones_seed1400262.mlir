// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -16.0 before, -4.0 after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400262, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func @mhelper0(%arg1: f32, %arg2: memref<2xf32>, %arg3: i1) -> memref<2xf32> {
    cf.cond_br %arg3, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg2, %arg2 : memref<2xf32>, memref<2xf32>)
  ^bb2:
    cf.br ^bb3(%arg2, %arg2 : memref<2xf32>, memref<2xf32>)
  ^bb3(%merged14: memref<2xf32>, %merged15: memref<2xf32>):
    func.return %merged14 : memref<2xf32>
  }
  func.func private @mhelper1(%arg16: f32, %arg17: memref<8x2xf32>, %arg18: i1) -> memref<8x2xf32> {
    cf.cond_br %arg18, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg17, %arg17 : memref<8x2xf32>, memref<8x2xf32>)
  ^bb2:
    cf.br ^bb3(%arg17, %arg17 : memref<8x2xf32>, memref<8x2xf32>)
  ^bb3(%merged26: memref<8x2xf32>, %merged27: memref<8x2xf32>):
    func.return %merged26 : memref<8x2xf32>
  }
  func.func private @mrec(%n: index, %b: memref<2xf32>) -> memref<2xf32> {
    func.return %b : memref<2xf32>
  }
  func.func @main() -> f32 {
    %cst30 = arith.constant -2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %cst40 = arith.constant -1.000000e+00 : f32
    %cst58 = arith.constant 1.500000e+00 : f32
    %m29 = memref.alloc() : memref<2x8xf32>
    linalg.fill ins(%cst30 : f32) outs(%m29 : memref<2x8xf32>)
    cf.br ^hl31(%m29, %m29, %c0 : memref<2x8xf32>, memref<2x8xf32>, index)
  ^hl31(%lx32: memref<2x8xf32>, %ly33: memref<2x8xf32>, %li34: index):
    %go37 = arith.cmpi slt, %li34, %c3 : index
    cf.cond_br %go37, ^bl31, ^xl31
  ^bl31:
    memref.store %cst40, %ly33[%c0, %c5] : memref<2x8xf32>
    linalg.add ins(%lx32, %ly33 : memref<2x8xf32>, memref<2x8xf32>) outs(%lx32 : memref<2x8xf32>)
    %ln42 = arith.addi %li34, %c1 : index
    %cond43 = arith.cmpi ult, %li34, %c0 : index
    cf.cond_br %cond43, ^fl31, ^kl31
  ^fl31:
    %lf44 = memref.alloc() : memref<2x8xf32>
    cf.br ^hl31(%lf44, %lf44, %ln42 : memref<2x8xf32>, memref<2x8xf32>, index)
  ^kl31:
    cf.br ^hl31(%ly33, %ly33, %ln42 : memref<2x8xf32>, memref<2x8xf32>, index)
  ^xl31:
    %r63 = memref.load %ly33[%c1, %c3] : memref<2x8xf32>
    func.return %r63 : f32
  }
}
