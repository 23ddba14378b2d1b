// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #7: 6.0 before, 1.5 after
// status: fixed by the same change as seeds 104126 and 971305 (a merge absorbing the root that dies at a loop exit instead of a clone); it has scf.while ops forwarding one buffer twice and loops yielding one fresh buffer twice
// origin: xdsl-bufferize-fuzz --count 10000 --seed 100000 --pipeline buffer-deallocation --jobs 2 --timeout 60 (seed 107574, shrunk)
// generated: seed=107574 kind=memref
func.func @mhelper0(%arg1: f32, %arg2: memref<6x6xf32>, %arg3: i1) -> (memref<6x6xf32>) {
  %c0_7 = arith.constant 0 : index
  %c2_9 = arith.constant 2 : index
  %c1_15 = arith.constant 1 : index
  %while4:3 = scf.while (%wi5 = %c0_7, %wx6 = %arg2, %wy7 = %arg2) : (index, memref<6x6xf32>, memref<6x6xf32>) -> (index, memref<6x6xf32>, memref<6x6xf32>) {
    %wc9 = arith.cmpi slt, %wi5, %c2_9 : index
    scf.condition(%wc9) %wi5, %wx6, %wx6 : index, memref<6x6xf32>, memref<6x6xf32>
  } do {
  ^bb0(%wi11: index, %wx12: memref<6x6xf32>, %wy13: memref<6x6xf32>):
    %m14 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%arg1 : f32) outs(%m14 : memref<7xf32>)
    %wi15 = arith.addi %wi11, %c1_15 : index
    scf.yield %wi15, %wy13, %wy13 : index, memref<6x6xf32>, memref<6x6xf32>
  }
  cf.cond_br %arg3, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg2 : memref<6x6xf32>)
^bb2:
  cf.br ^bb3(%arg2 : memref<6x6xf32>)
^bb3(%merged17: memref<6x6xf32>):
  func.return %merged17 : memref<6x6xf32>
}

func.func private @mhelper1(%arg18: f32, %arg19: memref<7x6xf32>) -> (memref<5x5xf32, strided<[6, 1], offset: 1>>) {
  %cst20 = arith.constant 1.0 : f32
  %c3_20 = arith.constant 3 : index
  %c2_21 = arith.constant 2 : index
  %c0_26 = arith.constant 0 : index
  %c1_27 = arith.constant 1 : index
  %cst30 = arith.constant 1.5 : f32
  %cst31 = arith.constant 0.5 : f32
  %cst33 = arith.constant -0.5 : f32
  %c5_33 = arith.constant 5 : index
  %cst39 = arith.constant 2.0 : f32
  %c7_46 = arith.constant 7 : index
  %cst48 = arith.constant 0.25 : f32
  %cst51 = arith.constant 3.0 : f32
  %c6_53 = arith.constant 6 : index
  memref.store %cst20, %arg19[%c3_20, %c2_21] : memref<7x6xf32>
  %for24:2 = scf.for %iv23 = %c0_26 to %c1_27 step %c1_27 iter_args(%acc25 = %arg19, %acc26 = %arg19) -> (memref<7x6xf32>, memref<7x6xf32>) {
    %m29 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%cst30 : f32) outs(%m29 : memref<7xf32>)
    memref.store %arg18, %m29[%c1_27] : memref<7xf32>
    %m32 = memref.alloc() : memref<6x6xf32>
    linalg.fill ins(%cst30 : f32) outs(%m32 : memref<6x6xf32>)
    memref.store %cst33, %m32[%c5_33, %c1_27] : memref<6x6xf32>
    %cond35 = arith.cmpf olt, %arg18, %cst20 : f32
    %call36 = func.call @mhelper0(%cst31, %m32, %cond35) : (f32, memref<6x6xf32>, i1) -> (memref<6x6xf32>)
    scf.yield %acc25, %acc25 : memref<7x6xf32>, memref<7x6xf32>
  }
  %cond38 = arith.cmpf olt, %arg18, %cst39 : f32
  %join37:2 = scf.if %cond38 -> (memref<7x6xf32>, memref<7x6xf32>) {
    %m40 = memref.alloc() : memref<2xf32>
    linalg.fill ins(%arg18 : f32) outs(%m40 : memref<2xf32>)
    %for42 = scf.for %iv41 = %c0_26 to %c3_20 step %c1_27 iter_args(%acc43 = %m40) -> (memref<2xf32>) {
      %re44 = memref.realloc %acc43 : memref<2xf32> to memref<2xf32>
      memref.store %cst33, %re44[%c1_27] : memref<2xf32>
      scf.yield %re44 : memref<2xf32>
    }
    %md46 = memref.alloc(%c7_46) : memref<?x6xf32>
    %m45 = "memref.cast"(%md46) : (memref<?x6xf32>) -> memref<7x6xf32>
    linalg.fill ins(%arg18 : f32) outs(%m45 : memref<7x6xf32>)
    memref.store %cst48, %m45[%c5_33, %c2_21] : memref<7x6xf32>
    scf.yield %m45, %m45 : memref<7x6xf32>, memref<7x6xf32>
    } else {
    %md50 = memref.alloc(%c7_46) : memref<?x6xf32>
    %m49 = "memref.cast"(%md50) : (memref<?x6xf32>) -> memref<7x6xf32>
    linalg.fill ins(%cst51 : f32) outs(%m49 : memref<7x6xf32>)
    scf.yield %for24#0, %m49 : memref<7x6xf32>, memref<7x6xf32>
  }
  %md53 = memref.alloc(%c6_53) : memref<?x6xf32>
  %m52 = "memref.cast"(%md53) : (memref<?x6xf32>) -> memref<6x6xf32>
  linalg.fill ins(%arg18 : f32) outs(%m52 : memref<6x6xf32>)
  %cond55 = arith.cmpi slt, %c1_27, %c3_20 : index
  %call56 = func.call @mhelper0(%cst51, %m52, %cond55) : (f32, memref<6x6xf32>, i1) -> (memref<6x6xf32>)
  %md58 = memref.alloc(%c7_46) : memref<?x6xf32>
  %m57 = "memref.cast"(%md58) : (memref<?x6xf32>) -> memref<7x6xf32>
  linalg.fill ins(%arg18 : f32) outs(%m57 : memref<7x6xf32>)
  %sv59 = memref.subview %m57[0, 1] [5, 5] [1, 1] : memref<7x6xf32> to memref<5x5xf32, strided<[6, 1], offset: 1>>
  func.return %sv59 : memref<5x5xf32, strided<[6, 1], offset: 1>>
}

