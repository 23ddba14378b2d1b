// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 2.0 before, 1.0 after
// origin: hand-written, issue #13 class 3
// status: fixed (analysis/ownership.py: the second operand borrows the buffer its sibling hands over, with an ownership flag): the second yield of one buffer got a bufferization.clone, so a write through one result was not seen through the other

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %true = arith.constant true
  %r:2 = scf.if %true -> (memref<4xf32>, memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    scf.yield %a, %a : memref<4xf32>, memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    %c = memref.alloc() : memref<4xf32>
    scf.yield %b, %c : memref<4xf32>, memref<4xf32>
  }
  memref.store %f2, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}
