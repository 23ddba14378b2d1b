// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// Returned buffers are owned by the caller: a fresh one and a view of a local buffer are
// handed over as is, an argument and a view of an argument are copied (a view with a static
// offset into a new buffer with the same layout, as MLIR cannot lower bufferization.clone of
// it). Call results are owned by the caller and freed after their last use, through their
// base buffer when their layout has a static offset.  @identity and @view_of_arg, also
// called in the module, copy only for outside callers: their bodies move to private twins,
// which the calls in the module call (the results are views of the operands).
func.func @fresh(%f: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  func.return %a : memref<4xf32>
}
func.func @identity(%arg: memref<4xf32>) -> memref<4xf32> {
  func.return %arg : memref<4xf32>
}
func.func @view_of_arg(%arg: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>> {
  %s = memref.subview %arg[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  func.return %s : memref<4xf32, strided<[1], offset: 2>>
}
func.func @view_of_local(%f: f32) -> memref<4xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  func.return %s : memref<4xf32, strided<[1], offset: 2>>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %a = func.call @fresh(%f) : (f32) -> memref<4xf32>
  %b = func.call @identity(%a) : (memref<4xf32>) -> memref<4xf32>
  %big = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<8xf32>)
  %c = func.call @view_of_arg(%big) : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>>
  %d = func.call @view_of_local(%f) : (f32) -> memref<4xf32, strided<[1], offset: 2>>
  %x = memref.load %b[%c0] : memref<4xf32>
  %y = memref.load %c[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %z = memref.load %d[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %s = arith.addf %x, %y : f32
  %t = arith.addf %s, %z : f32
  func.return %t : f32
}

// CHECK-LABEL: func.func @fresh
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: func.return %a : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @identity__inplace
// CHECK-NEXT: func.return %arg : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @identity
// CHECK-NEXT: %0 = func.call @identity__inplace(%arg) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT: %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: func.return %1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @view_of_arg__inplace
// CHECK-NEXT: %s = memref.subview %arg[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: func.return %s : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @view_of_arg
// CHECK-NEXT: %0 = func.call @view_of_arg__inplace(%arg) : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %1 = memref.alloc() : memref<6xf32>
// CHECK-NEXT: %2 = memref.reinterpret_cast %1 to offset: [2], sizes: [4], strides: [1] : memref<6xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: "memref.copy"(%0, %2) : (memref<4xf32, strided<[1], offset: 2>>, memref<4xf32, strided<[1], offset: 2>>) -> ()
// CHECK-NEXT: func.return %2 : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @view_of_local
// CHECK-NEXT: %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
// CHECK-NEXT: %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: func.return %s : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %a = func.call @fresh(%f) : (f32) -> memref<4xf32>
// CHECK-NEXT: %b = func.call @identity__inplace(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT: %big = memref.alloc() : memref<8xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%big : memref<8xf32>)
// CHECK-NEXT: %c = func.call @view_of_arg__inplace(%big) : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %d = func.call @view_of_local(%f) : (f32) -> memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %x = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %y = memref.load %c[%c0] : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: memref.dealloc %big : memref<8xf32>
// CHECK-NEXT: %z = memref.load %d[%c0] : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %d : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: %s = arith.addf %x, %y : f32
// CHECK-NEXT: %t = arith.addf %s, %z : f32
// CHECK-NEXT: func.return %t : f32
// CHECK-NEXT: }

// -----

// The same buffer returned twice (a public function): no copy, as in MLIR's ownership
// model; the caller owns the second result only when it is not the first's buffer (an
// ownership flag from comparing their aligned pointers), so the buffer is freed once,
// after the last use of either.
func.func @twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  func.return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a, %b = func.call @twice() : () -> (memref<4xf32>, memref<4xf32>)
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.store %f, %b[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @twice() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: func.return %a, %a : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a, %b = func.call @twice() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %0 = arith.constant true
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%b) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4xf32>) -> index
// CHECK-NEXT: %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT: %b_owned = arith.xori %3, %0 : i1
// CHECK-NEXT: memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.store %f, %b[%c0] : memref<4xf32>
// CHECK-NEXT: scf.if %b_owned {
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }
