// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 1.5 before, nan after
// status: fixed: the flagged values forwarded twice by scf.condition absorb the roots dying at the exit instead of being cloned
// origin: xdsl-bufferize-fuzz --count 10000 --seed 100000 --pipeline buffer-deallocation --jobs 2 --timeout 60 (seed 104126, shrunk)
builtin.module {
  func.func @mhelper1(%arg12: f32, %arg13: memref<3x3xf32>) -> memref<3x3xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %while14, %while14_1, %while14_2 = scf.while (%wi15 = %c0, %wx16 = %arg13, %wy17 = %arg13) : (index, memref<3x3xf32>, memref<3x3xf32>) -> (index, memref<3x3xf32>, memref<3x3xf32>) {
      %wc19 = arith.cmpi slt, %wi15, %c1 : index
      scf.condition(%wc19) %wi15, %wx16, %wx16 : index, memref<3x3xf32>, memref<3x3xf32>
    } do {
    ^bb0(%wi21: index, %wx22: memref<3x3xf32>, %wy23: memref<3x3xf32>):
      %for25 = scf.for %iv24 = %c0 to %c3 step %c1 iter_args(%acc26 = %wy23) -> (memref<3x3xf32>) {
        %m43 = memref.alloc() : memref<3x3xf32>
        scf.yield %m43 : memref<3x3xf32>
      }
      %while53, %while53_1, %while53_2 = scf.while (%wi54 = %c0, %wx55 = %wx22, %wy56 = %wx22) : (index, memref<3x3xf32>, memref<3x3xf32>) -> (index, memref<3x3xf32>, memref<3x3xf32>) {
        %wc57 = arith.cmpi slt, %wi54, %c1 : index
        scf.condition(%wc57) %wi54, %wx55, %wy56 : index, memref<3x3xf32>, memref<3x3xf32>
      } do {
      ^bb0(%wi58: index, %wx59: memref<3x3xf32>, %wy60: memref<3x3xf32>):
        linalg.fill ins(%arg12 : f32) outs(%wx59 : memref<3x3xf32>)
        scf.yield %c1, %arg13, %wx59 : index, memref<3x3xf32>, memref<3x3xf32>
      }
      scf.yield %c1, %for25, %for25 : index, memref<3x3xf32>, memref<3x3xf32>
    }
    func.return %arg13 : memref<3x3xf32>
  }
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %cst107 = arith.constant 1.500000e+00 : f32
    %m129 = memref.alloc() : memref<3x3xf32>
    %call131 = func.call @mhelper1(%cst107, %m129) : (f32, memref<3x3xf32>) -> memref<3x3xf32>
    %r138 = memref.load %call131[%c1, %c1] : memref<3x3xf32>
    func.return %r138 : f32
  }
}
