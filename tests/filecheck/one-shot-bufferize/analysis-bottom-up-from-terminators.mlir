// RUN: xdsl-opt %s -p 'one-shot-bufferize{test-analysis-only=true analysis-heuristic=bottom-up-from-terminators}' | filecheck %s --check-prefix=TERM
// RUN: xdsl-bufferize-check %s --entry yield_chain --args 3 1.5 2.5 --pipeline 'one-shot-bufferize{analysis-heuristic=bottom-up-from-terminators bufferize-function-boundaries=true},buffer-deallocation' | filecheck %s --check-prefix=EXEC

// Decisions as upstream MLIR makes them (checked side by side with its
// one-shot-bufferize, test-analysis-only).
//
// bottom-up-from-terminators decides first the ops whose results reach a
// region's terminator through aliasing operands (here the fill and insert that
// make the yielded value), so they are in place and the yield stays equivalent
// to the iter_arg; the other fill of the iter_arg, read afterwards, is the one
// copied. Plain bottom-up copies the yielded fill instead (a non-equivalent
// yield, refused without allow-return-allocs-from-loops).
// TERM-LABEL: func.func @yield_chain(
// TERM:         %x = linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// TERM:         %y = linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// TERM:         %s = tensor.insert %e into %y[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]}
// TERM:         } {__inplace_operands_attr__ = ["none", "none", "none", "false"]}
// TERM:         %x2 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// TERM:         %y2 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// TERM:         } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
func.func @yield_chain(%n: index, %a: f32, %b: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<8xf32>
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<8xf32>) {
    %x = linalg.fill ins(%a : f32) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    %y = linalg.fill ins(%b : f32) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    %e = tensor.extract %x[%c0] : tensor<8xf32>
    %s = tensor.insert %e into %y[%c1] : tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<8xf32>) {
    %x2 = linalg.fill ins(%a : f32) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    %y2 = linalg.fill ins(%b : f32) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    %e2 = tensor.extract %y2[%c0] : tensor<8xf32>
    scf.yield %x2 : tensor<8xf32>
  }
  return %r1, %r2 : tensor<8xf32>, tensor<8xf32>
}

// EXEC: results match; 0 finding(s)
