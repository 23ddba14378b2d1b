"""optimize-allocation-liveness: each free right after the last use of its buffer.

MLIR's pass of the same name: for every allocation whose single free sits in the
allocation's block, the free moves to right after the last op of that block using the
buffer or an alias of it (`xdsl_bufferize.analysis.allocation_liveness`; never later
than it was). Meant to run
after deallocation. Our `buffer-deallocation` already frees each buffer it owns after
its last use on every path, so on its output the pass moves only the frees the input
program had itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.buffer_optimizations import (
    optimize_allocation_liveness,
)
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import PassOptions


@dataclass(frozen=True)
class OptimizeAllocationLivenessPass(PassOptions, ModulePass):
    """Frees move to right after the last use of the buffer they free."""

    name = "optimize-allocation-liveness"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            optimize_allocation_liveness(op)
