"""The `xdsl.universe` entry point: our passes and dialects, loaded lazily by xdsl-opt.

Importing this module imports no pass, model or dialect: passes and our dialects
are factories, and the ops we add to xDSL's dialects join them when a context first
loads one of those dialects (`_join_lazily`). `python bench/plugin_startup.py`
measures what the plugin adds to `xdsl-opt`'s start-up.
"""

from collections.abc import Callable

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import XDSL_UNIVERSE, Universe
from xdsl.utils.frontend import Frontend

from xdsl_bufferize.utils.cli_errors import report_uncaught_errors, running_as_xdsl_opt


def _get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Map each pass name to a function importing the pass class."""

    def get_buffer_deallocation() -> type[ModulePass]:
        from xdsl_bufferize.transforms.buffer_deallocation import (
            BufferDeallocationPass,
        )

        return BufferDeallocationPass

    def get_ownership_based_buffer_deallocation() -> type[ModulePass]:
        from xdsl_bufferize.transforms.buffer_deallocation import (
            OwnershipBasedBufferDeallocationPass,
        )

        return OwnershipBasedBufferDeallocationPass

    def get_buffer_deallocation_pipeline() -> type[ModulePass]:
        from xdsl_bufferize.transforms.buffer_deallocation import (
            BufferDeallocationPipelinePass,
        )

        return BufferDeallocationPipelinePass

    def get_one_shot_bufferize() -> type[ModulePass]:
        from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass

        return OneShotBufferizePass

    def get_comprehensive_bufferize() -> type[ModulePass]:
        from xdsl_bufferize.transforms.comprehensive_bufferize import (
            ComprehensiveBufferizePass,
        )

        return ComprehensiveBufferizePass

    def get_drop_equivalent_buffer_results() -> type[ModulePass]:
        from xdsl_bufferize.transforms.drop_equivalent_buffer_results import (
            DropEquivalentBufferResultsPass,
        )

        return DropEquivalentBufferResultsPass

    def get_bufferization_cleanup() -> type[ModulePass]:
        from xdsl_bufferize.transforms.buffer_cleanup import BufferCleanupPass

        return BufferCleanupPass

    def get_buffer_loop_hoisting() -> type[ModulePass]:
        from xdsl_bufferize.transforms.buffer_loop_hoisting import (
            BufferLoopHoistingPass,
        )

        return BufferLoopHoistingPass

    def get_eliminate_empty_tensors() -> type[ModulePass]:
        from xdsl_bufferize.transforms.empty_tensor_elimination import (
            EmptyTensorEliminationPass,
        )

        return EmptyTensorEliminationPass

    def get_convert_bufferization_to_memref() -> type[ModulePass]:
        from xdsl_bufferize.transforms.convert_bufferization_to_memref import (
            ConvertBufferizationToMemrefPass,
        )

        return ConvertBufferizationToMemrefPass

    def get_buffer_results_to_out_params() -> type[ModulePass]:
        from xdsl_bufferize.transforms.buffer_results_to_out_params import (
            BufferResultsToOutParamsPass,
        )

        return BufferResultsToOutParamsPass

    def get_promote_buffers_to_stack() -> type[ModulePass]:
        from xdsl_bufferize.transforms.promote_buffers_to_stack import (
            PromoteBuffersToStackPass,
        )

        return PromoteBuffersToStackPass

    def get_optimize_allocation_liveness() -> type[ModulePass]:
        from xdsl_bufferize.transforms.optimize_allocation_liveness import (
            OptimizeAllocationLivenessPass,
        )

        return OptimizeAllocationLivenessPass

    def get_static_memory_planning() -> type[ModulePass]:
        from xdsl_bufferize.transforms.static_memory_planning import (
            StaticMemoryPlanningPass,
        )

        return StaticMemoryPlanningPass

    return {
        "buffer-deallocation": get_buffer_deallocation,
        "ownership-based-buffer-deallocation": get_ownership_based_buffer_deallocation,
        "buffer-deallocation-pipeline": get_buffer_deallocation_pipeline,
        "buffer-results-to-out-params": get_buffer_results_to_out_params,
        "optimize-allocation-liveness": get_optimize_allocation_liveness,
        "promote-buffers-to-stack": get_promote_buffers_to_stack,
        "static-memory-planning": get_static_memory_planning,
        "convert-bufferization-to-memref": get_convert_bufferization_to_memref,
        "buffer-loop-hoisting": get_buffer_loop_hoisting,
        "bufferization-cleanup": get_bufferization_cleanup,
        "eliminate-empty-tensors": get_eliminate_empty_tensors,
        "comprehensive-bufferize": get_comprehensive_bufferize,
        "drop-equivalent-buffer-results": get_drop_equivalent_buffer_results,
        "one-shot-bufferize": get_one_shot_bufferize,
    }


def _get_all_dialects() -> dict[str, Callable[[], Dialect]]:
    """Map each dialect name to a function importing the dialect."""

    def get_tensor_ext() -> Dialect:
        from xdsl_bufferize.dialects.tensor_ext import TensorExt

        return TensorExt

    def get_bufftest() -> Dialect:
        from xdsl_bufferize.dialects.test_alloc import Bufftest

        return Bufftest

    return {"tensor_ext": get_tensor_ext, "bufftest": get_bufftest}


JOINED_DIALECTS = ("bufferization", "linalg", "memref", "scf", "tensor", "vector")
"""xDSL's dialects that `dialects/upstream.py` adds ops in MLIR's spelling to."""


def _joining(factory: Callable[[], Dialect]) -> Callable[[], Dialect]:
    """`factory`, first joining our ops to xDSL's dialects (`dialects/upstream.py`)."""

    def load() -> Dialect:
        from xdsl_bufferize.dialects.upstream import register_upstream_ops

        register_upstream_ops()
        return factory()

    load.__wrapped__ = factory  # pyright: ignore[reportFunctionMemberAccess]
    return load


def _join_lazily() -> None:
    """Make xDSL's factories of `JOINED_DIALECTS` join our ops when a context first
    loads one of them, instead of importing those dialects (and ours) now: xDSL's
    multiverse copies the factories of its own universe after loading ours, so
    every context made through it (xdsl-opt's) sees the ops, while loading the
    plugin costs nearly nothing."""
    dialects = XDSL_UNIVERSE.all_dialects
    for name in JOINED_DIALECTS:
        factory = dialects.get(name)
        if factory is not None and not hasattr(factory, "__wrapped__"):
            dialects[name] = _joining(factory)


def _locate_ops() -> None:
    """Make xDSL's `mlir` frontend record each op's source position, so errors name
    `file:line:col` (`utils/locations.py`); only in xdsl-opt, like the error hook."""
    frontends = XDSL_UNIVERSE.all_frontends

    def get_locating_mlir() -> type[Frontend]:
        from xdsl_bufferize.utils.locations import LocatingMLIRFrontend

        return LocatingMLIRFrontend

    if "mlir" in frontends:
        frontends["mlir"] = get_locating_mlir


_join_lazily()
if running_as_xdsl_opt():
    report_uncaught_errors()
    _locate_ops()

XDSL_BUFFERIZE_UNIVERSE = Universe(
    all_dialects=_get_all_dialects(),
    all_passes=_get_all_passes(),
)
