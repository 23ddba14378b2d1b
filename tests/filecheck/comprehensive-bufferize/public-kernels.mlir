// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s

// A destination-passing public kernel called from @main: @main's buffer goes to the
// in-place variant without a copy and is freed once; the public wrapper (for
// external callers) copies the argument it must not write and hands the copy over.
func.func @scale(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.5 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @scale(%a, %two) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @scale__inplace(%a: memref<4xf32>, %s: f32) {
// CHECK-NOT:     memref.alloc
// CHECK:         func.return
// CHECK-LABEL: func.func @scale(%a: memref<4xf32>, %s: f32) -> memref<4xf32> {
// CHECK-NEXT:    %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%a, %[[COPY]])
// CHECK-NEXT:    func.call @scale__inplace(%[[COPY]], %s)
// CHECK-NEXT:    func.return %[[COPY]] : memref<4xf32>
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%one : f32) outs(%[[A]] : memref<4xf32>)
// CHECK-NEXT:    func.call @scale__inplace(%[[A]], %two)
// CHECK-NEXT:    %v = memref.load %[[A]][%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32
