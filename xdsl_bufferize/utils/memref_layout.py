"""Strided memref layouts: strides and offset of a memref type, identity layouts,
the memref types of subviews (shared by the bufferization models, the module
driver and the allocation models)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    AnyFloat,
    IndexType,
    IntegerType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
)
from xdsl.ir import Attribute
from xdsl.ir.affine import AffineMap
from xdsl.utils.exceptions import PassFailedException

if TYPE_CHECKING:
    from xdsl_bufferize.utils.indices import Mixed


def identity_strides(shape: Sequence[int]) -> list[int | None]:
    """Row-major strides of `shape` (None once a dynamic size is crossed)."""
    strides: list[int | None] = []
    running: int | None = 1
    for size in reversed(shape):
        strides.append(running)
        running = None if running is None or size == DYNAMIC_INDEX else running * size
    return list(reversed(strides))


def strides_and_offset(
    memref_type: MemRefType[Attribute],
) -> tuple[list[int | None], int | None]:
    """Strides and offset of a memref type (None entries are dynamic)."""
    layout = memref_type.layout
    if isinstance(layout, NoneAttr):
        return identity_strides(memref_type.get_shape()), 0
    if isinstance(layout, StridedLayoutAttr):
        return list(layout.get_strides()), layout.get_offset()
    if isinstance(layout, AffineMapAttr):
        found = _affine_strides(layout.data, memref_type.get_shape())
        if found is not None:
            return found
    strides = layout.get_strides()
    if strides is None:
        return [None] * memref_type.get_num_dims(), None
    return list(strides), layout.get_offset()


def _affine_strides(
    affine_map: AffineMap, shape: Sequence[int]
) -> tuple[list[int | None], int | None] | None:
    """Strides and offset of a layout written as an affine map (MLIR reads such
    maps as strided layouts too): the identity map, or a map without symbols to
    one result that is linear in the dimensions (`d0 * 20 + d1 + 5`). None for
    any other map."""
    rank = len(shape)
    if affine_map.num_dims != rank or affine_map.num_symbols != 0:
        return None
    if affine_map == AffineMap.identity(rank):
        return identity_strides(shape), 0
    if len(affine_map.results) != 1:
        return None
    zero = [0] * rank
    offset = affine_map.eval(zero, [])[0]
    strides: list[int] = []
    for dim in range(rank):
        unit = list(zero)
        unit[dim] = 1
        strides.append(affine_map.eval(unit, [])[0] - offset)
    # Linear: checked on two more points.
    for point in ([1] * rank, [dim + 2 for dim in range(rank)]):
        expected = offset + sum(c * x for c, x in zip(strides, point, strict=True))
        if affine_map.eval(point, [])[0] != expected:
            return None
    return list[int | None](strides), offset


def has_identity_layout(memref_type: MemRefType[Attribute]) -> bool:
    """Whether the memref is contiguous row-major from offset 0 (no layout
    attribute, whatever its sizes, or strides that prove it)."""
    if isinstance(memref_type.layout, NoneAttr):
        return True
    strides, offset = strides_and_offset(memref_type)
    if offset != 0:
        return False
    expected = identity_strides(memref_type.get_shape())
    return all(s is not None and s == e for s, e in zip(strides, expected, strict=True))


def has_no_layout(memref_type: MemRefType[Attribute]) -> bool:
    """Whether `memref_type` has no layout attribute (the identity layout, implicit)."""
    return isinstance(memref_type.layout, NoneAttr)


def fully_dynamic_layout(rank: int) -> StridedLayoutAttr:
    """`strided<[?, ...], offset: ?>` of the given rank."""
    return StridedLayoutAttr([None] * rank, None)


def fully_dynamic_type(memref_type: MemRefType[Attribute]) -> MemRefType[Attribute]:
    """The same memref type with a fully dynamic strided layout."""
    return MemRefType(
        memref_type.element_type,
        memref_type.get_shape(),
        fully_dynamic_layout(len(memref_type.get_shape())),
        memref_type.memory_space,
    )


def layout_castable(source: Attribute, target: MemRefType[Attribute]) -> bool:
    """Whether a `memref.cast` takes a buffer of type `source` to `target`, memory
    spaces aside (conservative): same element type, rank, agreeing static sizes,
    and `target`'s layout fully dynamic, equal to `source`'s, or both the
    identity. (No cast changes a memory space: `cast_if_needed` copies there.)"""
    if not isinstance(source, MemRefType):
        return False
    source_type: MemRefType[Attribute] = source  # pyright: ignore[reportUnknownVariableType]
    a_shape, b_shape = source_type.get_shape(), target.get_shape()
    if (
        source_type.element_type != target.element_type
        or len(a_shape) != len(b_shape)
        or any(
            a != b and a >= 0 and b >= 0 for a, b in zip(a_shape, b_shape, strict=True)
        )
    ):
        return False
    return (
        source_type.layout == target.layout
        or target.layout == fully_dynamic_layout(len(b_shape))
        or (has_identity_layout(source_type) and has_identity_layout(target))
    )


def make_memref_type(
    element_type: Attribute,
    shape: Sequence[int],
    strides: Sequence[int | None] | None,
    offset: int | None,
    memory_space: Attribute,
) -> MemRefType[Attribute]:
    """A memref type; `strides=None` means the identity layout."""
    return _memref_type(
        element_type,
        tuple(shape),
        None if strides is None else tuple(strides),
        offset,
        memory_space,
    )


@lru_cache(maxsize=4096)
def _memref_type(
    element_type: Attribute,
    shape: tuple[int, ...],
    strides: tuple[int | None, ...] | None,
    offset: int | None,
    memory_space: Attribute,
) -> MemRefType[Attribute]:
    # Types are immutable: one instance per distinct type (building and verifying
    # a type costs more than the subview that needs it).
    layout: Attribute = (
        NoneAttr() if strides is None else StridedLayoutAttr(strides, offset)
    )
    return MemRefType(element_type, shape, layout, memory_space)  # pyright: ignore[reportArgumentType]


def rank_reduction_mask(
    sizes: Sequence[Mixed], result_shape: Sequence[int]
) -> list[bool]:
    """Which source dims a (possibly rank-reducing) slice keeps: dropped dims have
    static size 1, kept dims match the result shape in order."""

    def static(size: Mixed) -> int:
        return size if isinstance(size, int) else DYNAMIC_INDEX

    def solve(i: int, j: int) -> list[bool] | None:
        if i == len(sizes):
            return [] if j == len(result_shape) else None
        size = static(sizes[i])
        if j < len(result_shape) and (
            size == result_shape[j] or DYNAMIC_INDEX in (size, result_shape[j])
        ):
            rest = solve(i + 1, j + 1)
            if rest is not None:
                return [True, *rest]
        if size == 1:
            rest = solve(i + 1, j)
            if rest is not None:
                return [False, *rest]
        return None

    mask = solve(0, 0)
    if mask is None:
        raise PassFailedException(
            f"cannot match slice sizes to the result shape {list(result_shape)}"
        )
    return mask


def subview_type(
    source_type: MemRefType[Attribute],
    offsets: Sequence[Mixed],
    sizes: Sequence[Mixed],
    strides: Sequence[Mixed],
    result_shape: Sequence[int],
) -> MemRefType[Attribute]:
    """The strided memref type of a subview of `source_type` with `result_shape`
    (rank-reducing when the result has fewer dims). Only static entries are
    known: an SSA offset, size or stride is dynamic, as MLIR's verifier expects."""
    src_strides, src_offset = strides_and_offset(source_type)
    full_strides: list[int | None] = []
    offset = src_offset
    for off, stride, src_stride in zip(offsets, strides, src_strides, strict=True):
        c_off = off if isinstance(off, int) else None
        c_stride = stride if isinstance(stride, int) else None
        full_strides.append(
            None if c_stride is None or src_stride is None else c_stride * src_stride
        )
        if offset is not None and c_off != 0:
            offset = (
                None
                if c_off is None or src_stride is None
                else offset + c_off * src_stride
            )
    mask = rank_reduction_mask(sizes, result_shape)
    kept = [s for s, keep in zip(full_strides, mask, strict=True) if keep]
    return make_memref_type(
        source_type.get_element_type(),
        result_shape,
        kept,
        offset,
        source_type.memory_space,
    )


def static_offset_layout(typ: Attribute) -> tuple[int, list[int]] | None:
    """(offset, strides) of a memref type whose static strided layout no buffer with the
    identity layout can be cast to (a static non-zero offset, or static strides that are
    not the identity's); None for any other type."""
    if not isinstance(typ, MemRefType):
        return None
    layout = typ.layout
    if not isinstance(layout, StridedLayoutAttr):
        return None
    offset = layout.get_offset()
    strides = list(layout.get_strides())
    shape = list(typ.get_shape())
    if offset is None or any(s is None for s in strides) or DYNAMIC_INDEX in shape:
        return None
    static_strides = [s for s in strides if s is not None]
    if offset == 0 and static_strides == identity_strides(shape):
        return None
    return offset, static_strides


def element_size(t: Attribute) -> int | None:
    """Bytes of one memref element of type `t` (i1 takes a byte), or None when
    unknown."""
    if isinstance(t, IndexType):
        return 8
    if isinstance(t, IntegerType):
        return max(1, (t.width.data + 7) // 8)
    if isinstance(t, AnyFloat):
        return max(1, (t.bitwidth + 7) // 8)
    return None
