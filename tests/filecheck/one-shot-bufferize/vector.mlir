// RUN: xdsl-opt %s --split-input-file -p one-shot-bufferize | filecheck %s

// vector.transfer_read reads the buffer; vector.transfer_write writes its
// destination buffer in place and has no result on memrefs.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %ea = tensor.empty() : tensor<4x4xf32>
  %a = linalg.fill ins(%three : f32) outs(%ea : tensor<4x4xf32>) -> tensor<4x4xf32>
  %eb = tensor.empty() : tensor<4x4xf32>
  %b = linalg.fill ins(%one : f32) outs(%eb : tensor<4x4xf32>) -> tensor<4x4xf32>
  %v = vector.transfer_read %a[%c0, %c0], %zero {in_bounds = [true, true]} : tensor<4x4xf32>, vector<2x2xf32>
  %w = vector.transfer_write %v, %b[%c1, %c2] {in_bounds = [true, true]} : vector<2x2xf32>, tensor<4x4xf32>
  %r0 = tensor.extract %w[%c1, %c2] : tensor<4x4xf32>
  %r1 = tensor.extract %w[%c0, %c0] : tensor<4x4xf32>
  %r2 = tensor.extract %w[%c2, %c1] : tensor<4x4xf32>
  return %r0, %r1, %r2 : f32, f32, f32
}
// CHECK:      %[[A:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK:      %[[B:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK-NEXT: linalg.fill ins(%one : f32) outs(%[[B]] : memref<4x4xf32>)
// CHECK-NEXT: %v = vector.transfer_read %[[A]][%c0, %c0], %zero {in_bounds = [true, true]} : memref<4x4xf32>, vector<2x2xf32>
// CHECK-NEXT: vector.transfer_write %v, %[[B]][%c1, %c2] {in_bounds = [true, true]} : vector<2x2xf32>, memref<4x4xf32>
// CHECK-NOT:  memref.copy
// CHECK:      memref.load %[[B]][%c1, %c2] : memref<4x4xf32>
