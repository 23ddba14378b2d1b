// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 1.0 before, -1.0 after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400412, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func private @mrec(%n: index, %b: memref<2x2xf32>) -> memref<2x2xf32> {
    func.return %b : memref<2x2xf32>
  }
  func.func @main() -> f32 {
    %c2 = arith.constant 2 : index
    %cst4 = arith.constant -1.000000e+00 : f32
    %cst5 = arith.constant -2.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst13 = arith.constant -2.500000e-01 : f32
    %c3 = arith.constant 3 : index
    %cst24 = arith.constant 1.000000e+00 : f32
    %cst27 = arith.constant 3.000000e+00 : f32
    %cst28 = arith.constant -1.500000e+00 : f32
    %cst29 = arith.constant -5.000000e-01 : f32
    %md2 = memref.alloc(%c2) : memref<?xf32>
    %m1 = "memref.cast"(%md2) : (memref<?xf32>) -> memref<2xf32>
    linalg.fill ins(%cst4 : f32) outs(%m1 : memref<2xf32>)
    memref.store %cst5, %m1[%c1] : memref<2xf32>
    cf.br ^hl7(%m1, %m1, %c0 : memref<2xf32>, memref<2xf32>, index)
  ^hl7(%lx8: memref<2xf32>, %ly9: memref<2xf32>, %li10: index):
    %go12 = arith.cmpi slt, %li10, %c2 : index
    cf.cond_br %go12, ^bl7, ^xl7
  ^bl7:
    memref.store %cst13, %ly9[%c1] : memref<2xf32>
    %ln15 = arith.addi %li10, %c1 : index
    %cond16 = arith.cmpi ult, %li10, %c1 : index
    cf.cond_br %cond16, ^fl7, ^kl7
  ^fl7:
    %lf17 = memref.alloc() : memref<2xf32>
    "memref.copy"(%lx8, %lf17) : (memref<2xf32>, memref<2xf32>) -> ()
    cf.br ^hl7(%lf17, %lf17, %ln15 : memref<2xf32>, memref<2xf32>, index)
  ^kl7:
    cf.br ^hl7(%ly9, %ly9, %ln15 : memref<2xf32>, memref<2xf32>, index)
  ^xl7:
    cf.br ^hl18(%lx8, %lx8, %c0 : memref<2xf32>, memref<2xf32>, index)
  ^hl18(%lx19: memref<2xf32>, %ly20: memref<2xf32>, %li21: index):
    %go22 = arith.cmpi slt, %li21, %c3 : index
    cf.cond_br %go22, ^bl18, ^xl18
  ^bl18:
    memref.store %cst24, %ly20[%c0] : memref<2xf32>
    %m26 = memref.alloc() : memref<3xf32>
    linalg.fill ins(%cst27 : f32) outs(%m26 : memref<3xf32>)
    memref.store %cst28, %m26[%c1] : memref<3xf32>
    memref.store %cst29, %m26[%c2] : memref<3xf32>
    %ln30 = arith.addi %li21, %c1 : index
    %cond31 = arith.cmpi eq, %li21, %c2 : index
    cf.cond_br %cond31, ^fl18, ^kl18
  ^fl18:
    %lf32 = memref.alloc() : memref<2xf32>
    "memref.copy"(%lx19, %lf32) : (memref<2xf32>, memref<2xf32>) -> ()
    cf.br ^hl18(%ly20, %lf32, %ln30 : memref<2xf32>, memref<2xf32>, index)
  ^kl18:
    cf.br ^hl18(%ly20, %ly20, %ln30 : memref<2xf32>, memref<2xf32>, index)
  ^xl18:
    %r35 = memref.load %ly9[%c0] : memref<2xf32>
    func.return %r35 : f32
  }
}
