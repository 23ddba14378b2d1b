// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results modify-public-functions}' | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results}' | filecheck %s --check-prefix=PUBLIC
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s --check-prefix=KEEP

// A loop updating two arguments in place with insert_slice, returned swapped, called
// from a function with writable arguments: no allocation, no copy; both results are
// equivalent to (swapped) arguments and dropped from both functions.

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
// CHECK-LABEL: func.func private @swap_update(%a: memref<8xf32, strided<[?], offset: ?>>, %b: memref<8xf32, strided<[?], offset: ?>>, %s: memref<2xf32, strided<[?], offset: ?>>, %n: index) {
// CHECK:         scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b)
// CHECK-NEXT:      %[[X:.*]] = memref.subview %x[%i] [2] [1]
// CHECK-NEXT:      "memref.copy"(%s, %[[X]])
// CHECK-NEXT:      %[[Y:.*]] = memref.subview %y[%i] [2] [1]
// CHECK-NEXT:      "memref.copy"(%s, %[[Y]])
// CHECK-NEXT:      scf.yield %x, %y
// CHECK:         func.return{{$}}
// CHECK-LABEL: func.func @caller(%a: memref<8xf32, strided<[?], offset: ?>>, %b: memref<8xf32, strided<[?], offset: ?>>, %s: memref<2xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    func.call @swap_update(%a, %b, %s, %c3) : (memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>, memref<2xf32, strided<[?], offset: ?>>, index) -> ()
// CHECK-NEXT:    func.return{{$}}
// CHECK-NOT:   memref.alloc

// By default the public caller keeps its signature: it returns its own arguments.
// PUBLIC-NOT:   memref.alloc
// PUBLIC-LABEL: func.func private @swap_update
// PUBLIC-SAME:      index) {
// PUBLIC-LABEL: func.func @caller
// PUBLIC-SAME:      -> (memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>) {
// PUBLIC-NEXT:    %c3 = arith.constant 3 : index
// PUBLIC-NEXT:    func.call @swap_update(%a, %b, %s, %c3) {{.*}} -> ()
// PUBLIC-NEXT:    func.return %b, %a

// With drop-equivalent-buffer-results=false every result stays.
// KEEP-LABEL: func.func private @swap_update
// KEEP-SAME:      -> (memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>) {
// KEEP:         func.return %b, %a
// KEEP-LABEL: func.func @caller
// KEEP:         %{{.*}}, %{{.*}} = func.call @swap_update(%a, %b, %s, %c3)
