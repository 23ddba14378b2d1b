"""MLIR's custom form of the memref ops xDSL 0.75 reads only generically
(`dialects/memref_syntax.py`: `memref.cast`, `memref.copy`, `memref.global`,
`memref.memory_space_cast`, `memref.extract_aligned_pointer_as_index`) and the forms of
`bufferization.to_buffer` / `to_tensor` MLIR and the finch-mlir wheel print
(`dialects/bufferization_ext.py`). Each custom form reads as the op its generic form
reads as; our output stays generic (as xDSL prints these ops) and upstream MLIR reads
it as the same program; programs written this way compute the same before and after
`buffer-deallocation` / `comprehensive-bufferize`, with nothing leaked or freed twice."""

from __future__ import annotations

import pytest
from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import ParseError

from tests.corpus.test_integration_shapes import MEMREF_CAST_CUSTOM_FORM
from tests.dialects.cli import assert_diagnostic
from xdsl_bufferize.execution import check_pipeline, parse_module
from xdsl_bufferize.execution.runner import apply_pipeline

FORMS: list[tuple[str, str, str]] = [
    (
        "cast to a dynamic shape",
        "%r = memref.cast %a : memref<4xf32> to memref<?xf32>",
        '%r = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>',
    ),
    (
        "cast to unranked, with attributes",
        '%r = memref.cast %a {note = "x"} : memref<4xf32> to memref<*xf32>',
        '%r = "memref.cast"(%a) {note = "x"} : (memref<4xf32>) -> memref<*xf32>',
    ),
    (
        "copy",
        "memref.copy %a, %b : memref<4xf32> to memref<4xf32>",
        '"memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()',
    ),
    (
        "copy of unranked buffers",
        "memref.copy %u, %u : memref<*xf32> to memref<*xf32>",
        '"memref.copy"(%u, %u) : (memref<*xf32>, memref<*xf32>) -> ()',
    ),
    (
        "memory_space_cast",
        "%r = memref.memory_space_cast %a : memref<4xf32> to memref<4xf32, 1>",
        '%r = "memref.memory_space_cast"(%a) : (memref<4xf32>) -> memref<4xf32, 1>',
    ),
    (
        "extract_aligned_pointer_as_index",
        "%r = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index",
        '%r = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4xf32>) -> index',
    ),
    (
        "to_buffer, MLIR's form",
        "%r = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>",
        "%r = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>",
    ),
    (
        "to_buffer, the wheel's form (tensor type implied)",
        "%r = bufferization.to_buffer %t {x} : memref<4xf32, 1>",
        "%r = bufferization.to_buffer %t : {x} tensor<4xf32> to memref<4xf32, 1>",
    ),
    (
        "to_tensor, the wheel's form (tensor type implied)",
        "%r = bufferization.to_tensor %u restrict writable : memref<*xf32>",
        "%r = bufferization.to_tensor %u restrict writable : memref<*xf32> to "
        "tensor<*xf32>",
    ),
]

GLOBALS: list[tuple[str, str, str]] = [
    (
        "private constant with alignment",
        'memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]> '
        "{alignment = 64 : i64}",
        '"memref.global"() <{sym_name = "g", sym_visibility = "private", '
        "type = memref<2xf32>, initial_value = dense<[1.0, 2.0]> : tensor<2xf32>, "
        "constant, alignment = 64 : i64}> : () -> ()",
    ),
    (
        "public, uninitialized",
        "memref.global @g : memref<2x3xi32> = uninitialized",
        '"memref.global"() <{sym_name = "g", type = memref<2x3xi32>, '
        "initial_value}> : () -> ()",
    ),
    (
        "external declaration, splat value with a discardable attribute",
        'memref.global "nested" @g : memref<f64> = dense<7.0> {note = 1 : i32}',
        '"memref.global"() <{sym_name = "g", sym_visibility = "nested", '
        "type = memref<f64>, initial_value = dense<7.0> : tensor<f64>}> "
        "{note = 1 : i32} : () -> ()",
    ),
    (
        "declaration without a value",
        "memref.global @g : memref<3xi32>",
        '"memref.global"() <{sym_name = "g", type = memref<3xi32>}> : () -> ()',
    ),
]


def _in_function(line: str) -> str:
    return (
        "func.func @f(%a: memref<4xf32>, %b: memref<4xf32>, %u: memref<*xf32>, "
        "%t: tensor<4xf32>) {\n  " + line + "\n  func.return\n}\n"
    )


def _op_of(module: ModuleOp) -> str:
    """The one op of interest, printed (generic for the memref ops)."""
    top = next(iter(module.ops))
    if isinstance(top, memref.GlobalOp):
        return str(top)
    body = next(iter(top.regions[0].block.ops))
    return str(body)


def _upstream_reads(*texts: str) -> list[str]:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    printed: list[str] = []
    for text in texts:
        with mlir_ir.Context():
            module = mlir_ir.Module.parse(text)
            assert module.operation.verify()
            printed.append(str(module))
    return printed


@pytest.mark.parametrize(
    ("custom", "generic"),
    [(c, g) for _, c, g in FORMS],
    ids=[name for name, _, _ in FORMS],
)
def test_custom_form_reads_as_the_generic_form(custom: str, generic: str) -> None:
    from_custom = parse_module(_in_function(custom), "custom.mlir")
    from_generic = parse_module(_in_function(generic), "generic.mlir")
    from_custom.verify()
    assert _op_of(from_custom) == _op_of(from_generic)
    # Round trip: what we print reads back to the same text.
    printed = str(from_custom)
    assert str(parse_module(printed, "printed.mlir")) == printed


