// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize
// kind: mismatch
// detail: result #0 differs
// origin: xdsl-bufferize-fuzz --count 1 --seed 1004 --pipeline one-shot-bufferize --features=-slices (shrunk)
// status: fixed (by the analysis change in the working tree at 15:45, not yet committed then): a write into a tensor.cast result (of a dense constant) that is read again afterwards happens in place

builtin.module {
  func.func private @helper0(%arg1: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %k2 = arith.constant dense<[[-2.000000e+00, -1.000000e+00, -1.000000e+00, -1.500000e+00, 1.500000e+00], [2.500000e-01, 5.000000e-01, -2.500000e-01, -2.000000e+00, -1.500000e+00], [5.000000e-01, -1.500000e+00, 1.000000e+00, -2.000000e+00, -2.500000e-01], [1.500000e+00, -2.000000e+00, -5.000000e-01, -2.000000e+00, 5.000000e-01], [-2.500000e-01, 1.000000e+00, -2.000000e+00, -1.000000e+00, 3.000000e+00], [1.000000e+00, 5.000000e-01, 1.000000e+00, 5.000000e-01, 1.000000e+00]]> : tensor<6x5xf32>
    %d3 = tensor.cast %k2 : tensor<6x5xf32> to tensor<?x?xf32>
    %t11 = linalg.fill ins(%arg1 : f32) outs(%d3 : tensor<?x?xf32>) -> tensor<?x?xf32>
    %s17 = tensor.extract %d3[%c3, %c1] : tensor<?x?xf32>
    func.return %s17 : f32
  }
  func.func @main() -> f32 {
    %cst32 = arith.constant 5.000000e-01 : f32
    %call35 = func.call @helper0(%cst32) : (f32) -> f32
    func.return %call35 : f32
  }
}
