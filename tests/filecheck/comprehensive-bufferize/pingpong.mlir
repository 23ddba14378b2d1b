// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// Two iter_args that swap places every iteration (double buffering): the loop
// passes the two buffers around, with no allocation and no copy per iteration.
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.copy
// CHECK:       scf.yield %nxt, %cur
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%cur = %a, %nxt = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %x = tensor.extract %cur[%c0] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %n2 = tensor.insert %y into %nxt[%c3] : tensor<4xf32>
    %z = tensor.extract %n2[%c0] : tensor<4xf32>
    %w = arith.addf %y, %z : f32
    %n3 = tensor.insert %w into %n2[%c0] : tensor<4xf32>
    scf.yield %n3, %cur : tensor<4xf32>, tensor<4xf32>
  }
  %p = tensor.extract %r#0[%c0] : tensor<4xf32>
  %q = tensor.extract %r#1[%c3] : tensor<4xf32>
  return %p, %q : f32, f32
}

// -----

// Three buffers rotated: the same without copies.
// CHECK-LABEL: func.func @main
// CHECK:       scf.for
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.copy
// CHECK:       scf.yield %c, %a, %b
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %t0 = linalg.fill ins(%one : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %e1 = tensor.empty() : tensor<2xf32>
  %t1 = linalg.fill ins(%one : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %t2 = linalg.fill ins(%one : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %r:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t0, %b = %t1, %c = %t2) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %x = tensor.extract %a[%c0] : tensor<2xf32>
    %y = tensor.extract %b[%c0] : tensor<2xf32>
    %s = arith.addf %x, %y : f32
    %c2 = tensor.insert %s into %c[%c0] : tensor<2xf32>
    scf.yield %c2, %a, %b : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  }
  %p = tensor.extract %r#0[%c0] : tensor<2xf32>
  %q = tensor.extract %r#1[%c0] : tensor<2xf32>
  %u = tensor.extract %r#2[%c0] : tensor<2xf32>
  return %p, %q, %u : f32, f32, f32
}

// -----

// The first buffer's old contents are read after the loop: the loop starts from
// a copy of it (made once, before the loop; the buffer holds one scalar, so the copy
// is a second fill), then passes the buffers around.
// CHECK-LABEL: func.func @main
// CHECK:       linalg.fill
// CHECK:       linalg.fill
// CHECK-NOT:   memref.copy
// CHECK:       scf.for
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.copy
// CHECK:       scf.yield %nxt, %cur
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%cur = %a, %nxt = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %x = tensor.extract %cur[%c0] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %n2 = tensor.insert %y into %nxt[%c0] : tensor<4xf32>
    scf.yield %n2, %cur : tensor<4xf32>, tensor<4xf32>
  }
  %p = tensor.extract %r#0[%c0] : tensor<4xf32>
  %old = tensor.extract %a[%c0] : tensor<4xf32>
  return %p, %old : f32, f32
}

// -----

// One tensor as both buffers: they must not become one buffer; the second starts
// from a copy (of a filled buffer: a second fill), then the two are passed around.
// CHECK-LABEL: func.func @main
// CHECK:       linalg.fill
// CHECK:       linalg.fill
// CHECK-NOT:   memref.copy
// CHECK:       scf.for
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   memref.copy
// CHECK:       scf.yield %nxt, %cur
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%cur = %a, %nxt = %a) -> (tensor<4xf32>, tensor<4xf32>) {
    %x = tensor.extract %cur[%c0] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %n2 = tensor.insert %y into %nxt[%c0] : tensor<4xf32>
    scf.yield %n2, %cur : tensor<4xf32>, tensor<4xf32>
  }
  %p = tensor.extract %r#0[%c0] : tensor<4xf32>
  %q = tensor.extract %r#1[%c0] : tensor<4xf32>
  return %p, %q : f32, f32
}
