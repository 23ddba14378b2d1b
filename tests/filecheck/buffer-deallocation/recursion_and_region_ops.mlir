// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A recursive function: its results are owned by the caller as for any function.
func.func private @rec(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %p = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %p -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    "memref.copy"(%b, %a) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %a : memref<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %t = memref.alloc() : memref<4xf32>
    "memref.copy"(%b, %t) : (memref<4xf32>, memref<4xf32>) -> ()
    %v = memref.load %t[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %t[%c0] : memref<4xf32>
    %q = func.call @rec(%m, %t) : (index, memref<4xf32>) -> memref<4xf32>
    scf.yield %q : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = func.call @rec(%c3, %a) : (index, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @rec(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %p = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT: %r = scf.if %p -> (memref<4xf32>) {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%b, %a) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.yield %a : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %m = arith.subi %n, %c1 : index
// CHECK-NEXT: %t = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%b, %t) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %v = memref.load %t[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %t[%c0] : memref<4xf32>
// CHECK-NEXT: %q = func.call @rec(%m, %t) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT: memref.dealloc %t : memref<4xf32>
// CHECK-NEXT: scf.yield %q : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %r : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = func.call @rec(%c3, %a) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v : f32
// CHECK-NEXT: }

// -----

// affine.for (region-branch model): a buffer allocated in its body is freed in the body.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  affine.for %i = 0 to 4 {
    %b = memref.alloc() : memref<4xf32>
    "memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
    %v = memref.load %b[%c0] : memref<4xf32>
    memref.store %v, %a[%i] : memref<4xf32>
    affine.yield
  }
  %v = memref.load %a[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: affine.for %i = 0 to 4 {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %v = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: memref.store %v, %a[%i] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }

// -----

// affine.for with a memref iter_arg: like scf.for.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = affine.for %i = 0 to 3 iter_args(%x = %a) -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
    %v = memref.load %b[%c0] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %b[%c0] : memref<4xf32>
    affine.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT: %r = affine.for %i = 0 to 3 iter_args(%x = %a) -> (memref<4xf32>) {
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "memref.copy"(%x, %b) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc %x : memref<4xf32>
// CHECK-NEXT: %v = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT: %w = arith.addf %v, %f1 : f32
// CHECK-NEXT: memref.store %w, %b[%c0] : memref<4xf32>
// CHECK-NEXT: affine.yield %b : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %v_1 = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %r : memref<4xf32>
// CHECK-NEXT: func.return %v_1 : f32
// CHECK-NEXT: }