func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %cst61 = arith.constant 0.25 : f32
  %cst63 = arith.constant -0.25 : f32
  %cst65 = arith.constant -1.0 : f32
  %c3_65 = arith.constant 3 : index
  %c2_66 = arith.constant 2 : index
  %c0_71 = arith.constant 0 : index
  %c1_72 = arith.constant 1 : index
  %cst75 = arith.constant -2.0 : f32
  %cst80 = arith.constant 0.5 : f32
  %cst81 = arith.constant -0.5 : f32
  %cst83 = arith.constant 1.5 : f32
  %cst84 = arith.constant 3.0 : f32
  %c7_102 = arith.constant 7 : index
  %c4_103 = arith.constant 4 : index
  %cst111 = arith.constant -1.5 : f32
  %c6_116 = arith.constant 6 : index
  %c5_122 = arith.constant 5 : index
  %m60 = memref.alloc() : memref<7xf32>
  linalg.fill ins(%cst61 : f32) outs(%m60 : memref<7xf32>)
  %m62 = memref.alloca() : memref<3x3xf32>
  linalg.fill ins(%cst63 : f32) outs(%m62 : memref<3x3xf32>)
  %m64 = memref.alloca() : memref<7x3xf32>
  linalg.fill ins(%cst61 : f32) outs(%m64 : memref<7x3xf32>)
  memref.store %cst65, %m64[%c3_65, %c2_66] : memref<7x3xf32>
  %for69:2 = scf.for %iv68 = %c0_71 to %c1_72 step %c1_72 iter_args(%acc70 = %m60, %acc71 = %m60) -> (memref<7xf32>, memref<7xf32>) {
    %m74 = memref.alloc() : memref<3x7xf32>
    linalg.fill ins(%cst75 : f32) outs(%m74 : memref<3x7xf32>)
    %for77 = scf.for %iv76 = %c0_71 to %c1_72 step %c1_72 iter_args(%acc78 = %m74) -> (memref<3x7xf32>) {
      %m79 = memref.alloc() : memref<6xf32>
      linalg.fill ins(%cst80 : f32) outs(%m79 : memref<6xf32>)
      memref.store %cst81, %m79[%c1_72] : memref<6xf32>
      scf.yield %m74 : memref<3x7xf32>
    }
    %m82 = memref.alloc() : memref<7xf32>
    linalg.fill ins(%cst83 : f32) outs(%m82 : memref<7xf32>)
    memref.store %cst84, %m82[%c1_72] : memref<7xf32>
    scf.yield %m82, %m82 : memref<7xf32>, memref<7xf32>
  }
  %while85:3 = scf.while (%wi86 = %c0_71, %wx87 = %for69#1, %wy88 = %for69#1) : (index, memref<7xf32>, memref<7xf32>) -> (index, memref<7xf32>, memref<7xf32>) {
    %wc89 = arith.cmpi slt, %wi86, %c2_66 : index
    scf.condition(%wc89) %wi86, %wx87, %wx87 : index, memref<7xf32>, memref<7xf32>
  } do {
  ^bb0(%wi90: index, %wx91: memref<7xf32>, %wy92: memref<7xf32>):
    %while93:3 = scf.while (%wi94 = %c0_71, %wx95 = %wx91, %wy96 = %wx91) : (index, memref<7xf32>, memref<7xf32>) -> (index, memref<7xf32>, memref<7xf32>) {
      %wc97 = arith.cmpi slt, %wi94, %c2_66 : index
      scf.condition(%wc97) %wi94, %wx95, %wx95 : index, memref<7xf32>, memref<7xf32>
    } do {
    ^bb0(%wi98: index, %wx99: memref<7xf32>, %wy100: memref<7xf32>):
      linalg.add ins(%wx91, %wx99 : memref<7xf32>, memref<7xf32>) outs(%wy92 : memref<7xf32>)
      %md102 = memref.alloc(%c7_102) : memref<?xf32>
      %m101 = "memref.cast"(%md102) : (memref<?xf32>) -> memref<7xf32>
      linalg.fill ins(%cst83 : f32) outs(%m101 : memref<7xf32>)
      memref.store %cst75, %m101[%c4_103] : memref<7xf32>
      %wi105 = arith.addi %wi98, %c1_72 : index
      scf.yield %wi105, %wy100, %m101 : index, memref<7xf32>, memref<7xf32>
    }
    %for107:2 = scf.for %iv106 = %c0_71 to %c3_65 step %c1_72 iter_args(%acc108 = %wy92, %acc109 = %wy92) -> (memref<7xf32>, memref<7xf32>) {
      %m110 = memref.alloc() : memref<3x6xf32>
      linalg.fill ins(%cst111 : f32) outs(%m110 : memref<3x6xf32>)
      memref.store %cst111, %m110[%c1_72, %c4_103] : memref<3x6xf32>
      %l112 = memref.load %m110[%c1_72, %c1_72] : memref<3x6xf32>
      %m113 = memref.alloc() : memref<7xf32>
      linalg.fill ins(%cst80 : f32) outs(%m113 : memref<7xf32>)
      memref.store %l112, %m113[%c2_66] : memref<7xf32>
      scf.yield %m113, %m113 : memref<7xf32>, memref<7xf32>
    }
    %wi114 = arith.addi %wi90, %c1_72 : index
    scf.yield %wi114, %for107#1, %for107#1 : index, memref<7xf32>, memref<7xf32>
  }
  %m115 = memref.alloca() : memref<3x7xf32>
  linalg.fill ins(%cst81 : f32) outs(%m115 : memref<3x7xf32>)
  memref.store %cst63, %m115[%c0_71, %c2_66] : memref<3x7xf32>
  %m116 = memref.alloc() : memref<3x7xf32>
  linalg.fill ins(%cst84 : f32) outs(%m116 : memref<3x7xf32>)
  memref.store %cst65, %m116[%c2_66, %c6_116] : memref<3x7xf32>
  linalg.add ins(%m115, %m115 : memref<3x7xf32>, memref<3x7xf32>) outs(%m116 : memref<3x7xf32>)
  %m118 = memref.alloca() : memref<3x3xf32>
  linalg.fill ins(%cst84 : f32) outs(%m118 : memref<3x3xf32>)
  memref.store %cst81, %m118[%c1_72, %c2_66] : memref<3x3xf32>
  memref.store %cst83, %m118[%c0_71, %c1_72] : memref<3x3xf32>
  %l119 = memref.load %while85#2[%c1_72] : memref<7xf32>
  %m120 = memref.alloc() : memref<7x6xf32>
  linalg.fill ins(%l119 : f32) outs(%m120 : memref<7x6xf32>)
  memref.store %cst80, %m120[%c2_66, %c3_65] : memref<7x6xf32>
  %call121 = func.call @mhelper1(%l119, %m120) : (f32, memref<7x6xf32>) -> (memref<5x5xf32, strided<[6, 1], offset: 1>>)
  %r122 = memref.load %m60[%c5_122] : memref<7xf32>
  %r124 = memref.load %m62[%c0_71, %c0_71] : memref<3x3xf32>
  %r125 = memref.load %m64[%c6_116, %c1_72] : memref<7x3xf32>
  %r126 = memref.load %m115[%c0_71, %c6_116] : memref<3x7xf32>
  %r127 = memref.load %m120[%c2_66, %c4_103] : memref<7x6xf32>
  %r128 = memref.load %m116[%c1_72, %c1_72] : memref<3x7xf32>
  %r129 = memref.load %while85#2[%c1_72] : memref<7xf32>
  %r130 = memref.load %for69#0[%c3_65] : memref<7xf32>
  func.return %r122, %r124, %r125, %r126, %r127, %r128, %r129, %r130 : f32, f32, f32, f32, f32, f32, f32, f32
}
