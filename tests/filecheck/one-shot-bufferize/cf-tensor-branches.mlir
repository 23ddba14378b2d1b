// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}' | filecheck %s
// RUN: xdsl-bufferize-check %s --entry loop --args 3 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry loop --args 0 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry loop --args 4 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry loop_swapped --args 3 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry loop_swapped --args 3 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry pick --args 4xf32:[1,2,3,4] 1 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry pick --args 4xf32:[1,2,3,4] 0 --pipeline comprehensive-bufferize | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --entry pick --args 4xf32:[1,2,3,4] 1 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC

// cf.br / cf.cond_br carrying tensors (MLIR's BranchOpInterface models): the
// tensor arguments of the non-entry blocks become memrefs of the type every
// incoming buffer has (fully dynamic when they differ), each branch passes its
// operands' buffers, and a block argument may alias everything forwarded to it
// (not equivalent: a merge of buffers). Runs before and after the pipelines
// (EXEC, loops of 0, 3 and 4 rounds; both successor orders of the cond_br), and
// deallocation frees every buffer once.

// EXEC: results match; 0 finding(s)

// CHECK-LABEL: func.func @loop(%n: index) -> f32
// CHECK:         cf.br ^[[HEAD:.*]](%{{.*}}, %{{.*}} : index, memref<4xf32>)
// CHECK:       ^[[HEAD]](%i: index, %t: memref<4xf32>):
// CHECK:         cf.cond_br %{{.*}}, ^{{.*}}(%t : memref<4xf32>), ^{{.*}}
// CHECK:         memref.store
// CHECK:         cf.br ^[[HEAD]](%{{.*}}, %{{.*}} : index, memref<4xf32>)
// CHECK:       ^{{.*}}(%r: memref<4xf32>):
// CHECK-NEXT:    %v = memref.load %r[%c1] : memref<4xf32>
func.func @loop(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t0 = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^head(%c0, %t0 : index, tensor<4xf32>)
^head(%i: index, %t: tensor<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit(%t : tensor<4xf32>), ^body
^body:
  %x = tensor.extract %t[%c1] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %u = tensor.insert %y into %t[%c1] : tensor<4xf32>
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %u : index, tensor<4xf32>)
^exit(%r: tensor<4xf32>):
  %v = tensor.extract %r[%c1] : tensor<4xf32>
  %w = tensor.extract %t0[%c1] : tensor<4xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// The loop body placed before the header, the cond_br's successors swapped,
// the initial value read again after the loop.
// CHECK-LABEL: func.func @loop_swapped(%n: index) -> f32
func.func @loop_swapped(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f32
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  cf.br ^head(%c0, %a : index, tensor<4xf32>)
^body(%bi: index, %bt: tensor<4xf32>):
  %f = linalg.fill ins(%two : f32) outs(%bt : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %bt[%c2] : tensor<4xf32>
  %u = tensor.insert %x into %f[%c1] : tensor<4xf32>
  %j = arith.addi %bi, %c1 : index
  cf.br ^head(%j, %u : index, tensor<4xf32>)
^head(%i: index, %t: tensor<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body(%i, %t : index, tensor<4xf32>), ^exit(%t : tensor<4xf32>)
^exit(%r: tensor<4xf32>):
  %v = tensor.extract %r[%c1] : tensor<4xf32>
  %w = tensor.extract %a[%c1] : tensor<4xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// A merge of an argument and a new tensor, returned.
// CHECK-LABEL: func.func @pick(
func.func @pick(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %nine = arith.constant 9.0 : f32
  cf.cond_br %c, ^new, ^join(%a : tensor<4xf32>)
^new:
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%nine : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^join(%f : tensor<4xf32>)
^join(%m: tensor<4xf32>):
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  return %m, %x : tensor<4xf32>, f32
}
