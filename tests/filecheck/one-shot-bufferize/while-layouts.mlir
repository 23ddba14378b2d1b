// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true}' | filecheck %s
// Also executed (tests/bufferize/test_analysis_execution.py): equal results
// before and after bufferization, no memory finding.

// The condition forwards one before-argument, a view with a dynamic layout, as
// two results: every after-argument and result it flows into gets the view's
// type (no memref.cast to an identity layout, which would be wrong at run time).
// CHECK-LABEL: func.func @forward_twice
// CHECK:      %[[VIEW:.*]] = memref.subview {{.*}} to memref<3x1xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: scf.while (%[[A:.*]] = %[[VIEW]], %{{.*}} = %{{.*}}) : (memref<3x1xf32, strided<[?, ?], offset: ?>>, i32) -> (memref<3x1xf32, strided<[?, ?], offset: ?>>, memref<3x1xf32, strided<[?, ?], offset: ?>>, i32)
// CHECK-NOT:  memref.cast
// CHECK:      scf.condition(%{{.*}}) %[[A]], %[[A]], %{{.*}} : memref<3x1xf32, strided<[?, ?], offset: ?>>, memref<3x1xf32, strided<[?, ?], offset: ?>>, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^{{.*}}(%{{.*}}: memref<3x1xf32, strided<[?, ?], offset: ?>>, %[[Y:.*]]: memref<3x1xf32, strided<[?, ?], offset: ?>>, %{{.*}}: i32):
// CHECK:      memref.load %[[Y]]
func.func @forward_twice(%t: tensor<8x2xf32> {bufferization.writable = true}) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s = tensor.extract_slice %t[%c1, 0] [3, 1] [1, 1] : tensor<8x2xf32> to tensor<3x1xf32>
  %r:3 = scf.while (%a = %s, %k = %zero) : (tensor<3x1xf32>, i32) -> (tensor<3x1xf32>, tensor<3x1xf32>, i32) {
    %go = arith.cmpi slt, %k, %one : i32
    scf.condition(%go) %a, %a, %k : tensor<3x1xf32>, tensor<3x1xf32>, i32
  } do {
  ^bb0(%x: tensor<3x1xf32>, %y: tensor<3x1xf32>, %j: i32):
    %n = arith.addi %j, %one : i32
    %p = tensor.extract %y[%c1, %c0] : tensor<3x1xf32>
    %q = arith.fptosi %p : f32 to i32
    %m = arith.addi %n, %q : i32
    scf.yield %x, %m : tensor<3x1xf32>, i32
  }
  %w = arith.sitofp %r#2 : i32 to f32
  return %w : f32
}

func.func @main() -> f32 {
  %f = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8x2xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8x2xf32>) -> tensor<8x2xf32>
  %r = func.call @forward_twice(%t) : (tensor<8x2xf32>) -> f32
  return %r : f32
}
