"""buffer-results-to-out-params, promote-buffers-to-stack, optimize-allocation-liveness
and bufferization-cleanup, executed: every filecheck input with a `@main` runs after deallocation with and without
each pass (equal results, no memory finding); the workloads run through
comprehensive-bufferize with the new options (equal results, no finding, no more heap
allocations, the out-parameter pipeline leaves no clone of a returned buffer)."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects import bufferization, func
from xdsl.dialects.builtin import ModuleOp

from bench.dynamic import run_with_stats
from tests.transforms.test_buffer_saving import assert_report_ok, main_chunks, parse
from xdsl_bufferize.bufferization.buffer_optimizations import (
    optimize_allocation_liveness,
)
from xdsl_bufferize.execution.runner import apply_pipeline, compare_results, run
from xdsl_bufferize.interfaces.diagnostics import InvalidOptionError
from xdsl_bufferize.transforms.comprehensive_bufferize import (
    ComprehensiveBufferizePass,
)
from xdsl_bufferize.transforms.promote_buffers_to_stack import (
    PromoteBuffersToStackPass,
)

WORKLOADS = Path(__file__).resolve().parents[1] / "workloads"
OUT_PARAMS = (
    "buffer-results-to-out-params{hoist-static-allocs=true hoist-dynamic-allocs=true}"
)
ALL_ON = (
    "comprehensive-bufferize{buffer-results-to-out-params=true hoist-static-allocs=true "
    "hoist-dynamic-allocs=true promote-buffers-to-stack=true}"
)
CHUNKS = {
    name: main_chunks(name)
    for name in (
        "promote-buffers-to-stack",
        "buffer-results-to-out-params",
        "optimize-allocation-liveness",
        "bufferization-cleanup",
    )
}
PIPELINES = {
    "promote-buffers-to-stack": (
        "buffer-deallocation,promote-buffers-to-stack",
        "promote-buffers-to-stack,buffer-deallocation",
    ),
    "buffer-results-to-out-params": (
        f"{OUT_PARAMS},buffer-deallocation",
        "buffer-results-to-out-params,buffer-deallocation",
    ),
    "optimize-allocation-liveness": ("optimize-allocation-liveness",),
    "bufferization-cleanup": ("bufferization-cleanup",),
}


def test_filecheck_inputs_have_executable_cases() -> None:
    assert all(CHUNKS.values())


@pytest.mark.parametrize(
    ("folder", "chunk"),
    [(folder, chunk) for folder, chunks in CHUNKS.items() for _, chunk in chunks],
)
def test_filecheck_inputs_execute(folder: str, chunk: str) -> None:
    module = parse(chunk)
    if run(module, "main", []).ok:
        for pipeline in PIPELINES[folder]:
            assert_report_ok(module, pipeline)
        return
    base = run(apply_pipeline(module, "buffer-deallocation"), "main", [])
    assert base.ok and base.results is not None, base.findings
    for pipeline in PIPELINES[folder]:
        if "buffer-deallocation" not in pipeline:
            pipeline = f"buffer-deallocation,{pipeline}"
        after = run_with_stats(apply_pipeline(module, pipeline))
        assert after.ok, (pipeline, after.findings)
        assert after.results is not None
        assert not compare_results(base.results, after.results)


def _clones(module: ModuleOp) -> int:
    return sum(isinstance(op, bufferization.CloneOp) for op in module.walk())


def _memref_results(module: ModuleOp) -> int:
    return sum(
        1
        for op in module.walk()
        if isinstance(op, func.FuncOp)
        and op.sym_visibility is not None
        and op.sym_visibility.data == "private"
        for t in op.function_type.outputs.data
        if "memref" in str(t)
    )


@pytest.mark.parametrize(
    "path", sorted(WORKLOADS.glob("*.mlir")), ids=lambda p: Path(p).name
)
def test_workloads_with_memory_options(path: Path) -> None:
    module = parse(path.read_text())
    assert_report_ok(module, ALL_ON)
    base = run_with_stats(apply_pipeline(module, "comprehensive-bufferize"))
    on_module = apply_pipeline(module, ALL_ON)
    on = run_with_stats(on_module)
    assert base.ok and on.ok, (base.findings, on.findings)
    assert base.results is not None and on.results is not None
    assert not compare_results(base.results, on.results)
    assert on.stats.allocs <= base.stats.allocs
    assert on.stats.peak_live_bytes <= base.stats.peak_live_bytes
    # Private functions return no fresh buffer any more, so no clone is left for
    # one: only results that are an argument (or a view of one) stay results.
    out_only = apply_pipeline(
        module, "comprehensive-bufferize{buffer-results-to-out-params=true}"
    )
    assert _clones(out_only) <= _clones(
        apply_pipeline(module, "comprehensive-bufferize")
    )
    # buffer-deallocation already frees every buffer right after its last use.
    assert optimize_allocation_liveness(on_module) == 0


# Heap allocations of @main with promote-buffers-to-stack (and out-params), against
# comprehensive-bufferize's defaults (measured with the executor).
EXPECTED_HEAP = {
    "01_mlp_layer.mlir": (3, 1),
    "03_tiled_matmul.mlir": (3, 0),
    "06_heat_stencil_pingpong.mlir": (3, 0),
    "07_jacobi_solver_while.mlir": (4, 0),
    "10_attention_block.mlir": (8, 1),
}


@pytest.mark.parametrize("name", sorted(EXPECTED_HEAP))
def test_stack_promotion_saves_heap_allocations(name: str) -> None:
    module = parse((WORKLOADS / name).read_text())
    base = run_with_stats(apply_pipeline(module, "comprehensive-bufferize"))
    on = run_with_stats(apply_pipeline(module, ALL_ON))
    assert (base.stats.allocs, on.stats.allocs) == EXPECTED_HEAP[name]
    assert on.stats.stack_allocs > 0


def test_options_are_declared_once_and_checked() -> None:
    names = {f.name for f in ComprehensiveBufferizePass.__dataclass_fields__.values()}
    assert {
        "buffer_results_to_out_params",
        "hoist_static_allocs",
        "hoist_dynamic_allocs",
        "add_result_attr",
        "promote_buffers_to_stack",
        "max_alloc_size_in_bytes",
        "max_rank_of_allocated_memref",
    } <= names
    with pytest.raises(InvalidOptionError, match="max-alloc-size-in-bytes"):
        PromoteBuffersToStackPass(max_alloc_size_in_bytes=-1)
    with pytest.raises(InvalidOptionError, match="max-rank-of-allocated-memref"):
        ComprehensiveBufferizePass(max_rank_of_allocated_memref=-2)
