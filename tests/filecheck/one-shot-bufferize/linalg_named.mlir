// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

// MLIR's named ops xDSL 0.75 lacks (dialects/linalg_named.py): each becomes the same
// op on memrefs, writing its outs buffer; the window operand of a pooling op is only
// read, strides and dilations are kept as MLIR prints them.
// CHECK-LABEL: func.func @frontend_ops
func.func @frontend_ops(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %x: tensor<1x4x4x2xf32>, %w: tensor<2x2xf32>, %v: tensor<3xf32>, %m: tensor<3x4xf32>) -> (tensor<2x3x5xf32>, tensor<1x2x2x2xf32>, tensor<4xf32>, tensor<1x2x2x2xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %bm = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%f : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %pe = tensor.empty() : tensor<1x2x2x2xf32>
  %pf = linalg.fill ins(%z : f32) outs(%pe : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %p = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %ve = tensor.empty() : tensor<4xf32>
  %vm = linalg.vecmat ins(%v, %m : tensor<3xf32>, tensor<3x4xf32>) outs(%ve : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%p : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %bm, %p, %vm, %s : tensor<2x3x5xf32>, tensor<1x2x2x2xf32>, tensor<4xf32>, tensor<1x2x2x2xf32>
}
// CHECK:      %[[BM:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3x5xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[BM]] : memref<2x3x5xf32>)
// CHECK-NEXT: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<2x3x4xf32, strided<[?, ?, ?], offset: ?>>, memref<2x4x5xf32, strided<[?, ?, ?], offset: ?>>) outs(%[[BM]] : memref<2x3x5xf32>)
// CHECK-NEXT: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x2x2x2xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[P]] : memref<1x2x2x2xf32>)
// CHECK-NEXT: linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : memref<1x4x4x2xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<2x2xf32, strided<[?, ?], offset: ?>>) outs(%[[P]] : memref<1x2x2x2xf32>)
// CHECK-NEXT: %[[VM:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.vecmat ins(%{{.*}}, %{{.*}} : memref<3xf32, strided<[?], offset: ?>>, memref<3x4xf32, strided<[?, ?], offset: ?>>) outs(%[[VM]] : memref<4xf32>)
// The sum pools into a copy of %p, which is returned too.
// CHECK-NEXT: %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x2x2x2xf32>
// CHECK-NEXT: "memref.copy"(%[[P]], %[[S]])
// CHECK-NEXT: linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[S]] : memref<1x2x2x2xf32>)
// CHECK-NEXT: func.return %[[BM]], %[[P]], %[[VM]], %[[S]]

// -----

// Elementwise named ops on a dead input write in place; a convolution without
// strides (MLIR's default of 1) prints none.
// CHECK-LABEL: func.func @elementwise_and_conv
func.func @elementwise_and_conv(%a: tensor<8xf32>, %k: tensor<3xf32>, %o: tensor<6xf32>) -> (tensor<8xf32>, tensor<6xf32>) {
  %t = linalg.tanh ins(%a : tensor<8xf32>) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.reciprocal ins(%t : tensor<8xf32>) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %c = linalg.conv_1d ins(%r, %k : tensor<8xf32>, tensor<3xf32>) outs(%o : tensor<6xf32>) -> tensor<6xf32>
  return %r, %c : tensor<8xf32>, tensor<6xf32>
}
// CHECK:      linalg.tanh ins(%[[A:.*]] : memref<8xf32, strided<[?], offset: ?>>) outs(%[[A]] : memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: linalg.reciprocal ins(%[[A]] : memref<8xf32, strided<[?], offset: ?>>) outs(%[[A]] : memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: linalg.conv_1d ins(%[[A]], %{{.*}} : memref<8xf32, strided<[?], offset: ?>>, memref<3xf32, strided<[?], offset: ?>>) outs(%[[O:.*]] : memref<6xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: func.return %[[A]], %[[O]]

// -----

// Quantized ops: the zero points stay scalar operands of the memref op; the output
// (a function argument here) is written in place.
// CHECK-LABEL: func.func @quantized
func.func @quantized(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %zp: i32, %c: tensor<2x2xi32>, %x: tensor<1x3x3x2xi8>, %k: tensor<2x2x2xi8>, %o: tensor<1x1x1x2xi32>) -> (tensor<2x2xi32>, tensor<1x1x1x2xi32>) {
  %q = linalg.quantized_matmul ins(%a, %b, %zp, %zp : tensor<2x3xi8>, tensor<3x2xi8>, i32, i32) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %k, %zp, %zp : tensor<1x3x3x2xi8>, tensor<2x2x2xi8>, i32, i32) outs(%o : tensor<1x1x1x2xi32>) -> tensor<1x1x1x2xi32>
  return %q, %d : tensor<2x2xi32>, tensor<1x1x1x2xi32>
}
// CHECK:      linalg.quantized_matmul ins(%{{.*}}, %{{.*}}, %[[ZP:.*]], %[[ZP]] : memref<2x3xi8, strided<[?, ?], offset: ?>>, memref<3x2xi8, strided<[?, ?], offset: ?>>, i32, i32) outs(%[[C:.*]] : memref<2x2xi32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}}, %[[ZP]], %[[ZP]] : memref<1x3x3x2xi8, strided<[?, ?, ?, ?], offset: ?>>, memref<2x2x2xi8, strided<[?, ?, ?], offset: ?>>, i32, i32) outs(%[[O:.*]] : memref<1x1x1x2xi32, strided<[?, ?, ?, ?], offset: ?>>)
// CHECK-NEXT: func.return %[[C]], %[[O]]

// -----

// Ops whose maps are attributes (dialects/linalg_contract.py): the maps are kept in
// MLIR's spelling on the memref ops; the add's result is returned while the exp
// writes %o, so the add writes a new buffer and the exp writes %o in place.
// CHECK-LABEL: func.func @maps
func.func @maps(%a: tensor<3x2xi8>, %b: tensor<4x3xi8>, %c: tensor<2x4xi32>, %x: tensor<2x3xf32>, %y: tensor<3xf32>, %o: tensor<2x3xf32>, %m: tensor<3x2xf32>, %w: tensor<3x3xf32>) -> (tensor<2x4xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<3x2xi8>, tensor<4x3xi8>) outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  %e = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%x, %y : tensor<2x3xf32>, tensor<3xf32>) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%e : tensor<2x3xf32>) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%m, %w : tensor<3x2xf32>, tensor<3x3xf32>) outs(%x : tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %r, %e, %f, %t : tensor<2x4xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
// CHECK:      linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %{{.*}} : memref<3x2xi8, strided<[?, ?], offset: ?>>, memref<4x3xi8, strided<[?, ?], offset: ?>>) outs(%[[C:.*]] : memref<2x4xi32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: %[[E:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT: linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%{{.*}}, %{{.*}} : memref<2x3xf32, strided<[?, ?], offset: ?>>, memref<3xf32, strided<[?], offset: ?>>) outs(%[[E]] : memref<2x3xf32>)
// CHECK-NEXT: linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%[[E]] : memref<2x3xf32>) outs(%[[O:.*]] : memref<2x3xf32, strided<[?, ?], offset: ?>>)
// CHECK:      linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(
