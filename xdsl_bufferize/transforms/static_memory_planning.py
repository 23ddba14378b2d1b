"""static-memory-planning: the statically sized buffers of a function in one arena.

Each function allocates one arena, `memref.alloc() {memory_planning.arena} :
memref<Nxi8>`, at its entry and frees it before every `func.return`. Every plannable
allocation (statically sized, freed in its own region, not leaving it; see
`xdsl_bufferize.analysis.memory_planning`) becomes a `memref.view` of the arena at
the byte offset the planner chose, and its frees are removed. Buffers whose lifetimes
do not overlap share bytes, so the arena is as small as the placement allows and the
function calls the heap once for all of them. Dynamically sized buffers, buffers
returned or yielded out of their region and buffers freed through another value stay
on the heap.

Meant to run after deallocation (`comprehensive-bufferize{plan-memory=true}` runs it
last). MLIR has no such pass in its tree; the `merge-alloc` proposal
(mlir/docs/MemrefMergeAlloc.md) places buffers the same way but runs before
deallocation.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ModuleOp,
)
from xdsl.passes import ModulePass

from xdsl_bufferize.analysis.memory_planning import (
    DEFAULT_ALIGNMENT,
)
from xdsl_bufferize.bufferization.memory_planning import plan_memory
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import check_planning_alignment


@dataclass(frozen=True)
class StaticMemoryPlanningPass(ModulePass):
    """Statically sized buffers of each function share one arena allocated once per
    call, at offsets that let buffers with disjoint lifetimes reuse memory."""

    name = "static-memory-planning"

    alignment: int = DEFAULT_ALIGNMENT
    """Minimum alignment of each buffer in the arena, in bytes (a power of two); an
    allocation's own `alignment` and its element size may ask for more."""

    hoist_callee_scratch: bool = True
    """Whether the plannable buffers of private functions called only inside the module
    are allocated by their callers (extra arguments) and planned in the callers'
    arenas."""

    def __post_init__(self) -> None:
        check_planning_alignment(self.name, "alignment", self.alignment)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            plan_memory(op, self.alignment, self.hoist_callee_scratch)
