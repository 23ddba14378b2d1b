// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s

// memref.copy needs source and target of one shape: a static buffer copied into a
// dynamic allocation is cast to the dynamic shape first, and the clean-up does not
// fold that cast into the copy.

// A write out of place into a tensor.cast of a static tensor that is read again
// (so the cast stays a view): the copy reads the cast.
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %t = tensor.insert %y into %f[%c1] : tensor<2xf32>
  %d = tensor.cast %t : tensor<2xf32> to tensor<?xf32>
  %w = tensor.insert %y into %d[%c0] : tensor<?xf32>
  %a = tensor.extract %t[%c0] : tensor<2xf32>
  %b = tensor.extract %w[%c0] : tensor<?xf32>
  %c = tensor.extract %w[%c1] : tensor<?xf32>
  %z = tensor.extract %d[%c0] : tensor<?xf32>
  return %a, %b, %c, %z : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @main()
// CHECK:         %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[S]] : memref<2xf32>)
// CHECK-NEXT:    memref.store %y, %[[S]][%c1] : memref<2xf32>
// CHECK-NEXT:    %[[C:.*]] = "memref.cast"(%[[S]]) : (memref<2xf32>) -> memref<?xf32>
// CHECK:         %[[D:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT:    "memref.copy"(%[[C]], %[[D]]) : (memref<?xf32>, memref<?xf32>) -> ()
// CHECK-NEXT:    memref.store %y, %[[D]][%c0] : memref<?xf32>

// -----

// The clean-up folds a cast into a copy only when the copy keeps one shape: a cast
// between layouts goes, a cast from a static to a dynamic shape stays.
func.func @casts(%m: memref<4xf32>, %n: memref<?xf32>, %k: memref<4xf32>) {
  %a = "memref.cast"(%m) : (memref<4xf32>) -> memref<?xf32>
  "memref.copy"(%a, %n) : (memref<?xf32>, memref<?xf32>) -> ()
  %b = "memref.cast"(%m) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
  "memref.copy"(%b, %k) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT:    %[[A:.*]] = "memref.cast"(%m) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT:    "memref.copy"(%[[A]], %n) : (memref<?xf32>, memref<?xf32>) -> ()
// CHECK-NEXT:    "memref.copy"(%m, %k) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    func.return
