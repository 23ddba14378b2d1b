// RUN: xdsl-opt %s -p 'eliminate-empty-tensors' | filecheck %s
// RUN: xdsl-opt %s -p 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s --check-prefix=BUF
// RUN: xdsl-bufferize-check %s --entry to_dynamic --args 16xf32:random 3 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry to_static --args 16xf32:random 4 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry to_dynamic --args 16xf32:random 3 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry to_static --args 16xf32:random 4 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC

// A `tensor.cast` between the value built on an empty tensor and its insertion
// (MLIR's empty-tensor elimination follows it): the empty tensor becomes the
// extracted subset cast back to the empty tensor's type, so the computation writes
// the destination's buffer and no copy is left.

// The computed tile is static and cast to the dynamic type the insertion takes.
// CHECK-LABEL: func.func @to_dynamic
// CHECK:         %[[S:.*]] = tensor.extract_slice %d[%off] [%c4] [1] : tensor<16xf32> to tensor<?xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[S]] : tensor<?xf32> to tensor<4xf32>
// CHECK-NEXT:    %g = linalg.generic {{.*}} outs(%[[C]] : tensor<4xf32>)
// CHECK-NOT:     tensor.empty
// BUF-LABEL:   func.func @to_dynamic
// BUF-NOT:       memref.alloc
// BUF-NOT:       memref.copy
// BUF:           return
func.func @to_dynamic(%d: tensor<16xf32> {bufferization.writable = true}, %off: index) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %k = arith.addi %i, %off : index
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    linalg.yield %f : f32
  } -> tensor<4xf32>
  %c = tensor.cast %g : tensor<4xf32> to tensor<?xf32>
  %r = tensor.insert_slice %c into %d[%off] [%c4] [1] : tensor<?xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// The empty tensor is dynamic, cast to the static type the insertion takes.
// CHECK-LABEL: func.func @to_static
// CHECK:         %[[S:.*]] = tensor.extract_slice %d[2] [4] [1] : tensor<16xf32> to tensor<4xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[S]] : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT:    %g = linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : tensor<?xf32>)
// BUF-LABEL:   func.func @to_static
// BUF-NOT:       memref.alloc
// BUF-NOT:       memref.copy
// BUF:           return
func.func @to_static(%d: tensor<16xf32> {bufferization.writable = true}, %n: index) -> tensor<16xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %two = arith.constant 2.0 : f32
  %g = linalg.fill ins(%two : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %c = tensor.cast %g : tensor<?xf32> to tensor<4xf32>
  %r = tensor.insert_slice %c into %d[2] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// EXEC: results match; 0 finding(s)
