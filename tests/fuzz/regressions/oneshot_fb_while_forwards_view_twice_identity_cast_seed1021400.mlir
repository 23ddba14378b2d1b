// Reproducer found by xdsl-bufferize-fuzz (issue #12 campaign).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: run-error
// detail: memref.cast: view with strides [2, 1] is not memref<3x1xf32> [memref.cast at @helper0, op #11 (in walk order)]
// origin: seed 1021400 (shrunk by the campaign; fails on main before the fix too)
// status: fixed (get_buffer_type asks the region's owner about a block argument; WhileOpModel.buffer_type gives before-arguments the carried init type and after-arguments/results the condition operand's type): scf.condition forwarded before-argument %wa54 (a strided subview) twice, the second after-argument/result got an identity layout and a memref.cast from the view
builtin.module {
  func.func @helper0(%arg1: tensor<5xf32> {bufferization.writable = true}, %arg2: tensor<8x2xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>) {
    %cst4 = arith.constant 3.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %zi56 = arith.constant 0 : i32
    %lim57 = arith.constant 1 : i32
    %sl8 = tensor.extract_slice %arg2[%c1, 0] [3, 1] [1, 1] : tensor<8x2xf32> to tensor<3x1xf32>
    %t10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%sl8 : tensor<3x1xf32>) {
    ^bb0(%o11: f32):
      linalg.yield %cst4 : f32
    } -> tensor<3x1xf32>
    %wh53, %wh53_1, %wh53_2 = scf.while (%wa54 = %sl8, %wk55 = %zi56) : (tensor<3x1xf32>, i32) -> (tensor<3x1xf32>, tensor<3x1xf32>, i32) {
      %go85 = arith.cmpi slt, %wk55, %lim57 : i32
      scf.condition(%go85) %wa54, %wa54, %wk55 : tensor<3x1xf32>, tensor<3x1xf32>, i32
    } do {
    ^bb0(%wb86: tensor<3x1xf32>, %wb87: tensor<3x1xf32>, %wbk88: i32):
      scf.yield %wb86, %lim57 : tensor<3x1xf32>, i32
    }
    func.return %t10, %t10 : tensor<3x1xf32>, tensor<3x1xf32>
  }
  func.func @main() -> f32 {
    %cst279 = arith.constant 0.000000e+00 : f32
    %e246 = tensor.empty() : tensor<5xf32>
    %e256 = tensor.empty() : tensor<8x2xf32>
    %call268, %call268_1 = func.call @helper0(%e246, %e256) : (tensor<5xf32>, tensor<8x2xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>)
    %e280 = tensor.empty() : tensor<f32>
    %z281 = linalg.fill ins(%cst279 : f32) outs(%e280 : tensor<f32>) -> tensor<f32>
    %cs293 = tensor.extract %z281[] : tensor<f32>
    func.return %cs293 : f32
  }
}
