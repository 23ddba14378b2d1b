"""MLIR forms xDSL 0.75 refuses, read in our universe (`dialects/upstream.py`): the
multi-result `linalg.generic ... -> (T1, T2)`, `linalg.reduce` of several inputs and
inits, `tensor.pad` with dynamic amounts on dimensions the result type states
statically, `tensor.rank` (and `memref.rank` of an unranked buffer). Each parses,
prints as upstream MLIR reads it, computes what MLIR defines, and computes the same
after `comprehensive-bufferize` with no leak or double free."""

from __future__ import annotations

import io

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from tests.dialects.cli import assert_diagnostic
from xdsl_bufferize.execution import ArrayValue, check_pipeline, parse_module, run
from xdsl_bufferize.execution.runner import apply_pipeline


def _results(module: ModuleOp, args: list[ArrayValue | int]) -> tuple[object, ...]:
    outcome = run(module, "main", args)
    assert outcome.error is None, outcome.error
    assert outcome.findings == []
    assert outcome.results is not None
    return outcome.results


def _round_trips(text: str) -> ModuleOp:
    module = parse_module(text, "input.mlir")
    printed = str(module)
    assert str(parse_module(printed, "printed.mlir")) == printed
    return module


def _upstream_reads(*texts: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    for text in texts:
        with mlir_ir.Context():
            assert mlir_ir.Module.parse(text).operation.verify()


def _bufferized(module: ModuleOp) -> str:
    return str(apply_pipeline(module, "comprehensive-bufferize"))


SOFTMAX_STATS = """
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %m = linalg.fill ins(%ninf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %s = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x3xf32>) outs(%m, %s : tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32):
    %0 = arith.maximumf %in, %a : f32
    %1 = arith.addf %in, %b : f32
    linalg.yield %0, %1 : f32, f32
  } -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}
"""


def test_multi_result_generic_in_mlir_spelling() -> None:
    module = _round_trips(SOFTMAX_STATS)
    printed = str(module)
    assert "} -> (tensor<2xf32>, tensor<2xf32>)" in printed
    x = ArrayValue((2, 3), [1.0, 5.0, 2.0, -1.0, -4.0, -2.0])
    row_max, row_sum = _results(module, [x])
    assert row_max == ArrayValue((2,), [5.0, -1.0])
    assert row_sum == ArrayValue((2,), [8.0, -7.0])
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[x]).ok
    bufferized = _bufferized(module)
    assert "outs(%1, %0 : memref<2xf32>, memref<2xf32>)" in bufferized
    _upstream_reads(SOFTMAX_STATS, printed, bufferized)


def test_generic_keeps_xdsls_result_spelling() -> None:
    text = SOFTMAX_STATS.replace(
        "-> (tensor<2xf32>, tensor<2xf32>)\n", "-> tensor<2xf32>, tensor<2xf32>\n"
    )
    assert "} -> (tensor<2xf32>, tensor<2xf32>)" in str(_round_trips(text))


MULTI_REDUCE = """
func.func @main(%a: tensor<3x2xf32>, %b: tensor<3x2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %u = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r:2 = linalg.reduce ins(%a, %b : tensor<3x2xf32>, tensor<3x2xf32>) outs(%u, %u : tensor<2xf32>, tensor<2xf32>) dimensions = [0]
    (%x: f32, %y: f32, %s: f32, %d: f32) {
      %0 = arith.addf %x, %s : f32
      %1 = arith.mulf %x, %y : f32
      %2 = arith.addf %1, %d : f32
      linalg.yield %0, %2 : f32, f32
    }
  %e3 = tensor.empty() : tensor<3xf32>
  %w = linalg.fill ins(%z : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  %m = linalg.reduce { arith.maximumf } ins(%a : tensor<3x2xf32>) outs(%w : tensor<3xf32>) dimensions = [1]
  return %r#0, %r#1, %m : tensor<2xf32>, tensor<2xf32>, tensor<3xf32>
}
"""


