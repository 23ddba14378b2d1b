// RUN: xdsl-opt %s -p 'comprehensive-bufferize{modify-public-functions=true}' | filecheck %s

// Two arguments updated in place in a loop and returned swapped, called from a
// function with writable arguments: no allocation, no copy, no free, no result.

func.func private @swap_update(%a: tensor<8xf32>, %b: tensor<8xf32>, %s: tensor<2xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %x2 = tensor.insert_slice %s into %x[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    %y2 = tensor.insert_slice %s into %y[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    scf.yield %x2, %y2 : tensor<8xf32>, tensor<8xf32>
  }
  return %r#1, %r#0 : tensor<8xf32>, tensor<8xf32>
}
func.func @caller(%a: tensor<8xf32> {bufferization.writable = true}, %b: tensor<8xf32> {bufferization.writable = true}, %s: tensor<2xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c3 = arith.constant 3 : index
  %r:2 = func.call @swap_update(%a, %b, %s, %c3) : (tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, index) -> (tensor<8xf32>, tensor<8xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.dealloc
// CHECK-LABEL: func.func private @swap_update(%a: memref<8xf32>, %b: memref<8xf32>, %s: memref<2xf32>, %n: index) {
// CHECK:         scf.for
// CHECK:           "memref.copy"(%s, %{{.*}})
// CHECK:           "memref.copy"(%s, %{{.*}})
// CHECK:         func.return{{$}}
// CHECK-LABEL: func.func @caller(%a: memref<8xf32>, %b: memref<8xf32>, %s: memref<2xf32>) {
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    func.call @swap_update(%a, %b, %s, %c3)
// CHECK-NEXT:    func.return{{$}}
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.dealloc
