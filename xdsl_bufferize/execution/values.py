"""Runtime values of the reference executor and their element-type arithmetic.

Scalars are plain Python numbers: integers (and `index`) are `int` in their canonical
signed form (`i1` is 0 or 1), floats are `float` rounded to their MLIR width. Tensors
are immutable `ArrayValue`s (shape plus row-major flat data). Memrefs are `MemRefView`s:
an offset, sizes and strides onto a tracked `Buffer` (see `memory.py`). Vectors are flat
tuples of scalars in row-major order.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import numpy as np
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    NoneAttr,
    ShapedType,
    TensorType,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)
from xdsl.ir import Attribute

from xdsl_bufferize.utils.memref_layout import element_size

if TYPE_CHECKING:
    from xdsl_bufferize.execution.memory import Buffer

Scalar: TypeAlias = "int | float"


class ArrayValue:
    """An immutable n-dimensional array: a tensor value, or a result read out of a
    memref. Its elements are held as a flat Python list (`data`), as a numpy array
    (`array`), or both: each form is made from the other on first use.

    `init` says which elements were ever written (a bool array of the value's shape;
    None: all of them): a `tensor.empty` is all uninitialised, and ops that move
    elements (slices, copies, reshapes, pads) move their flags with them. `origin`
    names the op whose uninitialised contents the value holds, for findings."""

    def __init__(
        self,
        shape: Sequence[int],
        data: Sequence[Any] | np.ndarray[Any, Any],
        init: np.ndarray[Any, Any] | None = None,
        origin: str = "",
    ) -> None:
        self.shape: tuple[int, ...] = tuple(shape)
        """The extent of each dimension."""
        self.init: np.ndarray[Any, Any] | None = None
        """Which elements hold written contents (None: all)."""
        self.origin = origin
        """The op (name and location) that made the uninitialised contents."""
        if init is not None and not init.all():
            self.init = np.array(init, dtype=bool).reshape(self.shape)
            self.init.flags.writeable = False
        self._list: list[Any] | None = None
        self._arrays: dict[np.dtype[Any] | None, np.ndarray[Any, Any]] = {}
        if isinstance(data, np.ndarray):
            count = data.size
            array = (
                data.reshape(self.shape) if count == num_elements(self.shape) else data
            )
            array.flags.writeable = False
            self._arrays[None] = self._arrays[array.dtype] = array
        else:
            count = len(data)
            self._list = data if isinstance(data, list) else list(data)
        if count != num_elements(self.shape):
            raise ValueError(
                f"array of shape {self.shape} needs {num_elements(self.shape)} "
                f"elements, got {count}"
            )

    @property
    def data(self) -> list[Any]:
        """The elements (ints or floats) in row-major order; never mutated."""
        found = self._list
        if found is None:
            found = self._list = self._arrays[None].reshape(-1).tolist()
        return found

    def array(self, dtype: np.dtype[Any] | None = None) -> np.ndarray[Any, Any]:
        """The elements as a read-only numpy array of the value's shape (of `dtype`,
        converted if needed)."""
        found = self._arrays.get(dtype)
        if found is not None:
            return found
        base = self._arrays.get(None)
        if base is None:
            base = np.array(self.data, dtype=dtype).reshape(self.shape)
        else:
            base = base.astype(dtype) if dtype is not None else base
        base.flags.writeable = False
        self._arrays[dtype] = base
        if None not in self._arrays:
            self._arrays[None] = base
        return base

    @property
    def rank(self) -> int:
        return len(self.shape)

    def flat_index(self, indices: Sequence[int]) -> int:
        """The position of `indices` in `data` (no bounds check)."""
        pos = 0
        for idx, size in zip(indices, self.shape, strict=True):
            pos = pos * size + idx
        return pos

    def in_bounds(self, indices: Sequence[int]) -> bool:
        return len(indices) == len(self.shape) and all(
            0 <= i < s for i, s in zip(indices, self.shape, strict=False)
        )

    def get(self, indices: Sequence[int]) -> int | float:
        return self.data[self.flat_index(indices)]

    def initialised(self) -> np.ndarray[Any, Any]:
        """The `init` flags as a bool array of the value's shape (all True if None)."""
        if self.init is None:
            return np.ones(self.shape, dtype=bool)
        return self.init

    def with_data(
        self,
        shape: Sequence[int],
        data: Sequence[Any] | np.ndarray[Any, Any],
        init: np.ndarray[Any, Any] | None,
    ) -> ArrayValue:
        """A new value whose `init` flags are `init` (None: all initialised) and
        whose uninitialised contents come from where this value's came from."""
        return ArrayValue(shape, data, init, self.origin)

    def to_list(self) -> object:
        """The elements as nested Python lists (a scalar for rank 0)."""
        if not self.shape:
            return self.data[0]

        def build(dim: int, start: int) -> list[object]:
            step = num_elements(self.shape[dim + 1 :])
            if dim == len(self.shape) - 1:
                return list(self.data[start : start + self.shape[dim]])
            return [build(dim + 1, start + i * step) for i in range(self.shape[dim])]

        return build(0, 0)

    def __repr__(self) -> str:
        return f"ArrayValue(shape={self.shape}, data={self.data!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ArrayValue):
            return NotImplemented
        return self.shape == other.shape and self.data == other.data

    __hash__ = None  # pyright: ignore[reportAssignmentType]


