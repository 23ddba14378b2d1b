// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation' | filecheck %s --check-prefix=ONESHOT

// Loop yields (MLIR's scf.for / scf.while `resolveConflicts`): a value yielded
// back to an iter_arg is copied only when it may alias a buffer defined outside
// the loop other than that iter_arg's own, or the buffer another yield carries.
// A buffer allocated in the iteration is yielded as it is; buffer-deallocation
// frees the previous iteration's buffer. Every @main here is also run before and
// after the pipeline (tests/module/test_comprehensive_execution.py).

// The body writes a new tensor (reading the iter_arg reversed: not in place) and
// yields it: no copy, the previous iteration's buffer is freed in the body.
// CHECK-LABEL: func.func @main
// CHECK:       scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (memref<4xf32>) {
// CHECK-NEXT:    %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[T]] : memref<4xf32>) outs(%[[N]] : memref<4xf32>)
// CHECK:         memref.dealloc %[[T]] : memref<4xf32>
// CHECK-NEXT:    scf.yield %[[N]] : memref<4xf32>
// CHECK-NOT:   memref.copy
// ONESHOT-LABEL: func.func @main
// ONESHOT:       scf.for
// ONESHOT-NOT:   memref.copy
// ONESHOT:       scf.yield
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %init) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %a : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %init[%c0] : tensor<4xf32>
  return %x, %y : f32, f32
}

// -----

// The iteration yields either its iter_arg or a new buffer: no copy either way.
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK:         scf.if
// CHECK:           memref.alloc
// CHECK-NOT:       memref.copy
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %{{.*}} : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield
// ONESHOT-LABEL: func.func @main
// ONESHOT:       scf.for
// ONESHOT-NOT:   memref.copy
// ONESHOT:       return
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%t = %init) -> (tensor<4xf32>) {
    %rem = arith.remui %i, %c2 : index
    %p = arith.cmpi eq, %rem, %c0 : index
    %y = scf.if %p -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %a : f32
        linalg.yield %s : f32
      } -> tensor<4xf32>
      scf.yield %g : tensor<4xf32>
    } else {
      scf.yield %t : tensor<4xf32>
    }
    scf.yield %y : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %z = tensor.extract %r[%c1] : tensor<4xf32>
  return %x, %z : f32, f32
}

// -----

// The yield is a view of a tensor defined outside the loop: the next iteration
// writes its iter_arg in place, which must not write that outside buffer, so the
// yielded view is copied into a new buffer.
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK:         memref.store
// CHECK:         %[[V:.*]] = memref.subview
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[V]], %[[C]])
// CHECK:         scf.yield %[[C]], %{{.*}} : memref<4xf32>, f32
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %a, %acc = %zero) -> (tensor<4xf32>, f32) {
    %x = tensor.extract %t[%c1] : tensor<4xf32>
    %s = arith.addf %x, %x : f32
    %t2 = tensor.insert %s into %t[%c1] : tensor<4xf32>
    %y = tensor.extract %t2[%c1] : tensor<4xf32>
    %acc2 = arith.addf %acc, %y : f32
    %v = tensor.extract_slice %b[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.yield %v, %acc2 : tensor<4xf32>, f32
  }
  %u = tensor.extract %b[%c1] : tensor<8xf32>
  %w = arith.addf %u, %r#1 : f32
  %z = tensor.extract %r#0[%c1] : tensor<4xf32>
  return %w, %z : f32, f32
}

// -----

// One new tensor yielded to two iter_args: the two must stay two buffers, so the
// second yield is a copy (the first keeps the new buffer).
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK:         %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.generic
// CHECK:         %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[N]], %[[C]])
// CHECK-NEXT:    scf.yield %[[N]], %[[C]] : memref<4xf32>, memref<4xf32>
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%one : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %a, %u = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %t2 = tensor.insert %five into %t[%c1] : tensor<4xf32>
    %x = tensor.extract %u[%c1] : tensor<4xf32>
    %t3 = tensor.insert %x into %t2[%c0] : tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t3 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %p : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    scf.yield %g, %g : tensor<4xf32>, tensor<4xf32>
  }
  %v = tensor.extract %r#0[%c0] : tensor<4xf32>
  %w = tensor.extract %r#1[%c3] : tensor<4xf32>
  return %v, %w : f32, f32
}

// -----

// A constant yielded: its buffer is read-only, so the next iteration's writes go
// into a copy.
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK:         memref.get_global
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%{{.*}}, %[[C]])
// CHECK:         scf.yield %[[C]] : memref<4xf32>
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %a) -> (tensor<4xf32>) {
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    %s = arith.addf %x, %one : f32
    %t2 = tensor.insert %s into %t[%c1] : tensor<4xf32>
    %k = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
    scf.yield %k : tensor<4xf32>
  }
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %w = tensor.extract %r[%c1] : tensor<4xf32>
  return %v, %w : f32, f32
}

// -----

// Nested loops: the inner loop yields its new buffers, the outer loop yields the
// inner result (a buffer allocated inside the outer body): no copy in the loops
// (the constant init is copied once before them: a loop writes its inits).
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK-NOT:   memref.copy
// CHECK:       return
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %init) -> (tensor<4xf32>) {
    %q = scf.for %j = %c0 to %i step %c1 iter_args(%u = %t) -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%u : tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %a : f32
        linalg.yield %s : f32
      } -> tensor<4xf32>
      scf.yield %g : tensor<4xf32>
    }
    scf.yield %q : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %r[%c3] : tensor<4xf32>
  return %x, %y : f32, f32
}

// -----

// scf.while: the before region writes a new tensor forwarded to the after region,
// which yields a new tensor of its own: no copy.
// CHECK-LABEL: func.func @main
// CHECK:       scf.while
// CHECK-NOT:   memref.copy
// CHECK:       return
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r:2 = scf.while (%t = %init, %i = %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, index) {
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %p = arith.cmpi ult, %i, %c3 : index
    scf.condition(%p) %g, %i : tensor<4xf32>, index
  } do {
  ^bb0(%u: tensor<4xf32>, %k: index):
    %k1 = arith.addi %k, %c1 : index
    %e2 = tensor.empty() : tensor<4xf32>
    %g2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%u : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.mulf %x, %x : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    scf.yield %g2, %k1 : tensor<4xf32>, index
  }
  %x = tensor.extract %r#0[%c0] : tensor<4xf32>
  %y = tensor.extract %r#0[%c3] : tensor<4xf32>
  return %x, %y : f32, f32
}
