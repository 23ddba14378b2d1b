// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: finding:invalid-free
// detail: invalid-free: memref.dealloc frees a view (offset 1, sizes [4], strides [1]) that is not the base of heap buffer #3 (memref.alloc at @helper1, op #1 (in walk order)) [memref.dealloc at @main, op #21 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 2000 --seed 1070000 --pipeline OS --features +adversarial (seed 1071785, shrunk), on 97025c8: a regression of that day's view hand-over
// status: fixed (ownership: a RETURN never hands over a view its callers would free with a plain dealloc: frees_through_base / may_hold_inner_view): a function returned a dynamic-offset view of its own buffer (through a call forwarding a subview, or a loop merge that took the view over) and the caller freed the view
builtin.module {
  func.func private @helper0(%arg1: tensor<5xf32> {bufferization.writable = true}) -> (tensor<4xf32>, tensor<4xf32>) {
    %zi5 = arith.constant 0 : i32
    %lim6 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %wh2, %wh2_1 = scf.while (%wa3 = %arg1, %wk4 = %zi5) : (tensor<5xf32>, i32) -> (tensor<4xf32>, i32) {
      %sl12 = tensor.extract_slice %arg1[%c1] [4] [1] : tensor<5xf32> to tensor<4xf32>
      %go13 = arith.cmpi slt, %wk4, %lim6 : i32
      scf.condition(%go13) %sl12, %wk4 : tensor<4xf32>, i32
    } do {
    ^bb0(%wb14: tensor<4xf32>, %wbk15: i32):
      scf.yield %arg1, %lim6 : tensor<5xf32>, i32
    }
    func.return %wh2, %wh2 : tensor<4xf32>, tensor<4xf32>
  }
  func.func private @helper1(%arg41: tensor<3x5xf32> {bufferization.writable = true}, %arg42: tensor<6x6xf32>, %arg43: tensor<5x5xf32> {bufferization.writable = true}, %arg44: f32) -> (tensor<4xf32>, tensor<4xf32>) {
    %at82 = bufferization.alloc_tensor() : tensor<5xf32>
    %call84, %call84_1 = func.call @helper0(%at82) : (tensor<5xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    func.return %call84, %call84_1 : tensor<4xf32>, tensor<4xf32>
  }
  func.func @main() -> f32 {
    %c4 = arith.constant 4 : index
    %cst149 = arith.constant 5.000000e-01 : f32
    %cst165 = arith.constant -5.000000e-01 : f32
    %c0 = arith.constant 0 : index
    %e134 = tensor.empty() : tensor<3x5xf32>
    %e136 = tensor.empty() : tensor<6x6xf32>
    %t137 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e136 : tensor<6x6xf32>) {
    ^bb0(%o138: f32):
      linalg.yield %cst149 : f32
    } -> tensor<6x6xf32>
    %e150 = tensor.empty() : tensor<5x5xf32>
    %call166, %call166_1 = func.call @helper1(%e134, %t137, %e150, %cst165) : (tensor<3x5xf32>, tensor<6x6xf32>, tensor<5x5xf32>, f32) -> (tensor<4xf32>, tensor<4xf32>)
    %ob169 = tensor.extract %t137[%c4, %c0] : tensor<6x6xf32>
    func.return %ob169 : f32
  }
}
