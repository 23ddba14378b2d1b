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
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import MemoryEffectKind, get_effects

from xdsl_bufferize.analysis.allocation_liveness import free_after_last_use
from xdsl_bufferize.analysis.forwarding import analyze_forwarding
from xdsl_bufferize.gc_pause import frozen_heap


def optimize_allocation_liveness(root: ModuleOp) -> int:
    """Move the free of each allocation under `root` to right after its last use;
    return how many frees moved."""
    moved = 0
    forwarding = analyze_forwarding(root)
    allocations = [
        op
        for op in root.walk()
        if (effects := get_effects(op)) is not None
        and any(e.kind is MemoryEffectKind.ALLOC for e in effects)
    ]
    for alloc_op in allocations:
        move = free_after_last_use(alloc_op, forwarding)
        if move is None:
            continue
        move.free.detach()
        Rewriter.insert_op(move.free, InsertPoint.after(move.after))
        moved += 1
    return moved


@dataclass(frozen=True)
class OptimizeAllocationLivenessPass(ModulePass):
    """Frees move to right after the last use of the buffer they free."""

    name = "optimize-allocation-liveness"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            optimize_allocation_liveness(op)
