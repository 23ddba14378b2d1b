// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0 before, -1.0 after
// origin: xdsl-bufferize-fuzz --count 600 --seed 881000 -p buffer-deallocation --kind memref (seed 881469, generator feature recursion: a helper returning its argument or a new buffer, called through @mrec_via), shrunk
// status: fixed: @mrec returns its argument on some paths and a new buffer on others; it was copied at the return, so @main's second call wrote into the copy, not into %m103 which @main reads. analysis/forwarding.py maybe_forwarded: such a result is returned as is and the caller owns it only when its pointer differs from the operand's
builtin.module {
  func.func private @mrec(%n: index, %b: memref<2x2xf32>) -> memref<2x2xf32> {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.000000e+00 : f32
    %p = arith.cmpi sle, %n, %c0 : index
    %r = scf.if %p -> (memref<2x2xf32>) {
      %e = arith.cmpi eq, %n, %c0 : index
      %y = scf.if %e -> (memref<2x2xf32>) {
        scf.yield %b : memref<2x2xf32>
      } else {
        %a = memref.alloc() : memref<2x2xf32>
        scf.yield %a : memref<2x2xf32>
      }
      scf.yield %y : memref<2x2xf32>
    } else {
      %v = memref.load %b[%c0, %c0] : memref<2x2xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %b[%c0, %c0] : memref<2x2xf32>
      scf.yield %b : memref<2x2xf32>
    }
    func.return %r : memref<2x2xf32>
  }
  func.func private @mrec_via(%n: index, %b: memref<2x2xf32>) -> memref<2x2xf32> {
    %q = func.call @mrec(%n, %b) : (index, memref<2x2xf32>) -> memref<2x2xf32>
    func.return %q : memref<2x2xf32>
  }
  func.func @main() -> f32 {
    %cst99 = arith.constant -2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %m103 = memref.alloc() : memref<2x2xf32>
    linalg.fill ins(%cst99 : f32) outs(%m103 : memref<2x2xf32>)
    %rec119 = func.call @mrec_via(%c3, %m103) : (index, memref<2x2xf32>) -> memref<2x2xf32>
    %rec133 = func.call @mrec_via(%c1, %rec119) : (index, memref<2x2xf32>) -> memref<2x2xf32>
    %r156 = memref.load %m103[%c0, %c0] : memref<2x2xf32>
    func.return %r156 : f32
  }
}