@dataclass(eq=False)
class MemRefView:
    """A memref value: a strided view onto a tracked buffer."""

    buffer: Buffer
    """The allocation this view reads and writes."""
    offset: int
    """Position of element [0, ..., 0] in the buffer."""
    sizes: tuple[int, ...]
    """Extent of each dimension."""
    strides: tuple[int, ...]
    """Distance in the buffer between neighbours along each dimension."""
    is_allocated_base: bool = False
    """Whether this is the base buffer `memref.extract_strided_metadata` returns: a
    rank-0 view that stands for the whole allocation, so freeing it frees the buffer
    (MLIR's lowered deallocation frees this view)."""

    @property
    def rank(self) -> int:
        return len(self.sizes)

    def address(self, indices: Sequence[int]) -> int:
        return self.offset + sum(
            i * s for i, s in zip(indices, self.strides, strict=False)
        )

    def is_base_of(self, buffer: Buffer) -> bool:
        """Whether this view is the very view its allocation returned, a reshape of it
        (`memref.expand_shape` / `collapse_shape` / `cast` of the whole contiguous
        buffer: the same allocated pointer, start and extent, which MLIR's lowered
        dealloc frees), or the base buffer `memref.extract_strided_metadata`
        extracted from any view of it."""
        if self.buffer is not buffer:
            return False
        if self.is_allocated_base:
            return True
        base = buffer.base_view
        if (
            self.offset == base.offset
            and self.sizes == base.sizes
            and self.strides == base.strides
        ):
            return True
        return (
            self.offset == base.offset
            and base.strides == contiguous_strides(base.sizes)
            and self.strides == contiguous_strides(self.sizes)
            and num_elements(self.sizes) == num_elements(base.sizes)
        )

    def __repr__(self) -> str:
        return (
            f"MemRefView(buffer=#{self.buffer.id}, offset={self.offset}, "
            f"sizes={self.sizes}, strides={self.strides})"
        )


@dataclass
class Token:
    """The value of an async token (gpu dialect): carries nothing."""

    id: int = field(default=0)


class ElementKind(Enum):
    """How an element type's values behave."""

    INT = "int"
    FLOAT = "float"
    INDEX = "index"
    OTHER = "other"


def num_elements(shape: Sequence[int]) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    strides: list[int] = []
    acc = 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= max(size, 1)
    return tuple(reversed(strides))


