// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true public-arguments-writable=false}' | filecheck %s --check-prefix=RO
// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s --check-prefix=RO
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{public-arguments-writable=true}' | filecheck %s

// MLIR's ABI (one-shot-bufferize's default): a public function writes its tensor
// argument in place unless it is marked `bufferization.writable = false`; the
// conservative ABI (comprehensive-bufferize's default) writes a copy. After
// buffer-deallocation (comprehensive-bufferize), @scale, which returns its argument and is
// called in the module, has its body in the private twin @scale__inplace (first).

// CHECK-LABEL: func.func {{(private )?}}@scale
// CHECK-NOT: memref.alloc
// CHECK: memref.store %v, %t[%c0]
// RO-LABEL: func.func @scale
// RO: memref.alloc
// RO: "memref.copy"(%t
func.func @scale(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %u = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %u : tensor<4xf32>
}

// CHECK-LABEL: func.func @keep
// CHECK: memref.alloc
// CHECK: "memref.copy"(%t
// RO-LABEL: func.func @keep
// RO: memref.alloc
// RO: "memref.copy"(%t
func.func @keep(%t: tensor<4xf32> {bufferization.writable = false}, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %u = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %u : tensor<4xf32>
}

// The caller reads what it passed after the calls: under MLIR's ABI the call to
// @scale copies first (the callee writes its argument), under the conservative one
// @scale writes a copy itself. Executed by tests/bufferize/test_analysis_execution.py.
// CHECK-LABEL: func.func @main
// RO-LABEL: func.func @main
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %a = func.call @scale(%t, %two) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %b = func.call @keep(%t, %two) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %y = tensor.extract %b[%c0] : tensor<4xf32>
  %z = tensor.extract %t[%c0] : tensor<4xf32>
  return %x, %y, %z : f32, f32, f32
}
