// RUN: xdsl-opt %s --split-input-file -p one-shot-bufferize | filecheck %s

// Tensor constants become one private constant global per value; a write goes to a copy.
// CHECK:      "memref.global"() <{sym_name = "__constant_4xf32", type = memref<4xf32>, initial_value = dense<1.000000e+00> : tensor<4xf32>, sym_visibility = "private", constant, alignment = 64 : i64}> : () -> ()
// CHECK-NOT:  "memref.global"
// CHECK-LABEL: func.func @constants
// CHECK:       %[[G:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK:       %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[G]], %[[C]])
// CHECK-NEXT:  memref.store %{{.*}}, %[[C]]
func.func @constants(%f: f32, %i: index) -> (f32, f32) {
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %b = arith.constant dense<1.0> : tensor<4xf32>
  %w = tensor.insert %f into %a[%i] : tensor<4xf32>
  %x = tensor.extract %w[%i] : tensor<4xf32>
  %y = tensor.extract %b[%i] : tensor<4xf32>
  func.return %x, %y : f32, f32
}

// -----

// arith.select of tensors selects between buffers.
// CHECK-LABEL: func.func @select
// CHECK:       %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : memref<4xf32>
// CHECK-NEXT:  memref.load %[[S]]
func.func @select(%c: i1, %f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %s = arith.select %c, %a, %b : tensor<4xf32>
  %x = tensor.extract %s[%i] : tensor<4xf32>
  func.return %x : f32
}
