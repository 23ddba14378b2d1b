// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p one-shot-bufferize | filecheck %s

// The maps of linalg.matmul / batch_matmul / contract / elementwise checked as MLIR's
// verifiers do (dialects/linalg_maps.py, dialects/linalg_contract.py).

// A matmul's LHS indexes m and k only.
func.func @matmul_lhs_indexes_n(%a: tensor<5x5xf32>, %b: tensor<5x5xf32>, %c: tensor<5x5xf32>) -> tensor<5x5xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<5x5xf32>, tensor<5x5xf32>) outs(%c : tensor<5x5xf32>) -> tensor<5x5xf32>
  func.return %r : tensor<5x5xf32>
}
// CHECK: Operation does not verify: Unexpected dim expression in map result.

// -----

// A broadcast operand keeps the reduction dim.
func.func @matmul_broadcast_drops_k(%a: tensor<3xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<3xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  func.return %r : tensor<3x7xf32>
}
// CHECK: Operation does not verify: Invalid broadcast requested, should be (d2)

// -----

// Transposed maps must match the shapes.
func.func @matmul_transposed_shapes(%a: tensor<4x1xf32>, %b: tensor<1x64xf32>, %c: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<4x1xf32>, tensor<1x64xf32>) outs(%c : tensor<4x64xf32>) -> tensor<4x64xf32>
  func.return %r : tensor<4x64xf32>
}
// CHECK: Operation does not verify: inferred input/output operand #1 has shape's dimension #0 to be 4, but found 1

// -----

func.func @batch_matmul_rhs_indexes_m(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>, %c: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%a, %b : tensor<2x3x4xf32>, tensor<2x3x4xf32>) outs(%c : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  func.return %r : tensor<2x3x3xf32>
}
// CHECK: Operation does not verify: Unexpected dim expression in map result.

// -----

func.func @contract_not_a_permutation(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  %r = linalg.contract indexing_maps = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>] ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<f32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
// CHECK: Operation does not verify: expected indexing_map #0 to be a projected permutation

// -----

func.func @contract_unused_dim(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>] ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<3xf32>) -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
// CHECK: Operation does not verify: expected iteration dimension d1 to be indexed by an input

// -----

func.func @elementwise_arity(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
// CHECK: Operation does not verify: expected 2 input(s) and 1 output for kind 'add', got 1 and 1

// -----

func.func @elementwise_output_map(%a: tensor<3x3xf32>, %o: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r = linalg.elementwise kind=#linalg.elementwise_kind<exp> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>] ins(%a : tensor<3x3xf32>) outs(%o : tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return %r : tensor<3x3xf32>
}
// CHECK: Operation does not verify: expected the output map to be the identity
