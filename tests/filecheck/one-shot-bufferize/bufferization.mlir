// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{buffer-alignment=0}' | filecheck %s

// alloc_tensor becomes memref.alloc (no alignment with buffer-alignment=0), with a
// copy when `copy` is given; to_tensor / to_buffer pairs fold away.
// CHECK-LABEL: func.func @alloc_tensor
// CHECK-SAME:  (%[[M:.*]]: memref<4xf32>, %{{.*}}: index)
// CHECK-NEXT:  %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:  %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%[[M]], %[[B]])
// CHECK-NEXT:  func.return %[[A]], %[[B]] : memref<?xf32>, memref<4xf32>
func.func @alloc_tensor(%m: memref<4xf32>, %n: index) -> (memref<?xf32>, memref<4xf32>) {
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %a = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %b = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %ma = bufferization.to_buffer %a : tensor<?xf32> to memref<?xf32>
  %mb = bufferization.to_buffer %b : tensor<4xf32> to memref<4xf32>
  func.return %ma, %mb : memref<?xf32>, memref<4xf32>
}

// -----

// materialize_in_destination copies into the destination buffer.
// CHECK-LABEL: func.func @materialize
// CHECK-SAME:  (%[[S:.*]]: memref<4xf32>, %[[D:.*]]: memref<4xf32>)
// CHECK-NEXT:  "memref.copy"(%[[S]], %[[D]])
// CHECK-NEXT:  func.return
func.func @materialize(%s: memref<4xf32>, %d: memref<4xf32>) {
  %t = bufferization.to_tensor %s : memref<4xf32> to tensor<4xf32>
  bufferization.materialize_in_destination %t in writable %d : (tensor<4xf32>, memref<4xf32>) -> ()
  func.return
}
