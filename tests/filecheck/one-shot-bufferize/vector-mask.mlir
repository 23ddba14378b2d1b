// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true print-conflicts=true explain-copies=true}" | filecheck %s --check-prefix=ANALYSIS

// vector.mask around transfers on tensors: the masked ops bufferize in place on
// the buffers; a masked transfer_write returns no tensor, so the mask loses its
// tensor result (the destination buffer is the result). A masked write reads its
// destination (masked-off lanes keep the old data).
// CHECK-LABEL: func.func @main() -> (vector<4xf32>, f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:  %mask = vector.create_mask %c2 : vector<4xi1>
// CHECK-NEXT:  %v = vector.mask %mask {
// CHECK-NEXT:    %{{.*}} = vector.transfer_read %[[T]][%c0], %p : memref<4xf32>, vector<4xf32>
// CHECK-NEXT:  } : vector<4xi1> -> vector<4xf32>
// CHECK-NEXT:  %w = arith.addf %v, %v : vector<4xf32>
// CHECK-NEXT:  vector.mask %mask {
// CHECK-NEXT:    vector.transfer_write %w, %[[T]][%c0] : vector<4xf32>, memref<4xf32>
// CHECK-NEXT:  } : vector<4xi1>
// CHECK-NEXT:  %x = memref.load %[[T]][%c1] : memref<4xf32>
// CHECK-NEXT:  %y = memref.load %[[T]][%c2] : memref<4xf32>
// CHECK-NEXT:  func.return %v, %x, %y : vector<4xf32>, f32, f32
// ANALYSIS-LABEL: func.func @main() -> (vector<4xf32>, f32, f32)
// ANALYSIS:       vector.transfer_read %t[%c0], %p {__inplace_operands_attr__ = ["true", "none", "none"]}
// ANALYSIS:       vector.transfer_write %w, %t[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]}
func.func @main() -> (vector<4xf32>, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = arith.constant -1.0 : f32
  %f5 = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f5 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %mask = vector.create_mask %c2 : vector<4xi1>
  %v = vector.mask %mask { vector.transfer_read %t[%c0], %p : tensor<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %w = arith.addf %v, %v : vector<4xf32>
  %t2 = vector.mask %mask { vector.transfer_write %w, %t[%c0] : vector<4xf32>, tensor<4xf32> } : vector<4xi1> -> tensor<4xf32>
  %x = tensor.extract %t2[%c1] : tensor<4xf32>
  %y = tensor.extract %t2[%c2] : tensor<4xf32>
  func.return %v, %x, %y : vector<4xf32>, f32, f32
}

// -----

// The destination is read after the masked write: the write goes out of place.
// The copy cannot go in the mask (its region holds one op): it is made right
// before the mask, and it copies the old data (masked-off lanes keep it).
// (MLIR refuses this mask: "body must bufferize in-place".)
// CHECK-LABEL: func.func @main() -> (f32, f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:  %w = vector.broadcast %f7 : f32 to vector<4xf32>
// CHECK-NEXT:  %mask = vector.create_mask %c2 : vector<4xi1>
// CHECK-NEXT:  %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[T]], %[[COPY]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  vector.mask %mask {
// CHECK-NEXT:    vector.transfer_write %w, %[[COPY]][%c0] : vector<4xf32>, memref<4xf32>
// CHECK-NEXT:  } : vector<4xi1>
// CHECK-NEXT:  %x = memref.load %[[COPY]][%c1] : memref<4xf32>
// CHECK-NEXT:  %y = memref.load %[[COPY]][%c2] : memref<4xf32>
// CHECK-NEXT:  %z = memref.load %[[T]][%c0] : memref<4xf32>
// ANALYSIS-LABEL: func.func @main() -> (f32, f32, f32)
// ANALYSIS:       vector.transfer_write %w, %t[%c0] {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false", "none"], __conflicts__ = ["operand #1: read-after-write conflict: operand #0 of tensor.extract reads data that the in-place write of operand #1 of vector.transfer_write overwrites (last written by result #0 of linalg.fill)"]}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f5 = arith.constant 5.0 : f32
  %f7 = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f5 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %w = vector.broadcast %f7 : f32 to vector<4xf32>
  %mask = vector.create_mask %c2 : vector<4xi1>
  %t2 = vector.mask %mask { vector.transfer_write %w, %t[%c0] : vector<4xf32>, tensor<4xf32> } : vector<4xi1> -> tensor<4xf32>
  %x = tensor.extract %t2[%c1] : tensor<4xf32>
  %y = tensor.extract %t2[%c2] : tensor<4xf32>
  %z = tensor.extract %t[%c0] : tensor<4xf32>
  func.return %x, %y, %z : f32, f32, f32
}

