"""drop-equivalent-buffer-results: stop returning buffers the caller already has.

After bufferization across function boundaries, a function that updates an argument in
place and returns it (destination-passing style) returns a memref that *is* its
argument's buffer (possibly behind a `memref.cast`). The result carries no information
the caller lacks, and it hides from the caller (and from the deallocation pass) that
the returned buffer is its own. This pass removes such results from the function's
signature and from every `func.call` of it; each use of a dropped call result is
replaced by the buffer the caller passed for the corresponding argument (with a
`memref.cast` when the types differ). Results that return an argument in another
position (swapped results) are dropped as well.

Public functions keep their signature (external callers rely on it) unless
`modify_public_functions` is set; bodiless functions are never changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ModuleOp,
)
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.drop_results import drop_equivalent_buffer_results
from xdsl_bufferize.gc_pause import frozen_heap


@dataclass(frozen=True)
class DropEquivalentBufferResultsPass(ModulePass):
    """Remove memref results that return a function argument's buffer, from the
    function and from all its calls."""

    name = "drop-equivalent-buffer-results"

    modify_public_functions: bool = False
    """Also change the signature of public functions."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            drop_equivalent_buffer_results(op, self.modify_public_functions)
