// RUN: xdsl-opt %s -p eliminate-empty-tensors --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p comprehensive-bufferize --split-input-file | filecheck %s --check-prefix=BUF

#id = affine_map<(d0) -> (d0)>
// Subset insertion: the fill writes the slice of %dest directly.
func.func @insert_slice(%dest: tensor<8xf32> {bufferization.writable = true}, %off: index) -> tensor<8xf32> {
  %f1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %filled = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %filled into %dest[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @insert_slice
// CHECK-NEXT:    %f1 = arith.constant
// CHECK-NEXT:    %0 = tensor.extract_slice %dest[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
// CHECK-NEXT:    %filled = linalg.fill ins(%f1 : f32) outs(%0 : tensor<4xf32>)
// CHECK-NEXT:    %r = tensor.insert_slice %filled into %dest[%off] [4] [1]
// CHECK-NOT:     tensor.empty

// BUF-LABEL: func.func @insert_slice
// BUF-NEXT:    %f1 = arith.constant
// BUF-NEXT:    %0 = memref.subview %dest[%off] [4] [1]
// BUF-NEXT:    linalg.fill ins(%f1 : f32) outs(%0 : memref<4xf32, strided<[1], offset: ?>>)
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         func.return

// -----

#id = affine_map<(d0) -> (d0)>
// The empty tensor's contents are read (the payload uses %out): not eliminated.
func.func @reads_empty(%dest: tensor<8xf32> {bufferization.writable = true}) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%out: f32):
    %d = arith.addf %out, %out : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  %r = tensor.insert_slice %g into %dest[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @reads_empty
// CHECK-NEXT:    %e = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %g = linalg.generic {{.*}} outs(%e : tensor<4xf32>)

// -----

// The offset is computed after the empty tensor's first use: not available there.
func.func @offset_after(%dest: tensor<8xf32> {bufferization.writable = true}, %i: index) -> tensor<8xf32> {
  %f1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %filled = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %off = arith.addi %i, %i : index
  %r = tensor.insert_slice %filled into %dest[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @offset_after
// CHECK:         %e = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %filled = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>)

// -----

// %dest is read between the fill and the insertion: writing it in place early
// would clobber that read, so the analysis undoes the rewrite.
func.func @dest_read_between(%dest: tensor<8xf32> {bufferization.writable = true}) -> (tensor<8xf32>, f32) {
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %filled = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %dest[%c1] : tensor<8xf32>
  %r = tensor.insert_slice %filled into %dest[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  func.return %r, %v : tensor<8xf32>, f32
}

// CHECK-LABEL: func.func @dest_read_between
// CHECK:         %e = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %filled = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>)
// CHECK-NOT:     tensor.extract_slice

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// Dead-input reuse: ReLU of a dead intermediate writes into it.
func.func @relu(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x4xf32>
  %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%e0 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @relu
// CHECK:         %t = linalg.generic {{.*}} ins(%x : tensor<4x4xf32>) outs(%e0 : tensor<4x4xf32>)
// CHECK:         %r = linalg.generic {{.*}} ins(%t : tensor<4x4xf32>) outs(%t : tensor<4x4xf32>)
// CHECK-NOT:     tensor.empty

// BUF-LABEL: func.func @relu
// BUF-NEXT:    %zero = arith.constant
// BUF-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// BUF-NOT:     memref.alloc
// BUF:         func.return %0

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// The input is read again later: in place would clobber it, the analysis undoes it.
func.func @input_read_later(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x4xf32>
  %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%e0 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  func.return %r, %t : tensor<4x4xf32>, tensor<4x4xf32>
}

// CHECK-LABEL: func.func @input_read_later
// CHECK:         %e = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:    %r = linalg.generic {{.*}} ins(%t : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>)

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
// Inputs that cannot be reused: a read-only argument of a public function, an
// input read through another map (transpose), a reduction.
func.func @not_reusable(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4x4xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<4x4xf32>) outs(%e1 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<4x4xf32>
  func.return %t, %r : tensor<4x4xf32>, tensor<4x4xf32>
}

// CHECK-LABEL: func.func @not_reusable
// CHECK:         %e = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:    %r = linalg.generic {{.*}} ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>)
// CHECK:         %e1 = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:    %t = linalg.generic {{.*}} ins(%r : tensor<4x4xf32>) outs(%e1 : tensor<4x4xf32>)

// -----

// materialize_in_destination: the fill writes the destination itself.
func.func @materialize(%dest: tensor<4xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %f1 = arith.constant 1.0 : f32
  %e = bufferization.alloc_tensor() : tensor<4xf32>
  %filled = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = bufferization.materialize_in_destination %filled in %dest : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @materialize
// CHECK-NEXT:    %f1 = arith.constant
// CHECK-NEXT:    %filled = linalg.fill ins(%f1 : f32) outs(%dest : tensor<4xf32>)
// CHECK-NEXT:    %r = bufferization.materialize_in_destination %filled in %dest

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// Executed by tests/transforms: a tile computed into an empty tensor and inserted
// into a grid, then ReLU of a dead intermediate; the grid is read afterwards.
func.func private @kernel(%g: tensor<4x4xf32>, %i: index) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant -0.5 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%half : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %ins = tensor.insert_slice %f into %g[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4x4xf32>
  %sq = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ins : tensor<4x4xf32>) outs(%e1 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  func.return %relu : tensor<4x4xf32>
}

func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x4xf32>
  %g = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    linalg.yield %kf : f32
  } -> tensor<4x4xf32>
  %r = func.call @kernel(%g, %c1) : (tensor<4x4xf32>, index) -> tensor<4x4xf32>
  %a = tensor.extract %r[%c0, %c3] : tensor<4x4xf32>
  %b = tensor.extract %r[%c1, %c1] : tensor<4x4xf32>
  %c = tensor.extract %r[%c3, %c3] : tensor<4x4xf32>
  %d = tensor.extract %g[%c1, %c1] : tensor<4x4xf32>
  func.return %a, %b, %c, %d : f32, f32, f32, f32
}

// CHECK-LABEL: func.func private @kernel
// CHECK:         %0 = tensor.extract_slice %g[%i, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
// CHECK-NEXT:    %f = linalg.fill ins(%half : f32) outs(%0 : tensor<2x4xf32>)
// CHECK-NEXT:    %ins = tensor.insert_slice %f into %g[%i, 0] [2, 4] [1, 1]
// CHECK-NEXT:    %sq = linalg.generic {{.*}} ins(%ins : tensor<4x4xf32>) outs(%ins : tensor<4x4xf32>)
// CHECK:         %relu = linalg.generic {{.*}} ins(%sq : tensor<4x4xf32>) outs(%sq : tensor<4x4xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %m = arith.maximumf
// CHECK-NEXT:      linalg.yield %m
// CHECK-NEXT:    } -> tensor<4x4xf32>
// CHECK-NEXT:    func.return %relu

// The whole kernel runs in place on its (private, hence writable) argument; the
// caller copies the grid once, as it already had to for the insertion.
// BUF-LABEL: func.func private @kernel
// BUF-NOT:     memref.alloc
// BUF:         func.return
// BUF-LABEL: func.func @main
// BUF-COUNT-2: memref.alloc()
// BUF-NOT:     memref.alloc
