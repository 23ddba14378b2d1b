"""convert-bufferization-to-memref: clones and copies in forms xDSL's lowering knows.

MLIR's pass of the same name turns `bufferization.clone` into `memref.alloc` +
`memref.copy`. xDSL lowers neither `bufferization.clone` nor `memref.copy` (its
`convert-memref-to-ptr` and its interpreter stop at them), so this pass also rewrites
every copy into the form chosen by `memcpy-op` (the name and the first two values of
MLIR's option that picks the copy op of bufferization):

* `linalg.copy` (default): `linalg.copy ins(%src) outs(%dst)`, which xDSL's
  `convert-linalg-to-loops` turns into loads and stores;
* `loops`: an `scf.for` nest of `memref.load` / `memref.store` (what xDSL's
  interpreter and every lowering accept, without going through linalg);
* `memref.copy`: copies are left as they are (clones still become alloc + copy).

A clone whose type has a layout other than the identity allocates the identity
layout of its shape and casts it to the clone's type (`memref.cast`), as MLIR does.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ModuleOp,
)
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
