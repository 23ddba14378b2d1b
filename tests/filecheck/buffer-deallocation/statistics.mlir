// RUN: xdsl-opt %s -p 'buffer-deallocation{statistics=true}' --split-input-file 2>&1 | filecheck %s

// The counts go to stderr. A loop carrying a borrowed argument and a fresh buffer per
// iteration: two conditional frees (in the body and after the loop), no clone.
func.func @stats(%n: index, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %new : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK: buffer-deallocation: frees=0 clones=0 conditional-frees=2 conditional-clones=0

// -----

// Returning that loop's result: the caller must own it, so it is copied only when the loop
// ran zero times (flag false); the loop body still frees conditionally.
func.func @stats(%n: index, %arg: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %arg) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "memref.copy"(%x, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %new : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}

// CHECK: buffer-deallocation: frees=0 clones=0 conditional-frees=1 conditional-clones=1

// -----

// Returning an argument always copies it; a fresh buffer is freed unconditionally.
func.func @stats(%arg: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  "memref.copy"(%arg, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  func.return %arg : memref<4xf32>
}

// CHECK: buffer-deallocation: frees=1 clones=1 conditional-frees=0 conditional-clones=0
