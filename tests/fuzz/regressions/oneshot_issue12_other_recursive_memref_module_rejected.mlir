// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true}
// kind: pass-error
// detail: not issue #12 (MLIR compatibility): a recursive module with no tensor at all (from tests/filecheck/buffer-deallocation/forwarding.mlir chunk 5) is rejected by ours ("expected callgraph to be free of circular dependencies: recursive calls @rec -> @rec"); MLIR one-shot-bufferize{bufferize-function-boundaries} accepts it (DESIGN: recursion is not an error)
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)

// Recursion keeps the clone (forwarding is only proven callee first).
func.func private @rec(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @rec(%a, %m) : (memref<4xf32>, index) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @rec(%m, %c2) : (memref<4xf32>, index) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}


