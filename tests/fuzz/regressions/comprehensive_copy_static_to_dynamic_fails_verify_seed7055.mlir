// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: verify
// detail: Expected source and destination to have the same shape.
// origin: xdsl-bufferize-fuzz --count 100 --seed 7000 --pipeline comprehensive-bufferize (seed 7055, shrunk)
// status: fixed (with comprehensive_copy_static_to_dynamic_fails_verify_seed1024): was the same bug as that one (12 of 100 programs of seed 7000 fail this way)

builtin.module {
  func.func @helper1(%arg54: tensor<6x4xf32> {bufferization.writable = true}, %arg55: f32) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d56 = tensor.cast %arg54 : tensor<6x4xf32> to tensor<?x?xf32>
    %for65 = scf.for %iv64 = %c0 to %c1 step %c1 iter_args(%acc66 = %d56) -> (tensor<?x?xf32>) {
      %cp70 = linalg.copy ins(%d56 : tensor<?x?xf32>) outs(%acc66 : tensor<?x?xf32>) -> tensor<?x?xf32>
      scf.yield %acc66 : tensor<?x?xf32>
    }
    func.return %for65 : tensor<?x?xf32>
  }
  func.func @main() -> f32 {
    %cst140 = arith.constant 0.000000e+00 : f32
    %e141 = tensor.empty() : tensor<f32>
    %z142 = linalg.fill ins(%cst140 : f32) outs(%e141 : tensor<f32>) -> tensor<f32>
    %cs154 = tensor.extract %z142[] : tensor<f32>
    func.return %cs154 : f32
  }
}
