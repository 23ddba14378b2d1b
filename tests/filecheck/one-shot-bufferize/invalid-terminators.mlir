// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p one-shot-bufferize | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p comprehensive-bufferize | filecheck %s

// xDSL's verifier accepts these scf ops; bufferization follows values through the
// terminators and reports the missing values at the op instead.

func.func @yield_too_short(%c: i1, %f: f32, %i: index, %t: tensor<4xf32>) -> f32 {
  %r = scf.if %c -> (tensor<4xf32>) {
    %w = tensor.insert %f into %t[%i] : tensor<4xf32>
    scf.yield
  } else {
    scf.yield %t : tensor<4xf32>
  }
  %x = tensor.extract %r[%i] : tensor<4xf32>
  func.return %x : f32
}
// CHECK: 'scf.if' op its region #0 ends in scf.yield with 0 operand(s), expected 1

// -----

func.func @empty_else(%c: i1, %t: tensor<4xf32>, %i: index) -> f32 {
  %r = scf.if %c -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
  }
  %x = tensor.extract %r[%i] : tensor<4xf32>
  func.return %x : f32
}
// CHECK: 'scf.if' op its region #1 ends in scf.yield with 0 operand(s), expected 1
