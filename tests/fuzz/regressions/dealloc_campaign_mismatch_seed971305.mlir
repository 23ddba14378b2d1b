// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: -0.25 before, nan after
// origin: xdsl-bufferize-fuzz --count 2000 --seed 970000 --pipeline buffer-deallocation (seed 971305, shrunk), main efa5599
// status: fixed: the flagged for result yielded twice borrows the after-region argument that dies at the yield; the merge now absorbs that root (flag = own flag or (same buffer and its flag), the root freed only if not held), no clone
builtin.module {
  func.func @main() -> f32 {
    %cst3 = arith.constant -2.500000e-01 : f32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %md7 = memref.alloc(%c4) : memref<?xf32>
    %m6 = "memref.cast"(%md7) : (memref<?xf32>) -> memref<4xf32>
    %while11, %while11_1, %while11_2 = scf.while (%wi12 = %c0, %wx13 = %m6, %wy14 = %m6) : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
      %wc15 = arith.cmpi slt, %wi12, %c1 : index
      scf.condition(%wc15) %wi12, %wx13, %wy14 : index, memref<4xf32>, memref<4xf32>
    } do {
    ^bb0(%wi16: index, %wx17: memref<4xf32>, %wy18: memref<4xf32>):
      memref.store %cst3, %m6[%c3] : memref<4xf32>
      %for21 = scf.for %iv20 = %c0 to %c1 step %c1 iter_args(%acc22 = %wy18) -> (memref<4xf32>) {
        %m24 = memref.alloc() : memref<4xf32>
        "memref.copy"(%acc22, %m24) : (memref<4xf32>, memref<4xf32>) -> ()
        scf.yield %m24 : memref<4xf32>
      }
      scf.yield %c1, %for21, %for21 : index, memref<4xf32>, memref<4xf32>
    }
    %r92 = memref.load %while11_2[%c3] : memref<4xf32>
    func.return %r92 : f32
  }
}
