"""buffer-deallocation: free every heap buffer exactly once, after its last use.

First, a public function that forwards an argument and is called inside the module gets a
private twin for those calls (`deallocation/public_forwarders.py`).  Then the ownership
analysis (`xdsl_bufferize.analysis.ownership`) decides everything; the pass only executes
its plan (`deallocation/apply.py`): the i1 ownership flags of flagged merges (extra block
arguments, results, inits and terminator operands; region ops and branches are rebuilt
through their models, `deallocation/flags.py`), then clones, then the frees.

With `statistics=true` the pass prints what it inserted to stderr, one line:
`buffer-deallocation: frees=N clones=N conditional-frees=N conditional-clones=N`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from xdsl_bufferize.analysis.manager import ModuleAnalyses
from xdsl_bufferize.deallocation.apply import DeallocationStatistics, deallocate
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.diagnostics import BufferizationError
from xdsl_bufferize.options import PassOptions, unsupported_option

__all__ = [
    "BufferDeallocationPass",
    "BufferDeallocationPipelinePass",
    "DeallocationStatistics",
    "OwnershipBasedBufferDeallocationPass",
    "deallocate",
]


@dataclass(frozen=True)
class BufferDeallocationPass(PassOptions, ModulePass):
    """Insert frees (and the few clones ownership requires) for every heap buffer."""

    name = "buffer-deallocation"

    statistics: bool = False
    """(ours) Print the number of inserted frees, clones and conditional frees to
    stderr."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        self.run(op)

    def run(self, op: builtin.ModuleOp, analyses: ModuleAnalyses | None = None) -> None:
        """The pass on `op`, with the module analyses kept in `analyses` (a
        pipeline's, `analysis/manager.py`)."""
        try:
            with frozen_heap():
                stats = deallocate(op, analyses)
        except BufferizationError:
            raise
        except DiagnosticException as error:
            raise PassFailedException(str(error)) from error
        if self.statistics:
            print(stats, file=sys.stderr)


@dataclass(frozen=True)
class OwnershipBasedBufferDeallocationPass(BufferDeallocationPass):
    """MLIR's name of buffer-deallocation: free every heap buffer exactly once."""

    name = "ownership-based-buffer-deallocation"

    private_function_dynamic_ownership: bool = False
    """Pass ownership of memrefs to private callees in extra i1 arguments; only
    false is supported (ownership across private calls is decided statically)."""

    def validate(self, pass_name: str) -> None:
        if self.private_function_dynamic_ownership:
            raise unsupported_option(
                pass_name, "private-function-dynamic-ownership", True, False
            )


@dataclass(frozen=True)
class BufferDeallocationPipelinePass(OwnershipBasedBufferDeallocationPass):
    """MLIR's buffer-deallocation-pipeline: buffer-deallocation, then the clean-up
    (bufferization-cleanup)."""

    name = "buffer-deallocation-pipeline"

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        from xdsl_bufferize.bufferization.cleanup import clean_up

        super().apply(ctx, op)
        with frozen_heap():
            clean_up(ctx, op)