def iter_indices(shape: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """All index tuples of `shape` in row-major order."""
    if any(s <= 0 for s in shape):
        return
    idx = [0] * len(shape)
    while True:
        yield tuple(idx)
        d = len(shape) - 1
        while d >= 0:
            idx[d] += 1
            if idx[d] < shape[d]:
                break
            idx[d] = 0
            d -= 1
        if d < 0:
            return


def is_dynamic(value: int) -> bool:
    return value == DYNAMIC_INDEX


def element_type_of(t: Attribute) -> Attribute:
    if isinstance(t, TensorType | MemRefType | VectorType):
        return cast(Attribute, t.get_element_type())
    if isinstance(t, UnrankedTensorType | UnrankedMemRefType):
        return cast(Attribute, t.element_type)
    return t


def int_values(attr: Attribute) -> list[int]:
    """The integers of a dense array attribute (static offsets, dimensions...)."""
    if not isinstance(attr, DenseArrayBase):
        raise ValueError(f"expected a dense array, got {attr}")
    return [int(v) for v in cast("DenseArrayBase[IntegerType]", attr).get_values()]


def int_width(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    return 64


def wrap_int(value: int, t: Attribute) -> int:
    """Canonical form of an integer of type `t`: signed two's complement, i1 as 0/1."""
    width = int_width(t)
    if width == 1:
        return value & 1
    mask = (1 << width) - 1
    value &= mask
    if value >= 1 << (width - 1):
        value -= 1 << width
    return value


def to_unsigned(value: int, t: Attribute) -> int:
    return value & ((1 << int_width(t)) - 1)


def _round_bf16(value: float) -> float:
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    rounding = 0x7FFF + ((bits >> 16) & 1)
    bits = ((bits + rounding) >> 16) << 16
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def round_float(value: float, t: Attribute) -> float:
    """Round a Python float to the precision of float type `t`."""
    if isinstance(t, Float64Type) or math.isnan(value) or math.isinf(value):
        return float(value)
    try:
        if isinstance(t, Float32Type):
            return struct.unpack("<f", struct.pack("<f", value))[0]
        if isinstance(t, Float16Type):
            return struct.unpack("<e", struct.pack("<e", value))[0]
        if isinstance(t, BFloat16Type):
            return _round_bf16(value)
    except OverflowError:
        return math.copysign(math.inf, value)
    return float(value)


def normalize(value: int | float, t: Attribute) -> int | float:
    """Bring a Python number into the canonical form of scalar type `t`."""
    if isinstance(t, AnyFloat):
        return round_float(float(value), t)
    if isinstance(t, IntegerType):
        return wrap_int(int(value), t)
    if isinstance(t, IndexType):
        return wrap_int(int(value), IntegerType(64))
    return value


def element_bytes(t: Attribute) -> int:
    """Storage size in bytes of one element of type `t`: floats by their width (f32 4,
    f64 8), iN ceil(N/8) (i1 1), index 8; anything else counts as 8."""
    size = element_size(t)
    return 8 if size is None else size


def default_element(t: Attribute) -> int | float:
    """The contents of fresh, uninitialised memory: NaN for floats, 0 otherwise."""
    if isinstance(t, AnyFloat):
        return math.nan
    return 0


def static_shape(t: ShapedType, dynamic: Sequence[int]) -> tuple[int, ...]:
    """The shape of `t` with its dynamic dimensions taken in order from `dynamic`."""
    dyn = iter(dynamic)
    shape: list[int] = []
    for dim in t.get_shape():
        shape.append(next(dyn) if is_dynamic(dim) else dim)
    return tuple(shape)


def memref_layout(t: MemRefType) -> tuple[int | None, tuple[int | None, ...]]:
    """Static offset and strides of `t`'s layout (None where dynamic)."""
    if isinstance(t.layout, NoneAttr):
        return 0, contiguous_strides([max(d, 1) for d in t.get_shape()])
    strides = t.get_strides()
    offset = t.get_offset()
    if strides is None:
        raise ValueError(f"unsupported memref layout in {t}")
    return offset, tuple(strides)
