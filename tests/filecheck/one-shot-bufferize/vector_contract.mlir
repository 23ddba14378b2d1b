// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s

// vector.contract (dialects/vector_contract.py) works on vectors only: the transfers
// around it are bufferized, the contraction is kept as MLIR prints it, and the result
// is written into the accumulator's buffer in place.
// CHECK-LABEL: func.func @tile
func.func @tile(%a: tensor<3x1xi32>, %b: tensor<3x1xi32>, %c: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %va = vector.transfer_read %a[%c0, %c0], %p : tensor<3x1xi32>, vector<3x1xi32>
  %vb = vector.transfer_read %b[%c0, %c0], %p : tensor<3x1xi32>, vector<3x1xi32>
  %vc = vector.transfer_read %c[%c0, %c0], %p : tensor<3x3xi32>, vector<3x3xi32>
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<3x1xi32>, vector<3x1xi32> into vector<3x3xi32>
  %w = vector.transfer_write %r, %c[%c0, %c0] : vector<3x3xi32>, tensor<3x3xi32>
  func.return %w : tensor<3x3xi32>
}
// CHECK:      %[[VC:.*]] = vector.transfer_read %[[C:.*]][%c0, %c0], %p : memref<3x3xi32
// CHECK-NEXT: %[[R:.*]] = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %{{.*}}, %{{.*}}, %[[VC]] : vector<3x1xi32>, vector<3x1xi32> into vector<3x3xi32>
// CHECK-NEXT: vector.transfer_write %[[R]], %[[C]][%c0, %c0] : vector<3x3xi32>, memref<3x3xi32
// CHECK-NEXT: func.return %[[C]]
