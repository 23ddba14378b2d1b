// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, 2.0 after
// status: fixed (analysis/ownership.py _sibling_site: a view handed over is a sibling too): the second yield of a cast of a fresh buffer got a clone
// origin: xdsl-bufferize-fuzz --count 300 --seed 1000 --pipeline buffer-deallocation (seed 1169, shrunk)
builtin.module {
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %cst15 = arith.constant 2.000000e+00 : f32
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %m14 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst15 : f32) outs(%m14 : memref<8xf32>)
    %l16 = memref.load %m14[%c1] : memref<8xf32>
    %m17 = memref.alloc() : memref<8x2xf32>
    %join18, %join18_1 = scf.index_switch %c1 -> memref<8x2xf32>, memref<8x2xf32>
    case 0 {
      scf.yield %m17, %m17 : memref<8x2xf32>, memref<8x2xf32>
    }
    case 1 {
      %md36 = memref.alloc(%c8) : memref<?x2xf32>
      %m35 = "memref.cast"(%md36) : (memref<?x2xf32>) -> memref<8x2xf32>
      linalg.fill ins(%l16 : f32) outs(%m35 : memref<8x2xf32>)
      scf.yield %m35, %m35 : memref<8x2xf32>, memref<8x2xf32>
    }
    default {
      scf.yield %m17, %m17 : memref<8x2xf32>, memref<8x2xf32>
    }
    linalg.sub ins(%join18, %join18_1 : memref<8x2xf32>, memref<8x2xf32>) outs(%join18_1 : memref<8x2xf32>)
    %r50 = memref.load %join18[%c6, %c0] : memref<8x2xf32>
    func.return %r50 : f32
  }
}
