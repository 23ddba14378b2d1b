"""buffer-results-to-out-params: memref results become buffers the caller allocates.

MLIR's pass of the same name and options (`OutParamsOptions`). The rewrite, and what
it does with each result, call and return, is `xdsl_bufferize.bufferization.out_params`;
the plan of which results become out-parameters is `xdsl_bufferize.analysis.out_params`.
Run it after bufferization and before `buffer-deallocation`, as MLIR does.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
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
