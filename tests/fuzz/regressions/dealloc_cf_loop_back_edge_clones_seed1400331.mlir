// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, -1.0 after
// origin: xdsl-bufferize-fuzz --count 1000 --seed 1400000 --pipeline buffer-deallocation --jobs 1 (seed 1400331, shrunk), d13b 86f95b3
// status: fixed (analysis/ownership.py _absorbable: a flagged value passed along a branch absorbs a root dying at that edge; _transfer_valid: a value that may borrow a buffer does not stop that buffer's transfer beside it; filecheck cf_back_edges.mlir): a cf loop passed its header's buffer argument twice, or with a fresh buffer, on a back edge; the branch sites get clones (the absorbed-root handover of 25b31f1 covers region exits only), which break the aliasing the program relies on after the loop
builtin.module {
  func.func private @mhelper0(%arg1: f32, %arg2: memref<8x7xf32>, %arg3: i1) -> memref<8x7xf32> {
    cf.cond_br %arg3, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg2, %arg2 : memref<8x7xf32>, memref<8x7xf32>)
  ^bb2:
    cf.br ^bb3(%arg2, %arg2 : memref<8x7xf32>, memref<8x7xf32>)
  ^bb3(%merged26: memref<8x7xf32>, %merged27: memref<8x7xf32>):
    func.return %merged26 : memref<8x7xf32>
  }
  func.func @mhelper1(%arg30: f32, %arg31: memref<3x7xf32>, %arg32: i1) -> memref<3x7xf32> {
    cf.cond_br %arg32, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg31, %arg31 : memref<3x7xf32>, memref<3x7xf32>)
  ^bb2:
    cf.br ^bb3(%arg31, %arg31 : memref<3x7xf32>, memref<3x7xf32>)
  ^bb3(%merged38: memref<3x7xf32>, %merged39: memref<3x7xf32>):
    func.return %merged38 : memref<3x7xf32>
  }
  func.func private @mhelper2(%arg41: f32, %arg42: memref<8x8xf32>) -> memref<8x8xf32> {
    func.return %arg42 : memref<8x8xf32>
  }
  func.func @main() -> f32 {
    %cst92 = arith.constant -1.000000e+00 : f32
    %c8 = arith.constant 8 : index
    %cst96 = arith.constant 2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %cst109 = arith.constant -2.500000e-01 : f32
    %cst113 = arith.constant 2.000000e+00 : f32
    %c7 = arith.constant 7 : index
    %cst140 = arith.constant 1.500000e+00 : f32
    %c6 = arith.constant 6 : index
    %m91 = memref.alloc() : memref<3x7xf32>
    linalg.fill ins(%cst92 : f32) outs(%m91 : memref<3x7xf32>)
    %md94 = memref.alloc(%c8) : memref<?x3xf32>
    %m93 = "memref.cast"(%md94) : (memref<?x3xf32>) -> memref<8x3xf32>
    linalg.fill ins(%cst96 : f32) outs(%m93 : memref<8x3xf32>)
    cf.br ^hl103(%m91, %m91, %c0 : memref<3x7xf32>, memref<3x7xf32>, index)
  ^hl103(%lx104: memref<3x7xf32>, %ly105: memref<3x7xf32>, %li106: index):
    %go107 = arith.cmpi slt, %li106, %c1 : index
    cf.cond_br %go107, ^bl103, ^xl103
  ^bl103:
    memref.store %cst109, %ly105[%c2, %c4] : memref<3x7xf32>
    %lv110 = memref.load %lx104[%c2, %c4] : memref<3x7xf32>
    %ln111 = arith.addi %li106, %c1 : index
    %cond112 = arith.cmpf olt, %lv110, %cst113 : f32
    cf.cond_br %cond112, ^fl103, ^kl103
  ^fl103:
    %lf114 = memref.alloc() : memref<3x7xf32>
    "memref.copy"(%lx104, %lf114) : (memref<3x7xf32>, memref<3x7xf32>) -> ()
    cf.br ^hl103(%ly105, %lf114, %ln111 : memref<3x7xf32>, memref<3x7xf32>, index)
  ^kl103:
    cf.br ^hl103(%lx104, %lx104, %ln111 : memref<3x7xf32>, memref<3x7xf32>, index)
  ^xl103:
    %l115 = memref.load %m91[%c0, %c1] : memref<3x7xf32>
    %m116 = memref.alloc() : memref<8xf32>
    %m141 = memref.alloc() : memref<3x7xf32>
    linalg.fill ins(%cst92 : f32) outs(%m141 : memref<3x7xf32>)
    memref.store %cst109, %m141[%c1, %c0] : memref<3x7xf32>
    %cond142 = arith.cmpf olt, %l115, %cst92 : f32
    %call143 = func.call @mhelper1(%cst140, %m141, %cond142) : (f32, memref<3x7xf32>, i1) -> memref<3x7xf32>
    %m144 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%cst113 : f32) outs(%m144 : memref<7xf32>)
    memref.store %l115, %m144[%c2] : memref<7xf32>
    %while145, %while145_1, %while145_2 = scf.while (%wi146 = %c0, %wx147 = %ly105, %wy148 = %ly105) : (index, memref<3x7xf32>, memref<3x7xf32>) -> (index, memref<3x7xf32>, memref<3x7xf32>) {
      %wc149 = arith.cmpi slt, %wi146, %c2 : index
      scf.condition(%wc149) %wi146, %wx147, %wy148 : index, memref<3x7xf32>, memref<3x7xf32>
    } do {
    ^bb0(%wi150: index, %wx151: memref<3x7xf32>, %wy152: memref<3x7xf32>):
      %for154 = scf.for %iv153 = %c0 to %c2 step %c1 iter_args(%acc155 = %m116) -> (memref<8xf32>) {
        %md157 = memref.alloc(%c7) : memref<?xf32>
        %m156 = "memref.cast"(%md157) : (memref<?xf32>) -> memref<7xf32>
        linalg.sub ins(%wy152, %wx151 : memref<3x7xf32>, memref<3x7xf32>) outs(%lx104 : memref<3x7xf32>)
        scf.yield %acc155 : memref<8xf32>
      }
      %wi168 = arith.addi %wi150, %c1 : index
      scf.yield %wi168, %wx151, %wx151 : index, memref<3x7xf32>, memref<3x7xf32>
    }
    %r172 = memref.load %m91[%c2, %c3] : memref<3x7xf32>
    func.return %r172 : f32
  }
}
