// RUN: xdsl-opt %s --verify-diagnostics -p buffer-deallocation | filecheck %s

// An scf.if whose else block lost its yield (the parser gives it an empty one and
// xDSL's verifier accepts it): a diagnostic at the op, not a crash while following
// the yielded buffers.

func.func @pick(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
  }
  func.return %r : memref<4xf32>
}
// CHECK: 'scf.if' op its region #1 ends in scf.yield with 0 operand(s), expected 1
