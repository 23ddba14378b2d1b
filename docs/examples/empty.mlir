// A tile computed into a fresh tensor (filled, then one element set), then inserted
// into a bigger one.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %big0 = tensor.empty() : tensor<8xf32>
  %big = linalg.fill ins(%zero : f32) outs(%big0 : tensor<8xf32>) -> tensor<8xf32>
  %tile0 = tensor.empty() : tensor<4xf32>
  %filled = linalg.fill ins(%one : f32) outs(%tile0 : tensor<4xf32>) -> tensor<4xf32>
  %tile = tensor.insert %two into %filled[%c0] : tensor<4xf32>
  %r = tensor.insert_slice %tile into %big[2] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  func.return %x : f32
}
