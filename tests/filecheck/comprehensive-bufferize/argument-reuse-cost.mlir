// RUN: xdsl-opt %s --split-input-file -p 'comprehensive-bufferize{public-arguments-writable=true}' | filecheck %s

// Reusing an input must never cost the callers more than it saves: an empty
// destination does not become a dead argument of a public function (its callers
// reading the tensor again, or passing a constant, would copy it, and the returned
// argument would be cloned for outside callers): one allocation, as MLIR.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %w = tensor.extract %a[%c0] : tensor<4xf32>
  return %v, %w : f32, f32
}

// CHECK-LABEL: func.func @f(%x: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%x, %x : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:    func.return %[[R]] : memref<4xf32>
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NOT:     memref.copy
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     bufferization.clone

// -----

// A private helper whose caller reads the argument again: reusing it would cost the
// caller a copy for the one allocation it saves, so the helper allocates.
func.func private @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.mul ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.insert %two into %a[%c0] : tensor<4xf32>
  %n = func.call @g(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %n[%c0] : tensor<4xf32>
  %w = tensor.extract %b[%c0] : tensor<4xf32>
  return %v, %w : f32, f32
}

// CHECK-LABEL: func.func private @g(%x: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.mul ins(%x, %x : memref<4xf32>, memref<4xf32>) outs(%[[R]] : memref<4xf32>)
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NOT:     memref.copy
// CHECK-NOT:     bufferization.clone
