// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// The clean-up folds casts into layout-agnostic users, casts of casts, self-copies
// and a clone only read and freed while its source stays untouched.

func.func @casts(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = "memref.cast"(%m) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
  %b = "memref.cast"(%a) : (memref<4xf32, strided<[?], offset: ?>>) -> memref<?xf32, strided<[?], offset: ?>>
  %v = memref.load %b[%c0] : memref<?xf32, strided<[?], offset: ?>>
  "memref.copy"(%a, %m) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
  return %v : f32
}

// CHECK-LABEL: func.func @casts(%m: memref<4xf32>) -> f32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %v = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32

// -----

func.func @clone(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %v = memref.load %c[%c0] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @clone(%m: memref<4xf32>) -> f32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %v = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32

// -----

// A clone of a cast of a buffer freed right after: the cast itself is returned, the
// ownership moves (no clone, no free).
func.func @clone_of_cast(%x: f32) -> memref<4xf32, strided<[?], offset: ?>> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<4xf32>)
  %v = "memref.cast"(%a) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
  %c = bufferization.clone %v : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  memref.dealloc %a : memref<4xf32>
  return %c : memref<4xf32, strided<[?], offset: ?>>
}

// CHECK-LABEL: func.func @clone_of_cast(%x: f32) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:    %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    %v = "memref.cast"(%a) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    func.return %v : memref<4xf32, strided<[?], offset: ?>>
