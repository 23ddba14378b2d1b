// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file --verify-diagnostics | filecheck %s

// An allocation with neither AllocationOpInterface nor a model is refused.
func.func @raw() {
  %a = bufftest.raw_alloc : memref<4xf32>
  func.return
}

// CHECK: 'bufftest.raw_alloc' op allocates a buffer but has no AllocationOpInterface (trait or registered model): cannot tell how to free it

// -----

// An op with regions and unknown control flow that makes buffers inside is refused.
func.func @unknown_region() {
  "test.op"() ({
    %a = memref.alloc() : memref<4xf32>
    "test.termop"() : () -> ()
  }) : () -> ()
  func.return
}

// CHECK: 'test.op' op has regions whose control flow is unknown (no region-branch model) and defines memrefs inside its regions ('memref.alloc')

// -----

// Nothing is rewritten when one function is refused: the first function keeps no dealloc.
func.func @fine() {
  %a = memref.alloc() : memref<4xf32>
  func.return
}
func.func @bad() -> memref<4xf32> {
  %r = "test.op"() ({
    "test.termop"() : () -> ()
  }) : () -> memref<4xf32>
  func.return %r : memref<4xf32>
}

// CHECK: 'test.op' op has regions whose control flow is unknown (no region-branch model) and has memref results
// CHECK-NOT: memref.dealloc %a

// -----

// Buffers of different allocators merging into one value cannot be freed by one op.
func.func @mixed(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %b = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK: 'scf.if' op merges buffers freed by different ops (gpu.dealloc, memref.dealloc): cannot pick one free

// -----

// A gpu buffer that must be copied cannot be: gpu.alloc has no clone (a public function
// returning it twice hands it over once and must copy it for the other result).
func.func @gpu_clone() -> (memref<4xf32>, memref<4xf32>) {
  %b = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
  %s = "memref.cast"(%b) : (memref<4xf32>) -> memref<4xf32>
  func.return %s, %b : memref<4xf32>, memref<4xf32>
}

// CHECK: 'func.return' op must pass an owned copy of operand #1 but the buffer's allocation interface cannot clone it

// -----

// A callee freeing its argument on one path only: whether the caller's buffer is still
// live after the call is not known statically.
func.func private @maybe_consume(%c: i1, %b: memref<4xf32>) {
  scf.if %c {
    memref.dealloc %b : memref<4xf32>
  }
  func.return
}
func.func @caller(%c: i1) {
  %m = memref.alloc() : memref<4xf32>
  func.call @maybe_consume(%c, %m) : (i1, memref<4xf32>) -> ()
  func.return
}

// CHECK: 'func.call' op calls @maybe_consume, which may free its argument #1 on some paths only (or a buffer that may be it): cannot tell whether the buffer is still live after the call
