// MLIR's quantized named ops on constants: zero points subtracted from the i8
// inputs, products accumulated in i32.
func.func @main() -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %azp = arith.constant 3 : i32
  %bzp = arith.constant -2 : i32
  %zero = arith.constant 0 : i32
  %a = arith.constant dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi8>
  %b = arith.constant dense<[[7, 1], [-1, 2], [0, -3]]> : tensor<3x2xi8>
  %e = tensor.empty() : tensor<2x2xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %mm = linalg.quantized_matmul ins(%a, %b, %azp, %bzp : tensor<2x3xi8>, tensor<3x2xi8>, i32, i32) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  %ba = arith.constant dense<[[[1, 2], [3, 4]], [[-1, -2], [5, 6]]]> : tensor<2x2x2xi8>
  %be = tensor.empty() : tensor<2x2x2xi32>
  %bc = linalg.fill ins(%zero : i32) outs(%be : tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %bmm = linalg.quantized_batch_matmul ins(%ba, %ba, %azp, %bzp : tensor<2x2x2xi8>, tensor<2x2x2xi8>, i32, i32) outs(%bc : tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %x = arith.constant dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>
  %k = arith.constant dense<[[[[1, -1]], [[2, 0]]], [[[0, 3]], [[-2, 1]]]]> : tensor<2x2x1x2xi8>
  %oe = tensor.empty() : tensor<1x2x2x2xi32>
  %o = linalg.fill ins(%zero : i32) outs(%oe : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %conv = linalg.conv_2d_nhwc_hwcf_q ins(%x, %k, %azp, %bzp : tensor<1x3x3x1xi8>, tensor<2x2x1x2xi8>, i32, i32) outs(%o : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %dk = arith.constant dense<[[[1], [2]], [[3], [-4]]]> : tensor<2x2x1xi8>
  %de = tensor.empty() : tensor<1x2x2x1xi32>
  %do = linalg.fill ins(%zero : i32) outs(%de : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  %dw = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%x, %dk, %azp, %bzp : tensor<1x3x3x1xi8>, tensor<2x2x1xi8>, i32, i32) outs(%do : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  %r0 = tensor.extract %mm[%c0, %c1] : tensor<2x2xi32>
  %r1 = tensor.extract %mm[%c1, %c0] : tensor<2x2xi32>
  %r2 = tensor.extract %bmm[%c1, %c1, %c0] : tensor<2x2x2xi32>
  %r3 = tensor.extract %conv[%c0, %c1, %c0, %c1] : tensor<1x2x2x2xi32>
  %r4 = tensor.extract %dw[%c0, %c1, %c1, %c0] : tensor<1x2x2x1xi32>
  func.return %r0, %r1, %r2, %r3, %r4 : i32, i32, i32, i32, i32
}
