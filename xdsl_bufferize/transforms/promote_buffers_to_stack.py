"""promote-buffers-to-stack: small heap buffers that never leave their function go on the stack.

MLIR's pass of the same name and options. Each allocation that
`xdsl_bufferize.analysis.stack_promotion` finds small, outside loops and not escaping its
allocation scope is replaced by the promoted allocation its `AllocationOpInterface`
builds (`memref.alloc` -> `memref.alloca`, keeping the alignment); the frees of it
already in the program are dropped. MLIR runs it before deallocation (and skips
allocations that already have a free); it may run before or after `buffer-deallocation`
here. `comprehensive-bufferize{promote-buffers-to-stack=true}` runs it after loop
hoisting and before deallocation, so hoisted loop buffers can move to the stack too.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.buffer_optimizations import promote_buffers_to_stack
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import StackPromotionOptions


@dataclass(frozen=True)
class PromoteBuffersToStackPass(StackPromotionOptions, ModulePass):
    """Small, statically sized heap buffers that do not escape their function (or
    alloca scope) and are not allocated in a loop become stack buffers."""

    name = "promote-buffers-to-stack"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            promote_buffers_to_stack(
                op, self.max_alloc_size_in_bytes, self.max_rank_of_allocated_memref
            )
