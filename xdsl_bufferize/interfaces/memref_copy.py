"""Building `memref.copy`: the one place where bufferization makes a copy op.

`memref.copy` requires its source and target to have the same shape (xDSL's verifier
checks it, static sizes included), while bufferization often copies between buffers
that agree only up to dynamic sizes: a `memref<2xf32>` into a `memref<?xf32>`
allocation, or the other way round. `copy_ops` casts the source (`memref.cast`, which
keeps its layout and memory space) to the target's shape first when the shapes differ;
every builder of a copy goes through it.
"""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, Operation, SSAValue

from xdsl_bufferize.interfaces.copy_reasons import record_copy


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
