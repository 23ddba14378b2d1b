"""Buffer optimizations after bufferization (MLIR's BufferOptimizations and
OptimizeAllocationLiveness): allocations hoisted out of loops, small buffers moved to
the stack, frees moved to right after the last use. The analyses that decide are
`analysis/hoisting.py`, `analysis/stack_promotion.py` and
`analysis/allocation_liveness.py`; the passes are in `transforms/`."""

from __future__ import annotations

from xdsl.builder import Builder
from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import MemoryEffectKind, get_effects

from xdsl_bufferize.analysis.allocation_liveness import free_after_last_use
from xdsl_bufferize.analysis.forwarding import analyze_forwarding
from xdsl_bufferize.analysis.hoisting import allocations_in_loops, hoisting_target
from xdsl_bufferize.analysis.manager import ModuleAnalyses
from xdsl_bufferize.analysis.stack_promotion import stack_promotion
from xdsl_bufferize.interfaces.allocation import allocation_interface
from xdsl_bufferize.models.allocation import register_default_allocation_models


def hoist_loop_allocations(root: ModuleOp, hoist_out_of_parallel: bool = False) -> int:
    """Move every hoistable allocation under `root` out of its loops; return how
    many moved."""
    register_default_allocation_models()
    moved = 0
    for alloc_op in list(allocations_in_loops(root)):
        plan = hoisting_target(alloc_op, hoist_out_of_parallel)
        if plan is None:
            continue
        alloc_op.detach()
        Rewriter.insert_op(alloc_op, InsertPoint.before(plan.loop))
        if plan.dealloc is not None:
            plan.dealloc.detach()
            Rewriter.insert_op(plan.dealloc, InsertPoint.after(plan.loop))
        moved += 1
    return moved


def promote_buffers_to_stack(
    root: ModuleOp,
    max_alloc_size_in_bytes: int = 1024,
    max_rank: int = 1,
    analyses: ModuleAnalyses | None = None,
) -> int:
    """Move every promotable allocation under `root` to the stack; return how many.
    The forwarding analysis is taken from `analyses` when given (promotion preserves
    every module analysis: `analysis/manager.py`)."""
    register_default_allocation_models()
    promoted = 0
    forwarding = analyze_forwarding(root) if analyses is None else analyses.forwarding()
    candidates = [op for op in root.walk() if allocation_interface(op) is not None]
    for alloc_op in candidates:
        plan = stack_promotion(alloc_op, max_alloc_size_in_bytes, max_rank, forwarding)
        if plan is None:
            continue
        model = allocation_interface(alloc_op)
        assert model is not None
        builder = Builder(InsertPoint.before(alloc_op))
        new = model.build_promoted_alloc(builder, alloc_op.results[0])
        if new is None:
            continue
        for free in plan.frees:
            freed = free.memref
            Rewriter.erase_op(free)
            owner = freed.owner
            if isinstance(owner, memref.ExtractStridedMetaDataOp) and all(
                not r.uses for r in owner.results
            ):
                Rewriter.erase_op(owner)
        new.name_hint = alloc_op.results[0].name_hint
        alloc_op.results[0].replace_all_uses_with(new)
        Rewriter.erase_op(alloc_op)
        promoted += 1
    return promoted


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
