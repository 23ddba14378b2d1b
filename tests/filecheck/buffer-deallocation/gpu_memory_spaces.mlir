// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// gpu.alloc buffers in memory space 1 through scf.if and scf.for: each is freed
// once, by gpu.dealloc (the AllocationOpInterface model of gpu.alloc), never by
// memref.dealloc. Every @main runs before and after the pass on the reference
// executor (tests/dealloc/test_execution.py), which reports a device buffer freed
// by a host free or the other way round.

// Either of two gpu buffers leaves an scf.if; the other is freed in its branch.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
  %b = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32, 1 : i64>)
  linalg.fill ins(%two : f32) outs(%b : memref<4xf32, 1 : i64>)
  %r = scf.if %true -> (memref<4xf32, 1 : i64>) {
    scf.yield %a : memref<4xf32, 1 : i64>
  } else {
    scf.yield %b : memref<4xf32, 1 : i64>
  }
  %x = memref.load %r[%c0] : memref<4xf32, 1 : i64>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       scf.if
// CHECK:       gpu.dealloc
// CHECK:       } else {
// CHECK:       gpu.dealloc
// CHECK:       }
// CHECK:       memref.load %r
// CHECK-NEXT:  "gpu.dealloc"(%r)
// CHECK-NOT:   memref.dealloc

// -----

// A gpu buffer made in each iteration of an scf.for and carried to the next:
// the previous one is freed with gpu.dealloc.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %init = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
  linalg.fill ins(%one : f32) outs(%init : memref<4xf32, 1 : i64>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<4xf32, 1 : i64>) {
    %next = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
    %v = memref.load %cur[%c0] : memref<4xf32, 1 : i64>
    %w = arith.addf %v, %one : f32
    linalg.fill ins(%w : f32) outs(%next : memref<4xf32, 1 : i64>)
    scf.yield %next : memref<4xf32, 1 : i64>
  }
  %x = memref.load %r[%c0] : memref<4xf32, 1 : i64>
  func.return %x : f32
}

// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK:       "gpu.alloc"
// CHECK:       "gpu.dealloc"
// CHECK:       scf.yield
// CHECK:       memref.load %r
// CHECK-NEXT:  "gpu.dealloc"(%r)
// CHECK-NOT:   memref.dealloc

// -----

// gpu.alloc buffers returned by functions, directly and through a second function that
// calls the first: callers free them with gpu.dealloc, the allocator of the buffers each
// result holds on every path (a result mixing allocators, or a copy, is memref.alloc's).
func.func private @make(%v: f32) -> memref<4xf32, 1 : i64> {
  %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32, 1 : i64>)
  func.return %a : memref<4xf32, 1 : i64>
}
func.func private @make_either(%c: i1, %v: f32) -> memref<4xf32, 1 : i64> {
  %r = scf.if %c -> (memref<4xf32, 1 : i64>) {
    %x = func.call @make(%v) : (f32) -> memref<4xf32, 1 : i64>
    scf.yield %x : memref<4xf32, 1 : i64>
  } else {
    %b = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32, 1 : i64>)
    scf.yield %b : memref<4xf32, 1 : i64>
  }
  func.return %r : memref<4xf32, 1 : i64>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %true = arith.constant true
  %m = func.call @make(%one) : (f32) -> memref<4xf32, 1 : i64>
  %n = func.call @make_either(%true, %one) : (i1, f32) -> memref<4xf32, 1 : i64>
  %x = memref.load %m[%c0] : memref<4xf32, 1 : i64>
  %y = memref.load %n[%c0] : memref<4xf32, 1 : i64>
  %s = arith.addf %x, %y : f32
  func.return %s : f32
}

// CHECK-LABEL: func.func private @make(%v: f32) -> memref<4xf32, 1 : i64> {
// CHECK-NEXT:  %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill ins(%v : f32) outs(%a : memref<4xf32, 1 : i64>)
// CHECK-NEXT:  func.return %a : memref<4xf32, 1 : i64>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @make_either(%c: i1, %v: f32) -> memref<4xf32, 1 : i64> {
// CHECK-NEXT:  %r = scf.if %c -> (memref<4xf32, 1 : i64>) {
// CHECK-NEXT:  %x = func.call @make(%v) : (f32) -> memref<4xf32, 1 : i64>
// CHECK-NEXT:  scf.yield %x : memref<4xf32, 1 : i64>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %b = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
// CHECK-NEXT:  linalg.fill ins(%v : f32) outs(%b : memref<4xf32, 1 : i64>)
// CHECK-NEXT:  scf.yield %b : memref<4xf32, 1 : i64>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : memref<4xf32, 1 : i64>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %m = func.call @make(%one) : (f32) -> memref<4xf32, 1 : i64>
// CHECK-NEXT:  %n = func.call @make_either(%true, %one) : (i1, f32) -> memref<4xf32, 1 : i64>
// CHECK-NEXT:  %x = memref.load %m[%c0] : memref<4xf32, 1 : i64>
// CHECK-NEXT:  "gpu.dealloc"(%m) {operandSegmentSizes = array<i32: 0, 1>} : (memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:  %y = memref.load %n[%c0] : memref<4xf32, 1 : i64>
// CHECK-NEXT:  "gpu.dealloc"(%n) {operandSegmentSizes = array<i32: 0, 1>} : (memref<4xf32, 1 : i64>) -> ()
// CHECK-NEXT:  %s = arith.addf %x, %y : f32
// CHECK-NEXT:  func.return %s : f32
// CHECK-NEXT:  }
