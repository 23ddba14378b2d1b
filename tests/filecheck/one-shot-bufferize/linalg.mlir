// RUN: xdsl-opt %s --split-input-file -p one-shot-bufferize | filecheck %s

// Destination-passing style: each op writes its outs buffer in place, the result
// is that buffer; the generic payload reads %out, fill and transpose do not.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %ea = tensor.empty() : tensor<4x4xf32>
  %a = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ea : tensor<4x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %c1 : index
    %l = arith.addi %k, %j : index
    %n = arith.index_cast %l : index to i32
    %v = arith.sitofp %n : i32 to f32
    linalg.yield %v : f32
  } -> tensor<4x4xf32>
  %eb = tensor.empty() : tensor<4x4xf32>
  %b = linalg.fill ins(%two : f32) outs(%eb : tensor<4x4xf32>) -> tensor<4x4xf32>
  %ec = tensor.empty() : tensor<4x4xf32>
  %c = linalg.fill ins(%one : f32) outs(%ec : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r0 = tensor.extract %m[%c0, %c1] : tensor<4x4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x4xf32>) outs(%m : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %et = tensor.empty() : tensor<4x4xf32>
  %t = linalg.transpose ins(%g : tensor<4x4xf32>) outs(%et : tensor<4x4xf32>) permutation = [1, 0]
  %r1 = tensor.extract %g[%c1, %c0] : tensor<4x4xf32>
  %r2 = tensor.extract %t[%c0, %c1] : tensor<4x4xf32>
  return %r0, %r1, %r2 : f32, f32, f32
}
// CHECK:      %[[A:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[A]] : memref<4x4xf32>) {
// CHECK:      %[[B:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK-NEXT: linalg.fill ins(%two : f32) outs(%[[B]] : memref<4x4xf32>)
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK-NEXT: linalg.fill ins(%one : f32) outs(%[[C]] : memref<4x4xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[B]] : memref<4x4xf32>, memref<4x4xf32>) outs(%[[C]] : memref<4x4xf32>)
// CHECK-NEXT: %r0 = memref.load %[[C]][%c0, %c1] : memref<4x4xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]] : memref<4x4xf32>) outs(%[[C]] : memref<4x4xf32>) {
// CHECK:      %[[T:.*]] = memref.alloc() {{.*}}: memref<4x4xf32>
// CHECK-NEXT: linalg.transpose ins(%[[C]]:memref<4x4xf32>) outs(%[[T]]:memref<4x4xf32>) permutation = [1, 0]
// CHECK-NOT:  memref.copy

// -----

// Elementwise named ops, reduce and broadcast on memrefs.
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %four = arith.constant 4.0 : f32
  %ea = tensor.empty() : tensor<2x3xf32>
  %a = linalg.fill ins(%three : f32) outs(%ea : tensor<2x3xf32>) -> tensor<2x3xf32>
  %eb = tensor.empty() : tensor<2x3xf32>
  %b = linalg.fill ins(%four : f32) outs(%eb : tensor<2x3xf32>) -> tensor<2x3xf32>
  %es = tensor.empty() : tensor<2x3xf32>
  %s = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%es : tensor<2x3xf32>) -> tensor<2x3xf32>
  %p = linalg.mul ins(%s, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%s : tensor<2x3xf32>) -> tensor<2x3xf32>
  %er = tensor.empty() : tensor<2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%er : tensor<2xf32>) -> tensor<2xf32>
  %red = linalg.reduce ins(%p : tensor<2x3xf32>) outs(%z : tensor<2xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %t = arith.addf %in, %init : f32
      linalg.yield %t : f32
    }
  %eo = tensor.empty() : tensor<2x5xf32>
  %bc = linalg.broadcast ins(%red : tensor<2xf32>) outs(%eo : tensor<2x5xf32>) dimensions = [1]
  %r0 = tensor.extract %p[%c0, %c1] : tensor<2x3xf32>
  %r1 = tensor.extract %red[%c1] : tensor<2xf32>
  %r2 = tensor.extract %bc[%c1, %c1] : tensor<2x5xf32>
  return %r0, %r1, %r2 : f32, f32, f32
}
// CHECK:      linalg.fill ins(%four : f32)
// CHECK-NEXT: %[[S:.*]] = memref.alloc() {{.*}}: memref<2x3xf32>
// CHECK-NEXT: linalg.add ins(%{{.*}}, %{{.*}} : memref<2x3xf32>, memref<2x3xf32>) outs(%[[S]] : memref<2x3xf32>)
// CHECK-NEXT: linalg.mul ins(%[[S]], %{{.*}} : memref<2x3xf32>, memref<2x3xf32>) outs(%[[S]] : memref<2x3xf32>)
// CHECK:      %[[R:.*]] = memref.alloc() {{.*}}: memref<2xf32>
// CHECK-NEXT: linalg.fill ins(%zero : f32) outs(%[[R]] : memref<2xf32>)
// CHECK-NEXT: linalg.reduce { arith.addf } ins(%[[S]] : memref<2x3xf32>) outs(%[[R]] : memref<2xf32>) dimensions = [1]
// CHECK:      %[[O:.*]] = memref.alloc() {{.*}}: memref<2x5xf32>
// CHECK-NEXT: linalg.broadcast ins(%[[R]]:memref<2xf32>) outs(%[[O]]:memref<2x5xf32>) dimensions = [1]
// CHECK-NOT:  memref.copy

// -----

// Convolution and pooling rebuild on memrefs with their strides and dilations.
// CHECK-LABEL: func.func @main() -> (f32, f32)
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %ei = tensor.empty() : tensor<1x1x4x4xf32>
  %in = linalg.fill ins(%one : f32) outs(%ei : tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %ek = tensor.empty() : tensor<1x1x2x2xf32>
  %k = linalg.fill ins(%half : f32) outs(%ek : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %eo = tensor.empty() : tensor<1x1x3x3xf32>
  %o = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %k : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) outs(%o : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %ew0 = tensor.empty() : tensor<2x2xf32>
  %ew = linalg.fill ins(%zero : f32) outs(%ew0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %ep = tensor.empty() : tensor<1x1x2x2xf32>
  %p = linalg.fill ins(%zero : f32) outs(%ep : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%conv, %ew : tensor<1x1x3x3xf32>, tensor<2x2xf32>) outs(%p : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %r0 = tensor.extract %conv[%c0, %c0, %c0, %c0] : tensor<1x1x3x3xf32>
  %r1 = tensor.extract %pool[%c0, %c0, %c0, %c0] : tensor<1x1x2x2xf32>
  return %r0, %r1 : f32, f32
}
// CHECK:      %[[O:.*]] = memref.alloc() {{.*}}: memref<1x1x3x3xf32>
// CHECK-NEXT: linalg.fill ins(%zero : f32) outs(%[[O]] : memref<1x1x3x3xf32>)
// CHECK-NEXT: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : memref<1x1x4x4xf32>, memref<1x1x2x2xf32>) outs(%[[O]] : memref<1x1x3x3xf32>)
// CHECK:      linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[O]], %{{.*}} : memref<1x1x3x3xf32>, memref<2x2xf32>) outs(%{{.*}} : memref<1x1x2x2xf32>)