// -----

// A dynamic destination read afterwards: the copy's sizes are computed before
// the mask too.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:  (%t: memref<?xf32, strided<[?], offset: ?>>, %w: vector<4xf32>, %mask: vector<4xi1>)
// CHECK:       %[[N:.*]] = memref.dim %t, %{{.*}} : memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:  %[[COPY:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT:  "memref.copy"(%t, %[[COPY]])
// CHECK-NEXT:  vector.mask %mask {
// CHECK-NEXT:    vector.transfer_write %w, %[[COPY]][%c0] : vector<4xf32>, memref<?xf32>
// CHECK-NEXT:  } : vector<4xi1>
// CHECK-NEXT:  %x = memref.load %t[%c0]
// CHECK-NEXT:  func.return %[[COPY]], %x
func.func @dynamic(%t: tensor<?xf32>, %w: vector<4xf32>, %mask: vector<4xi1>) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %t2 = vector.mask %mask { vector.transfer_write %w, %t[%c0] : vector<4xf32>, tensor<?xf32> } : vector<4xi1> -> tensor<?xf32>
  %x = tensor.extract %t[%c0] : tensor<?xf32>
  func.return %t2, %x : tensor<?xf32>, f32
}

// -----

// A masked read with a passthru vector, and a masked write carried by a loop: the
// iter_arg stays one buffer, written in place by every iteration.
// CHECK-LABEL: func.func @main() -> (vector<4xf32>, f32, f32, f32)
// CHECK:       %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:       %[[R:.*]] = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %[[T]]) -> (memref<4xf32>) {
// CHECK-NEXT:    %m = vector.create_mask %i : vector<4xi1>
// CHECK-NEXT:    %v = vector.mask %m, %pt {
// CHECK-NEXT:      %{{.*}} = vector.transfer_read %a[%c0], %p : memref<4xf32>, vector<4xf32>
// CHECK-NEXT:    } : vector<4xi1> -> vector<4xf32>
// CHECK-NEXT:    %v2 = arith.addf %v, %v : vector<4xf32>
// CHECK-NEXT:    vector.mask %m {
// CHECK-NEXT:      vector.transfer_write %v2, %a[%c0] : vector<4xf32>, memref<4xf32>
// CHECK-NEXT:    } : vector<4xi1>
// CHECK-NEXT:    scf.yield %a : memref<4xf32>
// CHECK-NEXT:  }
// ANALYSIS-LABEL: func.func @main() -> (vector<4xf32>, f32, f32, f32)
// ANALYSIS:       vector.transfer_write %v2, %a[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]}
func.func @main() -> (vector<4xf32>, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %f9 = arith.constant 9.0 : f32
  %pt = vector.broadcast %f9 : f32 to vector<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
    %m = vector.create_mask %i : vector<4xi1>
    %v = vector.mask %m, %pt { vector.transfer_read %a[%c0], %p : tensor<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
    %v2 = arith.addf %v, %v : vector<4xf32>
    %a2 = vector.mask %m { vector.transfer_write %v2, %a[%c0] : vector<4xf32>, tensor<4xf32> } : vector<4xi1> -> tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  }
  %m3 = vector.create_mask %c3 : vector<4xi1>
  %last = vector.mask %m3, %pt { vector.transfer_read %r[%c0], %p : tensor<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %r[%c1] : tensor<4xf32>
  %z = tensor.extract %r[%c2] : tensor<4xf32>
  func.return %last, %x, %y, %z : vector<4xf32>, f32, f32, f32
}
