"""`bufferization.dealloc` in MLIR's spelling: it reads and prints as MLIR writes it,
upstream MLIR reads our printing, and the reference executor gives it MLIR's semantics
(each allocation freed once, retained ones kept, updated ownership flags)."""

from __future__ import annotations

import pytest

from tests.execution.exec_helpers import run_src
from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.execution.memory import FindingKind

SHARED = """
func.func @main() -> (i1, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %r:2 = bufferization.dealloc (%a, %s, %b : memref<8xf32>, memref<4xf32, strided<[1], offset: 2>>, memref<4xf32>) if (%true, %true, %false) retain (%b, %a : memref<4xf32>, memref<8xf32>)
  bufferization.dealloc (%a, %s : memref<8xf32>, memref<4xf32, strided<[1], offset: 2>>) if (%false, %true)
  bufferization.dealloc (%b : memref<4xf32>) if (%true)
  func.return %r#0, %r#1 : i1, i1
}
"""


def test_round_trip() -> None:
    module = parse_module(SHARED, "shared.mlir")
    module.verify()
    text = str(module)
    assert (
        "bufferization.dealloc (%a, %s, %b : memref<8xf32>, memref<4xf32, "
        "strided<[1], offset: 2>>, memref<4xf32>) if (%true, %true, %false) "
        "retain (%b, %a : memref<4xf32>, memref<8xf32>)"
    ) in text
    assert str(parse_module(text, "again.mlir")) == text


def test_executor_frees_each_allocation_once_and_keeps_retained() -> None:
    outcome = run_src(SHARED)
    assert outcome.error is None, outcome.error
    assert outcome.findings == [], [str(f) for f in outcome.findings]
    # %a is retained by the first op (flag: %a's own condition was true), then freed
    # once through the view %s; %b (condition false) is kept, then freed.
    assert outcome.results == (False, True)
    assert outcome.stats.frees == outcome.stats.allocs == 2


def test_executor_reports_a_second_free() -> None:
    outcome = run_src(
        """
func.func @main() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  memref.dealloc %a : memref<4xf32>
  func.return
}
"""
    )
    assert [f.kind for f in outcome.findings] == [FindingKind.DOUBLE_FREE]


def test_upstream_mlir_reads_our_printing() -> None:
    ir = pytest.importorskip("mlir_finch.ir")
    with ir.Context():
        module = ir.Module.parse(str(parse_module(SHARED, "shared.mlir")))
        assert module.operation.verify()
