// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s -p "comprehensive-bufferize{plan-memory=true}" | filecheck %s --check-prefix=PLAN

// scf.forall through the whole pipeline: the shared output is one buffer written
// through subviews; the tensor from outside the loop that every iteration writes gets
// a buffer per iteration, allocated and freed inside the body (never hoisted out of
// the parallel loop, never shared by the iterations); buffers from outside the loop
// are freed after it.
// CHECK-LABEL: func.func @main
// CHECK:       %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x2xf32>
// CHECK:       %[[SCRATCH:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK:       scf.forall (%[[I:.*]]) in (4) {
// CHECK:         %[[PRIV:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[PRIV]] : memref<2xf32>)
// CHECK-NEXT:    %[[ROW:.*]] = memref.subview %[[OUT]][%[[I]], 0] [1, 2] [1, 1]
// CHECK-NEXT:    linalg.add ins(%[[ROW]], %[[PRIV]] : {{.*}}) outs(%[[ROW]] : {{.*}})
// CHECK-NEXT:    memref.dealloc %[[PRIV]] : memref<2xf32>
// CHECK-NEXT:  }
// CHECK-DAG:   memref.dealloc %[[OUT]] : memref<4x2xf32>
// CHECK-DAG:   memref.dealloc %[[SCRATCH]] : memref<2xf32>
// CHECK:       func.return
// Buffers of a parallel loop's iterations stay on the heap: the arena holds the others.
// PLAN-LABEL: func.func @main
// PLAN:       scf.forall
// PLAN:         memref.alloc() {alignment = 16 : i64} : memref<2xf32>
// PLAN:         memref.dealloc
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%f : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %scratch = linalg.fill ins(%f : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x2xf32>) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f32
    %w = linalg.fill ins(%v : f32) outs(%scratch : tensor<2xf32>) -> tensor<2xf32>
    %row = tensor.extract_slice %o[%i, 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<2xf32>
    %sum = linalg.add ins(%row, %w : tensor<2xf32>, tensor<2xf32>) outs(%row : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %o[%i, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    }
  }
  %a = tensor.extract %r[%c3, %c0] : tensor<4x2xf32>
  %s = tensor.extract %scratch[%c0] : tensor<2xf32>
  func.return %a, %s : f32, f32
}
