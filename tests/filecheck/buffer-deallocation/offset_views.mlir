// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A loop carrying a static-offset view of a buffer allocated in the body: each iteration's
// view is handed over (no copy) and each base buffer freed once, through
// memref.extract_strided_metadata, the last one after the loop.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %s0 = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %s0) -> (memref<2xf32, strided<[1], offset: 1>>) {
    %n = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<2xf32, strided<[1], offset: 1>>
    %w = arith.addf %v, %f1 : f32
    linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
    %s = memref.subview %n[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    scf.yield %s : memref<2xf32, strided<[1], offset: 1>>
  }
  %v = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: 1>>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %s0 = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %s0) -> (memref<2xf32, strided<[1], offset: 1>>) {
// CHECK-NEXT: %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %v = memref.load %x[%c0] : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %x : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
// CHECK-NEXT: %s = memref.subview %n[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: scf.yield %s : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %4, %5, %6, %7 = memref.extract_strided_metadata %r : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %4 : memref<f32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }

// -----

// A returned static-offset view: of a local buffer it is handed over; of an argument (public
// function) it is copied into a new buffer with the same layout (alloc, reinterpret_cast, copy),
// never bufferization.clone, which MLIR cannot lower for such a layout.  That copy is for
// callers outside the module: the call in @main calls the private twin @f__inplace, which
// returns the view as is.
func.func @f(%b: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>> {
  %s = memref.subview %b[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  func.return %s : memref<2xf32, strided<[1], offset: 1>>
}
func.func private @g() -> memref<2xf32, strided<[1], offset: 1>> {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  func.return %s : memref<2xf32, strided<[1], offset: 1>>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = func.call @f(%a) : (memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>>
  %r2 = func.call @g() : () -> memref<2xf32, strided<[1], offset: 1>>
  %v = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %v2 = memref.load %r2[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %s = arith.addf %v, %v2 : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func private @f__inplace(%b: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>> {
// CHECK-NEXT: %s = memref.subview %b[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: func.return %s : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @f(%b: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>> {
// CHECK-NEXT: %0 = func.call @f__inplace(%b) : (memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %1 = memref.alloc() : memref<3xf32>
// CHECK-NEXT: %2 = memref.reinterpret_cast %1 to offset: [1], sizes: [2], strides: [1] : memref<3xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: "memref.copy"(%0, %2) : (memref<2xf32, strided<[1], offset: 1>>, memref<2xf32, strided<[1], offset: 1>>) -> ()
// CHECK-NEXT: func.return %2 : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @g() -> memref<2xf32, strided<[1], offset: 1>> {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: func.return %s : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = func.call @f__inplace(%a) : (memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %r2 = func.call @g() : () -> memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %v2 = memref.load %r2[%c0] : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: %0, %1, %2, %3 = memref.extract_strided_metadata %r2 : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index
// CHECK-NEXT: memref.dealloc %0 : memref<f32>
// CHECK-NEXT: %s = arith.addf %v, %v2 : f32
// CHECK-NEXT: func.return %s : f32
// CHECK-NEXT: }
