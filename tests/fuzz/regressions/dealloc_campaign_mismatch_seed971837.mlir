// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 0.0625 before, 0.25 after
// origin: xdsl-bufferize-fuzz --count 2000 --seed 970000 --pipeline buffer-deallocation (seed 971837, shrunk), main efa5599
// status: fixed: an scf.if result borrowing the loop iter_arg is yielded twice at the back edge; the first merge absorbs the iter_arg (runtime same-buffer check), the second borrows from it, no clone
builtin.module {
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %cst90 = arith.constant 2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %m88 = memref.alloc() : memref<6x2xf32>
    %for92, %for92_1 = scf.for %iv91 = %c0 to %c2 step %c1 iter_args(%acc93 = %m88, %acc94 = %m88) -> (memref<6x2xf32>, memref<6x2xf32>) {
      %cond97 = arith.cmpi eq, %iv91, %c1 : index
      %if98 = scf.if %cond97 -> (memref<6x2xf32>) {
        linalg.mul ins(%acc93, %acc94 : memref<6x2xf32>, memref<6x2xf32>) outs(%acc94 : memref<6x2xf32>)
        scf.yield %acc93 : memref<6x2xf32>
      } else {
        %for100, %for100_1 = scf.for %iv99 = %c0 to %c3 step %c1 iter_args(%acc101 = %acc94, %acc102 = %acc93) -> (memref<6x2xf32>, memref<6x2xf32>) {
          %m107 = memref.alloc() : memref<6x2xf32>
          linalg.fill ins(%cst90 : f32) outs(%m107 : memref<6x2xf32>)
          scf.yield %m107, %m107 : memref<6x2xf32>, memref<6x2xf32>
        }
        scf.yield %for100_1 : memref<6x2xf32>
      }
      scf.yield %if98, %if98 : memref<6x2xf32>, memref<6x2xf32>
    }
    %r128 = memref.load %for92_1[%c5, %c1] : memref<6x2xf32>
    func.return %r128 : f32
  }
}
