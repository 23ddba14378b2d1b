// RUN: xdsl-opt %s -p 'comprehensive-bufferize{memcpy-op="linalg.copy"}' | filecheck %s
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{memcpy-op=loops}' | filecheck %s --check-prefix=LOOPS
// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s --check-prefix=DEFAULT

// The insert writes %a, which is read afterwards: a copy. With memcpy-op the copy is
// emitted in a form xDSL's own lowering accepts.

func.func private @f(%a: tensor<4xf32>, %i: index, %v: f32) -> (tensor<4xf32>, f32) {
  %b = tensor.insert %v into %a[%i] : tensor<4xf32>
  %r = tensor.extract %a[%i] : tensor<4xf32>
  func.return %b, %r : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func private @f(
// CHECK:         %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.copy ins(%{{.*}} : memref<4xf32{{.*}}>) outs(%[[NEW]] : memref<4xf32>)
// CHECK-NOT:     memref.copy

// LOOPS-LABEL: func.func private @f(
// LOOPS:         %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// LOOPS:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOOPS-NEXT:      %[[X:.*]] = memref.load %{{.*}}[%[[I]]]
// LOOPS-NEXT:      memref.store %[[X]], %[[NEW]][%[[I]]] : memref<4xf32>
// LOOPS-NEXT:    }
// LOOPS-NOT:     memref.copy

// DEFAULT-LABEL: func.func private @f(
// DEFAULT:         "memref.copy"
