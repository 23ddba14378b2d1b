// RUN: xdsl-opt %s -p bufferization-cleanup --split-input-file | filecheck %s

// A copy of a buffer holding one scalar everywhere (a linalg.fill of the whole
// allocation, not written since) is a fill of the destination (beyond MLIR).
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.5 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
  %d = memref.alloc() : memref<4xf32>
  "memref.copy"(%acc, %d) : (memref<4xf32>, memref<4xf32>) -> ()
  %a = memref.load %d[%c0] : memref<4xf32>
  %b = memref.load %acc[%c0] : memref<4xf32>
  %s = arith.addf %a, %b : f32
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %acc : memref<4xf32>
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
// CHECK-NEXT:    %d = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%z : f32) outs(%d : memref<4xf32>)
// CHECK-NOT:     memref.copy

// -----

// Reading the filled buffer in between (a matmul's input) changes nothing; a copy of
// a view of it is a fill of the destination too.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.5 : f32
  %acc = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4x4xf32>)
  %m = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%z : f32) outs(%m : memref<4x4xf32>)
  linalg.matmul ins(%acc, %acc : memref<4x4xf32>, memref<4x4xf32>) outs(%m : memref<4x4xf32>)
  %v = memref.subview %acc[1, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
  %d = memref.alloc() : memref<2x4xf32>
  "memref.copy"(%v, %d) : (memref<2x4xf32, strided<[4, 1], offset: 4>>, memref<2x4xf32>) -> ()
  %a = memref.load %d[%c0, %c0] : memref<2x4xf32>
  %b = memref.load %m[%c0, %c0] : memref<4x4xf32>
  %s = arith.addf %a, %b : f32
  memref.dealloc %d : memref<2x4xf32>
  memref.dealloc %m : memref<4x4xf32>
  memref.dealloc %acc : memref<4x4xf32>
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %d = memref.alloc() : memref<2x4xf32>
// CHECK-NEXT:    linalg.fill ins(%z : f32) outs(%d : memref<2x4xf32>)
// CHECK-NOT:     memref.copy

// -----

// A store into the filled buffer between fill and copy: the copy stays.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
  memref.store %one, %acc[%c0] : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  "memref.copy"(%acc, %d) : (memref<4xf32>, memref<4xf32>) -> ()
  %a = memref.load %d[%c0] : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %acc : memref<4xf32>
  func.return %a : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         "memref.copy"(%acc, %d)

// -----

// A write through a view of the filled buffer (a linalg op's output, nested in an
// scf.if) between fill and copy: the copy stays.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %true = arith.constant true
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
  %v = memref.subview %acc[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  scf.if %true {
    linalg.fill ins(%one : f32) outs(%v : memref<2xf32, strided<[1], offset: 2>>)
  }
  %d = memref.alloc() : memref<4xf32>
  "memref.copy"(%acc, %d) : (memref<4xf32>, memref<4xf32>) -> ()
  %c3 = arith.constant 3 : index
  %a = memref.load %d[%c3] : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %acc : memref<4xf32>
  func.return %a : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         "memref.copy"(%acc, %d)

// -----

// The filled buffer is passed to a call (it may keep or write it): the copy stays.
func.func private @touch(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %m[%c0] : memref<4xf32>
  func.return
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.5 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
  func.call @touch(%acc) : (memref<4xf32>) -> ()
  %d = memref.alloc() : memref<4xf32>
  "memref.copy"(%acc, %d) : (memref<4xf32>, memref<4xf32>) -> ()
  %a = memref.load %d[%c0] : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %acc : memref<4xf32>
  func.return %a : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         "memref.copy"(%acc, %d)

// -----

// In a loop body: the fill and the copy in the same block (each iteration fills
// before it copies) make a fill; a copy in a nested block after a store into the
// buffer stays.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.5 : f32
  %init = arith.constant 0.0 : f32
  %true = arith.constant true
  %acc = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%sum = %init) -> (f32) {
    linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
    "memref.copy"(%acc, %d) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.store %sum, %acc[%c0] : memref<4xf32>
    scf.if %true {
      "memref.copy"(%acc, %d) : (memref<4xf32>, memref<4xf32>) -> ()
    }
    %a = memref.load %d[%c0] : memref<4xf32>
    %n = arith.addf %sum, %a : f32
    scf.yield %n : f32
  }
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %acc : memref<4xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         linalg.fill ins(%z : f32) outs(%acc : memref<4xf32>)
// CHECK-NEXT:    linalg.fill ins(%z : f32) outs(%d : memref<4xf32>)
// CHECK-NEXT:    memref.store %sum, %acc[%c0] : memref<4xf32>
// CHECK-NEXT:    scf.if %true {
// CHECK-NEXT:      "memref.copy"(%acc, %d)

// -----

// A copy from a constant global holding one value (a splat): a fill; from a
// global holding several values: the copy stays.
"memref.global"() <{sym_name = "halves", type = memref<4xf32>, initial_value = dense<0.5> : tensor<4xf32>, sym_visibility = "private", constant}> : () -> ()
"memref.global"() <{sym_name = "ramp", type = memref<4xf32>, initial_value = dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>, sym_visibility = "private", constant}> : () -> ()
func.func @main() -> f32 {
  %c1 = arith.constant 1 : index
  %h = memref.get_global @halves : memref<4xf32>
  %r = memref.get_global @ramp : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  "memref.copy"(%h, %d) : (memref<4xf32>, memref<4xf32>) -> ()
  %e = memref.alloc() : memref<4xf32>
  "memref.copy"(%r, %e) : (memref<4xf32>, memref<4xf32>) -> ()
  %a = memref.load %d[%c1] : memref<4xf32>
  %b = memref.load %e[%c1] : memref<4xf32>
  %s = arith.addf %a, %b : f32
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %e : memref<4xf32>
  func.return %s : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %d = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[H:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    linalg.fill ins(%[[H]] : f32) outs(%d : memref<4xf32>)
// CHECK-NEXT:    %e = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%r, %e)

// -----

// The fill before a loop, copies in the body (LSTM-like: one zero accumulator, the
// destination of several matmuls per step): fills, as nothing in the loop writes
// the accumulator.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<2x2xf32>)
  %acc = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<2x2xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%sum = %z) -> (f32) {
    %g0 = memref.alloc() : memref<2x2xf32>
    "memref.copy"(%acc, %g0) : (memref<2x2xf32>, memref<2x2xf32>) -> ()
    linalg.matmul ins(%x, %x : memref<2x2xf32>, memref<2x2xf32>) outs(%g0 : memref<2x2xf32>)
    %g1 = memref.alloc() : memref<2x2xf32>
    "memref.copy"(%acc, %g1) : (memref<2x2xf32>, memref<2x2xf32>) -> ()
    linalg.matmul ins(%g0, %x : memref<2x2xf32>, memref<2x2xf32>) outs(%g1 : memref<2x2xf32>)
    %a = memref.load %g1[%c0, %c1] : memref<2x2xf32>
    %n = arith.addf %sum, %a : f32
    memref.dealloc %g0 : memref<2x2xf32>
    memref.dealloc %g1 : memref<2x2xf32>
    scf.yield %n : f32
  }
  memref.dealloc %acc : memref<2x2xf32>
  memref.dealloc %x : memref<2x2xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         scf.for
// CHECK-NEXT:      %g0 = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:      linalg.fill ins(%z : f32) outs(%g0 : memref<2x2xf32>)
// CHECK:           %g1 = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:      linalg.fill ins(%z : f32) outs(%g1 : memref<2x2xf32>)
// CHECK-NOT:     memref.copy

// -----

// The loop writes the accumulator after the copy: a later iteration copies what
// the write left, so the copy stays.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<2xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<2xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%sum = %z) -> (f32) {
    %g = memref.alloc() : memref<2xf32>
    "memref.copy"(%acc, %g) : (memref<2xf32>, memref<2xf32>) -> ()
    %a = memref.load %g[%c0] : memref<2xf32>
    %n = arith.addf %sum, %a : f32
    %m = arith.addf %n, %n : f32
    memref.store %m, %acc[%c0] : memref<2xf32>
    memref.dealloc %g : memref<2xf32>
    scf.yield %m : f32
  }
  memref.dealloc %acc : memref<2xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         scf.for
// CHECK-NEXT:      %g = memref.alloc() : memref<2xf32>
// CHECK-NEXT:      "memref.copy"(%acc, %g)
