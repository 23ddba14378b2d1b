// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A private function returning one fresh buffer twice: handed over once, the caller sees the
// second result as a view of the first (one buffer, one free after the last use of both).
func.func private @f() -> (memref<4xf32>, memref<4xf32>) {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  func.return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f2 = arith.constant 2.0 : f32
  %r:2 = func.call @f() : () -> (memref<4xf32>, memref<4xf32>)
  memref.store %f2, %r#0[%c0] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @f() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: func.return %a, %a : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %r, %r_1 = func.call @f() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: memref.store %f2, %r[%c0] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A private function returning a fresh buffer and a subview of it: the subview result is a
// view of the other result in the caller.
func.func private @f() -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  func.return %a, %s : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f2 = arith.constant 2.0 : f32
  %r:2 = func.call @f() : () -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>)
  memref.store %f2, %r#0[%c1] : memref<4xf32>
  %v = memref.load %r#1[%c0] : memref<2xf32, strided<[1], offset: 1>>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @f() -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: func.return %a, %s : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %r, %r_1 = func.call @f() : () -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>)
// CHECK-NEXT: memref.store %f2, %r[%c1] : memref<4xf32>
// CHECK-NEXT: %v = memref.load %r_1[%c0] : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A returned cast of a fresh buffer is handed over, not copied.
func.func private @f() -> memref<?xf32> {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %s = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
  func.return %s : memref<?xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %r = func.call @f() : () -> memref<?xf32>
  %v = memref.load %r[%c0] : memref<?xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @f() -> memref<?xf32> {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %s = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT: func.return %s : memref<?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %r = func.call @f() : () -> memref<?xf32>
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<?xf32>
// CHECK-NEXT: memref.dealloc %r : memref<?xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// A public function returning one buffer twice: no copy (a write through one result is
// seen through the other); callers own the results and free a result that is an earlier
// result's buffer once (runtime pointer comparison), as MLIR's `bufferization.dealloc`.
func.func @twice_public() -> (memref<4xf32>, memref<4xf32>) {
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  func.return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %r:2 = func.call @twice_public() : () -> (memref<4xf32>, memref<4xf32>)
  %v = memref.load %r#1[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @twice_public() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: func.return %a, %a : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %r, %r_1 = func.call @twice_public() : () -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: %0 = arith.constant true
// CHECK-NEXT: %1 = "memref.extract_aligned_pointer_as_index"(%r_1) : (memref<4xf32>) -> index
// CHECK-NEXT: %2 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT: %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT: %r_owned = arith.xori %3, %0 : i1
// CHECK-NEXT: %v = memref.load %r_1[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: scf.if %r_owned {
// CHECK-NEXT: memref.dealloc %r_1 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }
