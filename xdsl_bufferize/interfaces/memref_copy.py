"""Building `memref.copy`: the one place where bufferization makes a copy op.

`memref.copy` requires its source and target to have the same shape (xDSL's verifier
checks it, static sizes included), while bufferization often copies between buffers
that agree only up to dynamic sizes: a `memref<2xf32>` into a `memref<?xf32>`
allocation, or the other way round. `copy_ops` casts the source (`memref.cast`, which
keeps its layout and memory space) to the target's shape first when the shapes differ;
every builder of a copy goes through it.

`memcpy_ops` builds a copy in the form the `memcpy-op` option names (`memref.copy`,
`linalg.copy`, or an `scf.for` nest of loads and stores, `copy_loops`): the forms
xDSL's own lowering and interpreter accept (`convert-bufferization-to-memref`).
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, MemRefType
from xdsl.dialects.linalg.ops import CopyOp as LinalgCopyOp
from xdsl.ir import Attribute, Block, Operation, SSAValue

from xdsl_bufferize.interfaces.copy_reasons import record_copy
from xdsl_bufferize.options import MemcpyOpName


def cast_to_shape_of(source: SSAValue, target: SSAValue) -> memref.CastOp | None:
    """A `memref.cast` of `source` to the shape of `target`, or None when the shapes
    already agree (or the ranks differ, or either is not a ranked memref)."""
    source_type = source.type
    target_type = target.type
    if not isinstance(source_type, MemRefType) or not isinstance(
        target_type, MemRefType
    ):
        return None
    source_memref: MemRefType[Attribute] = source_type  # pyright: ignore[reportUnknownVariableType]
    target_memref: MemRefType[Attribute] = target_type  # pyright: ignore[reportUnknownVariableType]
    source_shape = source_memref.get_shape()
    target_shape = target_memref.get_shape()
    if source_shape == target_shape or len(source_shape) != len(target_shape):
        return None
    cast_type = MemRefType(
        source_memref.element_type,
        target_shape,
        source_memref.layout,
        source_memref.memory_space,
    )
    return memref.CastOp.get(source, cast_type)


def copy_ops(source: SSAValue, target: SSAValue) -> list[Operation]:
    """The ops copying `source` into `target`: `memref.copy`, preceded by a
    `memref.cast` of the source to the target's shape when the shapes differ."""
    cast = cast_to_shape_of(source, target)
    copy = memref.CopyOp(source if cast is None else cast.dest, target)
    record_copy(copy)
    return [copy] if cast is None else [cast, copy]


def realloc_ops(
    source: SSAValue, target_type: MemRefType[Attribute], alignment: int
) -> tuple[list[Operation], SSAValue]:
    """The ops copying `source` into a new buffer of `target_type` (MLIR's
    `castOrReallocMemRefValue` when a cast cannot hold, e.g. across memory spaces):
    a `memref.alloc` with the identity layout in `target_type`'s memory space (its
    dynamic sizes those of `source`), the copy, and a `memref.cast` to `target_type`
    when its layout is not the identity; and the value of type `target_type`."""
    ops: list[Operation] = []
    sizes: list[SSAValue] = []
    for index, size in enumerate(target_type.get_shape()):
        if size == DYNAMIC_INDEX:
            position = arith.ConstantOp.from_int_and_width(index, IndexType())
            dim = memref.DimOp(source, position.result)
            ops += [position, dim]
            sizes.append(dim.result)
    alloc = memref.AllocOp.get(
        target_type.element_type,
        alignment if alignment > 0 else None,
        target_type.get_shape(),
        sizes,
        memory_space=target_type.memory_space,
    )
    ops.append(alloc)
    ops += copy_ops(source, alloc.memref)
    result: SSAValue = alloc.memref
    if alloc.memref.type != target_type:
        cast_op = memref.CastOp.get(result, target_type)
        ops.append(cast_op)
        result = cast_op.dest
    return ops, result


def same_memory_space(a: Attribute, b: Attribute) -> bool:
    """Whether two memref types are in the same memory space (a `memref.cast`
    between them may hold)."""
    if not isinstance(a, MemRefType) or not isinstance(b, MemRefType):
        return True
    a_memref: MemRefType[Attribute] = a  # pyright: ignore[reportUnknownVariableType]
    b_memref: MemRefType[Attribute] = b  # pyright: ignore[reportUnknownVariableType]
    return a_memref.memory_space == b_memref.memory_space


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


def memcpy_ops(
    source: SSAValue, destination: SSAValue, memcpy_op: MemcpyOpName
) -> list[Operation]:
    """The ops copying `source` into `destination` in the form `memcpy_op`."""
    if memcpy_op == "linalg.copy":
        return [LinalgCopyOp([source], [destination], res=())]
    if memcpy_op == "loops":
        return copy_loops(source, destination)
    return [memref.CopyOp(source, destination)]
