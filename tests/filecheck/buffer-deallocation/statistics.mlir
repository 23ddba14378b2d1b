// RUN: xdsl-opt %s -p 'buffer-deallocation{statistics=true}' 2>&1 | filecheck %s

// The counts go to stderr: two frees in the loop and after it, one clone of the argument.
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

// CHECK: buffer-deallocation: frees=2 clones=1 conditional-frees=0
