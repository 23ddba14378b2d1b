// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: finding:double-free
// detail: double-free: memref.dealloc frees heap buffer #0 (memref.alloc in @main) already freed by memref.dealloc in @mconsume0
// origin: xdsl-bufferize-fuzz --count 400 --seed 884000 -p buffer-deallocation --kind memref (seed 884391; 39 of the 400 failed before the fix), generator feature frees (a call of a helper freeing its argument), shrunk
// status: fixed: a call of a function freeing its argument was not seen as a free, so the caller freed the buffer again; analysis/freed_arguments.py: such a call is a free of the program (must free), a callee freeing it on some paths only is refused
builtin.module {
  func.func private @mconsume0(%b: memref<8x8xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %v = memref.load %b[%c0, %c0] : memref<8x8xf32>
    memref.dealloc %b : memref<8x8xf32>
    func.return %v : f32
  }
  func.func @main() -> f32 {
    %cst72 = arith.constant 2.000000e+00 : f32
    %c4 = arith.constant 4 : index
    %m66 = memref.alloc() : memref<8x8xf32>
    linalg.fill ins(%cst72 : f32) outs(%m66 : memref<8x8xf32>)
    %fv70 = func.call @mconsume0(%m66) : (memref<8x8xf32>) -> f32
    %m71 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst72 : f32) outs(%m71 : memref<8xf32>)
    %r160 = memref.load %m71[%c4] : memref<8xf32>
    func.return %r160 : f32
  }
}
