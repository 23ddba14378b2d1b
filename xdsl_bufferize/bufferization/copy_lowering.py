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
from typing import cast

from xdsl.dialects import arith, bufferization, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    MemRefType,
    ModuleOp,
    NoneAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from xdsl_bufferize.interfaces.memref_copy import memcpy_ops
from xdsl_bufferize.options import MemcpyOpName


@dataclass(frozen=True)
class LowerClone(RewritePattern):
    """bufferization.clone: a new allocation of the same shape, then a copy."""

    memcpy_op: MemcpyOpName

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: bufferization.CloneOp, rewriter: PatternRewriter, /
    ):
        clone_type = op.output.type
        if not isinstance(clone_type, MemRefType):
            return
        clone_type = cast(MemRefType[Attribute], clone_type)
        new_ops: list[Operation] = []
        dynamic: list[SSAValue] = []
        for index, size in enumerate(clone_type.get_shape()):
            if size == DYNAMIC_INDEX:
                position = arith.ConstantOp.from_int_and_width(index, IndexType())
                dim = memref.DimOp(op.input, position.result)
                new_ops += [position, dim]
                dynamic.append(dim.result)
        identity = MemRefType(
            clone_type.element_type,
            clone_type.get_shape(),
            NoneAttr(),
            clone_type.memory_space,
        )
        alloc = memref.AllocOp(dynamic, [], identity)
        new_ops.append(alloc)
        buffer: SSAValue = alloc.memref
        if identity != clone_type:
            cast_op = memref.CastOp.get(buffer, clone_type)
            new_ops.append(cast_op)
            buffer = cast_op.results[0]
        new_ops += memcpy_ops(op.input, alloc.memref, self.memcpy_op)
        rewriter.replace(op, new_ops, [buffer])


@dataclass(frozen=True)
class LowerCopy(RewritePattern):
    """memref.copy: the form `memcpy_op` names."""

    memcpy_op: MemcpyOpName

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.CopyOp, rewriter: PatternRewriter, /):
        if self.memcpy_op == "memref.copy":
            return
        source = op.source
        cast = source.owner
        if (
            self.memcpy_op == "loops"
            and isinstance(cast, memref.CastOp)
            and isinstance(cast.source.type, MemRefType)
            and isinstance(source.type, MemRefType)
            and cast.source.type.layout == source.type.layout
        ):
            # A cast to the destination's shape only (copy_ops adds it for
            # memref.copy): loads by index need none, and xDSL's interpreter has
            # no memref.cast.
            source = cast.source
        rewriter.replace(op, memcpy_ops(source, op.destination, self.memcpy_op), [])
        if isinstance(cast, memref.CastOp) and not cast.dest.uses:
            rewriter.erase(cast)


def lower_copies(module: ModuleOp, memcpy_op: MemcpyOpName = "linalg.copy") -> None:
    """Rewrite every `bufferization.clone` and `memref.copy` under `module`."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier([LowerClone(memcpy_op), LowerCopy(memcpy_op)]),
        apply_recursively=False,
    ).rewrite_module(module)
