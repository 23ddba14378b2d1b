// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p one-shot-bufferize | filecheck %s

// vector.contract (dialects/vector_contract.py) checked as MLIR's verifier does.

func.func @reduction_in_acc(%a: vector<2x4xf32>, %b: vector<4x3xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x4xf32>, vector<4x3xf32> into vector<2x4xf32>
  func.return %r : vector<2x4xf32>
}
// CHECK: Operation does not verify: expected the accumulator to be indexed by exactly the parallel dimensions

// -----

func.func @size_mismatch(%a: vector<2x4xf32>, %b: vector<5x3xf32>, %c: vector<2x3xf32>) -> vector<2x3xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x4xf32>, vector<5x3xf32> into vector<2x3xf32>
  func.return %r : vector<2x3xf32>
}
// CHECK: Operation does not verify: dimension d2 has size 4 in one operand and 5 in another

// -----

func.func @float_with_integer_kind(%a: vector<4xf32>, %b: vector<4xf32>, %c: f32) -> f32 {
  %r = vector.contract {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxsi>} %a, %b, %c : vector<4xf32>, vector<4xf32> into f32
  func.return %r : f32
}
// CHECK: Operation does not verify: unsupported contraction type f32 for kind 'maxsi'

// -----

func.func @map_rank(%a: vector<4xf32>, %b: vector<4xf32>, %c: f32) -> f32 {
  %r = vector.contract {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4xf32>, vector<4xf32> into f32
  func.return %r : f32
}
// CHECK: Operation does not verify: expected indexing map 0 to have 1 results (the rank of operand 0), got 2
