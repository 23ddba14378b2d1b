"""buffer-loop-hoisting: allocate loop-body buffers once, before the loop.

MLIR's pass of the same name. Each allocation whose `AllocationOpInterface` allows
loop hoisting, whose sizes are defined outside the loop and whose buffer does not
escape the iteration (see `xdsl_bufferize.analysis.hoisting`) moves before the
outermost loop it may leave; a `memref.dealloc` of it in its block moves to right
after that loop. Meant to run after bufferization and before `buffer-deallocation`,
which then frees the hoisted buffer after the loop (also when the loop runs zero
times).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.buffer_optimizations import hoist_loop_allocations
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import PassOptions


@dataclass(frozen=True)
class BufferLoopHoistingPass(PassOptions, ModulePass):
    """Allocations inside loop bodies that do not escape their iteration are
    allocated once before the loop."""

    name = "buffer-loop-hoisting"

    hoist_out_of_parallel: bool = False
    """Also hoist out of scf.parallel / affine.parallel (one buffer shared by
    iterations that may run at the same time)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            hoist_loop_allocations(op, self.hoist_out_of_parallel)
