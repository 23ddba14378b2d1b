// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p "one-shot-bufferize{bufferize-function-boundaries=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p "one-shot-bufferize{allow-unknown-ops=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p comprehensive-bufferize | filecheck %s

// Tensor reductions of scf.parallel (tensor init values, scf.reduce of tensors) are
// refused at the loop, as MLIR refuses them (no bufferization model), even with
// allow-unknown-ops.
func.func @reduce(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = "scf.parallel"(%c0, %n, %c1, %t) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
  ^bb0(%i: index):
    "scf.reduce"(%t) ({
    ^bb1(%l: tensor<4xf32>, %s: tensor<4xf32>):
      %e = tensor.empty() : tensor<4xf32>
      %a = linalg.add ins(%l, %s : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      "scf.reduce.return"(%a) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> ()
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
// CHECK: 'scf.parallel' op tensor reductions are not bufferized (MLIR has no bufferization model for scf.parallel): write the results through the shared outputs of an scf.forall instead
