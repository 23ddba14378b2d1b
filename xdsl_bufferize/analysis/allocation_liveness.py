"""Where the free of an allocation may move: the analysis behind `optimize-allocation-liveness`.

MLIR's rule (`OptimizeAllocationLiveness.cpp`): an allocation with exactly one free,
in the allocation's own block, has that free moved to right after the last op of the
block that uses the buffer or any alias of it (`analysis/buffer_view_flow.py`; a use
nested in a region op counts as a use by that op). The free is never moved into or
out of a region, so a buffer freed in one branch stays freed there.

Calls are followed with the forwarding analysis (a call result aliases an operand
only if the callee statically returns it, as `buffer-deallocation` guarantees). A
free is only ever moved earlier: if an alias seems used after it (a use after free in
the input, or an alias the analysis cannot rule out), it stays. Where MLIR would be
unsound, the allocation is left alone too: an alias used outside the
allocation's block (a block argument of another block of a CFG), an alias that
escapes (stored, or passed to a terminator of unknown region flow), an alias that is
returned.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation

from xdsl_bufferize.analysis.buffer_view_flow import (
    buffer_view_flow,
    frees_memory,
)
from xdsl_bufferize.analysis.forwarding import ForwardingAnalysis
from xdsl_bufferize.utils.ir import is_memref


@dataclass(frozen=True)
class FreeMove:
    """The free of an allocation and the op it goes right after."""

    free: Operation
    after: Operation


def free_after_last_use(
    alloc_op: Operation, forwarding: ForwardingAnalysis | None = None
) -> FreeMove | None:
    """Where the free of `alloc_op`'s buffer goes, or None if it stays where it is."""
    results = [r for r in alloc_op.results if is_memref(r)]
    block = alloc_op.parent_block()
    if len(results) != 1 or block is None:
        return None
    flow = buffer_view_flow(results[0], forwarding)
    if flow.escapes or flow.returned:
        return None
    frees = [use.operation for use in results[0].uses if frees_memory(use.operation)]
    if len(frees) != 1 or frees[0].parent_block() is not block:
        return None
    free = frees[0]
    last: Operation = alloc_op
    for alias in flow.aliases:
        for use in alias.uses:
            if use.operation is free:
                continue
            user = block.find_ancestor_op_in_block(use.operation)
            if user is None:
                return None
            if user is free:
                return None  # a nested use inside the free op itself
            if last.is_before_in_block(user):
                last = user
    if free.is_before_in_block(last):
        return None
    between = last.next_op
    while between is not None and between is not free and frees_memory(between):
        between = between.next_op
    if between is free:
        return None  # only other frees in between: no lifetime gets shorter
    return FreeMove(free, last)
