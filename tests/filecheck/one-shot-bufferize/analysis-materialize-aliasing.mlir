// RUN: xdsl-opt %s -p 'one-shot-bufferize{test-analysis-only=true}' | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{test-analysis-only=true bufferize-function-boundaries=true}' | filecheck %s --check-prefix=BOUNDARY
// RUN: xdsl-bufferize-check %s --entry materialize_aliasing --args 10xf32:random 1 3 --pipeline 'one-shot-bufferize,buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry materialize_aliasing --args 10xf32:random 1 3 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC

// Decisions as upstream MLIR makes them (checked side by side with its
// one-shot-bufferize, test-analysis-only).
//
// materialize_in_destination must write its destination in place. When the
// destination is a slice of a read-only buffer (a function argument without
// function boundaries), the slice is copied (its source operand out of place)
// and the materialization writes the copy, as MLIR decides; before, the
// analysis refused. With a writable argument the slice of the destination is in
// place, and the source, another slice of the same argument, is copied: reading
// and writing element by element is no conflict only on the same elements (the
// same buffer), not on two slices at other offsets.

// CHECK-LABEL: func.func @materialize_aliasing(
// CHECK:         %from = tensor.extract_slice %a[%i] [4] [1] {__inplace_operands_attr__ = ["true", "none"]}
// CHECK:         %into = tensor.extract_slice %a[%j] [4] [1] {__inplace_operands_attr__ = ["false", "none"]}
// CHECK:         bufferization.materialize_in_destination %from in %into {__inplace_operands_attr__ = ["true", "true"]}
// BOUNDARY-LABEL: func.func @materialize_aliasing(
// BOUNDARY:         %from = tensor.extract_slice %a[%i] [4] [1] {__inplace_operands_attr__ = ["false", "none"]}
// BOUNDARY:         %into = tensor.extract_slice %a[%j] [4] [1] {__inplace_operands_attr__ = ["true", "none"]}
// BOUNDARY:         bufferization.materialize_in_destination %from in %into {__inplace_operands_attr__ = ["true", "true"]}
func.func @materialize_aliasing(%a: tensor<?xf32>, %i: index, %j: index) -> tensor<4xf32> {
  %from = tensor.extract_slice %a[%i] [4] [1] : tensor<?xf32> to tensor<4xf32>
  %into = tensor.extract_slice %a[%j] [4] [1] : tensor<?xf32> to tensor<4xf32>
  %m = bufferization.materialize_in_destination %from in %into : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
// EXEC: results match; 0 finding(s)
