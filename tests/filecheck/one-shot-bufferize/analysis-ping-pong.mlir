// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// A ping-pong loop whose second init is written after the loop while the first
// result (after an odd trip count, the second init's buffer) is still read.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%two : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  %w = linalg.fill ins(%one : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r#0[%c0] : tensor<4xf32>
  %u = tensor.extract %w[%c0] : tensor<4xf32>
  %s = arith.addf %v, %u : f32
  func.return %s : f32
}

// -----

// The same loop with nothing written after it: the buffers change places, no copy.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%two : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  %v = tensor.extract %r#0[%c0] : tensor<4xf32>
  func.return %v : f32
}

// The yields swap the iter_args, but %b is overwritten after the loop, so its
// buffer may not become result #0: each iteration yields copies.
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       %2, %3, %owned = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %0, %y = %1, %y_owned = %false) -> (memref<4xf32>, memref<4xf32>, i1) {
// CHECK-NEXT:    %4 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%y, %4) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK:         %5 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%x, %5) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK:       linalg.fill ins(%one : f32) outs(%1 : memref<4xf32>)
// CHECK-NEXT:  %v = memref.load %2[%c0] : memref<4xf32>

// Nothing written after the loop: the two buffers change places, no copy.
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       %2, %3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %0, %y = %1) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NOT:   memref.copy
