// RUN: xdsl-opt %s --split-input-file -p one-shot-bufferize | filecheck %s

// A tile computed in place on an extract_slice and inserted back at the same
// offsets: a subview, no copy. A tile computed elsewhere is copied in.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %s = tensor.extract_slice %f[%c1, 4] [4, 4] [1, 1] : tensor<8x12xf32> to tensor<4x4xf32>
  %g = linalg.fill ins(%two : f32) outs(%s : tensor<4x4xf32>) -> tensor<4x4xf32>
  %i = tensor.insert_slice %g into %f[%c1, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  %e4 = tensor.empty() : tensor<4x4xf32>
  %h = linalg.fill ins(%two : f32) outs(%e4 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %j = tensor.insert_slice %h into %i[4, 8] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  %r0 = tensor.extract %j[%c0, %c0] : tensor<8x12xf32>
  %r1 = tensor.extract %j[%c1, %c5] : tensor<8x12xf32>
  %r2 = tensor.extract %j[%c5, %c5] : tensor<8x12xf32>
  return %r0, %r1, %r2 : f32, f32, f32
}
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}}: memref<8x12xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : memref<8x12xf32>)
// CHECK-NEXT: %[[T:.*]] = memref.subview %[[C]][%c1, 4] [4, 4] [1, 1] : memref<8x12xf32> to memref<4x4xf32, strided<[12, 1], offset: ?>>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<4x4xf32, strided<[12, 1], offset: ?>>)
// CHECK-NEXT: %[[H:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[H]] : memref<4x4xf32>)
// CHECK-NEXT: %[[D:.*]] = memref.subview %[[C]][4, 8] [4, 4] [1, 1] : memref<8x12xf32> to memref<4x4xf32, strided<[12, 1], offset: 56>>
// CHECK-NEXT: "memref.copy"(%[[H]], %[[D]])
// CHECK-NOT:  memref.copy
// CHECK:      memref.load %[[C]][%c0, %c0] : memref<8x12xf32>
// CHECK-NOT:  tensor.

// -----

// tensor.insert stores into its destination in place; tensor.extract loads.
// CHECK-LABEL: func.func @main() -> (f32, f32)
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = tensor.insert %seven into %f[%c1, %c0] : tensor<2x3xf32>
  %r0 = tensor.extract %i[%c1, %c0] : tensor<2x3xf32>
  %r1 = tensor.extract %i[%c0, %c0] : tensor<2x3xf32>
  return %r0, %r1 : f32, f32
}
// CHECK:      %[[B:.*]] = memref.alloc() {{.*}}: memref<2x3xf32>
// CHECK:      memref.store %seven, %[[B]][%c1, %c0] : memref<2x3xf32>
// CHECK-NOT:  memref.alloc
// CHECK:      memref.load %[[B]][%c1, %c0] : memref<2x3xf32>

// -----

// from_elements: an allocation and one store per element; splat: a fill.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.5 : f32
  %t = tensor.from_elements %a, %b, %b, %a : tensor<2x2xf32>
  %s = tensor.splat %b[%c3] : tensor<?x2xf32>
  %r0 = tensor.extract %t[%c0, %c1] : tensor<2x2xf32>
  %r1 = tensor.extract %t[%c1, %c1] : tensor<2x2xf32>
  %r2 = tensor.extract %s[%c1, %c1] : tensor<?x2xf32>
  return %r0, %r1, %r2 : f32, f32, f32
}
// CHECK:      %[[T:.*]] = memref.alloc() {{.*}}: memref<2x2xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[T]][%{{.*}}, %{{.*}}] : memref<2x2xf32>
// CHECK:      %[[S:.*]] = memref.alloc(%c3) {{.*}}: memref<?x2xf32>
// CHECK-NEXT: linalg.fill ins(%b : f32) outs(%[[S]] : memref<?x2xf32>)

// -----

// tensor_ext.generate (MLIR's tensor.generate): an allocation and a loop nest
// storing what the body yields.
// CHECK-LABEL: func.func @main() -> (f32, f32)
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g = tensor_ext.generate %c2 {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %c2 : index
    %l = arith.addi %k, %j : index
    %n = arith.index_cast %l : index to i32
    %v = arith.sitofp %n : i32 to f32
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  %r0 = tensor.extract %g[%c0, %c2] : tensor<?x3xf32>
  %r1 = tensor.extract %g[%c1, %c1] : tensor<?x3xf32>
  return %r0, %r1 : f32, f32
}
// CHECK:      %[[G:.*]] = memref.alloc(%c2) {{.*}}: memref<?x3xf32>
// CHECK:      scf.for %[[I:.*]] = %{{.*}} to %c2 step %{{.*}} {
// CHECK-NEXT:   scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:          memref.store %v, %[[G]][%[[I]], %[[J]]] : memref<?x3xf32>
// CHECK-NOT:  tensor_ext.generate

// -----

