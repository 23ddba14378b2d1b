// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize{plan-memory=true}
// kind: finding:invalid-free
// detail: invalid-free: memref.dealloc frees a view (offset 1, sizes [1, 1], strides [2, 1]) that is not the base of heap buffer #6 (memref.alloc at @helper2__inplace, op #12 (in walk order)) [memref.dealloc at @helper2__inplace, op #27 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 5000 --seed 1400000 --pipeline "comprehensive-bufferize{plan-memory=true}" --features +adversarial (seed 1401122; fails under comprehensive-bufferize alone too)
// status: fixed (analysis/ownership/sites.py frees_through_base: a cast of a merge whose type has a static offset layout frees through the base buffer)
builtin.module {
  func.func @helper2(%arg55: tensor<3x2xf32>) -> tensor<6xf32> {
    %zi64 = arith.constant 0 : i32
    %one65 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %k60 = arith.constant dense<[[-5.000000e-01, -1.500000e+00, 1.500000e+00, 1.000000e+00, 5.000000e-01, -1.000000e+00], [-2.000000e+00, 1.000000e+00, 2.500000e-01, 2.000000e+00, 3.000000e+00, 1.000000e+00], [1.500000e+00, 3.000000e+00, 1.000000e+00, -5.000000e-01, -1.000000e+00, 2.000000e+00]]> : tensor<3x6xf32>
    %wh61, %wh61_1 = scf.while (%wa62 = %k60, %wk63 = %zi64) : (tensor<3x6xf32>, i32) -> (tensor<1x1xf32>, i32) {
      %sl74 = tensor.extract_slice %arg55[0, 1] [1, 1] [1, 1] : tensor<3x2xf32> to tensor<1x1xf32>
      %go75 = arith.cmpi slt, %wk63, %zi64 : i32
      scf.condition(%go75) %sl74, %wk63 : tensor<1x1xf32>, i32
    } do {
    ^bb0(%wb76: tensor<1x1xf32>, %wbk77: i32):
      scf.yield %k60, %one65 : tensor<3x6xf32>, i32
    }
    %ob90 = tensor.extract %arg55[%c2, %c1] : tensor<3x2xf32>
    %ins92 = tensor.insert %ob90 into %wh61[%c0, %c0] : tensor<1x1xf32>
    %for94 = scf.for %iv93 = %c0 to %c3 step %c1 iter_args(%acc95 = %wh61) -> (tensor<1x1xf32>) {
      %ob99 = tensor.extract %arg55[%c0, %c0] : tensor<3x2xf32>
      scf.yield %ins92 : tensor<1x1xf32>
    }
    %k127 = arith.constant dense<[2.000000e+00, 5.000000e-01, 1.500000e+00, -1.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<6xf32>
    func.return %k127 : tensor<6xf32>
  }
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst209 = arith.constant -2.000000e+00 : f32
    %e196 = tensor.empty() : tensor<3x2xf32>
    %t197 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e196 : tensor<3x2xf32>) {
    ^bb0(%o198: f32):
      linalg.yield %cst209 : f32
    } -> tensor<3x2xf32>
    %call210 = func.call @helper2(%t197) : (tensor<3x2xf32>) -> tensor<6xf32>
    %ob211 = tensor.extract %t197[%c1, %c0] : tensor<3x2xf32>
    func.return %ob211 : f32
  }
}
