// RUN: xdsl-opt %s --allow-unregistered-dialect -p 'one-shot-bufferize{test-analysis-only=true}' | filecheck %s
// RUN: xdsl-opt %s --allow-unregistered-dialect -p 'one-shot-bufferize{test-analysis-only=true bufferize-function-boundaries=true}' | filecheck %s

// Under test-analysis-only an op without a model is analysed conservatively, as in
// MLIR, instead of refusing the module: it reads its tensor operands (so a write
// into %a before it goes out of place), and its result may not be written in place.
// CHECK-LABEL: func.func @unknown
func.func @unknown(%f: f32, %i: index) -> (f32, f32) {
  %e = tensor.empty() : tensor<4xf32>
  // CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
  %a = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // CHECK: tensor.insert {{.*}}["none", "false", "none"]
  %w = tensor.insert %f into %a[%i] : tensor<4xf32>
  %u = "test.unknown"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: tensor.insert {{.*}}["none", "false", "none"]
  %v = tensor.insert %f into %u[%i] : tensor<4xf32>
  %x = tensor.extract %w[%i] : tensor<4xf32>
  %y = tensor.extract %v[%i] : tensor<4xf32>
  func.return %x, %y : f32, f32
}
