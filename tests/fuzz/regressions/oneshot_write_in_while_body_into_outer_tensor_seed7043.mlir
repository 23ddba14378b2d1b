// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize
// kind: mismatch
// detail: result #0: 1.0 before, 8.0 after
// origin: xdsl-bufferize-fuzz --count 100 --seed 7000 --pipeline one-shot-bufferize (seed 7043, shrunk)
// status: fixed (by the analysis change in the working tree at about 16:10): a write inside an scf.while body into a tensor defined before the loop and read after it (through scf.if) happened in place

builtin.module {
  func.func @helper1(%arg51: f32) -> f32 {
    %c4 = arith.constant 4 : index
    %k52 = arith.constant dense<[3.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.500000e+00, -1.000000e+00, -1.000000e+00, -1.000000e+00]> : tensor<8xf32>
    %s117 = tensor.extract %k52[%c4] : tensor<8xf32>
    func.return %s117 : f32
  }
  func.func private @helper2(%arg120: f32) -> f32 {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %e121 = tensor.empty() : tensor<3x3xf32>
    %s179 = tensor.extract %e121[%c2, %c0] : tensor<3x3xf32>
    func.return %s179 : f32
  }
  func.func @main() -> f32 {
    %c3 = arith.constant 3 : index
    %cst203 = arith.constant 5.000000e-01 : f32
    %c0 = arith.constant 0 : index
    %zi324 = arith.constant 0 : i32
    %lim325 = arith.constant 1 : i32
    %lim341 = arith.constant 3 : i32
    %c7 = arith.constant 7 : index
    %e193 = tensor.empty() : tensor<8xf32>
    %t194 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e193 : tensor<8xf32>) {
    ^bb0(%o195: f32):
      linalg.yield %cst203 : f32
    } -> tensor<8xf32>
    %b204 = linalg.add ins(%t194, %t194 : tensor<8xf32>, tensor<8xf32>) outs(%t194 : tensor<8xf32>) -> tensor<8xf32>
    %cond307 = arith.cmpi slt, %c0, %c3 : index
    %if308 = scf.if %cond307 -> (tensor<8xf32>) {
      %k337 = arith.constant dense<[[5.000000e-01, -2.500000e-01, 3.000000e+00, 1.500000e+00, 1.000000e+00, -1.500000e+00, 1.500000e+00, 1.000000e+00], [-2.500000e-01, -1.500000e+00, 2.000000e+00, 5.000000e-01, -2.000000e+00, 5.000000e-01, 1.500000e+00, -1.500000e+00]]> : tensor<2x8xf32>
      %wh338, %wh338_1 = scf.while (%wa339 = %k337, %wk340 = %zi324) : (tensor<2x8xf32>, i32) -> (tensor<2x8xf32>, i32) {
        %go342 = arith.cmpi slt, %wk340, %lim341 : i32
        scf.condition(%go342) %wa339, %wk340 : tensor<2x8xf32>, i32
      } do {
      ^bb0(%wb343: tensor<2x8xf32>, %wbk344: i32):
        %b347 = linalg.add ins(%b204, %b204 : tensor<8xf32>, tensor<8xf32>) outs(%b204 : tensor<8xf32>) -> tensor<8xf32>
        %nk356 = arith.addi %wbk344, %lim325 : i32
        scf.yield %wb343, %nk356 : tensor<2x8xf32>, i32
      }
      scf.yield %b204 : tensor<8xf32>
    } else {
      %b357 = linalg.mul ins(%b204, %b204 : tensor<8xf32>, tensor<8xf32>) outs(%b204 : tensor<8xf32>) -> tensor<8xf32>
      scf.yield %t194 : tensor<8xf32>
    }
    %r379 = tensor.extract %if308[%c7] : tensor<8xf32>
    func.return %r379 : f32
  }
}