// RUN: xdsl-opt %s -p 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-bufferize-check %s --entry two_inserts --args 64xf32:random 2.5 5 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry in_forall --args 64xf32:random 2.5 5 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry in_branches --args 64xf32:random 5 1 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry linear_map --args 10x20xf32:random 2.5 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC

// Every subview built after empty-tensor elimination has the result layout
// MLIR infers: static offsets and strides folded into it. An argument whose
// `bufferization.buffer_layout` is an affine map is read as the strided layout
// the map means (an identity map is no layout at all, as MLIR prints it), so a
// slice of it at a static offset is `strided<[1], offset: 42>`, not a fully
// dynamic layout (which MLIR's verifier rejects). Each function also runs before
// and after the pipeline (EXEC).

// EXEC: results match; 0 finding(s)

// Two slices of one argument filled from one new tensor: the tensor is
// replaced by a slice of the destination for one of them.
// CHECK-LABEL: func.func @two_inserts(%t: memref<?xf32>, %v: f32, %n: index) -> (memref<?xf32>, memref<?xf32>)
// CHECK-DAG:     memref.subview %{{.*}}[42] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 42>>
// CHECK-DAG:     memref.subview %t[7] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 7>>
func.func @two_inserts(%t: tensor<?xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %v: f32, %n: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %a = tensor.insert_slice %f into %t[42] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  %b = tensor.insert_slice %f into %t[7] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}

// Inside an scf.forall (one iteration: more would all write the same tile): the
// new tensor becomes a slice of the shared output.
// CHECK-LABEL: func.func @in_forall(%t: memref<?xf32>, %v: f32, %n: index) -> memref<?xf32>
// CHECK:         memref.subview %t[42] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 42>>
func.func @in_forall(%t: tensor<?xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %v: f32, %n: index) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i) in (%c1) shared_outs(%o = %t) -> (tensor<?xf32>) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[42] [%n] [1] : tensor<?xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}

// Two new tensors, one per branch, reaching one insert_slice: each becomes a
// slice of the destination (as in MLIR), with the static offset in its layout.
// CHECK-LABEL: func.func @in_branches(%t: memref<?xf32>, %n: index, %c: i1) -> memref<?xf32>
// CHECK-NOT:     memref.alloc
// CHECK-COUNT-3: memref.subview %t[42] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 42>>
// CHECK-NOT:     memref.alloc
// CHECK:         func.return %t
func.func @in_branches(%t: tensor<?xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %n: index, %c: i1) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = scf.if %c -> (tensor<?xf32>) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f : tensor<?xf32>
  } else {
    %e = tensor.empty(%n) : tensor<?xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f : tensor<?xf32>
  }
  %r = tensor.insert_slice %s into %t[42] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

// A linear (non-identity) affine map is the strided layout it describes.
// CHECK-LABEL: func.func @linear_map(%t: memref<10x20xf32, affine_map<(d0, d1) -> ((((d0 * 20) + d1) + 5))>>, %v: f32)
// CHECK:         memref.subview %t[3, 2] [1, 4] [1, 2] : memref<10x20xf32, affine_map<(d0, d1) -> ((((d0 * 20) + d1) + 5))>> to memref<4xf32, strided<[2], offset: 67>>
func.func @linear_map(%t: tensor<10x20xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0, d1) -> (d0 * 20 + d1 + 5)>}, %v: f32) -> tensor<10x20xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[3, 2] [1, 4] [1, 2] : tensor<4xf32> into tensor<10x20xf32>
  return %r : tensor<10x20xf32>
}
