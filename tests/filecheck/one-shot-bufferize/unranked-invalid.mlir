// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p 'comprehensive-bufferize' | filecheck %s --check-prefix=COMPREHENSIVE

// Ops whose bufferization does not take unranked tensors are refused at the op, before
// anything is rewritten.
func.func @if_unranked(%t: tensor<*xf32>, %c: i1) -> tensor<*xf32> {
  %r = scf.if %c -> (tensor<*xf32>) {
    scf.yield %t : tensor<*xf32>
  } else {
    scf.yield %t : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
// CHECK: 'scf.if' op does not support unranked tensors (tensor<*xf32>): cast to a ranked tensor first (tensor.cast)
// COMPREHENSIVE: 'scf.if' op does not support unranked tensors (tensor<*xf32>): cast to a ranked tensor first (tensor.cast)

// -----

func.func @for_unranked(%t: tensor<*xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<*xf32>) {
    scf.yield %a : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
// CHECK: 'scf.for' op does not support unranked tensors (tensor<*xf32>): cast to a ranked tensor first (tensor.cast)
// COMPREHENSIVE: 'scf.for' op does not support unranked tensors (tensor<*xf32>): cast to a ranked tensor first (tensor.cast)