def test_reduce_of_several_inputs_and_inits() -> None:
    module = _round_trips(MULTI_REDUCE)
    printed = str(module)
    assert (
        "linalg.reduce ins(%a, %b : tensor<3x2xf32>, tensor<3x2xf32>) "
        "outs(%u, %u : tensor<2xf32>, tensor<2xf32>) dimensions = [0]"
    ) in printed
    assert "linalg.reduce { arith.maximumf } ins(%a : tensor<3x2xf32>)" in printed
    a = ArrayValue((3, 2), [1.0, 2.0, 3.0, 4.0, 5.0, -6.0])
    b = ArrayValue((3, 2), [2.0, 1.0, 1.0, 2.0, -1.0, 1.0])
    sums, dots, maxima = _results(module, [a, b])
    assert sums == ArrayValue((2,), [9.0, 0.0])
    assert dots == ArrayValue((2,), [0.0, 4.0])
    assert maxima == ArrayValue((3,), [2.0, 4.0, 5.0])
    # One init for both results: one of them needs its own buffer.
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[a, b]).ok
    _upstream_reads(MULTI_REDUCE, printed, _bufferized(module))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            """
            func.func @f(%a: tensor<3x2xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
              %r = linalg.reduce { arith.addf } ins(%a : tensor<3x2xf32>) outs(%u : tensor<3xf32>) dimensions = [0]
              func.return %r : tensor<3xf32>
            }
            """,
            "init shape [3] must be the input shape [3, 2] without dimensions [0]",
        ),
        (
            """
            func.func @f(%a: tensor<3x2xf32>, %u: tensor<2xf32>) -> tensor<2xf32> {
              %r = linalg.reduce ins(%a : tensor<3x2xf32>) outs(%u : tensor<2xf32>) dimensions = [0]
                (%x: f32, %s: f32) {
                  linalg.yield %x, %s : f32, f32
                }
              func.return %r : tensor<2xf32>
            }
            """,
            "the body must yield one value per init",
        ),
        (
            """
            func.func @f(%t: tensor<2xf32>, %n: index) -> tensor<4xf32> {
              %z = arith.constant 0.0 : f32
              %p = tensor.pad %t low[%n] high[1] {
              ^bb0(%i: index):
                tensor.yield %z : f32
              } : tensor<2xf32> to tensor<4xf32>
              %q = tensor.pad %t low[1] high[2] {
              ^bb0(%i: index):
                tensor.yield %z : f32
              } : tensor<2xf32> to tensor<4xf32>
              func.return %q : tensor<4xf32>
            }
            """,
            "specified type tensor<4xf32> does not match the inferred type "
            "tensor<5xf32>",
        ),
    ],
)
def test_bad_input_gets_a_located_diagnostic(text: str, message: str) -> None:
    assert_diagnostic(text, message)


PAD = """
func.func @main(%t: tensor<1x?x3xf32>, %offset: index) -> tensor<1x?x?xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 7.0 : f32
  %p = tensor.pad %t low[%c0, %offset, %c0] high[%c0, %c0, %offset] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %pad : f32
  } : tensor<1x?x3xf32> to tensor<1x?x?xf32>
  return %p : tensor<1x?x?xf32>
}
"""


def test_pad_with_more_dynamic_amounts_than_dynamic_result_dims() -> None:
    # MLIR's test-padtensor.mlir: three dynamic amounts, two dynamic result dims
    # (a dynamic amount on dimension 0 whose result size the type states).
    module = _round_trips(PAD)
    t = ArrayValue((1, 2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    (padded,) = _results(module, [t, 1])
    assert padded == ArrayValue(
        (1, 3, 4),
        [7.0] * 4 + [1.0, 2.0, 3.0, 7.0, 4.0, 5.0, 6.0, 7.0],
    )
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[t, 1]).ok
    _upstream_reads(PAD, str(module), _bufferized(module))


RANK = """
func.func @main(%t: tensor<2x?xf32>) -> (index, index) {
  %u = tensor.cast %t : tensor<2x?xf32> to tensor<*xf32>
  %r = tensor.rank %u : tensor<*xf32>
  %s = tensor.rank %t : tensor<2x?xf32>
  return %r, %s : index, index
}
"""


def test_tensor_rank() -> None:
    module = _round_trips(RANK)
    t = ArrayValue((2, 1), [1.0, 2.0])
    assert _results(module, [t]) == (2, 2)
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[t]).ok
    bufferized = _bufferized(module)
    assert "memref.rank %0 : memref<*xf32>" in bufferized
    _upstream_reads(RANK, str(module), bufferized)


LONG_FORM_BODIES = """\
%m = linalg.map ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>)
(%x: f32) {
  %n = arith.negf %x : f32
  %k = arith.addf %n, %x : f32
  linalg.yield %k : f32
}
%s = linalg.reduce ins(%a : tensor<4xf32>) outs(%r : tensor<f32>) dimensions = [0]
(%x: f32, %y: f32) {
  %n = arith.mulf %x, %y : f32
  %k = arith.addf %n, %x : f32
  linalg.yield %k : f32
}"""


def test_map_and_reduce_print_their_long_form_bodies_as_read() -> None:
    # Bodies of two ops have no short form: each op prints its block arguments in
    # parentheses on a new line, then the region, as it reads them.
    src = (
        "func.func @f(%a: tensor<4xf32>, %e: tensor<4xf32>, %r: tensor<f32>)"
        " -> (tensor<4xf32>, tensor<f32>) {\n"
        + LONG_FORM_BODIES
        + "\nfunc.return %m, %s : tensor<4xf32>, tensor<f32>\n}\n"
    )
    module = parse_module(src, "long.mlir")
    module.verify()
    printed: list[str] = []
    for op in module.walk():
        if op.name in ("linalg.map", "linalg.reduce"):
            stream = io.StringIO()
            Printer(stream=stream).print_op(op)
            printed.append(stream.getvalue())
    assert "\n".join(printed) == LONG_FORM_BODIES
