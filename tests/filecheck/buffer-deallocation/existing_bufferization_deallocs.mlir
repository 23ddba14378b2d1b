// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A `bufferization.dealloc ... if (%true)` of the input is a free of the program:
// read as `memref.dealloc`, nothing freed twice.
func.func @main() -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NOT:   dealloc

// -----

// Condition false: the op frees nothing, so the pass frees the buffer itself.
func.func @main() -> f32 {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%false)
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NOT:   bufferization.dealloc
// CHECK:       %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  func.return %v : f32

// -----

// A dynamic condition: the program frees on one path, the pass on the other.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %f0 = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  %p = arith.cmpf ogt, %v, %f0 : f32
  bufferization.dealloc (%a : memref<4xf32>) if (%p)
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       %p = arith.cmpf ogt, %v, %f0 : f32
// CHECK-NEXT:  scf.if %p {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %v : f32

// -----

// The dynamic condition false at run time: the pass's own free runs.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  %p = arith.cmpf olt, %v, %f1 : f32
  bufferization.dealloc (%a : memref<4xf32>) if (%p)
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       scf.if %p {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  }

// -----

// Two distinct allocations in one op, conditions true and false.
func.func @main() -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%f1 : f32) outs(%b : memref<8xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = memref.load %b[%c0] : memref<8xf32>
  %s = arith.addf %v, %w : f32
  bufferization.dealloc (%a, %b : memref<4xf32>, memref<8xf32>) if (%true, %false)
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       %w = memref.load %b[%c0] : memref<8xf32>
// CHECK-NEXT:  memref.dealloc %b : memref<8xf32>
// CHECK-NEXT:  %s = arith.addf %v, %w : f32
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  func.return %s : f32

// -----

// A view's allocation is freed (MLIR frees the base buffer): through the base.
func.func @main() -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
  bufferization.dealloc (%s : memref<4xf32, strided<[1], offset: 2>>) if (%true)
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %s
// CHECK-NEXT:  memref.dealloc %{{.*}} : memref<f32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NOT:   dealloc

// -----

// In a loop body: each iteration's buffer freed by the program, none by the pass.
func.func @main() -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %f0) -> (f32) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
    %v = memref.load %a[%c0] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    bufferization.dealloc (%a : memref<4xf32>) if (%true)
    scf.yield %n : f32
  }
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %n = arith.addf %acc, %v : f32
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    scf.yield %n : f32
// CHECK-NOT:   dealloc

// -----

// A free of the program under a condition inside one branch of an scf.if (found by
// the fuzzer: the pass used to complete only the outer scf.if, leaking the buffer
// when neither condition held): completed at each level.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %v = memref.load %a[%c0] : memref<4xf32>
  %p = arith.cmpi slt, %c1, %c0 : index
  scf.if %p {
  } else {
    %q = arith.cmpi slt, %c1, %c1 : index
    bufferization.dealloc (%a : memref<4xf32>) if (%q)
  }
  func.return %v : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:       scf.if %p {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %q = arith.cmpi slt, %c1, %c1 : index
// CHECK-NEXT:    scf.if %q {
// CHECK-NEXT:      memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %v : f32
