"""What upstream MLIR's lowered deallocation (`bufferization-lower-deallocations`) needs:
freeing the base buffer of `memref.extract_strided_metadata`, aligned pointers
(`memref.extract_aligned_pointer_as_index`), and, when `mlir_finch` is installed, every
workload and example bufferized and deallocated by upstream MLIR runs with the results of
its tensor program and no finding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from xdsl.dialects import memref
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls

from xdsl_bufferize.execution import (
    ArrayValue,
    FindingKind,
    MemRefView,
    compare_results,
    memory_tracker,
    parse_module,
    run,
)

from .exec_helpers import results_of, run_src


def test_freeing_the_extracted_base_buffer_of_a_subview_frees_the_allocation() -> None:
    outcome = run_src(
        """
    func.func @main() {
      %a = memref.alloc() : memref<4x4xf32>
      %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
      %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<2x2xf32, strided<[4, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
      "memref.dealloc"(%base) : (memref<f32>) -> ()
      func.return
    }
    """
    )
    assert outcome.error is None
    assert outcome.findings == []
    assert (outcome.stats.allocs, outcome.stats.frees) == (1, 1)
    assert outcome.stats.live_bytes == 0


def test_base_buffer_free_then_free_of_the_allocation_is_a_double_free() -> None:
    outcome = run_src(
        """
    func.func @main() {
      %a = memref.alloc() : memref<4xf32>
      %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
      "memref.dealloc"(%base) : (memref<f32>) -> ()
      memref.dealloc %a : memref<4xf32>
      func.return
    }
    """
    )
    assert [f.kind for f in outcome.findings] == [FindingKind.DOUBLE_FREE]
    assert outcome.stats.frees == 1


def test_base_buffer_of_borrowed_memory_is_still_an_invalid_free() -> None:
    outcome = run_src(
        """
    func.func @main(%arg: memref<4xf32>) {
      %base, %off, %sz, %st = memref.extract_strided_metadata %arg : memref<4xf32> -> memref<f32>, index, index, index
      "memref.dealloc"(%base) : (memref<f32>) -> ()
      func.return
    }
    """,
        args=(ArrayValue((4,), [0.0] * 4),),
    )
    assert [f.kind for f in outcome.findings] == [FindingKind.INVALID_FREE]
    assert outcome.stats.frees == 0


def test_a_rank_0_subview_at_offset_0_is_not_the_base_buffer() -> None:
    outcome = run_src(
        """
    func.func @main() {
      %a = memref.alloc() : memref<4xf32>
      %s = "memref.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (memref<4xf32>) -> memref<f32>
      "memref.dealloc"(%s) : (memref<f32>) -> ()
      memref.dealloc %a : memref<4xf32>
      func.return
    }
    """
    )
    assert [f.kind for f in outcome.findings] == [FindingKind.INVALID_FREE]
    assert outcome.stats.frees == 1


def test_aligned_pointers_identify_allocations() -> None:
    results = results_of(
        """
    func.func @main() -> (i1, i1, i1, index, index) {
      %a = memref.alloc() : memref<4x4xf32>
      %b = memref.alloc() : memref<4x4xf32>
      %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
      %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<2x2xf32, strided<[4, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
      %pa = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4x4xf32>) -> index
      %pb = "memref.extract_aligned_pointer_as_index"(%b) : (memref<4x4xf32>) -> index
      %ps = "memref.extract_aligned_pointer_as_index"(%s) : (memref<2x2xf32, strided<[4, 1], offset: 5>>) -> index
      %pbase = "memref.extract_aligned_pointer_as_index"(%base) : (memref<f32>) -> index
      %same_view = arith.cmpi eq, %pa, %ps : index
      %same_base = arith.cmpi eq, %pa, %pbase : index
      %other = arith.cmpi ne, %pa, %pb : index
      %gap = arith.subi %pb, %pa : index
      %c64 = arith.constant 64 : index
      %align = arith.remui %pa, %c64 : index
      memref.dealloc %a : memref<4x4xf32>
      memref.dealloc %b : memref<4x4xf32>
      func.return %same_view, %same_base, %other, %gap, %align : i1, i1, i1, index, index
    }
    """
    )
    same_view, same_base, other, gap, align = results
    assert (same_view, same_base, other, align) == (1, 1, 1, 0)
    # Buffers never overlap: the second starts after the 64 bytes of the first.
    assert gap >= 64


# -- upstream MLIR's deallocation output -------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
UPSTREAM_PIPELINE = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries}, "
    "ownership-based-buffer-deallocation, canonicalize, "
    "buffer-deallocation-simplification, bufferization-lower-deallocations)"
)
PROGRAMS = sorted(
    [p.relative_to(ROOT).as_posix() for p in (ROOT / "tests/workloads").glob("*.mlir")]
    + [p.relative_to(ROOT).as_posix() for p in (ROOT / "examples").glob("*.mlir")]
)
UPSTREAM_REJECTS = {
    "tests/workloads/06_heat_stencil_pingpong.mlir": "is not equivalent to the "
    "corresponding iter bbArg",
}
"""Programs upstream one-shot-bufferize refuses (its loops must yield equivalent
buffers), with a piece of its error message."""


def _upstream(text: str) -> str:
    """`text` through the upstream pipeline, printed in generic form."""
    pytest.importorskip("mlir_finch")
    import mlir_finch.ir as ir  # pyright: ignore[reportMissingImports,reportMissingTypeStubs]
    import mlir_finch.passmanager as pm  # pyright: ignore[reportMissingImports,reportMissingTypeStubs]

    with ir.Context() as ctx:  # pyright: ignore[reportUnknownMemberType,reportUnknownVariableType]
        module = ir.Module.parse(text, ctx)  # pyright: ignore[reportUnknownMemberType,reportUnknownVariableType]
        pm.PassManager.parse(UPSTREAM_PIPELINE, ctx).run(module.operation)  # pyright: ignore[reportUnknownMemberType]
        return str(module.operation.get_asm(print_generic_op_form=True))  # pyright: ignore[reportUnknownMemberType,reportUnknownArgumentType]


@pytest.mark.parametrize("name", PROGRAMS)
def test_upstream_deallocated_program_runs_clean(name: str) -> None:
    pytest.importorskip("mlir_finch")
    text = (ROOT / name).read_text()
    if name in UPSTREAM_REJECTS:
        with pytest.raises(Exception, match=UPSTREAM_REJECTS[name]):
            _upstream(text)
        return
    lowered = _upstream(text)
    assert "bufferization.dealloc" not in lowered
    before = run(parse_module(text, name), "main", [])
    after = run(parse_module(lowered, f"upstream:{name}"), "main", [])
    assert before.error is None and before.findings == []
    assert after.error is None, after.error
    assert after.findings == [], [str(f) for f in after.findings]
    assert before.results is not None and after.results is not None
    assert compare_results(before.results, after.results) == []
    # Every heap buffer upstream allocates is freed (no entry returns a memref).
    stats = after.stats
    assert stats.allocs > 0 or name.endswith("elementwise_chain.mlir")
    assert (stats.frees, stats.live_bytes) == (stats.allocs, 0)


@register_impls
class _CountBaseBufferFrees(InterpreterFunctions):
    """`memref.dealloc` as usual, counting frees of extracted base buffers."""

    def __init__(self) -> None:
        self.base_frees = 0

    @impl(memref.DeallocOp)
    def run_dealloc(
        self, interpreter: Interpreter, op: memref.DeallocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        view = args[0]
        assert isinstance(view, MemRefView)
        self.base_frees += view.is_allocated_base
        memory_tracker(interpreter).free(view, op)
        return ()


@pytest.mark.parametrize(
    "name",
    ["tests/workloads/08_multi_function_inplace.mlir", "examples/control_flow.mlir"],
)
def test_upstream_output_frees_through_extracted_base_buffers(name: str) -> None:
    pytest.importorskip("mlir_finch")
    lowered = _upstream((ROOT / name).read_text())
    assert "memref.extract_aligned_pointer_as_index" in lowered
    counter = _CountBaseBufferFrees()
    outcome = run(parse_module(lowered, "upstream"), "main", [], [counter])
    assert outcome.error is None and outcome.findings == []
    assert counter.base_frees > 0
    assert outcome.stats.frees == outcome.stats.allocs
