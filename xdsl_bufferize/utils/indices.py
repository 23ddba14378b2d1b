"""Mixed index lists (static integers or index SSA values, as in the offsets, sizes
and strides of slices) and the IR builders that use them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import cast

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.interfaces.memref_copy import copy_ops
from xdsl_bufferize.utils.memref_layout import subview_type

Mixed = int | SSAValue
"""A static size/offset/stride or an index SSA value."""


@lru_cache(maxsize=4096)
def static_index_values(static: DenseArrayBase[IntegerType]) -> tuple[int, ...]:
    """The integers of a static index list (decoded once per distinct list: the
    decoding is costly and the same few lists recur on every op of a tiled loop)."""
    return tuple(static.get_values())


@lru_cache(maxsize=4096)
def static_index_array(values: tuple[int, ...]) -> DenseArrayBase[IntegerType]:
    """The `array<i64: ...>` attribute of a static index list (built once per list)."""
    return DenseArrayBase.from_list(i64, values)


def mixed_values(
    static: DenseArrayBase[IntegerType], dynamic: Sequence[SSAValue]
) -> list[Mixed]:
    """Merge a static index list (DYNAMIC_INDEX placeholders) with its operands."""
    dyn = iter(dynamic)
    return [next(dyn) if v == DYNAMIC_INDEX else v for v in static_index_values(static)]


def split_mixed(values: Sequence[Mixed]) -> tuple[tuple[int, ...], list[SSAValue]]:
    """The static list (DYNAMIC_INDEX for SSA entries) and the SSA operands of a
    mixed index list."""
    static = tuple(v if isinstance(v, int) else DYNAMIC_INDEX for v in values)
    return static, [v for v in values if not isinstance(v, int)]


def constant_index_value(value: Mixed) -> int | None:
    """The integer `value` stands for, if it is static or an arith.constant."""
    if isinstance(value, int):
        return value
    if isinstance(value, OpResult) and isinstance(value.op, arith.ConstantOp):
        attr = value.op.value
        if isinstance(attr, IntegerAttr):
            return attr.value.data
    return None


def same_mixed(a: Mixed, b: Mixed) -> bool:
    """Whether two mixed indices are provably equal (same value or constant)."""
    if a is b:
        return True
    ca, cb = constant_index_value(a), constant_index_value(b)
    return ca is not None and ca == cb


def build_subview(
    rewriter: PatternRewriter,
    before: Operation,
    source: SSAValue,
    offsets: Sequence[Mixed],
    sizes: Sequence[Mixed],
    strides: Sequence[Mixed],
    result_shape: Sequence[int],
) -> SSAValue:
    """Insert a memref.subview of `source` before `before`."""
    source_type = cast(MemRefType[Attribute], source.type)
    result_type = subview_type(source_type, offsets, sizes, strides, result_shape)
    static_offsets, dyn_offsets = split_mixed(offsets)
    static_sizes, dyn_sizes = split_mixed(sizes)
    static_strides, dyn_strides = split_mixed(strides)
    view = memref.SubviewOp(
        source,
        dyn_offsets,
        dyn_sizes,
        dyn_strides,
        static_index_array(static_offsets),
        static_index_array(static_sizes),
        static_index_array(static_strides),
        result_type,
    )
    rewriter.insert(view, InsertPoint.before(before))
    return view.result


def build_index(rewriter: PatternRewriter, before: Operation, value: int) -> SSAValue:
    """Insert an index constant before `before`."""
    op = arith.ConstantOp.from_int_and_width(value, IndexType())
    rewriter.insert(op, InsertPoint.before(before))
    return op.result


def as_value(rewriter: PatternRewriter, before: Operation, value: Mixed) -> SSAValue:
    """An SSA value for a mixed index."""
    return build_index(rewriter, before, value) if isinstance(value, int) else value


def buffer_sizes(
    rewriter: PatternRewriter, before: Operation, buffer: SSAValue
) -> list[Mixed]:
    """The sizes of a memref: static ones as ints, dynamic ones via memref.dim."""
    buffer_type = cast(MemRefType[Attribute], buffer.type)
    sizes: list[Mixed] = []
    for dim, size in enumerate(buffer_type.get_shape()):
        if size != DYNAMIC_INDEX:
            sizes.append(size)
            continue
        dim_op = memref.DimOp(buffer, build_index(rewriter, before, dim))
        rewriter.insert(dim_op, InsertPoint.before(before))
        sizes.append(dim_op.result)
    return sizes


def dynamic_sizes_of(
    rewriter: PatternRewriter,
    before: Operation,
    shape: Sequence[int],
    sizes: Sequence[Mixed],
) -> list[SSAValue]:
    """The SSA sizes of the dynamic dims of `shape`, for a memref.alloc."""
    return [
        as_value(rewriter, before, size)
        for dim, size in zip(shape, sizes, strict=True)
        if dim == DYNAMIC_INDEX
    ]


def build_copy(
    rewriter: PatternRewriter, before: Operation, source: SSAValue, target: SSAValue
) -> None:
    """Insert a memref.copy before `before` (the source cast to the target's shape
    first if they differ)."""
    rewriter.insert(copy_ops(source, target), InsertPoint.before(before))


def build_loop_nest(
    rewriter: PatternRewriter,
    before: Operation,
    upper_bounds: Sequence[SSAValue],
    body: Callable[[PatternRewriter, Operation, list[SSAValue]], None],
) -> None:
    """Insert a nest of scf.for loops from 0 to `upper_bounds` (step 1) and build
    the innermost body with `body(rewriter, insert_before, induction_vars)`."""
    zero = build_index(rewriter, before, 0)
    one = build_index(rewriter, before, 1)
    ivs: list[SSAValue] = []
    insert_before = before
    for ub in upper_bounds:
        yield_op = scf.YieldOp()
        block = Block([yield_op], arg_types=[IndexType()])
        loop = scf.ForOp(zero, ub, one, [], block)
        rewriter.insert(loop, InsertPoint.before(insert_before))
        ivs.append(block.args[0])
        insert_before = yield_op
    body(rewriter, insert_before, ivs)


def tensor_type_of(value: SSAValue) -> TensorType[Attribute]:
    """The tensor type of a value (a diagnostic if it is not a ranked tensor)."""
    if not isinstance(value.type, TensorType):
        raise PassFailedException(f"expected a ranked tensor, got {value.type}")
    return cast(TensorType[Attribute], value.type)
