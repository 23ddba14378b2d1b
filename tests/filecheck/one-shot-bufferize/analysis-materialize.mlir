// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'one-shot-bufferize{test-analysis-only=true bufferize-function-boundaries=true}' | filecheck %s

// materialize_in_destination must write its destination in place. Its result is
// joined by an scf.if with another tensor that is read later: the alias sets join
// the two, but the destination (a new tensor) can never be that other buffer, so
// the write is accepted (executed by tests/bufferize/test_analysis_execution.py).
// CHECK-LABEL: func.func @main
// CHECK: bufferization.materialize_in_destination {{.*}}__inplace_operands_attr__ = ["true", "true"]
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %other = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %es = tensor.empty() : tensor<4xf32>
  %src = linalg.fill ins(%two : f32) outs(%es : tensor<4xf32>) -> tensor<4xf32>
  %ed = tensor.empty() : tensor<4xf32>
  %m = bufferization.materialize_in_destination %src in %ed : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %j = scf.if %true -> (tensor<4xf32>) {
    scf.yield %m : tensor<4xf32>
  } else {
    scf.yield %other : tensor<4xf32>
  }
  %x = tensor.extract %j[%c0] : tensor<4xf32>
  %y = tensor.extract %other[%c0] : tensor<4xf32>
  return %x, %y : f32, f32
}

// -----

// A destination that may really be the other buffer (an scf.if chooses between
// them) and a later read of that buffer: refused, as in MLIR.
func.func @refused(%c: i1, %t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %es = tensor.empty() : tensor<4xf32>
  %src = linalg.fill ins(%two : f32) outs(%es : tensor<4xf32>) -> tensor<4xf32>
  %ed = tensor.empty() : tensor<4xf32>
  %d = scf.if %c -> (tensor<4xf32>) {
    scf.yield %ed : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  %m = bufferization.materialize_in_destination %src in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = tensor.extract %t[%c0] : tensor<4xf32>
  return %m, %y : tensor<4xf32>, f32
}
// CHECK: 'bufferization.materialize_in_destination' op not bufferizable under the given constraints: cannot avoid RaW conflict
