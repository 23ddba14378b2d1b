// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation,static-memory-planning
// kind: finding:double-free
// detail: double-free: memref.dealloc frees heap buffer #1 (memref.alloc at @main, op #13 (in walk order)) already freed by memref.dealloc at <input>:19:5 in @mconsume0 [memref.dealloc at @main, op #15 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 2000 --seed 1570000 --pipeline buffer-deallocation,static-memory-planning --kind memref (seed 1570075, on bfbf81f: the memref generator's helpers freeing their argument), shrunk
// status: fixed: static-memory-planning placed a buffer passed to a function that frees it in the arena (analysis/memory_planning.py: a buffer a callee may free is not planned, freed_arguments)
builtin.module {
  func.func @mhelper0(%arg1: f32, %arg2: memref<8x4xf32>) -> memref<1x2xf32, strided<[4, 1], offset: ?>> {
    %c1 = arith.constant 1 : index
    %sv54 = memref.subview %arg2[%c1, %c1] [1, 2] [1, 1] : memref<8x4xf32> to memref<1x2xf32, strided<[4, 1], offset: ?>>
    func.return %sv54 : memref<1x2xf32, strided<[4, 1], offset: ?>>
  }
  func.func private @mhelper1(%arg55: f32, %arg56: memref<8x7xf32>, %arg57: i1) -> memref<8x7xf32> {
    cf.cond_br %arg57, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb3(%arg56, %arg56 : memref<8x7xf32>, memref<8x7xf32>)
  ^bb2:
    cf.br ^bb3(%arg56, %arg56 : memref<8x7xf32>, memref<8x7xf32>)
  ^bb3(%merged85: memref<8x7xf32>, %merged86: memref<8x7xf32>):
    func.return %merged85 : memref<8x7xf32>
  }
  func.func private @mconsume0(%b: memref<7x8xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %v = memref.load %b[%c0, %c0] : memref<7x8xf32>
    memref.dealloc %b : memref<7x8xf32>
    func.return %v : f32
  }
  func.func private @mhelper2(%arg87: f32, %arg88: memref<7xf32>, %arg89: i1) -> memref<7xf32> {
    %c6 = arith.constant 6 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %cst116 = arith.constant 5.000000e-01 : f32
    cf.br ^hl92(%arg88, %arg88, %c0 : memref<7xf32>, memref<7xf32>, index)
  ^hl92(%lx93: memref<7xf32>, %ly94: memref<7xf32>, %li95: index):
    %go98 = arith.cmpi slt, %li95, %c2 : index
    cf.cond_br %go98, ^bl92, ^xl92
  ^bl92:
    %m103 = memref.alloc() : memref<7x8xf32>
    linalg.fill ins(%arg87 : f32) outs(%m103 : memref<7x8xf32>)
    %cond108 = arith.cmpi ne, %li95, %c0 : index
    scf.if %cond108 {
      %fv109 = func.call @mconsume0(%m103) : (memref<7x8xf32>) -> f32
    }
    %ln110 = arith.addi %li95, %c1 : index
    %cond111 = arith.cmpi eq, %li95, %c1 : index
    cf.cond_br %cond111, ^fl92, ^kl92
  ^fl92:
    cf.br ^hl92(%arg88, %arg88, %ln110 : memref<7xf32>, memref<7xf32>, index)
  ^kl92:
    cf.br ^hl92(%lx93, %lx93, %ln110 : memref<7xf32>, memref<7xf32>, index)
  ^xl92:
    cf.cond_br %arg89, ^bb6, ^bb7
  ^bb6:
    %md114 = memref.alloc(%c7) : memref<?xf32>
    %m113 = "memref.cast"(%md114) : (memref<?xf32>) -> memref<7xf32>
    linalg.fill ins(%cst116 : f32) outs(%m113 : memref<7xf32>)
    cf.br ^bb8(%m113, %m113 : memref<7xf32>, memref<7xf32>)
  ^bb7:
    cf.br ^bb8(%arg88, %arg88 : memref<7xf32>, memref<7xf32>)
  ^bb8(%merged123: memref<7xf32>, %merged124: memref<7xf32>):
    func.return %merged123 : memref<7xf32>
  }
  func.func @main() -> f32 {
    %cst128 = arith.constant 2.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %cst132 = arith.constant 2.500000e-01 : f32
    %c1 = arith.constant 1 : index
    %cst142 = arith.constant 5.000000e-01 : f32
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %m153 = memref.alloca() : memref<7xf32>
    linalg.fill ins(%cst132 : f32) outs(%m153 : memref<7xf32>)
    memref.store %cst128, %m153[%c1] : memref<7xf32>
    %cond154 = arith.cmpi slt, %c3, %c2 : index
    %call155 = func.call @mhelper2(%cst142, %m153, %cond154) : (f32, memref<7xf32>, i1) -> memref<7xf32>
    %r162 = memref.load %call155[%c6] : memref<7xf32>
    func.return %r162 : f32
  }
}
