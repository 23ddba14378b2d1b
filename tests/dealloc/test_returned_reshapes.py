"""The executor's rule for freeing a view, which the deallocation of returned reshapes
relies on: a dealloc of a whole contiguous reshape of an allocation frees it (MLIR's
lowered dealloc frees the descriptor's allocated pointer, which reshapes keep); a
dealloc of any other view is still an invalid free."""

from __future__ import annotations

from tests.execution.exec_helpers import run_src
from xdsl_bufferize.execution.memory import FindingKind


def test_dealloc_of_a_whole_reshape_frees_the_allocation() -> None:
    outcome = run_src(
        """
func.func @main() {
  %a = memref.alloc() : memref<8xf32>
  %e = memref.expand_shape %a [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  %f = memref.expand_shape %c [[0, 1]] output_shape [4, 2] : memref<8xf32> into memref<4x2xf32>
  memref.dealloc %f : memref<4x2xf32>
  func.return
}
"""
    )
    assert outcome.error is None, outcome.error
    assert outcome.findings == [], [str(f) for f in outcome.findings]
    assert outcome.stats.frees == outcome.stats.allocs == 1


def test_dealloc_of_a_reshaped_part_is_still_invalid() -> None:
    outcome = run_src(
        """
func.func @main() {
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %e = memref.expand_shape %s [[0, 1]] output_shape [2, 2] : memref<4xf32, strided<[1]>> into memref<2x2xf32, strided<[2, 1]>>
  memref.dealloc %e : memref<2x2xf32, strided<[2, 1]>>
  memref.dealloc %a : memref<8xf32>
  func.return
}
"""
    )
    assert [f.kind for f in outcome.findings] == [FindingKind.INVALID_FREE]
