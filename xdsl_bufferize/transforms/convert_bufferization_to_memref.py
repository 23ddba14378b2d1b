"""convert-bufferization-to-memref: clones and copies in forms xDSL's lowering knows.

MLIR's pass of the same name turns `bufferization.clone` into an allocation and a
copy; here every copy also takes the form `memcpy-op` names (`linalg.copy`, the
default; `loops`; or `memref.copy`), since xDSL lowers neither `bufferization.clone`
nor `memref.copy` (`xdsl_bufferize.bufferization.copy_lowering`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.bufferization.copy_lowering import lower_copies
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.diagnostics import invalid_option
from xdsl_bufferize.options import MEMCPY_OPS, MemcpyOpName, PassOptions


@dataclass(frozen=True)
class ConvertBufferizationToMemrefPass(PassOptions, ModulePass):
    """Clones become allocations and copies; copies take the form `memcpy-op`
    names, so that xDSL's own lowering and interpreter accept them."""

    name = "convert-bufferization-to-memref"

    memcpy_op: MemcpyOpName = "linalg.copy"
    """How copies are written: linalg.copy, loops (scf.for of load/store) or
    memref.copy."""

    def validate(self, pass_name: str) -> None:
        if self.memcpy_op not in MEMCPY_OPS:
            raise invalid_option(pass_name, "memcpy-op", self.memcpy_op, MEMCPY_OPS)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            lower_copies(op, self.memcpy_op)
