"""static-memory-planning: the statically sized buffers of a function in one arena.

Each function allocates one arena and every plannable buffer becomes a view of it at
the offset the planner chose (`xdsl_bufferize.analysis.memory_planning` decides,
`xdsl_bufferize.bufferization.memory_planning` rewrites; both docstrings say how).
Meant to run after deallocation (`comprehensive-bufferize{plan-memory=true}` runs it
last).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.analysis.memory_planning import DEFAULT_ALIGNMENT
from xdsl_bufferize.bufferization.memory_planning import plan_memory
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import PassOptions, check_planning_alignment


@dataclass(frozen=True)
class StaticMemoryPlanningPass(PassOptions, ModulePass):
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

    def validate(self, pass_name: str) -> None:
        check_planning_alignment(pass_name, "alignment", self.alignment)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            plan_memory(op, self.alignment, self.hoist_callee_scratch)
