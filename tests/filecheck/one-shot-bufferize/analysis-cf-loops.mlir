// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true}" | filecheck %s

// A loop of cf branches reads %t and writes it in place each round: the write of one
// round would precede the read of the next (MLIR: the read's and the write's blocks
// reach each other without passing the definition's block), so the write is out of
// place. Before the fix the insert was in place and @main returned 8.0 instead of 4.0
// (found by the #16 recursion session).
// CHECK-LABEL: func.func @loop
// CHECK:       tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @loop(%t: tensor<4xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  cf.br ^loop(%c0, %one : index, f32)
^loop(%i: index, %acc: f32):
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  %s = arith.addf %acc, %e : f32
  %t2 = tensor.insert %s into %t[%c0] : tensor<4xf32>
  %x = tensor.extract %t2[%c0] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  %d = arith.cmpi slt, %i2, %n : index
  cf.cond_br %d, ^loop(%i2, %x : index, f32), ^exit(%x : f32)
^exit(%r: f32):
  func.return %r : f32
}
// Blocks written in another order than they run: the read comes first in the text
// but runs after the write, so the write is out of place.
// CHECK-LABEL: func.func @reordered
// CHECK:       tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @reordered(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7.0 : f32
  cf.br ^first
^second(%y: f32):
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %r = arith.addf %x, %y : f32
  func.return %r : f32
^first:
  %t2 = tensor.insert %seven into %t[%c0] : tensor<4xf32>
  %z = tensor.extract %t2[%c0] : tensor<4xf32>
  cf.br ^second(%z : f32)
}
func.func @main() -> (f32, f32, f32) {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c3 = arith.constant 3 : index
  %a = func.call @loop(%t, %c3) : (tensor<4xf32>, index) -> f32
  %b = func.call @reordered(%t) : (tensor<4xf32>) -> f32
  %c0 = arith.constant 0 : index
  %d = tensor.extract %t[%c0] : tensor<4xf32>
  func.return %a, %b, %d : f32, f32, f32
}
