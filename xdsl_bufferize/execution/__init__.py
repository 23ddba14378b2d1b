"""The reference executor: runs xDSL/MLIR programs with MLIR's semantics and checks memory.

`run` executes a function and reports memory errors (leaks, double frees, invalid frees,
use after free, writes into constants, out-of-bounds accesses) as `Finding`s, and what it
allocated, copied and freed as `MemoryStats` (`Outcome.stats`).
`check_pipeline` runs a function before and after a pass pipeline and compares results.
`allocate_buffer`, `free_buffer` and `clone_buffer` let `InterpreterFunctions` of other
dialects (passed as `extra_functions`) allocate and free tracked memory.
"""

from xdsl_bufferize.execution.interpreter import (
    ExecutionInterpreter,
    register_named_impl,
)
from xdsl_bufferize.execution.memory import (
    AllocKind,
    Buffer,
    ExecutionError,
    Finding,
    FindingKind,
    MemoryStats,
    MemoryTracker,
    allocate_buffer,
    clone_buffer,
    free_buffer,
    memory_tracker,
)
from xdsl_bufferize.execution.runner import (
    DEFAULT_FUNCTIONS,
    Outcome,
    Report,
    UsageError,
    apply_pipeline,
    check_pipeline,
    compare_results,
    make_context,
    parse_module,
    random_inputs,
    run,
    values_close,
)
from xdsl_bufferize.execution.values import ArrayValue, MemRefView

__all__ = [
    "DEFAULT_FUNCTIONS",
    "AllocKind",
    "ArrayValue",
    "Buffer",
    "ExecutionError",
    "ExecutionInterpreter",
    "Finding",
    "FindingKind",
    "MemRefView",
    "MemoryStats",
    "MemoryTracker",
    "Outcome",
    "Report",
    "UsageError",
    "allocate_buffer",
    "apply_pipeline",
    "check_pipeline",
    "clone_buffer",
    "compare_results",
    "free_buffer",
    "make_context",
    "memory_tracker",
    "parse_module",
    "random_inputs",
    "register_named_impl",
    "run",
    "values_close",
]
