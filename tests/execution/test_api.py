"""The Python API: check_pipeline, result comparison, and the memory API for ops of
other dialects (`extra_functions` with allocate_buffer / free_buffer / clone_buffer)."""

from __future__ import annotations

from typing import Any

import pytest
from xdsl.dialects.builtin import MemRefType
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def

from xdsl_bufferize.execution import (
    ArrayValue,
    FindingKind,
    UsageError,
    allocate_buffer,
    check_pipeline,
    clone_buffer,
    compare_results,
    free_buffer,
    make_context,
    parse_module,
    run,
    values_close,
)

LEAKY = """
func.func @main(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %x, %a[%c0] : memref<2xf32>
  %y = memref.load %a[%c0] : memref<2xf32>
  %z = arith.addf %y, %y : f32
  func.return %z : f32
}
"""

TENSOR_PROGRAM = """
func.func @main(%t: tensor<?xf32>) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1.0 : f32
  %e = arith.constant 1.0 : f32
  %s = arith.addf %c1, %e : f32
  %x = tensor.extract %t[%c0] : tensor<?xf32>
  %y = arith.mulf %x, %s : f32
  %u = tensor.insert %y into %t[%c0] : tensor<?xf32>
  func.return %u, %y : tensor<?xf32>, f32
}
"""


def test_check_pipeline_compares_and_never_touches_the_module() -> None:
    module = parse_module(TENSOR_PROGRAM)
    before_text = str(module)
    report = check_pipeline(module, "canonicalize,cse", seed=3)
    assert report.ok, (report.mismatches, report.findings, report.pipeline_error)
    assert report.before.results is not None
    assert report.after is not None
    assert report.after.results is not None
    assert compare_results(report.before.results, report.after.results) == []
    assert str(module) == before_text


def test_check_pipeline_collects_findings_of_both_runs() -> None:
    report = check_pipeline(parse_module(LEAKY), "cse", inputs=[1.5])
    assert not report.ok
    assert report.before.results == (3.0,)
    assert [(stage, f.kind) for stage, f in report.findings] == [
        ("before", FindingKind.LEAK),
        ("after", FindingKind.LEAK),
    ]


def test_check_pipeline_rejects_unknown_pass() -> None:
    with pytest.raises(UsageError, match="unknown pass .no-such-pass."):
        check_pipeline(parse_module(LEAKY), "no-such-pass", inputs=[1.0])


def test_run_rejects_missing_entry_and_wrong_arguments() -> None:
    with pytest.raises(UsageError, match="no function @nope"):
        run(parse_module(LEAKY), "nope")
    with pytest.raises(UsageError, match="takes 1 arguments"):
        run(parse_module(LEAKY))
    with pytest.raises(UsageError, match="does not fit"):
        run(parse_module(TENSOR_PROGRAM), args=[ArrayValue((2, 2), [1.0] * 4)])


def test_values_close_uses_tolerance_and_shapes() -> None:
    assert values_close(1.0, 1.0 + 1e-7)
    assert not values_close(1.0, 1.001)
    assert values_close(float("nan"), float("nan"))
    assert not values_close(
        ArrayValue((2,), [1.0, 2.0]), ArrayValue((1, 2), [1.0, 2.0])
    )
    assert compare_results((1, 2.0), (1, 2.5)) == ["result #1: 2.0 before, 2.5 after"]
    assert compare_results((1,), (1, 2)) == ["1 results before, 2 after"]


@irdl_op_definition
class ExtAllocOp(IRDLOperation):
    """Test op: a heap allocation made by another dialect."""

    name = "exectest.alloc"
    result = result_def(MemRefType)
    assembly_format = "attr-dict `:` type($result)"


@irdl_op_definition
class ExtCloneOp(IRDLOperation):
    """Test op: a copy of a buffer into a new heap allocation."""

    name = "exectest.clone"
    input = operand_def(MemRefType)
    result = result_def(MemRefType)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"


@irdl_op_definition
class ExtFreeOp(IRDLOperation):
    """Test op: frees a heap allocation."""

    name = "exectest.free"
    input = operand_def(MemRefType)
    assembly_format = "$input attr-dict `:` type($input)"


ExecTest = Dialect("exectest", [ExtAllocOp, ExtCloneOp, ExtFreeOp])


@register_impls
class ExecTestFunctions(InterpreterFunctions):
    """Implementations of the test dialect, written against the public memory API."""

    @impl(ExtAllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: ExtAllocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = op.result.type
        assert isinstance(t, MemRefType)
        return (allocate_buffer(interpreter, op, t),)

    @impl(ExtCloneOp)
    def run_clone(
        self, interpreter: Interpreter, op: ExtCloneOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (clone_buffer(interpreter, op, args[0]),)

    @impl(ExtFreeOp)
    def run_free(
        self, interpreter: Interpreter, op: ExtFreeOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        free_buffer(interpreter, op, args[0])
        return ()


EXT_PROGRAM = """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 4.0 : f32
  %a = exectest.alloc : memref<3xf32>
  memref.store %f, %a[%c0] : memref<3xf32>
  %b = exectest.clone %a : memref<3xf32> -> memref<3xf32>
  exectest.free %a : memref<3xf32>
  %x = memref.load %b[%c0] : memref<3xf32>
  exectest.free %b : memref<3xf32>
  FREE_AGAIN
  func.return %x : f32
}
"""


def _ext_module(free_again: str) -> Any:
    ctx = make_context()
    ctx.load_dialect(ExecTest)
    return parse_module(EXT_PROGRAM.replace("FREE_AGAIN", free_again), "ext.mlir", ctx)


def test_extra_functions_use_the_memory_api() -> None:
    outcome = run(_ext_module(""), extra_functions=[ExecTestFunctions()])
    assert outcome.error is None
    assert outcome.findings == []
    assert outcome.results == (4.0,)


def test_extra_functions_double_free_and_leak_are_found() -> None:
    outcome = run(
        _ext_module("exectest.free %b : memref<3xf32>"),
        extra_functions=[ExecTestFunctions()],
    )
    assert [(f.kind, f.op_name, f.location) for f in outcome.findings] == [
        (FindingKind.DOUBLE_FREE, "exectest.free", "ext.mlir:11:3 in @main")
    ]
    leaky = EXT_PROGRAM.replace("  exectest.free %b : memref<3xf32>\n", "")
    ctx = make_context()
    ctx.load_dialect(ExecTest)
    outcome = run(
        parse_module(leaky.replace("FREE_AGAIN", ""), "ext.mlir", ctx),
        extra_functions=[ExecTestFunctions()],
    )
    assert [(f.kind, f.op_name) for f in outcome.findings] == [
        (FindingKind.LEAK, "exectest.clone")
    ]


def test_check_pipeline_judges_a_bufferization_pipeline() -> None:
    """The executor runs the memref program our bufferization produces; without
    deallocation the allocations it makes leak, which the report shows."""
    src = """
    func.func @main(%t: tensor<4xf32>) -> f32 {
      %c1 = arith.constant 1 : index
      %e = tensor.empty() : tensor<4xf32>
      %d = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %x = tensor.extract %d[%c1] : tensor<4xf32>
      func.return %x : f32
    }
    """
    inputs = [ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])]
    report = check_pipeline(parse_module(src), "one-shot-bufferize", inputs=inputs)
    assert report.before.results == (4.0,)
    assert report.after is not None
    assert report.after.results == (4.0,)
    assert report.mismatches == []
    assert [f.kind for stage, f in report.findings if stage == "after"] == [
        FindingKind.LEAK
    ]
