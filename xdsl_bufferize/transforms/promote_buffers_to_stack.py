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

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.forwarding import analyze_forwarding
from xdsl_bufferize.analysis.stack_promotion import stack_promotion
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.allocation import allocation_interface
from xdsl_bufferize.interfaces.diagnostics import InvalidOptionError
from xdsl_bufferize.models.allocation import register_default_allocation_models


@dataclass(frozen=True)
class StackPromotionOptions:
    """The options of `promote-buffers-to-stack` (MLIR's names and defaults)."""

    max_alloc_size_in_bytes: int = 1024
    """Largest statically sized buffer (in bytes) moved to the stack."""
    max_rank_of_allocated_memref: int = 1
    """Largest rank of a dynamically sized buffer moved to the stack (its sizes must
    all come from memref.rank)."""

    def check_stack_promotion_options(self, pass_name: str) -> None:
        """Refuse negative limits."""
        for option, value in (
            ("max-alloc-size-in-bytes", self.max_alloc_size_in_bytes),
            ("max-rank-of-allocated-memref", self.max_rank_of_allocated_memref),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidOptionError(
                    f"{pass_name}: invalid value '{value}' of option {option} "
                    "(must be a non-negative integer)"
                )


def promote_buffers_to_stack(
    root: ModuleOp, max_alloc_size_in_bytes: int = 1024, max_rank: int = 1
) -> int:
    """Move every promotable allocation under `root` to the stack; return how many."""
    register_default_allocation_models()
    promoted = 0
    forwarding = analyze_forwarding(root)
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


@dataclass(frozen=True)
class PromoteBuffersToStackPass(ModulePass, StackPromotionOptions):
    """Small, statically sized heap buffers that do not escape their function (or
    alloca scope) and are not allocated in a loop become stack buffers."""

    name = "promote-buffers-to-stack"

    def __post_init__(self) -> None:
        self.check_stack_promotion_options(self.name)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            promote_buffers_to_stack(
                op, self.max_alloc_size_in_bytes, self.max_rank_of_allocated_memref
            )