// tensor.pad with a constant padding value: allocation, fill, copy of the source
// into the interior; with a body: the body runs in a loop nest.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32, f32)
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %p = tensor.pad %f low[1, %c2] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x3xf32> to tensor<3x?xf32>
  %q = tensor.pad %f low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %n = arith.index_cast %j : index to i32
    %v = arith.sitofp %n : i32 to f32
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  %r0 = tensor.extract %p[%c0, %c2] : tensor<3x?xf32>
  %r1 = tensor.extract %p[%c1, %c2] : tensor<3x?xf32>
  %r2 = tensor.extract %q[%c0, %c2] : tensor<4x5xf32>
  %r3 = tensor.extract %q[%c1, %c1] : tensor<4x5xf32>
  return %r0, %r1, %r2, %r3 : f32, f32, f32, f32
}
// CHECK:      %[[F:.*]] = memref.alloc() {{.*}}: memref<2x3xf32>
// CHECK:      %[[P:.*]] = memref.alloc(%{{.*}}) {{.*}}: memref<3x?xf32>
// CHECK-NEXT: linalg.fill ins(%zero : f32) outs(%[[P]] : memref<3x?xf32>)
// CHECK-NEXT: %[[PI:.*]] = memref.subview %[[P]][1, %c2] [2, 3] [1, 1] : memref<3x?xf32> to memref<2x3xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: "memref.copy"(%[[F]], %[[PI]])
// CHECK:      %[[Q:.*]] = memref.alloc() {{.*}}: memref<4x5xf32>
// CHECK:      scf.for
// CHECK:      memref.store %v, %[[Q]]
// CHECK:      %[[QI:.*]] = memref.subview %[[Q]][1, 1] [2, 3] [1, 1] : memref<4x5xf32> to memref<2x3xf32, strided<[5, 1], offset: 6>>
// CHECK-NEXT: "memref.copy"(%[[F]], %[[QI]])

// -----

// tensor.concat: one allocation, one copy per input into its subview.
// CHECK-LABEL: func.func @main() -> (f32, f32)
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %r0 = tensor.extract %c[%c0, %c0] : tensor<2x6xf32>
  %r1 = tensor.extract %c[%c0, %c4] : tensor<2x6xf32>
  return %r0, %r1 : f32, f32
}
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}}: memref<2x6xf32>
// CHECK-NEXT: %[[L:.*]] = memref.subview %[[C]][0, 0] [2, 3] [1, 1] : memref<2x6xf32> to memref<2x3xf32, strided<[6, 1]>>
// CHECK-NEXT: "memref.copy"(%{{.*}}, %[[L]])
// CHECK-NEXT: %[[R:.*]] = memref.subview %[[C]][0, 3] [2, 3] [1, 1] : memref<2x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 3>>
// CHECK-NEXT: "memref.copy"(%{{.*}}, %[[R]])

// -----

// Views: collapse_shape / expand_shape / cast / dim are views of the source
// buffer; a non-contiguous slice is copied before it is collapsed.
// CHECK-LABEL: func.func @main() -> (index, f32, f32, f32, f32)
func.func @main() -> (index, f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = tensor.insert %five into %f[%c1, %c1] : tensor<2x3xf32>
  %co = tensor.collapse_shape %i [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %ex = tensor.expand_shape %co [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %ca = tensor.cast %i : tensor<2x3xf32> to tensor<?x3xf32>
  %d = tensor.dim %ca, %c0 : tensor<?x3xf32>
  %sl = tensor.extract_slice %i[0, 1] [2, 2] [1, 1] : tensor<2x3xf32> to tensor<2x2xf32>
  %cs = tensor.collapse_shape %sl [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %row = tensor.extract_slice %i[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
  %r0 = tensor.extract %co[%c3] : tensor<6xf32>
  %r1 = tensor.extract %ex[%c1, %c0] : tensor<3x2xf32>
  %r2 = tensor.extract %cs[%c3] : tensor<4xf32>
  %r3 = tensor.extract %row[%c1] : tensor<3xf32>
  return %d, %r0, %r1, %r2, %r3 : index, f32, f32, f32, f32
}
// CHECK:      %[[B:.*]] = memref.alloc() {{.*}}: memref<2x3xf32>
// CHECK:      %[[CO:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0 : i64, 1 : i64]] : memref<2x3xf32> into memref<6xf32>
// CHECK-NEXT: memref.expand_shape %[[CO]] {{\[\[}}0 : i64, 1 : i64]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
// CHECK-NEXT: %[[CA:.*]] = "memref.cast"(%[[B]]) : (memref<2x3xf32>) -> memref<?x3xf32>
// CHECK-NEXT: memref.dim %[[CA]], %c0 : memref<?x3xf32>
// CHECK-NEXT: %[[SL:.*]] = memref.subview %[[B]][0, 1] [2, 2] [1, 1] : memref<2x3xf32> to memref<2x2xf32, strided<[3, 1], offset: 1>>
// CHECK-NEXT: %[[CP:.*]] = memref.alloc() {{.*}}: memref<2x2xf32>
// CHECK-NEXT: "memref.copy"(%[[SL]], %[[CP]])
// CHECK-NEXT: memref.collapse_shape %[[CP]]
// CHECK-NEXT: memref.subview %[[B]][1, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>

// -----

// tensor.reshape of a contiguous buffer: a reinterpret_cast, no copy.
// CHECK-LABEL: func.func @main() -> f32
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = tensor.insert %five into %f[%c0, %c1] : tensor<2x3xf32>
  %shape = tensor.from_elements %c1, %c0 : tensor<2xindex>
  %n3 = arith.constant 3 : index
  %n2 = arith.constant 2 : index
  %shape2 = tensor.insert %n3 into %shape[%c0] : tensor<2xindex>
  %shape3 = tensor.insert %n2 into %shape2[%c1] : tensor<2xindex>
  %r = tensor.reshape %i(%shape3) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  %v = tensor.extract %r[%c0, %c1] : tensor<3x2xf32>
  return %v : f32
}
// CHECK:      %[[B:.*]] = memref.alloc() {{.*}}: memref<2x3xf32>
// CHECK:      memref.reinterpret_cast %[[B]] to offset: [0], sizes: [3, 2], strides: [2, 1] : memref<2x3xf32> to memref<3x2xf32>
// CHECK-NOT:  memref.copy
