// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 3.5 before, 1.5 after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400360, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func @mhelper0(%arg1: f32, %arg2: memref<7x4xf32>, %arg3: i1) -> memref<7x4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^hl4(%arg2, %arg2, %c0 : memref<7x4xf32>, memref<7x4xf32>, index)
  ^hl4(%lx5: memref<7x4xf32>, %ly6: memref<7x4xf32>, %li7: index):
    %go10 = arith.cmpi slt, %li7, %c1 : index
    cf.cond_br %go10, ^bl4, ^xl4
  ^bl4:
    %cond14 = arith.cmpi eq, %li7, %c0 : index
    cf.cond_br %cond14, ^fl4, ^kl4
  ^fl4:
    cf.br ^hl4(%arg2, %ly6, %c1 : memref<7x4xf32>, memref<7x4xf32>, index)
  ^kl4:
    cf.br ^hl4(%ly6, %lx5, %c1 : memref<7x4xf32>, memref<7x4xf32>, index)
  ^xl4:
    cf.cond_br %arg3, ^bb6, ^bb7
  ^bb6:
    cf.br ^bb8(%arg2 : memref<7x4xf32>)
  ^bb7:
    cf.br ^bb8(%lx5 : memref<7x4xf32>)
  ^bb8(%merged20: memref<7x4xf32>):
    func.return %merged20 : memref<7x4xf32>
  }
  func.func @mhelper1(%arg21: f32, %arg22: memref<3x3xf32>) -> memref<3x3xf32> {
    func.return %arg22 : memref<3x3xf32>
  }
  func.func @mhelper2(%arg82: f32, %arg83: memref<3x7xf32>) -> memref<3x7xf32> {
    func.return %arg83 : memref<3x7xf32>
  }
  func.func private @mrec(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
    func.return %b : memref<4xf32>
  }
  func.func @main() -> f32 {
    %cst87 = arith.constant 1.000000e+00 : f32
    %cst92 = arith.constant 2.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %cst95 = arith.constant -1.500000e+00 : f32
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %cst99 = arith.constant 1.500000e+00 : f32
    %cst100 = arith.constant -1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %cst114 = arith.constant -5.000000e-01 : f32
    %cst116 = arith.constant 5.000000e-01 : f32
    %c2 = arith.constant 2 : index
    %cst121 = arith.constant -2.000000e+00 : f32
    %cst138 = arith.constant 2.500000e-01 : f32
    %m86 = memref.alloca() : memref<4x7xf32>
    %m94 = memref.alloc() : memref<4x3xf32>
    linalg.fill ins(%cst95 : f32) outs(%m94 : memref<4x3xf32>)
    memref.store %cst92, %m86[%c3, %c6] : memref<4x7xf32>
    %m98 = memref.alloc() : memref<7x4xf32>
    linalg.fill ins(%cst99 : f32) outs(%m98 : memref<7x4xf32>)
    memref.store %cst100, %m98[%c1, %c1] : memref<7x4xf32>
    %m101 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%cst99 : f32) outs(%m101 : memref<7xf32>)
    %m102 = memref.alloca() : memref<7xf32>
    linalg.fill ins(%cst95 : f32) outs(%m102 : memref<7xf32>)
    linalg.add ins(%m101, %m102 : memref<7xf32>, memref<7xf32>) outs(%m102 : memref<7xf32>)
    %m103 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%cst100 : f32) outs(%m103 : memref<7xf32>)
    linalg.add ins(%m103, %m101 : memref<7xf32>, memref<7xf32>) outs(%m101 : memref<7xf32>)
    %m104 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%cst100 : f32) outs(%m104 : memref<7xf32>)
    memref.store %cst87, %m104[%c1] : memref<7xf32>
    %while105, %while105_1, %while105_2 = scf.while (%wi106 = %c0, %wx107 = %m104, %wy108 = %m103) : (index, memref<7xf32>, memref<7xf32>) -> (index, memref<7xf32>, memref<7xf32>) {
      %wc110 = arith.cmpi slt, %wi106, %c3 : index
      scf.condition(%wc110) %wi106, %wx107, %wy108 : index, memref<7xf32>, memref<7xf32>
    } do {
    ^bb0(%wi111: index, %wx112: memref<7xf32>, %wy113: memref<7xf32>):
      %m115 = memref.alloc() : memref<7x4xf32>
      linalg.fill ins(%cst92 : f32) outs(%m115 : memref<7x4xf32>)
      memref.store %cst116, %m115[%c3, %c0] : memref<7x4xf32>
      %cond117 = arith.cmpi slt, %c2, %c0 : index
      %call119 = func.call @mhelper0(%cst114, %m115, %cond117) : (f32, memref<7x4xf32>, i1) -> memref<7x4xf32>
      %m120 = memref.alloc() : memref<7xf32>
      linalg.fill ins(%cst121 : f32) outs(%m120 : memref<7xf32>)
      memref.store %cst100, %m120[%c0] : memref<7xf32>
      %wi122 = arith.addi %wi111, %c1 : index
      scf.yield %wi122, %wx112, %m120 : index, memref<7xf32>, memref<7xf32>
    }
    cf.br ^hl123(%m102, %m101, %c0 : memref<7xf32>, memref<7xf32>, index)
  ^hl123(%lx124: memref<7xf32>, %ly125: memref<7xf32>, %li126: index):
    %go127 = arith.cmpi slt, %li126, %c3 : index
    cf.cond_br %go127, ^bl123, ^xl123
  ^bl123:
    memref.store %cst87, %ly125[%c0] : memref<7xf32>
    linalg.sub ins(%m101, %while105_1 : memref<7xf32>, memref<7xf32>) outs(%m101 : memref<7xf32>)
    %ln130 = arith.addi %li126, %c1 : index
    %cond131 = arith.cmpi slt, %c0, %c1 : index
    cf.cond_br %cond131, ^fl123, ^kl123
  ^fl123:
    %lf132 = memref.alloc() : memref<7xf32>
    "memref.copy"(%lx124, %lf132) : (memref<7xf32>, memref<7xf32>) -> ()
    cf.br ^hl123(%lf132, %ly125, %ln130 : memref<7xf32>, memref<7xf32>, index)
  ^kl123:
    cf.br ^hl123(%lx124, %lx124, %ln130 : memref<7xf32>, memref<7xf32>, index)
  ^xl123:
    %l133 = memref.load %ly125[%c2] : memref<7xf32>
    %m135 = memref.alloca() : memref<3x3xf32>
    linalg.fill ins(%l133 : f32) outs(%m135 : memref<3x3xf32>)
    memref.store %cst116, %m135[%c0, %c1] : memref<3x3xf32>
    %call136 = func.call @mhelper1(%l133, %m135) : (f32, memref<3x3xf32>) -> memref<3x3xf32>
    %m137 = memref.alloc() : memref<3x7xf32>
    linalg.fill ins(%cst138 : f32) outs(%m137 : memref<3x7xf32>)
    memref.store %l133, %m137[%c0, %c2] : memref<3x7xf32>
    %call139 = func.call @mhelper2(%cst92, %m137) : (f32, memref<3x7xf32>) -> memref<3x7xf32>
    %r145 = memref.load %ly125[%c3] : memref<7xf32>
    func.return %r145 : f32
  }
}
