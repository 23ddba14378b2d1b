// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: result #0: -0.5 before, 0.25 after
// origin: xdsl-bufferize-fuzz --count 2500 --seed 1000000 --pipeline comprehensive-bufferize --features +adversarial (seed 1001356, shrunk), on 3f0e54c; fails on 8f1046f too
// status: fixed (models/scf.py _owned_by_loop: iter_args are passed around without copies only when nothing after the loop writes in place into an init's buffer, AnalysisState.writes_after): the loop's yields swap two iter_args, so after an odd trip count result #0 is the buffer of init #1, which linalg.copy then overwrote in place while result #0 was still read
builtin.module {
  func.func @main() -> f32 {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %cst154 = arith.constant -5.000000e-01 : f32
    %c1 = arith.constant 1 : index
    %k83 = arith.constant dense<[[-2.500000e-01, 1.000000e+00, 2.500000e-01, 1.500000e+00], [2.000000e+00, -2.000000e+00, 5.000000e-01, -2.000000e+00], [-5.000000e-01, -1.000000e+00, -1.500000e+00, -1.500000e+00], [-1.500000e+00, 3.000000e+00, 2.500000e-01, 1.500000e+00], [-5.000000e-01, -2.000000e+00, -2.500000e-01, 1.000000e+00]]> : tensor<5x4xf32>
    %t142 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%k83 : tensor<5x4xf32>) {
    ^bb0(%o143: f32):
      linalg.yield %cst154 : f32
    } -> tensor<5x4xf32>
    %for156, %for156_1 = scf.for %iv155 = %c0 to %c3 step %c1 iter_args(%acc157 = %k83, %acc158 = %t142) -> (tensor<5x4xf32>, tensor<5x4xf32>) {
      scf.yield %acc158, %acc157 : tensor<5x4xf32>, tensor<5x4xf32>
    }
    %cp162 = linalg.copy ins(%k83 : tensor<5x4xf32>) outs(%t142 : tensor<5x4xf32>) -> tensor<5x4xf32>
    %r178 = tensor.extract %for156[%c3, %c2] : tensor<5x4xf32>
    func.return %r178 : f32
  }
}
