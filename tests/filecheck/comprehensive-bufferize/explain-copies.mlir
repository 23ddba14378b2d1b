// RUN: xdsl-opt %s -p 'comprehensive-bufferize{explain-copies=true}' 2>&1 | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true explain-copies=true}' 2>&1 | filecheck %s
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{print-conflicts=true}' 2>&1 | filecheck %s --check-prefix=CONFLICTS

// The write of %x in place would clobber the value tensor.extract reads after it:
// one copy, explained with the values and ops named as they are printed.

func.func private @f(%x: tensor<8xf32>, %c5: index) -> (tensor<8xf32>, f32) {
  %xw = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : tensor<8xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %x5 = tensor.extract %x[%c5] : tensor<8xf32>
  func.return %xw, %x5 : tensor<8xf32>, f32
}

func.func @main(%c5: index) -> f32 {
  %cst = arith.constant dense<1.0> : tensor<8xf32>
  %r, %v = func.call @f(%cst, %c5) : (tensor<8xf32>, index) -> (tensor<8xf32>, f32)
  %w = tensor.extract %r[%c5] : tensor<8xf32>
  %s = arith.addf %v, %w : f32
  func.return %s : f32
}

// CHECK: explain-copies: @f: copy of %x (tensor<8xf32>) for the write of `%xw = linalg.generic ... outs(%x)` because `%x5 = tensor.extract %x[%c5]` reads %x afterwards
// CHECK-NOT: explain-copies
// CHECK: "memref.copy"
// CHECK-NOT: "memref.copy"

// CONFLICTS: one-shot-bufferize: @f: copy of %x (tensor<8xf32>) for the write of `%xw = linalg.generic ... outs(%x)` because `%x5 = tensor.extract %x[%c5]` reads %x afterwards
