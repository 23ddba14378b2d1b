// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, 1.5 after
// origin: xdsl-bufferize-fuzz --count 5000 --seed 1045000 --pipeline buffer-deallocation --jobs 1 (seed 1049921, shrunk), on 3f0e54c; passes on 8f1046f: a regression of the public-forwarder split (d13d)
// status: fixed (ownership.handover_root: a call forwarding its operand's buffer itself (ForwardingAnalysis.forwards_base) hands the buffer over like memref.cast; the second yield borrows the first): @mhelper0 is public and returns its argument, so its in-module call goes to the private twin and the call result is a view of the loop body's fresh %m51; the loop yielded that result twice with a bufferization.clone each, so the two results were two buffers where the program has one
builtin.module {
  func.func @mhelper0(%arg1: f32, %arg2: memref<2xf32>) -> memref<2xf32> {
    func.return %arg2 : memref<2xf32>
  }
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %cst50 = arith.constant 1.500000e+00 : f32
    %m24 = memref.alloc() : memref<2xf32>
    %for46, %for46_1 = scf.for %iv45 = %c0 to %c3 step %c1 iter_args(%acc47 = %m24, %acc48 = %m24) -> (memref<2xf32>, memref<2xf32>) {
      %m51 = memref.alloc() : memref<2xf32>
      linalg.fill ins(%cst50 : f32) outs(%m51 : memref<2xf32>)
      %call52 = func.call @mhelper0(%cst50, %m51) : (f32, memref<2xf32>) -> memref<2xf32>
      scf.yield %call52, %call52 : memref<2xf32>, memref<2xf32>
    }
    linalg.sub ins(%for46, %for46_1 : memref<2xf32>, memref<2xf32>) outs(%for46 : memref<2xf32>)
    %r64 = memref.load %for46_1[%c1] : memref<2xf32>
    func.return %r64 : f32
  }
}
