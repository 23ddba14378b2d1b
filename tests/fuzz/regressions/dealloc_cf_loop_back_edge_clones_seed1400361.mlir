// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 3.0 before, 1.5 after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400361, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func @mhelper0(%arg1: f32, %arg2: memref<7x6xf32>, %arg3: i1) -> memref<7x6xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    cf.br ^hl4(%arg2, %arg2, %c0 : memref<7x6xf32>, memref<7x6xf32>, index)
  ^hl4(%lx5: memref<7x6xf32>, %ly6: memref<7x6xf32>, %li7: index):
    %go10 = arith.cmpi slt, %li7, %c3 : index
    cf.cond_br %go10, ^bl4, ^xl4
  ^bl4:
    %cond17 = arith.cmpi ult, %li7, %c2 : index
    cf.cond_br %cond17, ^fl4, ^kl4
  ^fl4:
    cf.br ^hl4(%arg2, %arg2, %c1 : memref<7x6xf32>, memref<7x6xf32>, index)
  ^kl4:
    cf.br ^hl4(%ly6, %lx5, %c1 : memref<7x6xf32>, memref<7x6xf32>, index)
  ^xl4:
    cf.cond_br %arg3, ^bb6, ^bb7
  ^bb6:
    cf.br ^bb8(%arg2, %arg2 : memref<7x6xf32>, memref<7x6xf32>)
  ^bb7:
    cf.br ^bb8(%arg2, %arg2 : memref<7x6xf32>, memref<7x6xf32>)
  ^bb8(%merged28: memref<7x6xf32>, %merged29: memref<7x6xf32>):
    func.return %merged28 : memref<7x6xf32>
  }
  func.func private @mhelper1(%arg30: f32, %arg31: memref<6x7xf32>, %arg32: i1) -> memref<6x7xf32> {
    cf.cond_br %arg32, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg31 : memref<6x7xf32>)
  ^bb2:
    cf.br ^bb3(%arg31 : memref<6x7xf32>)
  ^bb3(%merged77: memref<6x7xf32>):
    func.return %merged77 : memref<6x7xf32>
  }
  func.func private @mhelper2(%arg78: f32, %arg79: memref<7x7xf32>) -> (memref<7x7xf32>, memref<2x5xf32, strided<[7, 1], offset: 21>>) {
    %sv122 = memref.subview %arg79[3, 0] [2, 5] [1, 1] : memref<7x7xf32> to memref<2x5xf32, strided<[7, 1], offset: 21>>
    func.return %arg79, %sv122 : memref<7x7xf32>, memref<2x5xf32, strided<[7, 1], offset: 21>>
  }
  func.func @main() -> f32 {
    %c8 = arith.constant 8 : index
    %cst128 = arith.constant 2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %cst138 = arith.constant 1.500000e+00 : f32
    %cst144 = arith.constant 1.000000e+00 : f32
    %cst149 = arith.constant -2.000000e+00 : f32
    %cst150 = arith.constant -1.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %md124 = memref.alloc(%c8) : memref<?xf32>
    linalg.fill ins(%cst138 : f32) outs(%md124 : memref<?xf32>)
    %m123 = "memref.cast"(%md124) : (memref<?xf32>) -> memref<8xf32>
    %m127 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst128 : f32) outs(%m127 : memref<8xf32>)
    cf.br ^hl129(%m123, %m127, %c0 : memref<8xf32>, memref<8xf32>, index)
  ^hl129(%lx130: memref<8xf32>, %ly131: memref<8xf32>, %li132: index):
    %go135 = arith.cmpi slt, %li132, %c3 : index
    cf.cond_br %go135, ^bl129, ^xl129
  ^bl129:
    memref.store %cst138, %ly131[%c4] : memref<8xf32>
    %lv139 = memref.load %lx130[%c4] : memref<8xf32>
    linalg.add ins(%ly131, %m127 : memref<8xf32>, memref<8xf32>) outs(%m127 : memref<8xf32>)
    %ln142 = arith.addi %li132, %c1 : index
    %cond143 = arith.cmpf olt, %lv139, %cst144 : f32
    cf.cond_br %cond143, ^fl129, ^kl129
  ^fl129:
    %lf145 = memref.alloc() : memref<8xf32>
    "memref.copy"(%lx130, %lf145) : (memref<8xf32>, memref<8xf32>) -> ()
    cf.br ^hl129(%lf145, %lf145, %ln142 : memref<8xf32>, memref<8xf32>, index)
  ^kl129:
    cf.br ^hl129(%ly131, %ly131, %ln142 : memref<8xf32>, memref<8xf32>, index)
  ^xl129:
    %sv147 = memref.subview %lx130[2] [3] [1] : memref<8xf32> to memref<3xf32, strided<[1], offset: 2>>
    %r157 = memref.load %sv147[%c2] : memref<3xf32, strided<[1], offset: 2>>
    func.return %r157 : f32
  }
}
