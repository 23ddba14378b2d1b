"""`print-conflicts` under `test-analysis-only` writes MLIR's annotations: on each
program below, upstream MLIR's one-shot-bufferize (finch-mlir, optional) and ours
mark the same ops with the same in-place decisions (`__inplace_operands_attr__`)
and the same conflict marks (`C_<n>[CONFL-WRITE: i]`, `[READ: i]`, `[DEF: ...]`),
conflicts numbered in the same order (numbers compared from the first one of each
run: MLIR's counter is per process). Each case has one read per conflict: where
several reads conflict MLIR reports one of them depending on its hash order (a write
before two reads names either read from run to run), so such cases are not compared. The programs are ours, written in the style of
upstream's analysis tests; tests/filecheck/one-shot-bufferize/print-conflicts-mlir.mlir
pins our output with FileCheck lines in MLIR's format."""

from __future__ import annotations

import re
from typing import Any

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, StringAttr
from xdsl.ir import Operation

from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass

PIPELINE = "bufferize-function-boundaries test-analysis-only print-conflicts"

CASES: dict[str, str] = {
    "read_old_after_insert": """
func.func @f(%v: f32, %w: f32, %i: index, %j: index) -> (f32, tensor<3xf32>) {
  %0 = tensor.from_elements %v, %v, %v : tensor<3xf32>
  %1 = tensor.insert %w into %0[%i] : tensor<3xf32>
  %r = tensor.extract %0[%j] : tensor<3xf32>
  return %r, %1 : f32, tensor<3xf32>
}
""",
    "argument_read_after_fill": """
func.func @f(%t: tensor<8xf32>, %v: f32, %k: index) -> (tensor<8xf32>, f32) {
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %x = tensor.extract %t[%k] : tensor<8xf32>
  return %f, %x : tensor<8xf32>, f32
}
""",
    "insert_slice_then_read_destination": """
func.func @f(%t: tensor<16xf32>, %s: tensor<4xf32>, %k: index) -> (tensor<16xf32>, f32) {
  %r = tensor.insert_slice %s into %t[4] [4] [1] : tensor<4xf32> into tensor<16xf32>
  %x = tensor.extract %t[%k] : tensor<16xf32>
  return %r, %x : tensor<16xf32>, f32
}
""",
    "slice_read_after_write": """
func.func @f(%t: tensor<16xf32>, %v: f32) -> (tensor<16xf32>, tensor<4xf32>) {
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<16xf32>) -> tensor<16xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c = linalg.copy ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f, %c : tensor<16xf32>, tensor<4xf32>
}
""",
    "no_conflict": """
func.func @f(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  return %f : tensor<8xf32>
}
""",
}

_MARK = re.compile(r"^C_(\d+)(\[.*\])$")

Annotation = tuple[str, tuple[str, ...], str | None]


def _normalized(rows: list[tuple[str, list[str], str | None]]) -> list[Annotation]:
    """Conflict numbers counted from the first one seen; marks sorted per op."""
    first: int | None = None
    out: list[Annotation] = []
    for name, marks, inplace in rows:
        renamed: list[str] = []
        for mark in marks:
            found = _MARK.match(mark)
            assert found is not None, mark
            number = int(found.group(1))
            first = number if first is None else min(first, number)
            renamed.append(f"{number - first}{found.group(2)}")
        if renamed or inplace is not None:
            out.append((name, tuple(sorted(renamed)), inplace))
    return out


def _ours(text: str) -> list[Annotation]:
    module = parse_module(text)
    OneShotBufferizePass(
        bufferize_function_boundaries=True,
        test_analysis_only=True,
        print_conflicts=True,
    ).apply(Context(), module)
    rows: list[tuple[str, list[str], str | None]] = []
    for op in module.walk():
        if op is module:
            continue
        rows.append((op.name, _marks(op), _inplace(op)))
    return _normalized(rows)


def _marks(op: Operation) -> list[str]:
    return [name for name in op.attributes if _MARK.match(name)]


def _inplace(op: Operation) -> str | None:
    attr = op.attributes.get("__inplace_operands_attr__")
    if not isinstance(attr, ArrayAttr):
        return None
    values = [a.data for a in attr.data if isinstance(a, StringAttr)]  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"  # pyright: ignore[reportUnknownVariableType]


def _upstream(text: str) -> list[Annotation]:
    ir: Any = pytest.importorskip("mlir_finch.ir")
    passmanager: Any = pytest.importorskip("mlir_finch.passmanager")
    rows: list[tuple[str, list[str], str | None]] = []

    def visit(op: Any) -> None:
        names = [named.name for named in op.attributes]
        inplace = (
            str(op.attributes["__inplace_operands_attr__"])
            if "__inplace_operands_attr__" in names
            else None
        )
        rows.append((op.name, [n for n in names if _MARK.match(n)], inplace))
        for region in op.regions:
            for block in region.blocks:
                for child in block.operations:
                    visit(child.operation)

    with ir.Context():
        module = ir.Module.parse(text)
        passmanager.PassManager.parse(
            f"builtin.module(one-shot-bufferize{{{PIPELINE}}})"
        ).run(module.operation)
        for op in module.body.operations:
            visit(op.operation)
    return _normalized(rows)


@pytest.mark.parametrize("name", sorted(CASES))
def test_annotations_equal_upstream(name: str) -> None:
    text = CASES[name]
    assert _ours(text) == _upstream(text)


def test_cases_have_conflicts() -> None:
    """All cases but one have a conflict, so the marks are really compared."""
    with_marks = [
        name for name, text in CASES.items() if any(m for _, m, _ in _ours(text))
    ]
    assert len(with_marks) == len(CASES) - 1
