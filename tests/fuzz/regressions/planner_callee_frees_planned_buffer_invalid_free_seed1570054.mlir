// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation,static-memory-planning
// kind: finding:invalid-free
// detail: invalid-free: memref.dealloc frees a view of an arena (memref.view): arena-slot buffer #5 (memref.view at @main, op #40 (in walk order)) [memref.dealloc at <input>:5:5 in @mconsume0]
// origin: xdsl-bufferize-fuzz --count 2000 --seed 1570000 --pipeline buffer-deallocation,static-memory-planning --kind memref (seed 1570054, on bfbf81f: the memref generator's helpers freeing their argument), shrunk
// status: fixed: static-memory-planning placed a buffer passed to a function that frees it in the arena (analysis/memory_planning.py: a buffer a callee may free is not planned, freed_arguments)
builtin.module {
  func.func private @mconsume0(%b: memref<4x7xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %v = memref.load %b[%c0, %c0] : memref<4x7xf32>
    memref.dealloc %b : memref<4x7xf32>
    func.return %v : f32
  }
  func.func @mhelper0(%arg1: f32, %arg2: memref<7x7xf32>, %arg3: i1) -> memref<7x7xf32> {
    %cst6 = arith.constant 2.500000e-01 : f32
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %cst10 = arith.constant 2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %m4 = memref.alloc() : memref<4x7xf32>
    linalg.fill ins(%cst10 : f32) outs(%m4 : memref<4x7xf32>)
    %cond15 = arith.cmpf olt, %arg1, %cst6 : f32
    scf.if %cond15 {
      memref.dealloc %m4 : memref<4x7xf32>
    } else {
      %fv16 = func.call @mconsume0(%m4) : (memref<4x7xf32>) -> f32
    }
    cf.cond_br %arg3, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg2, %arg2 : memref<7x7xf32>, memref<7x7xf32>)
  ^bb2:
    cf.br ^bb3(%arg2, %arg2 : memref<7x7xf32>, memref<7x7xf32>)
  ^bb3(%merged23: memref<7x7xf32>, %merged24: memref<7x7xf32>):
    func.return %merged23 : memref<7x7xf32>
  }
  func.func @mhelper1(%arg25: f32, %arg26: memref<4x7xf32>, %arg27: i1) -> memref<4x7xf32> {
    %c1 = arith.constant 1 : index
    %cst31 = arith.constant 2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %cst41 = arith.constant -1.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %m28 = memref.alloc() : memref<4xf32>
    %m32 = memref.alloc() : memref<7x7xf32>
    %cond34 = arith.cmpi slt, %c1, %c1 : index
    %call35 = func.call @mhelper0(%cst31, %m32, %cond34) : (f32, memref<7x7xf32>, i1) -> memref<7x7xf32>
    %for37 = scf.for %iv36 = %c0 to %c1 step %c1 iter_args(%acc38 = %m28) -> (memref<4xf32>) {
      %re40 = memref.realloc %acc38 : memref<4xf32> to memref<4xf32>
      memref.store %cst41, %re40[%c2] : memref<4xf32>
      scf.yield %re40 : memref<4xf32>
    }
    cf.br ^hl43(%arg26, %arg26, %c0 : memref<4x7xf32>, memref<4x7xf32>, index)
  ^hl43(%lx44: memref<4x7xf32>, %ly45: memref<4x7xf32>, %li46: index):
    %go47 = arith.cmpi slt, %li46, %c3 : index
    cf.cond_br %go47, ^bl43, ^xl43
  ^bl43:
    %cond51 = arith.cmpi eq, %li46, %c2 : index
    %uj50, %uj50_1 = scf.if %cond51 -> (memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>) {
      %m54 = memref.alloc() : memref<8xf32>
      %uv55 = memref.subview %m54[%c5] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
      scf.yield %uv55, %uv55 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
    } else {
      %m58 = memref.alloc() : memref<8xf32>
      %uv65 = memref.subview %m58[%c0] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
      scf.yield %uv65, %uv65 : memref<2xf32, strided<[1], offset: ?>>, memref<2xf32, strided<[1], offset: ?>>
    }
    memref.store %arg25, %uj50[%c1] : memref<2xf32, strided<[1], offset: ?>>
    %ln68 = arith.addi %li46, %c1 : index
    %cond69 = arith.cmpi ult, %li46, %c0 : index
    cf.cond_br %cond69, ^fl43, ^kl43
  ^fl43:
    %lf70 = memref.alloc() : memref<4x7xf32>
    cf.br ^hl43(%lf70, %lf70, %ln68 : memref<4x7xf32>, memref<4x7xf32>, index)
  ^kl43:
    cf.br ^hl43(%ly45, %lx44, %ln68 : memref<4x7xf32>, memref<4x7xf32>, index)
  ^xl43:
    cf.cond_br %arg27, ^bb6, ^bb7
  ^bb6:
    cf.br ^bb8(%arg26 : memref<4x7xf32>)
  ^bb7:
    cf.br ^bb8(%arg26 : memref<4x7xf32>)
  ^bb8(%merged72: memref<4x7xf32>):
    func.return %merged72 : memref<4x7xf32>
  }
  func.func private @mhelper2(%arg73: f32, %arg74: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
    %c7 = arith.constant 7 : index
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %cst85 = arith.constant 5.000000e-01 : f32
    %cst87 = arith.constant -2.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %cst90 = arith.constant 1.500000e+00 : f32
    %cst93 = arith.constant 2.000000e+00 : f32
    %md76 = memref.alloc(%c7) : memref<?x2xf32>
    %m75 = "memref.cast"(%md76) : (memref<?x2xf32>) -> memref<7x2xf32>
    linalg.fill ins(%arg73 : f32) outs(%m75 : memref<7x2xf32>)
    memref.store %arg73, %m75[%c0, %c0] : memref<7x2xf32>
    %for80 = scf.for %iv79 = %c0 to %c3 step %c1 iter_args(%acc81 = %m75) -> (memref<7x2xf32>) {
      memref.store %arg73, %acc81[%c6, %c1] : memref<7x2xf32>
      %m86 = memref.alloc() : memref<4x7xf32>
      linalg.fill ins(%cst87 : f32) outs(%m86 : memref<4x7xf32>)
      memref.store %arg73, %m86[%c0, %c2] : memref<4x7xf32>
      %cond89 = arith.cmpf olt, %arg73, %cst90 : f32
      %call91 = func.call @mhelper1(%cst85, %m86, %cond89) : (f32, memref<4x7xf32>, i1) -> memref<4x7xf32>
      %m92 = memref.alloc() : memref<7x2xf32>
      linalg.fill ins(%cst93 : f32) outs(%m92 : memref<7x2xf32>)
      scf.yield %m92 : memref<7x2xf32>
    }
    func.return %arg74, %arg74 : memref<4xf32>, memref<4xf32>
  }
  func.func @main() -> f32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %cst141 = arith.constant 2.500000e-01 : f32
    %cst142 = arith.constant 3.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %cst146 = arith.constant -2.000000e+00 : f32
    %cst167 = arith.constant 1.500000e+00 : f32
    %c3 = arith.constant 3 : index
    %m145 = memref.alloc() : memref<2x2xf32>
    linalg.fill ins(%cst141 : f32) outs(%m145 : memref<2x2xf32>)
    memref.store %cst146, %m145[%c1, %c0] : memref<2x2xf32>
    %cond156 = arith.cmpi slt, %c2, %c1 : index
    %uj155, %uj155_1 = scf.if %cond156 -> (memref<3xf32>, memref<3xf32>) {
      %m157 = memref.alloc() : memref<3xf32>
      scf.yield %m157, %m157 : memref<3xf32>, memref<3xf32>
    } else {
      %md169 = memref.alloc(%c3) : memref<?xf32>
      %m168 = "memref.cast"(%md169) : (memref<?xf32>) -> memref<3xf32>
      scf.yield %m168, %m168 : memref<3xf32>, memref<3xf32>
    }
    memref.store %cst167, %uj155[%c2] : memref<3xf32>
    %l176 = memref.load %uj155_1[%c2] : memref<3xf32>
    %for178, %for178_1 = scf.for %iv177 = %c0 to %c3 step %c1 iter_args(%acc179 = %m145, %acc180 = %m145) -> (memref<2x2xf32>, memref<2x2xf32>) {
      %for182 = scf.for %iv181 = %c0 to %c3 step %c1 iter_args(%acc183 = %acc179) -> (memref<2x2xf32>) {
        memref.store %l176, %acc180[%c0, %c1] : memref<2x2xf32>
        %m185 = memref.alloc() : memref<4xf32>
        linalg.fill ins(%l176 : f32) outs(%m185 : memref<4xf32>)
        %call186, %call186_1 = func.call @mhelper2(%cst142, %m185) : (f32, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
        scf.yield %acc183 : memref<2x2xf32>
      }
      scf.yield %acc179, %acc179 : memref<2x2xf32>, memref<2x2xf32>
    }
    %r196 = memref.load %for178_1[%c1, %c0] : memref<2x2xf32>
    func.return %r196 : f32
  }
}
