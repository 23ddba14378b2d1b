"""drop-equivalent-buffer-results: stop returning buffers the caller already has.

MLIR's pass of the same name: memref results that return an argument's buffer are
removed from the function and from its calls, whose users take the buffer the caller
passed (`xdsl_bufferize.bufferization.drop_results`). Public functions keep their
signature unless `modify-public-functions` is set.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.drop_results import drop_equivalent_buffer_results
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import PassOptions


@dataclass(frozen=True)
class DropEquivalentBufferResultsPass(PassOptions, ModulePass):
    """Remove memref results that return a function argument's buffer, from the
    function and from all its calls."""

    name = "drop-equivalent-buffer-results"

    modify_public_functions: bool = False
    """Also change the signature of public functions."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            drop_equivalent_buffer_results(op, self.modify_public_functions)
