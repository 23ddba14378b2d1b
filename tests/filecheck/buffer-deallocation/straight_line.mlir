// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A buffer is freed right after its last use.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  func.return %y : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %y = arith.addf %x, %x : f32
// CHECK-NEXT: func.return %y : f32
// CHECK-NEXT: }

// -----

// Views (subview, cast, reinterpret_cast, expand/collapse_shape) keep the base alive.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %e = memref.expand_shape %a [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  %d = "memref.cast"(%c) : (memref<8xf32>) -> memref<?xf32>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %x = memref.load %s[%c1] : memref<4xf32, strided<[1], offset: 2>>
  %u = arith.addf %x, %f : f32
  %y = memref.load %d[%c1] : memref<?xf32>
  %v = arith.addf %u, %y : f32
  %z = memref.load %r[%c1] : memref<4xf32, strided<[2]>>
  %w = arith.addf %v, %z : f32
  func.return %w : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
// CHECK-NEXT: %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %e = memref.expand_shape %a [[0 : i64, 1 : i64]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
// CHECK-NEXT: %c = memref.collapse_shape %e [[0 : i64, 1 : i64]] : memref<2x4xf32> into memref<8xf32>
// CHECK-NEXT: %d = "memref.cast"(%c) : (memref<8xf32>) -> memref<?xf32>
// CHECK-NEXT: %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
// CHECK-NEXT: %x = memref.load %s[%c1] : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %u = arith.addf %x, %f : f32
// CHECK-NEXT: %y = memref.load %d[%c1] : memref<?xf32>
// CHECK-NEXT: %v = arith.addf %u, %y : f32
// CHECK-NEXT: %z = memref.load %r[%c1] : memref<4xf32, strided<[2]>>
// CHECK-NEXT: memref.dealloc %a : memref<8xf32>
// CHECK-NEXT: %w = arith.addf %v, %z : f32
// CHECK-NEXT: func.return %w : f32
// CHECK-NEXT: }

// -----

// An unused allocation is freed right after it is made; alloca and get_global never are.
"memref.global"() <{sym_name = "g", type = memref<4xf32>, initial_value = dense<3.0> : tensor<4xf32>, constant, sym_visibility = "private"}> : () -> ()
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %s = memref.alloca() : memref<4xf32>
  %g = memref.get_global @g : memref<4xf32>
  "memref.copy"(%g, %s) : (memref<4xf32>, memref<4xf32>) -> ()
  %x = memref.load %s[%c0] : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %s = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %g = memref.get_global @g : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%g, %s) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %x = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// Existing deallocs are respected: no second free.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 4.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  "memref.copy"(%b, %b) : (memref<4xf32>, memref<4xf32>) -> ()
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%b, %b) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// Several buffers die at the same op: freed in allocation order.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  "memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
  %x = memref.load %b[%c0] : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: "memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %x = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: func.return %x : f32
// CHECK-NEXT: }

// -----

// gpu.alloc pairs with gpu.dealloc.
func.func @gpu() {
  %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  func.return
}

// CHECK-LABEL: func.func @gpu
// CHECK-NEXT: %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: "gpu.dealloc"(%a) {operandSegmentSizes = array<i32: 0, 1>} : (memref<4xf32>) -> ()
// CHECK-NEXT: func.return
// CHECK-NEXT: }
