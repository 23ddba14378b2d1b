// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// Three nested loops threading a fresh buffer per innermost iteration to a returned result:
// ownership (a flag) is threaded through all three levels, no copy per iteration.  The
// result may be the argument (no iteration): the caller in the module calls a private twin
// returning it as is and compares pointers; the public function keeps upstream's one
// conditional copy for callers outside.
func.func @nested(%init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %r0 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init) -> (memref<4xf32>) {
    %r1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a) -> (memref<4xf32>) {
      %r2 = scf.for %k = %c0 to %c2 step %c1 iter_args(%c = %b) -> (memref<4xf32>) {
        %n = memref.alloc() : memref<4xf32>
        "memref.copy"(%c, %n) : (memref<4xf32>, memref<4xf32>) -> ()
        %v = memref.load %n[%c0] : memref<4xf32>
        %w = arith.addf %v, %f1 : f32
        memref.store %w, %n[%c0] : memref<4xf32>
        scf.yield %n : memref<4xf32>
      }
      scf.yield %r2 : memref<4xf32>
    }
    scf.yield %r1 : memref<4xf32>
  }
  func.return %r0 : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = func.call @nested(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @nested__inplace(%init: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %r0, %r0_owned = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init, %a_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %r1, %r1_owned = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a, %b_owned = %a_owned) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %r2, %r2_owned = scf.for %k = %c0 to %c2 step %c1 iter_args(%c = %b, %c_owned = %b_owned) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%c, %n) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  scf.if %c_owned {
// CHECK-NEXT:  memref.dealloc %c : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %v = memref.load %n[%c0] : memref<4xf32>
// CHECK-NEXT:  %w = arith.addf %v, %f1 : f32
// CHECK-NEXT:  memref.store %w, %n[%c0] : memref<4xf32>
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %n, %true : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.yield %r2, %r2_owned : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.yield %r1, %r1_owned : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r0 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @nested(%init: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %0 = func.call @nested__inplace(%init) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %1 = arith.constant true
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%0) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%init) : (memref<4xf32>) -> index
// CHECK-NEXT:  %4 = arith.cmpi eq, %2, %3 : index
// CHECK-NEXT:  %owned = arith.xori %4, %1 : i1
// CHECK-NEXT:  %5 = scf.if %owned -> (memref<4xf32>) {
// CHECK-NEXT:  scf.yield %0 : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %6 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  scf.yield %6 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %5 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:  %r = func.call @nested__inplace(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT:  %3 = arith.constant true
// CHECK-NEXT:  %4 = arith.xori %2, %3 : i1
// CHECK-NEXT:  scf.if %4 {
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NEXT:  }

// -----

// The same, the innermost loop yielding its own iter_arg on some iterations: still no
// copy inside the loops.
func.func @nested(%init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %r0 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init) -> (memref<4xf32>) {
    %r1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a) -> (memref<4xf32>) {
      %r2 = scf.for %k = %c0 to %c2 step %c1 iter_args(%c = %b) -> (memref<4xf32>) {
        %p = arith.cmpi eq, %k, %j : index
        %n = scf.if %p -> (memref<4xf32>) {
          scf.yield %c : memref<4xf32>
        } else {
          %m = memref.alloc() : memref<4xf32>
          "memref.copy"(%c, %m) : (memref<4xf32>, memref<4xf32>) -> ()
          %v = memref.load %m[%c0] : memref<4xf32>
          %w = arith.addf %v, %f1 : f32
          memref.store %w, %m[%c0] : memref<4xf32>
          scf.yield %m : memref<4xf32>
        }
        scf.yield %n : memref<4xf32>
      }
      scf.yield %r2 : memref<4xf32>
    }
    scf.yield %r1 : memref<4xf32>
  }
  func.return %r0 : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %r = func.call @nested(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @nested__inplace(%init: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %r0, %r0_owned = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init, %a_owned = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %r1, %r1_owned = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a, %b_owned = %a_owned) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %r2, %r2_owned = scf.for %k = %c0 to %c2 step %c1 iter_args(%c = %b, %c_owned = %b_owned) -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %p = arith.cmpi eq, %k, %j : index
// CHECK-NEXT:  %n, %n_owned = scf.if %p -> (memref<4xf32>, i1) {
// CHECK-NEXT:  scf.yield %c, %c_owned : memref<4xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%c, %m) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  scf.if %c_owned {
// CHECK-NEXT:  memref.dealloc %c : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %v = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:  %w = arith.addf %v, %f1 : f32
// CHECK-NEXT:  memref.store %w, %m[%c0] : memref<4xf32>
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %m, %true : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.yield %n, %n_owned : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.yield %r2, %r2_owned : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.yield %r1, %r1_owned : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r0 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @nested(%init: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %0 = func.call @nested__inplace(%init) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %1 = arith.constant true
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%0) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%init) : (memref<4xf32>) -> index
// CHECK-NEXT:  %4 = arith.cmpi eq, %2, %3 : index
// CHECK-NEXT:  %owned = arith.xori %4, %1 : i1
// CHECK-NEXT:  %5 = scf.if %owned -> (memref<4xf32>) {
// CHECK-NEXT:  scf.yield %0 : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %6 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  scf.yield %6 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %5 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %f1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:  %r = func.call @nested__inplace(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT:  %3 = arith.constant true
// CHECK-NEXT:  %4 = arith.xori %2, %3 : i1
// CHECK-NEXT:  scf.if %4 {
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NEXT:  }
