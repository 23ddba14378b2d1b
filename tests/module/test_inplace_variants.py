"""In-place variants of public functions called inside the module: names, which
functions get one, external callers unaffected, and the copies / allocations executed
by `@main` (dynamic counts, from the reference executor)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from bench.dynamic import run_with_stats
from xdsl_bufferize.analysis.call_graph import build_call_graph, is_public
from xdsl_bufferize.bufferization.public_wrappers import needs_variant, variant_name
from xdsl_bufferize.execution import ArrayValue
from xdsl_bufferize.execution.runner import (
    apply_pipeline,
    check_pipeline,
    make_context,
    random_inputs,
    run,
)

from .test_comprehensive_execution import MODULE_PROGRAMS, PROGRAMS, parse

WORKLOADS = Path(__file__).resolve().parents[1] / "workloads"


def parse_text(text: str) -> ModuleOp:
    return Parser(make_context(), text).parse_module()


def test_variant_name_avoids_taken_symbols() -> None:
    assert variant_name("f", set()) == "f__inplace"
    assert variant_name("f", {"f__inplace"}) == "f__inplace_1"
    assert variant_name("f", {"f__inplace", "f__inplace_1"}) == "f__inplace_2"


KERNELS = """
func.func @called(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @lonely(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @declared(%a: tensor<4xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func private @hidden(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @scalar(%x: f32) -> f32 {
  return %x : f32
}
func.func @main(%t: tensor<4xf32>, %x: f32) -> f32 {
  %a = func.call @called(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @declared(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %c = func.call @hidden(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %y = func.call @scalar(%x) : (f32) -> f32
  return %y : f32
}
"""


def test_needs_variant() -> None:
    graph = build_call_graph(parse_text(KERNELS))
    wanted = {name for name, f in graph.functions.items() if needs_variant(f, graph)}
    # Private, never called, all tensor arguments declared, no tensor argument: no.
    assert wanted == {"called"}


def _public_kernels(path: Path) -> list[str]:
    module = parse(path)
    return [
        op.sym_name.data
        for op in module.ops
        if isinstance(op, func.FuncOp)
        and is_public(op)
        and not op.is_declaration
        and op.sym_name.data != "main"
    ]


KERNEL_CASES = [
    (path, name)
    for path in [*PROGRAMS, *MODULE_PROGRAMS]
    for name in _public_kernels(path)
]


@pytest.mark.parametrize(
    ("path", "name"), KERNEL_CASES, ids=[f"{p.name}:{n}" for p, n in KERNEL_CASES]
)
def test_public_kernels_called_from_outside(path: Path, name: str) -> None:
    """Each public function, called as an entry (as an external caller would) on
    random inputs, computes the same before and after, with no memory finding."""
    report = check_pipeline(parse(path), "comprehensive-bufferize", name, None)
    assert report.pipeline_error is None, report.pipeline_error
    assert report.after is not None
    assert report.before.ok, report.before.findings
    assert report.after.error is None, report.after.error
    assert not report.after.findings, report.after.findings
    assert not report.mismatches, report.mismatches


HARNESS = """
  func.func @external_caller() -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %seven = arith.constant 7.0 : f32
    %buf = memref.alloc() : memref<4xf32>
    linalg.fill ins(%seven : f32) outs(%buf : memref<4xf32>)
    %arg = "memref.cast"(%buf) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
    %res = func.call @bump(%arg) : (memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32>
    %old = memref.load %buf[%c0] : memref<4xf32>
    %new = memref.load %res[%c0] : memref<4xf32>
    memref.dealloc %res : memref<4xf32>
    memref.dealloc %buf : memref<4xf32>
    func.return %old, %new : f32, f32
  }
"""

BUMP = """
func.func @bump(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @bump(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}
"""


def test_wrapper_leaves_the_external_callers_buffer_alone() -> None:
    out = str(apply_pipeline(parse_text(BUMP), "comprehensive-bufferize"))
    assert "func.func private @bump__inplace(" in out
    # The bufferized module, plus a memref-level caller from outside the module.
    module = parse_text(out.rstrip().removesuffix("}") + HARNESS + "}")
    outcome = run(module, "external_caller", [])
    assert outcome.ok, (outcome.error, outcome.findings)
    assert outcome.results == (7.0, 8.0)
    main = run(module, "main", [])
    assert main.ok and main.results == (1.0,)


def test_wrapper_inputs_unchanged_on_random_inputs() -> None:
    """Run the wrapper as the entry on a random argument: the result is the
    argument plus one at index 0 (the executor checks memory)."""
    module = apply_pipeline(parse_text(BUMP), "comprehensive-bufferize")
    bump = next(
        op
        for op in module.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == "bump"
    )
    (arg,) = random_inputs(bump, random.Random(3))
    assert isinstance(arg, ArrayValue)
    outcome = run(module, "bump", [arg])
    assert outcome.ok, (outcome.error, outcome.findings)
    assert outcome.results is not None
    (result,) = outcome.results
    assert isinstance(result, ArrayValue)
    assert result.data[0] == pytest.approx(arg.data[0] + 1.0)
    assert result.data[1:] == arg.data[1:]


# Executed (allocations, copies) of @main after comprehensive-bufferize, at most.
# Before the in-place variants, each public kernel copied its argument at entry and
# @main executed: 03 4/1, 08 5/3, 13 6/1 (07: 5/1 -> 4/0, but its loop depends on
# the in-place analysis of scf.while and on hoisting, so it is not pinned here).
# Copies count memref.copy, linalg.copy and bufferization.clone.
DYNAMIC_AT_MOST = {
    "03_tiled_matmul.mlir": (3, 0),
    "08_multi_function_inplace.mlir": (3, 1),
    "13_tiled_matmul_dynamic.mlir": (5, 0),
}


@pytest.mark.parametrize("name", sorted(DYNAMIC_AT_MOST))
def test_dynamic_counts_of_main(name: str) -> None:
    out = apply_pipeline(parse(WORKLOADS / name), "comprehensive-bufferize")
    outcome = run_with_stats(out)
    assert outcome.ok, (outcome.error, outcome.findings)
    allocs, copies = DYNAMIC_AT_MOST[name]
    assert outcome.stats.allocs <= allocs
    assert outcome.stats.copies <= copies
