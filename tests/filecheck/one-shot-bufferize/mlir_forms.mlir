// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

// MLIR's multi-result linalg.generic (`-> (T1, T2)`): both outs written in their
// own buffers, no copy (each init is a fill of its own).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @stats
func.func @stats(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %m = linalg.fill ins(%ninf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %s = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x3xf32>) outs(%m, %s : tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32):
    %0 = arith.maximumf %in, %a : f32
    %1 = arith.addf %in, %b : f32
    linalg.yield %0, %1 : f32, f32
  } -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}
// CHECK:      %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[M]] : memref<2xf32>)
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[S]] : memref<2xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%x : memref<2x3xf32, strided<[?, ?], offset: ?>>) outs(%[[M]], %[[S]] : memref<2xf32>, memref<2xf32>) {
// CHECK-NOT:  memref.copy
// CHECK:      func.return %[[M]], %[[S]]

// -----

// linalg.reduce of two inputs into two inits (one argument for both): as MLIR
// decides for the same linalg.generic, neither init is written in place (each
// result gets a copy of the argument), and the reduction writes both copies.
// CHECK-LABEL: func.func @two_reductions
func.func @two_reductions(%a: tensor<3x2xf32>, %b: tensor<3x2xf32>, %u: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = linalg.reduce ins(%a, %b : tensor<3x2xf32>, tensor<3x2xf32>) outs(%u, %u : tensor<2xf32>, tensor<2xf32>) dimensions = [0]
    (%x: f32, %y: f32, %s: f32, %d: f32) {
      %0 = arith.addf %x, %s : f32
      %1 = arith.mulf %x, %y : f32
      %2 = arith.addf %1, %d : f32
      linalg.yield %0, %2 : f32, f32
    }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}
// CHECK:      %[[C0:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: "memref.copy"(%u, %[[C0]])
// CHECK-NEXT: %[[C1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: "memref.copy"(%u, %[[C1]])
// CHECK-NEXT: linalg.reduce ins(%a, %b : memref<3x2xf32, strided<[?, ?], offset: ?>>, memref<3x2xf32, strided<[?, ?], offset: ?>>) outs(%[[C0]], %[[C1]] : memref<2xf32>, memref<2xf32>) dimensions = [0]
// CHECK-NEXT: (%x: f32, %y: f32, %s: f32, %d: f32) {
// CHECK:      linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK:      func.return %[[C0]], %[[C1]]

// -----

// tensor.pad with a dynamic amount on a dimension the result states statically
// (MLIR's rule): the result allocated with the two dynamic sizes only.
// CHECK-LABEL: func.func @pad
func.func @pad(%t: tensor<1x?x3xf32>, %offset: index) -> tensor<1x?x?xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 7.0 : f32
  %p = tensor.pad %t low[%c0, %offset, %c0] high[%c0, %c0, %offset] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %pad : f32
  } : tensor<1x?x3xf32> to tensor<1x?x?xf32>
  return %p : tensor<1x?x?xf32>
}
// CHECK:      %[[P:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<1x?x?xf32>
// CHECK-NEXT: linalg.fill ins(%pad : f32) outs(%[[P]] : memref<1x?x?xf32>)
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[P]][%c0, %offset, %c0] [1, %{{.*}}, 3] [1, 1, 1]
// CHECK-NEXT: "memref.copy"(%t, %[[V]])
// CHECK-NEXT: func.return %[[P]]

// -----

// tensor.rank: memref.rank of the buffer, in MLIR's custom form.
// CHECK-LABEL: func.func @rank
func.func @rank(%t: tensor<2x?xf32>) -> (index, index) {
  %u = tensor.cast %t : tensor<2x?xf32> to tensor<*xf32>
  %r = tensor.rank %u : tensor<*xf32>
  %s = tensor.rank %t : tensor<2x?xf32>
  return %r, %s : index, index
}
// CHECK:      %[[U:.*]] = "memref.cast"(%t) : (memref<2x?xf32, strided<[?, ?], offset: ?>>) -> memref<*xf32>
// CHECK-NEXT: %r = memref.rank %[[U]] : memref<*xf32>
// CHECK-NEXT: %s = memref.rank %t : memref<2x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: func.return %r, %s : index, index
