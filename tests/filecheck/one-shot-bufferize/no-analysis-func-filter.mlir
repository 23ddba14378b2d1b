// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries no-analysis-func-filter=helper}' | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries}' | filecheck %s --check-prefix=ANALYSED
// RUN: xdsl-bufferize-check %s --args 4xf32:[1,2,3,4] 2.5 --pipeline 'one-shot-bufferize{bufferize-function-boundaries no-analysis-func-filter=helper,main},buffer-deallocation-pipeline' | filecheck %s --check-prefix=EXEC

// no-analysis-func-filter: the functions named are not analysed; each of their writes
// goes to a copy. The others are analysed as usual.

func.func private @helper(%t: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
  %u = tensor.insert %f into %t[%i] : tensor<4xf32>
  return %u : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, f32) {
  %i = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %f into %t[%i] : tensor<4xf32>
  %v = func.call @helper(%u, %f, %i) : (tensor<4xf32>, f32, index) -> tensor<4xf32>
  %x = tensor.extract %v[%i] : tensor<4xf32>
  return %v, %x : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func private @helper(%t: memref<4xf32, strided<[?], offset: ?>>, %f: f32, %i: index) -> memref<4xf32> {
// CHECK-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%t, %0) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// CHECK-NEXT:    memref.store %f, %0[%i] : memref<4xf32>
// CHECK-NEXT:    func.return %0 : memref<4xf32>
// CHECK-LABEL: func.func @main(
// CHECK-NEXT:    %i = arith.constant 1 : index
// CHECK-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%f : f32) outs(%0 : memref<4xf32>)
// CHECK-NEXT:    memref.store %f, %0[%i] : memref<4xf32>

// ANALYSED-LABEL: func.func private @helper(%t: memref<4xf32, strided<[?], offset: ?>>, %f: f32, %i: index) -> memref<4xf32, strided<[?], offset: ?>> {
// ANALYSED-NEXT:    memref.store %f, %t[%i] : memref<4xf32, strided<[?], offset: ?>>
// ANALYSED-NEXT:    func.return %t : memref<4xf32, strided<[?], offset: ?>>

// EXEC: results match; 0 finding(s)
