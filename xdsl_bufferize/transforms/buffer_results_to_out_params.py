"""buffer-results-to-out-params: memref results become buffers the caller allocates.

MLIR's pass of the same name and options. The plan
(`xdsl_bufferize.analysis.out_params`) says which results of which functions become
out-parameters; this pass appends them to the signatures (moving each result's
attributes to its new argument, plus `bufferize.result` with `add-result-attr`),
makes each `func.return` copy the returned buffer into its out-parameter (`memref.copy`)
or, for a hoisted allocation, lets the out-parameter replace the allocation, and
rewrites every call: a `memref.alloc` of the result's shape before the call (sized by
the call's operands for a hoisted dynamic allocation; cast to the result's fully
dynamic layout if it has one) takes the place of the call's result.

Run it after bufferization and before `buffer-deallocation`, as MLIR does: the
deallocation then frees the callee's copied buffers after the copy and the caller's
out buffers after their last use, and never copies a buffer to return it. Run after
deallocation, the callee's returned buffers (owned by the caller until now) would
leak. `comprehensive-bufferize{buffer-results-to-out-params=true}` runs it right after
one-shot bufferization, keeps results that are statically an argument or a view of
one (returned without copy), and leaves alone functions it cannot convert.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ModuleOp,
)
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.out_params import buffer_results_to_out_params
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import OutParamsOptions


@dataclass(frozen=True)
class BufferResultsToOutParamsPass(OutParamsOptions, ModulePass):
    """Memref results of functions become out-parameters the caller allocates."""

    name = "buffer-results-to-out-params"

    modify_public_functions: bool = False
    """Also convert public functions (their outside callers must follow)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            buffer_results_to_out_params(op, self, self.modify_public_functions)
