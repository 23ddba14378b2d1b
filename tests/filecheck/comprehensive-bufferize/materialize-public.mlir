// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// bufferization.materialize_in_destination into an argument of a public
// function: the write must be in place (no copy can stand for the destination)
// but comprehensive-bufferize's public arguments are read-only. Like every other
// write into a public argument, it goes through the private in-place variant
// `@<name>__inplace`; the public function becomes a wrapper whose call copies the
// argument, whether or not the module calls it. Internal callers call the variant
// and copy only what they read again. Each @main runs before and after the
// pipeline on the reference executor (tests/module/test_comprehensive_execution.py).

// CHECK-LABEL: func.func private @store__inplace(%src: memref<4xf32>, %dest: memref<4xf32>) {
// CHECK-NEXT:    "memref.copy"(%src, %dest) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @store(%src: memref<4xf32>, %dest: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%dest, %[[C]])
// CHECK-NEXT:    func.call @store__inplace(%src, %[[C]])
// CHECK-NEXT:    func.return %[[C]] : memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         func.call @store__inplace(
func.func @store(%src: tensor<4xf32>, %dest: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bufferization.materialize_in_destination %src in %dest : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @main() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %d = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @store(%a, %d) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %r[%c1] : tensor<4xf32>
  %y = tensor.extract %d[%c1] : tensor<4xf32>
  return %x, %y : f32, f32
}

// -----

// Into a slice of the argument, in a public function nobody in the module calls.
// CHECK-LABEL: func.func private @store_tile__inplace(%src: memref<2xf32>, %dest: memref<4xf32>) {
// CHECK-NEXT:    %[[S:.*]] = memref.subview %dest[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT:    "memref.copy"(%src, %[[S]])
// CHECK-LABEL: func.func @store_tile(%src: memref<2xf32>, %dest: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%dest, %[[C]])
// CHECK-NEXT:    func.call @store_tile__inplace(%src, %[[C]])
// CHECK-NEXT:    func.return %[[C]] : memref<4xf32>
func.func @store_tile(%src: tensor<2xf32>, %dest: tensor<4xf32>) -> tensor<4xf32> {
  %s = tensor.extract_slice %dest[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %m = bufferization.materialize_in_destination %src in %s : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %r = tensor.insert_slice %m into %dest[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Called from a public function that reads its argument again afterwards.
// CHECK-LABEL: func.func @main()
func.func @store_tile(%src: tensor<2xf32>, %dest: tensor<4xf32>) -> tensor<4xf32> {
  %s = tensor.extract_slice %dest[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %m = bufferization.materialize_in_destination %src in %s : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %r = tensor.insert_slice %m into %dest[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[7.0, 8.0]> : tensor<2xf32>
  %r = func.call @store_tile(%b, %a) : (tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %r[%c1] : tensor<4xf32>
  %w = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %a[%c1] : tensor<4xf32>
  return %x, %w, %y : f32, f32, f32
}
