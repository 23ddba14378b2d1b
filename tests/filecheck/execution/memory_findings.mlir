// RUN: not xdsl-bufferize-check %s --args 4 | filecheck %s
// RUN: not xdsl-bufferize-check %s --args 2 | filecheck %s --check-prefix=SMALL
// RUN: not xdsl-bufferize-check %s --entry missing 2>&1 | filecheck %s --check-prefix=USAGE

// A loop leaks a buffer per iteration and, for n = 4, stores out of bounds; the
// element read was never written: an uninitialised read, of the value NaN.

func.func @main(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<2xf32>
    memref.store %f, %a[%n] : memref<4xf32>
  }
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %x : f32
}

// CHECK: out-of-bounds: memref.store writes index [4] outside the view of sizes [4] (dimension 0) of heap buffer #0 (memref.alloc at {{.*}}memory_findings.mlir:12:3 in @main) [memref.store at {{.*}}memory_findings.mlir:15:5 in @main]
// CHECK-NEXT: uninitialised-read: memref.load reads element [0] of heap buffer #0 (memref.alloc at {{.*}}memory_findings.mlir:12:3 in @main), which nothing wrote [memref.load at {{.*}}memory_findings.mlir:17:3 in @main]
// CHECK-NEXT: leak: heap buffer #1 of 2 elements is never freed (and 3 more from the same op) [memref.alloc at {{.*}}memory_findings.mlir:14:5 in @main]
// CHECK-NEXT: @main returned (nan); 3 finding(s)

// SMALL-NOT: out-of-bounds
// SMALL: uninitialised-read: memref.load reads element [0] of heap buffer #0
// SMALL-NEXT: leak: heap buffer #1 of 2 elements is never freed (and 1 more from the same op)
// SMALL-NEXT: @main returned (nan); 2 finding(s)

// USAGE: xdsl-bufferize-check: error: no function @missing in the module
