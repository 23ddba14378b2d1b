"""eliminate-empty-tensors: give `tensor.empty` destinations a buffer that exists.

The pass runs the two rewrites of `bufferization.empty_tensor_elimination` (subset
insertion, dead-input reuse) alone, as MLIR's pass does: without writing any public
function's argument.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.empty_tensor_elimination import (
    eliminate_empty_tensors,
)
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.bufferizable import BufferizationOptions
from xdsl_bufferize.options import PassOptions


@dataclass(frozen=True)
class EmptyTensorEliminationPass(PassOptions, ModulePass):
    """Empty tensors used as destinations are replaced by slices of the tensor
    their result is inserted into, or by a dead input of the same shape."""

    name = "eliminate-empty-tensors"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # Alone, as in MLIR, it writes no public function's argument.
        with frozen_heap():
            eliminate_empty_tensors(
                op, BufferizationOptions(public_arguments_writable=False)
            )
