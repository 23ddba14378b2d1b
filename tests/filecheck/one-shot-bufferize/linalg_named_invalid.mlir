// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p one-shot-bufferize | filecheck %s

// A quantized op takes its two zero points after the inputs: without them it is
// rejected at the op.
func.func @missing_zero_points(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %r = linalg.quantized_matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return %r : tensor<2x2xi32>
}
// CHECK: Operation does not verify: expected 4 input(s) and 1 output, got 2 and 1

// -----

// The zero points are scalars: a tensor in their place has the wrong rank for the
// op's indexing maps.
func.func @tensor_zero_point(%x: tensor<1x3x3x1xi8>, %k: tensor<2x2x1xi8>, %z: tensor<1xi32>, %o: tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%x, %k, %z, %z : tensor<1x3x3x1xi8>, tensor<2x2x1xi8>, tensor<1xi32>, tensor<1xi32>) outs(%o : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  func.return %r : tensor<1x2x2x1xi32>
}
// CHECK: Operation does not verify: expected operand #2 of rank 1 to match the result count of indexing_map #2, 0
