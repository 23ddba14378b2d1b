// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s

// An LSTM-like step loop (beyond MLIR): four gate matmuls per step write into one
// zero-filled accumulator, which each reads again, so each goes out of place. MLIR
// (and we before) copy the filled accumulator into every destination: 4 copies per
// step. Filling each destination again copies nothing, and the accumulator, now
// only filled and freed, goes. tests/transforms/test_cheap_copy_sources.py counts
// the copies with and without the rewrite on the executor.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %ew = tensor.empty() : tensor<4x4xf32>
  %w = linalg.fill ins(%quarter : f32) outs(%ew : tensor<4x4xf32>) -> tensor<4x4xf32>
  %eh = tensor.empty() : tensor<2x4xf32>
  %h0 = linalg.fill ins(%half : f32) outs(%eh : tensor<2x4xf32>) -> tensor<2x4xf32>
  %ea = tensor.empty() : tensor<2x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%ea : tensor<2x4xf32>) -> tensor<2x4xf32>
  %h = scf.for %i = %c0 to %c3 step %c1 iter_args(%hc = %h0) -> (tensor<2x4xf32>) {
    %gi = linalg.matmul ins(%hc, %w : tensor<2x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
    %gf = linalg.matmul ins(%hc, %w : tensor<2x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
    %go = linalg.matmul ins(%gi, %w : tensor<2x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
    %gc = linalg.matmul ins(%gf, %w : tensor<2x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
    %e1 = tensor.empty() : tensor<2x4xf32>
    %s1 = linalg.add ins(%go, %gc : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e1 : tensor<2x4xf32>) -> tensor<2x4xf32>
    %e2 = tensor.empty() : tensor<2x4xf32>
    %s2 = linalg.mul ins(%s1, %gi : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e2 : tensor<2x4xf32>) -> tensor<2x4xf32>
    scf.yield %s2 : tensor<2x4xf32>
  }
  %r = tensor.extract %h[%c1, %c3] : tensor<2x4xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NOT:     linalg.fill ins(%zero : f32) outs(%{{.*}} : memref<2x4xf32>)
// CHECK:         scf.for
// CHECK-NEXT:      linalg.fill ins(%zero : f32) outs(%[[G0:.*]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%hc, %{{.*}} : memref<2x4xf32>, memref<4x4xf32>) outs(%[[G0]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.fill ins(%zero : f32) outs(%[[G1:.*]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%hc, %{{.*}} : memref<2x4xf32>, memref<4x4xf32>) outs(%[[G1]] : memref<2x4xf32>)
// CHECK:           linalg.fill ins(%zero : f32) outs(%[[G2:.*]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[G0]], %{{.*}} : memref<2x4xf32>, memref<4x4xf32>) outs(%[[G2]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.fill ins(%zero : f32) outs(%[[G3:.*]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[G1]], %{{.*}} : memref<2x4xf32>, memref<4x4xf32>) outs(%[[G3]] : memref<2x4xf32>)
// CHECK-NOT:       linalg.matmul
// CHECK:           scf.yield
