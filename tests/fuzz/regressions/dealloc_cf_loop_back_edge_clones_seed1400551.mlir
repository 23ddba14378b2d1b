// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.25 before, nan after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400551, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func @main() -> f32 {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %cst63 = arith.constant 2.500000e-01 : f32
    %m1 = memref.alloc() : memref<8x7xf32>
    cf.br ^hl7(%m1, %m1, %c0 : memref<8x7xf32>, memref<8x7xf32>, index)
  ^hl7(%lx8: memref<8x7xf32>, %ly9: memref<8x7xf32>, %li10: index):
    %go12 = arith.cmpi slt, %li10, %c1 : index
    cf.cond_br %go12, ^bl7, ^xl7
  ^bl7:
    %cond41 = arith.cmpi ne, %li10, %c0 : index
    cf.cond_br %cond41, ^fl7, ^kl7
  ^fl7:
    %lf42 = memref.alloc() : memref<8x7xf32>
    cf.br ^hl7(%lf42, %lf42, %c1 : memref<8x7xf32>, memref<8x7xf32>, index)
  ^kl7:
    cf.br ^hl7(%ly9, %lx8, %c1 : memref<8x7xf32>, memref<8x7xf32>, index)
  ^xl7:
    %while53, %while53_1, %while53_2 = scf.while (%wi54 = %c0, %wx55 = %m1, %wy56 = %m1) : (index, memref<8x7xf32>, memref<8x7xf32>) -> (index, memref<8x7xf32>, memref<8x7xf32>) {
      %wc57 = arith.cmpi slt, %wi54, %c2 : index
      scf.condition(%wc57) %wi54, %wx55, %wx55 : index, memref<8x7xf32>, memref<8x7xf32>
    } do {
    ^bb0(%wi58: index, %wx59: memref<8x7xf32>, %wy60: memref<8x7xf32>):
      linalg.fill ins(%cst63 : f32) outs(%wx59 : memref<8x7xf32>)
      %wi64 = arith.addi %wi58, %c1 : index
      scf.yield %wi64, %wy60, %wx59 : index, memref<8x7xf32>, memref<8x7xf32>
    }
    %r90 = memref.load %lx8[%c4, %c5] : memref<8x7xf32>
    func.return %r90 : f32
  }
}
