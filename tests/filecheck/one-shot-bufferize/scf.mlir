// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{allow-return-allocs-from-loops=true}" | filecheck %s

// The iter_arg keeps the buffer of its init: no copy, memref iter_args.
// CHECK-LABEL: func.func @for_in_place
// CHECK:       %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT:  %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[B]]) -> (memref<4xf32>) {
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<4xf32>
// CHECK-NEXT:    scf.yield %[[A]] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NOT:   memref.copy
func.func @for_in_place(%f: f32, %lb: index, %ub: index, %s: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %t) -> (tensor<4xf32>) {
    %a2 = tensor.insert %f into %a[%i] : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  }
  %y = tensor.extract %r[%lb] : tensor<4xf32>
  func.return %y : f32
}

// -----

// Swapped iter_args: the yields are not equivalent to the iter_args, but they
// permute them, and both inits are buffers of their own that nothing reads once
// the loop started: the loop passes the two buffers around, no copy.
// CHECK-LABEL: func.func @for_swap
// CHECK:       scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:    scf.yield %[[Y]], %[[X]] : memref<4xf32>, memref<4xf32>
func.func @for_swap(%f: f32, %lb: index, %ub: index, %s: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %u = linalg.fill ins(%f : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %t, %b = %u) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %b, %a : tensor<4xf32>, tensor<4xf32>
  }
  %y = tensor.extract %r#0[%lb] : tensor<4xf32>
  func.return %y : f32
}

// -----

// scf.if yields buffers; both branches write in place into one buffer.
// CHECK-LABEL: func.func @if_in_place
// CHECK:       %[[B:.*]] = memref.alloc()
// CHECK:       scf.if %{{.*}} -> (memref<4xf32>) {
// CHECK-NEXT:    memref.store %{{.*}}, %[[B]][%{{.*}}] : memref<4xf32>
// CHECK-NEXT:    scf.yield %[[B]] : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %[[B]] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NOT:   memref.copy
func.func @if_in_place(%c: i1, %f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.if %c -> (tensor<4xf32>) {
    %w = tensor.insert %f into %t[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  %x = tensor.extract %r[%i] : tensor<4xf32>
  func.return %x : f32
}

// -----

// scf.while carries the buffer: condition and yield pass it unchanged.
// CHECK-LABEL: func.func @while_in_place
// CHECK:       scf.while (%[[T:.*]] = %{{.*}}) : (memref<4xf32>) -> memref<4xf32> {
// CHECK:         scf.condition(%{{.*}}) %[[T]] : memref<4xf32>
// CHECK:       } do {
// CHECK-NEXT:  ^{{.*}}(%[[T2:.*]]: memref<4xf32>):
// CHECK-NEXT:    memref.store %{{.*}}, %[[T2]][%{{.*}}] : memref<4xf32>
// CHECK-NEXT:    scf.yield %[[T2]] : memref<4xf32>
// CHECK-NOT:   memref.copy
func.func @while_in_place(%f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.while (%t = %t0) : (tensor<4xf32>) -> tensor<4xf32> {
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %c = arith.cmpf olt, %x, %f : f32
    scf.condition(%c) %t : tensor<4xf32>
  } do {
  ^bb0(%t2: tensor<4xf32>):
    %w = tensor.insert %f into %t2[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %y = tensor.extract %r[%i] : tensor<4xf32>
  func.return %y : f32
}

// -----

// CHECK-LABEL: func.func @execute_region
// CHECK:       %[[B:.*]] = memref.alloc()
// CHECK:       scf.execute_region -> (memref<4xf32>) {
// CHECK-NEXT:    memref.store %{{.*}}, %[[B]][%{{.*}}] : memref<4xf32>
// CHECK-NEXT:    scf.yield %[[B]] : memref<4xf32>
func.func @execute_region(%f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.execute_region -> (tensor<4xf32>) {
    %w = tensor.insert %f into %t[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %x = tensor.extract %r[%i] : tensor<4xf32>
  func.return %x : f32
}