@pytest.mark.parametrize(
    ("custom", "generic"),
    [(c, g) for _, c, g in GLOBALS],
    ids=[name for name, _, _ in GLOBALS],
)
def test_global_custom_form_reads_as_the_generic_form(
    custom: str, generic: str
) -> None:
    from_custom = parse_module(custom, "custom.mlir")
    from_generic = parse_module(generic, "generic.mlir")
    from_custom.verify()
    assert _op_of(from_custom) == _op_of(from_generic)
    printed = str(from_custom)
    assert str(parse_module(printed, "printed.mlir")) == printed


def test_memref_ops_still_print_generic() -> None:
    text = _in_function("memref.copy %a, %b : memref<4xf32> to memref<4xf32>")
    printed = str(parse_module(text, "input.mlir"))
    assert '"memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()' in printed


def test_upstream_reads_our_print_as_the_same_program() -> None:
    """Our (generic) print of each custom-form input is, for upstream MLIR, the
    program the input is."""
    memref_forms = [c for name, c, _ in FORMS if not name.startswith("to_")]
    text = (
        "\n".join(g for _, g, _ in GLOBALS[:1])
        + "\n"
        + (
            "func.func @f(%a: memref<4xf32>, %b: memref<4xf32>, %u: memref<*xf32>) {\n  "
            + "\n  ".join(
                line.replace("%r =", f"%r{i} =") for i, line in enumerate(memref_forms)
            )
            + "\n  func.return\n}\n"
        )
    )
    ours = str(parse_module(text, "input.mlir"))
    assert '"memref.cast"' in ours
    theirs_of_input, theirs_of_ours = _upstream_reads(text, ours)
    assert theirs_of_input == theirs_of_ours


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            _in_function("%r = memref.cast %a : memref<4xf32> to memref<?xi32>"),
            "element types of memref<4xf32> and memref<?xi32> do not match",
        ),
        (
            _in_function("%r = memref.cast %a : memref<4xf32> to memref<5xf32>"),
            "shapes of memref<4xf32> and memref<5xf32> do not match",
        ),
        (
            "func.func @f(%a: memref<4xf32>, %h: memref<4xf16>) {\n"
            "  memref.copy %a, %h : memref<4xf32> to memref<4xf16>\n"
            "  func.return\n}\n",
            "same element type",
        ),
        (
            "memref.global @g : tensor<2xf32> = dense<1.0>",
            "memref.global's type must be a ranked memref",
        ),
        (
            _in_function("memref.copy %a %b : memref<4xf32> to memref<4xf32>"),
            "Expected ','",
        ),
    ],
)
def test_bad_input_is_a_diagnostic(text: str, message: str) -> None:
    assert_diagnostic(text, message)


def test_parse_error_names_the_position() -> None:
    with pytest.raises(ParseError, match="memref.global's type must be a ranked"):
        parse_module("memref.global @g : i32", "input.mlir")


BUFFERS = """
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" @scratch : memref<4xf32> = uninitialized
func.func @main(%i: index) -> (f32, f32, memref<?xf32>) {
  %g = memref.get_global @table : memref<4xf32>
  %a = memref.alloc() : memref<4xf32>
  memref.copy %g, %a : memref<4xf32> to memref<4xf32>
  %d = memref.cast %a : memref<4xf32> to memref<?xf32>
  %ua = memref.cast %a : memref<4xf32> to memref<*xf32>
  %s = memref.get_global @scratch : memref<4xf32>
  %us = memref.cast %s : memref<4xf32> to memref<*xf32>
  memref.copy %ua, %us : memref<*xf32> to memref<*xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %s, %b : memref<4xf32> to memref<4xf32>
  %v = memref.load %d[%i] : memref<?xf32>
  %w = memref.load %b[%i] : memref<4xf32>
  %db = memref.cast %b : memref<4xf32> to memref<?xf32>
  return %v, %w, %db : f32, f32, memref<?xf32>
}
"""
"""Buffers moved through custom-form casts (ranked and unranked), copies and
globals; one local buffer is dead after its loads, one is returned through a cast."""


def test_custom_forms_execute_before_and_after_buffer_deallocation() -> None:
    module = parse_module(BUFFERS, "buffers.mlir")
    report = check_pipeline(module, "buffer-deallocation", inputs=[2])
    assert report.pipeline_error is None
    assert report.after is not None and report.after.ok, report.after
    assert not report.mismatches
    assert report.before.results is not None
    assert report.before.results[:2] == (3.0, 3.0)
    # Before the pass the dead buffer leaks; after it nothing does.
    assert {f.kind.value for f in report.before.findings} == {"leak"}
    assert report.before.findings
    deallocated = str(apply_pipeline(module, "buffer-deallocation"))
    assert "memref.dealloc" in deallocated
    _upstream_reads(BUFFERS, deallocated)


TENSOR_THEN_CAST = MEMREF_CAST_CUSTOM_FORM
"""MLIR's test-tile-reduction-subf shape: a tensor result read through a
custom-form `memref.cast` of its buffer (the program of the integration-shape test,
here also read back by upstream MLIR after bufferization)."""


def test_tensor_program_with_custom_cast_through_comprehensive_bufferize() -> None:
    module = parse_module(TENSOR_THEN_CAST, "subf.mlir")
    report = check_pipeline(module, "comprehensive-bufferize", inputs=[])
    assert report.ok, report
    assert report.before.results == (-60.0,)
    bufferized = str(apply_pipeline(module, "comprehensive-bufferize"))
    _upstream_reads(bufferized)
