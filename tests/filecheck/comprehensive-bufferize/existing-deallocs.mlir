// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// A tensor program whose input frees its own buffer with `bufferization.dealloc`
// (condition true): the free is the program's, nothing is freed twice.
func.func @main() -> f32 {
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %t = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  %y = tensor.extract %r[%c1] : tensor<4xf32>
  func.return %y : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %[[R:.*]][%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<4xf32>
// CHECK-NEXT:    func.return

// -----

// Condition false: the program frees nothing, the pass frees the buffer.
func.func @main() -> f32 {
  %false = arith.constant false
  %f1 = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %t = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%false)
  %y = tensor.extract %r[%c1] : tensor<4xf32>
  func.return %y : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NOT:     bufferization.dealloc
// CHECK:         linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %[[R:.*]][%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<4xf32>
// CHECK-NEXT:    func.return

// -----

// A dynamic condition: the pass frees on the path where the program does not.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %t = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %p = arith.cmpf ogt, %x, %f1 : f32
  bufferization.dealloc (%a : memref<4xf32>) if (%p)
  %y = tensor.extract %r[%c1] : tensor<4xf32>
  func.return %y : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         scf.if %p {
// CHECK-NEXT:      memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %y = memref.load %[[R:.*]][%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<4xf32>
// CHECK-NEXT:    func.return

// -----

// The same with `memref.dealloc` in the input.
func.func @main() -> f32 {
  %f1 = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %t = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  memref.dealloc %a : memref<4xf32>
  %y = tensor.extract %r[%c1] : tensor<4xf32>
  func.return %y : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %[[R:.*]][%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<4xf32>
// CHECK-NEXT:    func.return
