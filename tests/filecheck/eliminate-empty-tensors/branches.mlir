// RUN: xdsl-opt %s -p 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-bufferize-check %s --entry two_branches --args 16xf32:random 4 1 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry two_branches --args 16xf32:random 4 0 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry three_cases --args 16xf32:random 2 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry three_cases --args 16xf32:random 7 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry dest_read_before_insert --args 16xf32:random 0 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry dest_read_before_insert --args 16xf32:random 1 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry nested --args 16xf32:random 1 0 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry nested --args 16xf32:random 0 1 --pipeline 'eliminate-empty-tensors,comprehensive-bufferize' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry argument_or_empty --args 16xf32:random 4xf32:random 1 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry argument_or_empty --args 16xf32:random 4xf32:random 0 --pipeline 'eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC

// Several new tensors reaching one insertion through the results of region ops
// (MLIR's empty-tensor elimination of several ops): each branch fills its own
// `tensor.empty`, the region op's result is inserted into a destination. Each
// empty tensor becomes its own extraction of the destination's subset, so each
// branch writes the destination directly; a branch where that would clobber a
// read keeps its allocation (the one-shot analysis decides, per new tensor).
// Each function also runs before and after the pipeline (EXEC): same results,
// every buffer freed once.

// EXEC: results match; 0 finding(s)

// CHECK-LABEL: func.func @two_branches(%t: memref<16xf32>, %n: index, %c: i1) -> memref<16xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         scf.if %c -> (memref<?xf32, strided<[1], offset: 3>>) {
// CHECK-NEXT:      %[[A:.*]] = memref.subview %t[3] [%n] [1] : memref<16xf32> to memref<?xf32, strided<[1], offset: 3>>
// CHECK-NEXT:      linalg.fill ins(%zero : f32) outs(%[[A]] : memref<?xf32, strided<[1], offset: 3>>)
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[B:.*]] = memref.subview %t[3] [%n] [1] : memref<16xf32> to memref<?xf32, strided<[1], offset: 3>>
// CHECK-NEXT:      linalg.fill ins(%one : f32) outs(%[[B]] : memref<?xf32, strided<[1], offset: 3>>)
// CHECK-NEXT:      scf.yield %[[B]]
// CHECK-NEXT:    }
// CHECK-NOT:     memref.alloc
// CHECK:         func.return %t : memref<16xf32>
func.func @two_branches(%t: tensor<16xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %n: index, %c: i1) -> tensor<16xf32> {
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
  %r = tensor.insert_slice %s into %t[3] [%n] [1] : tensor<?xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// Three cases of an scf.index_switch, one of them computing through a generic.
// CHECK-LABEL: func.func @three_cases(%t: memref<16xf32>, %k: index) -> memref<16xf32>
// CHECK-NOT:     memref.alloc
// CHECK-COUNT-3: memref.subview %t[8] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 8>>
// CHECK-NOT:     memref.alloc
// CHECK:         func.return %t : memref<16xf32>
func.func @three_cases(%t: tensor<16xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %k: index) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = scf.index_switch %k -> tensor<4xf32>
  case 2 {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  case 5 {
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = arith.index_cast %i : index to i64
      %y = arith.sitofp %j : i64 to f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %g : tensor<4xf32>
  }
  default {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  %r = tensor.insert_slice %s into %t[8] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// The destination is read between the branches and the insertion: writing
// either branch's new tensor into it would clobber that read, so both keep
// their allocation (as in MLIR).
// CHECK-LABEL: func.func @dest_read_before_insert(%t: memref<16xf32>, %c: i1) -> (memref<16xf32>, f32)
// CHECK:         scf.if %c
// CHECK-NEXT:      memref.alloc()
// CHECK-NEXT:      linalg.fill
// CHECK:         } else {
// CHECK-NEXT:      memref.alloc()
// CHECK-NEXT:      linalg.fill
func.func @dest_read_before_insert(%t: tensor<16xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %c: i1) -> (tensor<16xf32>, f32) {
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = scf.if %c -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  %old = tensor.extract %t[%c5] : tensor<16xf32>
  %r = tensor.insert_slice %s into %t[4] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r, %old : tensor<16xf32>, f32
}

// Branches nested in a branch: three new tensors, each written in place.
// CHECK-LABEL: func.func @nested(%t: memref<16xf32>, %a: i1, %b: i1) -> memref<16xf32>
// CHECK-NOT:     memref.alloc
// CHECK-COUNT-3: memref.subview %t[12] [4] [1]
// CHECK-NOT:     memref.alloc
// CHECK:         func.return %t : memref<16xf32>
func.func @nested(%t: tensor<16xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %a: i1, %b: i1) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %s = scf.if %a -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    %inner = scf.if %b -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %f : tensor<4xf32>
    } else {
      %e = tensor.empty() : tensor<4xf32>
      %f = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %f : tensor<4xf32>
    }
    scf.yield %inner : tensor<4xf32>
  }
  %r = tensor.insert_slice %s into %t[12] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// One branch yields an argument, the other a new tensor: the region op's
// result is then not the destination's subset on every path, so writing the
// new tensor into the destination would not make the insertion a copy onto
// itself (MLIR's analysis decides the same); the new tensor stays.
// CHECK-LABEL: func.func @argument_or_empty(
// CHECK:         scf.if %c
// CHECK-NEXT:      scf.yield %u
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.alloc()
// CHECK-NEXT:      linalg.fill
func.func @argument_or_empty(%t: tensor<16xf32> {bufferization.writable = true, bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %u: tensor<4xf32>, %c: i1) -> tensor<16xf32> {
  %one = arith.constant 1.0 : f32
  %s = scf.if %c -> (tensor<4xf32>) {
    scf.yield %u : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  %r = tensor.insert_slice %s into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
