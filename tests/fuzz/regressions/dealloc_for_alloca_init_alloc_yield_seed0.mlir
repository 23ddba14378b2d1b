// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: crash:AssertionError
// detail: AssertionError (at xdsl_bufferize/transforms/buffer_deallocation.py:151 in apply_plan)
// origin: xdsl-bufferize-fuzz --count 1 --seed 0 --pipeline buffer-deallocation (shrunk)
// status: fixed (da5ce2e): AssertionError in apply_plan

builtin.module {
  func.func @main() -> f32 {
    %cst2 = arith.constant 2.500000e-01 : f32
    %cst3 = arith.constant -5.000000e-01 : f32
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %cst7 = arith.constant -2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %m1 = memref.alloc() : memref<7x7xf32>
    linalg.fill ins(%cst2 : f32) outs(%m1 : memref<7x7xf32>)
    %m8 = memref.alloca() : memref<5x8xf32>
    %for14 = scf.for %iv13 = %c0 to %c2 step %c1 iter_args(%acc15 = %m8) -> (memref<5x8xf32>) {
      %m26 = memref.alloc() : memref<5x8xf32>
      scf.yield %m26 : memref<5x8xf32>
    }
    %r45 = memref.load %m1[%c0, %c4] : memref<7x7xf32>
    func.return %r45 : f32
  }
}
