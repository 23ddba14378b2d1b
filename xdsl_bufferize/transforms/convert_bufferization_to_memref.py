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
from typing import Literal, cast

from xdsl.context import Context
from xdsl.dialects import arith, bufferization, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    MemRefType,
    ModuleOp,
    NoneAttr,
)
from xdsl.dialects.linalg.ops import CopyOp as LinalgCopyOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.diagnostics import invalid_option

MemcpyOp = Literal["memref.copy", "linalg.copy", "loops"]
MEMCPY_OPS: tuple[MemcpyOp, ...] = ("memref.copy", "linalg.copy", "loops")


def _dim_sizes(
    value: SSAValue, memref_type: MemRefType[Attribute]
) -> tuple[list[Operation], list[SSAValue]]:
    """Ops computing each dimension size of `value` (constants where static)."""
    ops: list[Operation] = []
    sizes: list[SSAValue] = []
    for index, size in enumerate(memref_type.get_shape()):
        if size == DYNAMIC_INDEX:
            position = arith.ConstantOp.from_int_and_width(index, IndexType())
            dim = memref.DimOp(value, position.result)
            ops += [position, dim]
            sizes.append(dim.result)
        else:
            constant = arith.ConstantOp.from_int_and_width(size, IndexType())
            ops.append(constant)
            sizes.append(constant.result)
    return ops, sizes


def copy_loops(source: SSAValue, destination: SSAValue) -> list[Operation]:
    """An `scf.for` nest that loads each element of `source` and stores it at the
    same indices of `destination` (the sizes are the destination's)."""
    dest_type = cast(MemRefType[Attribute], destination.type)
    ops, sizes = _dim_sizes(destination, dest_type)
    if not sizes:
        load = memref.LoadOp.get(source, [])
        return [load, memref.StoreOp.get(load.res, destination, [])]
    zero = arith.ConstantOp.from_int_and_width(0, IndexType())
    one = arith.ConstantOp.from_int_and_width(1, IndexType())
    ops += [zero, one]
    body = Block(arg_types=[IndexType()])
    outermost = scf.ForOp(zero.result, sizes[0], one.result, [], body)
    indices: list[SSAValue] = [body.args[0]]
    for size in sizes[1:]:
        inner_body = Block(arg_types=[IndexType()])
        body.add_ops([scf.ForOp(zero.result, size, one.result, [], inner_body)])
        body.add_op(scf.YieldOp())
        body = inner_body
        indices.append(body.args[0])
    load = memref.LoadOp.get(source, indices)
    body.add_ops(
        [load, memref.StoreOp.get(load.res, destination, indices), scf.YieldOp()]
    )
    return [*ops, outermost]


def copy_ops(
    source: SSAValue, destination: SSAValue, memcpy_op: MemcpyOp
) -> list[Operation]:
    """The ops copying `source` into `destination` in the form `memcpy_op`."""
    if memcpy_op == "linalg.copy":
        return [LinalgCopyOp([source], [destination], res=())]
    if memcpy_op == "loops":
        return copy_loops(source, destination)
    return [memref.CopyOp(source, destination)]


@dataclass(frozen=True)
class LowerClone(RewritePattern):
    """bufferization.clone: a new allocation of the same shape, then a copy."""

    memcpy_op: MemcpyOp

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
        new_ops += copy_ops(op.input, alloc.memref, self.memcpy_op)
        rewriter.replace(op, new_ops, [buffer])


@dataclass(frozen=True)
class LowerCopy(RewritePattern):
    """memref.copy: the form `memcpy_op` names."""

    memcpy_op: MemcpyOp

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
        rewriter.replace(op, copy_ops(source, op.destination, self.memcpy_op), [])
        if isinstance(cast, memref.CastOp) and not cast.dest.uses:
            rewriter.erase(cast)


def lower_copies(module: ModuleOp, memcpy_op: MemcpyOp = "linalg.copy") -> None:
    """Rewrite every `bufferization.clone` and `memref.copy` under `module`."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier([LowerClone(memcpy_op), LowerCopy(memcpy_op)]),
        apply_recursively=False,
    ).rewrite_module(module)


@dataclass(frozen=True)
class ConvertBufferizationToMemrefPass(ModulePass):
    """Clones become allocations and copies; copies take the form `memcpy-op`
    names, so that xDSL's own lowering and interpreter accept them."""

    name = "convert-bufferization-to-memref"

    memcpy_op: str = "linalg.copy"
    """How copies are written: linalg.copy, loops (scf.for of load/store) or
    memref.copy."""

    def __post_init__(self) -> None:
        if self.memcpy_op not in MEMCPY_OPS:
            raise invalid_option(self.name, "memcpy-op", self.memcpy_op, MEMCPY_OPS)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            lower_copies(op, cast(MemcpyOp, self.memcpy_op))
