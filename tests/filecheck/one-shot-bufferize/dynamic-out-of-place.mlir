// RUN: xdsl-opt %s -p one-shot-bufferize | filecheck %s

// An out-of-place destination that the op writes but never reads needs a new
// buffer but no copy, also when its shape is dynamic: the sizes come from tensor.dim.

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.copy ins(%cst : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %x = tensor.cast %s : tensor<2x3xf32> to tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%x : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  %v = tensor.extract %y[%c1, %c1] : tensor<?x?xf32>
  %r = tensor.extract %x[%c1, %c0] : tensor<?x?xf32>
  return %v, %r : f32, f32
}

// CHECK:       %[[X:.*]] = "memref.cast"(%{{.*}}) : (memref<2x3xf32>) -> memref<?x?xf32>
// CHECK:       %[[D0:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf32>
// CHECK:       %[[D1:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf32>
// CHECK-NEXT:  %[[NEW:.*]] = memref.alloc(%[[D0]], %[[D1]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK-NOT:   memref.copy
// CHECK:       linalg.generic {{.*}} ins(%[[X]] : memref<?x?xf32>) outs(%[[NEW]] : memref<?x?xf32>)
