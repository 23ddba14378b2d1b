"""bufferization-cleanup: the clean-up `comprehensive-bufferize` runs after deallocation.

Small buffer patterns to a fixed point (a cast folded into the users that accept any
layout, a cast of a cast, a copy of a view onto the same view, a clone only read and
freed in its block, a clone whose source is freed right after it, an allocation only
freed, a subview of a subview), then xDSL's `cse` and `licm`, and the patterns once
more (`xdsl_bufferize.bufferization.cleanup`). With `canonicalize=true` xDSL's
`canonicalize` runs before `cse`. Meant for memref programs after
`buffer-deallocation`: the clone patterns keep every buffer freed exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.cleanup import clean_up
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.options import PassOptions


@dataclass(frozen=True)
class BufferCleanupPass(PassOptions, ModulePass):
    """Fold casts, self-copies and clone/free pairs; erase dead buffers; cse, licm."""

    name = "bufferization-cleanup"

    canonicalize: bool = False
    """Also run xDSL's canonicalize (folds arithmetic); the option of the same name of
    comprehensive-bufferize."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            clean_up(ctx, op, self.canonicalize)
