"""numpy storage of the reference executor: element dtypes and strided views.

Buffers (`memory.Buffer`) keep their elements in one flat numpy array; a `MemRefView`
(offset, sizes, strides in elements) is a strided numpy view of it when all its
elements lie inside the buffer. Element types map to numpy dtypes as MLIR's JIT stores
them: f16/f32/f64 in float16/float32/float64, iN in the smallest signed integer of 8,
16, 32 or 64 bits (i1 in int8, 0 or 1), index in int64. Other element types (bf16,
wider integers, complex...) are stored as Python objects (dtype object).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
)
from xdsl.ir import Attribute

_INT_DTYPES: dict[int, Any] = {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}


def numpy_dtype(element_type: Attribute) -> np.dtype[Any]:
    """The dtype buffers of `element_type` are stored in."""
    if isinstance(element_type, Float32Type):
        return np.dtype(np.float32)
    if isinstance(element_type, Float64Type):
        return np.dtype(np.float64)
    if isinstance(element_type, Float16Type):
        return np.dtype(np.float16)
    if isinstance(element_type, IndexType):
        return np.dtype(np.int64)
    if isinstance(element_type, IntegerType):
        width = element_type.width.data
        for bits in (8, 16, 32, 64):
            if width <= bits:
                return np.dtype(_INT_DTYPES[bits])
    return np.dtype(object)


def is_native(dtype: np.dtype[Any]) -> bool:
    """Whether elements of `dtype` can be computed with numpy (not Python objects)."""
    return dtype.kind in "fiub"


def strided(
    data: np.ndarray[Any, Any],
    offset: int,
    sizes: Sequence[int],
    strides: Sequence[int],
) -> np.ndarray[Any, Any]:
    """The view (offset, sizes, strides in elements) of flat array `data`; the caller
    has checked that every element lies inside `data`."""
    item = data.itemsize
    if any(s == 0 for s in sizes):
        return np.empty(tuple(sizes), dtype=data.dtype)
    return np.lib.stride_tricks.as_strided(
        data[offset:],
        shape=tuple(sizes),
        strides=tuple(s * item for s in strides),
    )


def addresses(
    offset: int, sizes: Sequence[int], strides: Sequence[int]
) -> np.ndarray[Any, Any]:
    """The element address of every index of a view, in row-major order (flat)."""
    addr = np.full(tuple(sizes), offset, dtype=np.int64)
    for dim, (size, stride) in enumerate(zip(sizes, strides, strict=True)):
        shape = [1] * len(sizes)
        shape[dim] = size
        addr = addr + (np.arange(size, dtype=np.int64) * stride).reshape(shape)
    return addr.reshape(-1)


def view_extent(
    offset: int, sizes: Sequence[int], strides: Sequence[int]
) -> tuple[int, int]:
    """The lowest and highest element address a non-empty view reaches."""
    low = offset + sum(
        min(0, (n - 1) * s) for n, s in zip(sizes, strides, strict=False)
    )
    high = offset + sum(
        max(0, (n - 1) * s) for n, s in zip(sizes, strides, strict=False)
    )
    return low, high


def to_python(values: np.ndarray[Any, Any]) -> list[Any]:
    """The elements of `values` (flattened, row-major) as Python numbers."""
    return values.reshape(-1).tolist()
