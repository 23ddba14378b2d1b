"""`affine.if` reads and prints in MLIR's custom form (`dialects/affine_ext.py`), so
the output of our passes holding one parses in upstream MLIR."""

from __future__ import annotations

import pytest
from xdsl.dialects import affine

from xdsl_bufferize.execution import ArrayValue, check_pipeline, parse_module, run
from xdsl_bufferize.execution.runner import apply_pipeline

SRC = """
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, s0 - 1 >= 0)>
func.func @main(%i: index, %n: index, %t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 5.0 : f32
  %m = memref.alloc() : memref<1xf32>
  memref.store %f, %m[%c0] : memref<1xf32>
  %r = affine.if #set(%i)[%n] -> tensor<4xf32> {
    %w = tensor.insert %f into %t[%c0] : tensor<4xf32>
    affine.yield %w : tensor<4xf32>
  } else {
    affine.yield %t : tensor<4xf32>
  }
  affine.if affine_set<(d0) : (d0 - 2 == 0)>(%i) {
    %g = arith.constant 9.0 : f32
    memref.store %g, %m[%c0] : memref<1xf32>
  }
  %x = memref.load %m[%c0] : memref<1xf32>
  memref.dealloc %m : memref<1xf32>
  return %r, %x : tensor<4xf32>, f32
}
"""


def test_affine_if_round_trips_in_mlir_form() -> None:
    module = parse_module(SRC, "if.mlir")
    ifs = [op for op in module.walk() if isinstance(op, affine.IfOp)]
    assert len(ifs) == 2
    printed = str(module)
    assert (
        "%r = affine.if affine_set<(d0)[s0] : ((d0 + (s0 * -1)) >= 0, (s0 + -1) >= 0)>"
        "(%i)[%n] -> tensor<4xf32> {"
    ) in printed
    assert "affine.if affine_set<(d0) : ((d0 + -2) == 0)>(%i) {" in printed
    assert "<{condition" not in printed
    assert str(parse_module(printed, "again.mlir")) == printed
    # The affine.yield without operands is left out of the text, and put back.
    second = ifs[1]
    assert isinstance(second.then_region.block.last_op, affine.YieldOp)
    assert not second.else_region.blocks


@pytest.mark.parametrize(("i", "n", "first", "x"), [(3, 2, 5.0, 5.0), (2, 3, 0.0, 9.0)])
def test_affine_if_executes_before_and_after_bufferization(
    i: int, n: int, first: float, x: float
) -> None:
    module = parse_module(SRC, "if.mlir")
    t = ArrayValue((4,), [0.0, 1.0, 2.0, 3.0])
    outcome = run(module, "main", [i, n, t])
    assert outcome.error is None
    assert outcome.results is not None
    result, loaded = outcome.results
    assert result == ArrayValue((4,), [first, 1.0, 2.0, 3.0])
    assert loaded == x
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[i, n, t]).ok


def test_generic_form_still_reads() -> None:
    src = """
    func.func @main(%i: index) {
      "affine.if"(%i) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
        "affine.yield"() : () -> ()
      }, {
      }) : (index) -> ()
      func.return
    }
    """
    printed = str(parse_module(src, "generic.mlir"))
    assert "affine.if affine_set<(d0) : (d0 >= 0)>(%i) {" in printed


@pytest.mark.parametrize(
    "pipeline",
    [
        "comprehensive-bufferize",
        "one-shot-bufferize{bufferize-function-boundaries=true}",
    ],
)
def test_pass_output_holding_affine_if_parses_in_upstream_mlir(pipeline: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    output = str(apply_pipeline(parse_module(SRC, "if.mlir"), pipeline))
    assert "affine.if affine_set<" in output
    with mlir_ir.Context():
        assert mlir_ir.Module.parse(SRC).operation.verify()
        upstream = mlir_ir.Module.parse(output)
        assert upstream.operation.verify()
        assert "affine.if #set" in str(upstream)
