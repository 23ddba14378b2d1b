"""xdsl-bufferize: bufferization, buffer deallocation and a memory-checking executor for xDSL.

The Python API runs the passes in-process on a parsed module:

* `bufferize(module, **options)` -- what `comprehensive-bufferize` does: one-shot
  bufferization across function boundaries, buffer deallocation and clean-up. The
  options are the pass options with underscores, as typed keyword arguments
  (`bufferize(m, modify_public_functions=True, memcpy_op="linalg.copy")`); a value
  the pass does not accept raises `InvalidOptionError` before anything runs.
* `deallocate(module)` -- the `buffer-deallocation` pass alone.

Both raise `BufferizationError` (a `PassFailedException`) when the module cannot be
handled; its `op` is the op at fault and `function` the name of its function.

The pass classes themselves (`ComprehensiveBufferizePass`, `OneShotBufferizePass`,
`BufferDeallocationPass`, `ConvertBufferizationToMemrefPass`, ...) are importable
from their modules under `xdsl_bufferize.transforms` (e.g.
`xdsl_bufferize.transforms.comprehensive_bufferize`) for building an xDSL
`PassPipeline`; the README shows how.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from xdsl_bufferize.interfaces.diagnostics import BufferizationError, InvalidOptionError

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp

    from xdsl_bufferize.transforms.buffer_deallocation import DeallocationStatistics

AnalysisHeuristicName = Literal[
    "bottom-up", "top-down", "bottom-up-from-terminators", "fuzzer"
]
"""The values of the `analysis-heuristic` option."""
LayoutMapName = Literal[
    "identity-layout-map", "infer-layout-map", "fully-dynamic-layout-map"
]
"""The values of the `function-boundary-type-conversion` option."""
MemcpyOpName = Literal["memref.copy", "linalg.copy", "loops"]
"""The values of the `memcpy-op` option."""


def bufferize(
    module: ModuleOp,
    ctx: Context | None = None,
    *,
    function_boundary_type_conversion: LayoutMapName = "identity-layout-map",
    memcpy_op: MemcpyOpName = "memref.copy",
    infer_private_layouts: bool = True,
    modify_public_functions: bool = False,
    drop_equivalent_buffer_results: bool = True,
    allow_unknown_ops: bool = False,
    copy_before_write: bool = False,
    analysis_heuristic: AnalysisHeuristicName = "bottom-up",
    analysis_fuzzer_seed: int = 0,
    buffer_alignment: int | None = None,
    allow_return_allocs_from_loops: bool = True,
    public_arguments_writable: bool = False,
    eliminate_empty_tensors: bool = True,
    hoist_allocations: bool = True,
    buffer_results_to_out_params: bool = False,
    hoist_static_allocs: bool = False,
    hoist_dynamic_allocs: bool = False,
    add_result_attr: bool = False,
    promote_buffers_to_stack: bool = False,
    max_alloc_size_in_bytes: int = 1024,
    max_rank_of_allocated_memref: int = 1,
    cleanup: bool = True,
    canonicalize: bool = False,
    test_analysis_only: bool = False,
    print_conflicts: bool = False,
    explain_copies: bool = False,
    dump_alias_sets: bool = False,
    statistics: bool = False,
    plan_memory: bool = False,
    plan_memory_alignment: int = 16,
) -> None:
    """Bufferize `module` in place, as the `comprehensive-bufferize` pass does.

    Keyword arguments (the pass options; see the README's table):

    * `function_boundary_type_conversion`: layout of memrefs at function
      boundaries; `identity-layout-map` (contiguous buffers, lowered by xDSL's
      `convert-memref-to-ptr`), `infer-layout-map` (MLIR's default) or
      `fully-dynamic-layout-map`.
    * `infer_private_layouts`: with the identity layout, each argument of a
      private function takes the most specific layout its callers' buffers share
      (so passing a view neither casts nor copies).
    * `memcpy_op`: how copies are written: `memref.copy` (and `bufferization.clone`),
      or `linalg.copy` / `loops` (forms xDSL's lowering and interpreter accept).
    * `modify_public_functions`, `drop_equivalent_buffer_results`: which results
      equivalent to an argument are dropped.
    * `public_arguments_writable`: whether public functions may write their tensor
      arguments in place (MLIR's ABI); by default they write a copy.
    * `allow_unknown_ops`, `copy_before_write`, `analysis_heuristic`,
      `analysis_fuzzer_seed`, `buffer_alignment` (a power of two, or 0 for none;
      unset: 64, or `plan_memory_alignment` with `plan_memory`),
      `allow_return_allocs_from_loops`: as in MLIR's one-shot-bufferize.
    * `eliminate_empty_tensors`, `hoist_allocations`, `cleanup`, `canonicalize`:
      the optional stages of the pipeline.
    * `buffer_results_to_out_params` (with `hoist_static_allocs`,
      `hoist_dynamic_allocs`, `add_result_attr`): memref results become
      out-parameters the caller allocates; `promote_buffers_to_stack` (with
      `max_alloc_size_in_bytes`, `max_rank_of_allocated_memref`): small buffers
      that stay in their function and are not allocated in a loop go on the stack.
    * `plan_memory`: at the end, the statically sized buffers of each function
      share one arena per call (static-memory-planning), with slots aligned to at
      least `plan_memory_alignment` bytes (a power of two).
    * `test_analysis_only`, `print_conflicts`, `explain_copies`,
      `dump_alias_sets`, `statistics`: annotations and reports (on stderr).

    Raises `InvalidOptionError` for a value an option does not accept and
    `BufferizationError` (carrying the op at fault) when the module cannot be
    bufferized.
    """
    from xdsl.context import Context

    from xdsl_bufferize.transforms.comprehensive_bufferize import (
        ComprehensiveBufferizePass,
    )

    ComprehensiveBufferizePass(
        test_analysis_only=test_analysis_only,
        print_conflicts=print_conflicts,
        explain_copies=explain_copies,
        dump_alias_sets=dump_alias_sets,
        allow_unknown_ops=allow_unknown_ops,
        copy_before_write=copy_before_write,
        analysis_heuristic=analysis_heuristic,
        analysis_fuzzer_seed=analysis_fuzzer_seed,
        buffer_alignment=buffer_alignment,
        allow_return_allocs_from_loops=allow_return_allocs_from_loops,
        public_arguments_writable=public_arguments_writable,
        function_boundary_type_conversion=function_boundary_type_conversion,
        modify_public_functions=modify_public_functions,
        drop_equivalent_buffer_results=drop_equivalent_buffer_results,
        statistics=statistics,
        cleanup=cleanup,
        canonicalize=canonicalize,
        eliminate_empty_tensors=eliminate_empty_tensors,
        hoist_allocations=hoist_allocations,
        buffer_results_to_out_params=buffer_results_to_out_params,
        hoist_static_allocs=hoist_static_allocs,
        hoist_dynamic_allocs=hoist_dynamic_allocs,
        add_result_attr=add_result_attr,
        promote_buffers_to_stack=promote_buffers_to_stack,
        max_alloc_size_in_bytes=max_alloc_size_in_bytes,
        max_rank_of_allocated_memref=max_rank_of_allocated_memref,
        memcpy_op=memcpy_op,
        infer_private_layouts=infer_private_layouts,
        plan_memory=plan_memory,
        plan_memory_alignment=plan_memory_alignment,
    ).apply(ctx or Context(), module)


def deallocate(module: ModuleOp) -> DeallocationStatistics:
    """Insert the frees (and the few clones) every heap buffer of `module` needs.

    Raises `BufferizationError` (carrying the op at fault) when it cannot."""
    from xdsl_bufferize.transforms.buffer_deallocation import (
        deallocate as _deallocate,
    )

    return _deallocate(module)


__all__ = [
    "AnalysisHeuristicName",
    "BufferizationError",
    "InvalidOptionError",
    "LayoutMapName",
    "MemcpyOpName",
    "bufferize",
    "deallocate",
]
