// RUN: xdsl-opt %s -p bufferization-cleanup --split-input-file | filecheck %s

// Casts: users that accept any layout (load, dealloc) read the cast's source, and a
// cast of a cast back to the source's type is the source; the casts die.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %d = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
  %s = "memref.cast"(%d) : (memref<?xf32>) -> memref<4xf32>
  %v = memref.load %d[%c0] : memref<?xf32>
  %w = memref.load %s[%c1] : memref<4xf32>
  %x = arith.addf %v, %w : f32
  memref.dealloc %d : memref<?xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %f = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:    %w = memref.load %a[%c1] : memref<4xf32>
// CHECK-NEXT:    %x = arith.addf %v, %w : f32
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    func.return %x : f32

// -----

// A copy of a view onto the same view (through casts) does nothing; an allocation
// that is only freed goes away with its free.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %v1 = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %v2 = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  "memref.copy"(%v1, %v2) : (memref<2xf32, strided<[1], offset: 1>>, memref<2xf32, strided<[1], offset: 1>>) -> ()
  "memref.copy"(%a, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  %unused = memref.alloc() : memref<8xf32>
  memref.dealloc %unused : memref<8xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NOT:     memref.copy
// CHECK-NOT:     memref<8xf32>
// CHECK:         %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    func.return %x : f32

// -----

// A clone only read and freed in its block, while its source is neither written nor
// freed meanwhile, is its source.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 5.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %c = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %v = memref.load %c[%c0] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  %w = memref.load %a[%c1] : memref<4xf32>
  %x = arith.addf %v, %w : f32
  memref.dealloc %a : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NOT:     bufferization.clone
// CHECK:         %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:    %w = memref.load %a[%c1] : memref<4xf32>
// CHECK-NEXT:    %x = arith.addf %v, %w : f32
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    func.return %x : f32

// -----

// A clone whose source is freed right after it, with no other use of the source
// after the clone, takes the source over: the clone and that free go away.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %c = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.store %f, %c[%c0] : memref<4xf32>
  %v = memref.load %c[%c0] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NOT:     bufferization.clone
// CHECK:         linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT:    %v = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32

// -----

// Then cse and licm: one constant of each value, and the loop-invariant load moves
// before the loop (the clean-up runs xDSL's passes between two rounds of patterns).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : index
  %f = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %f) -> (f32) {
    %two = arith.constant 2.0 : f32
    %scaled = arith.mulf %f, %two : f32
    %next = arith.addf %acc, %scaled : f32
    scf.yield %next : f32
  }
  %v = memref.load %a[%zero] : memref<4xf32>
  %x = arith.addf %sum, %v : f32
  memref.dealloc %a : memref<4xf32>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %f = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:    %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    %two = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %scaled = arith.mulf %f, %two : f32
// CHECK-NEXT:    %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %f) -> (f32) {
// CHECK-NEXT:      %next = arith.addf %acc, %scaled : f32
// CHECK-NEXT:      scf.yield %next : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %v = memref.load %a[%c0] : memref<4xf32>
