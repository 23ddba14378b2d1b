"""The data of the memory checker: findings, buffers, statistics, errors.

See `memory.py` for the checker (`MemoryTracker`) that makes and uses them.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
)
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.execution.arrays import (
    numpy_dtype,
)
from xdsl_bufferize.execution.values import (
    MemRefView,
    default_element,
    element_bytes,
    wrap_int,
)

DEFAULT_MAX_BYTES = 4 << 30
"""The default limit of a run's memory (4 GiB), see `MemoryTracker.check_bytes`."""

_FIRST_ADDRESS = 0x10000
_ALIGNMENT = 64
"""Fake addresses: buffers are 64-byte aligned, with at least 64 bytes between them."""

OpDescriber = Callable[[Operation], str]
"""Gives a user-findable location for an op (see `interpreter.describe_op`)."""


class FindingKind(Enum):
    """What kind of memory error a finding reports."""

    LEAK = "leak"
    DOUBLE_FREE = "double-free"
    INVALID_FREE = "invalid-free"
    USE_AFTER_FREE = "use-after-free"
    WRITE_TO_CONSTANT = "write-to-constant"
    OUT_OF_BOUNDS = "out-of-bounds"
    DATA_RACE = "data-race"
    UNINITIALISED_READ = "uninitialised-read"
    """An op computed with contents nobody wrote (a fresh allocation, a
    `tensor.empty`), or the entry function returned such contents."""


GPU_ALLOCATORS = frozenset({"gpu.alloc"})
"""Ops allocating device memory: only a `GPU_FREES` op may free their buffers, and
those ops free nothing else."""
GPU_FREES = frozenset({"gpu.dealloc"})
"""Ops freeing device memory (`GPU_ALLOCATORS`' buffers)."""


@dataclass(frozen=True)
class Finding:
    """One memory error observed while running a program."""

    kind: FindingKind
    message: str
    op_name: str
    """Name of the op at fault (for a leak: the allocating op)."""
    location: str
    """Where that op is: `file:line:col` when parsed from a file, and its function."""

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.message} [{self.op_name} at {self.location}]"


class AllocKind(Enum):
    """Where a buffer lives, which decides who may free it."""

    HEAP = "heap"
    STACK = "stack"
    GLOBAL = "global"
    CONSTANT_GLOBAL = "constant-global"
    ARGUMENT = "argument"
    """Memory owned by the caller of the entry function: borrowed, never freed."""
    TENSOR = "tensor"
    """Memory materialised for a tensor (`bufferization.to_buffer` of a tensor value)."""
    ARENA_SLOT = "arena-slot"
    """A typed buffer `memref.view` places in the bytes of an i8 buffer (an arena): it
    lives as long as that buffer and is freed with it, never by itself."""


_PACK_FORMATS: dict[int, str] = {1: "<b", 2: "<h", 4: "<i", 8: "<q"}


def _pack_format(element_type: Attribute) -> str:
    """The `struct` format of one element of `element_type` in memory."""
    if isinstance(element_type, Float16Type):
        return "<e"
    if isinstance(element_type, Float32Type):
        return "<f"
    if isinstance(element_type, Float64Type):
        return "<d"
    if isinstance(element_type, IndexType):
        return "<q"
    if isinstance(element_type, IntegerType) and not isinstance(element_type, AnyFloat):
        size = element_bytes(element_type)
        if size in _PACK_FORMATS:
            return _PACK_FORMATS[size]
    raise ExecutionError(f"memref.view of {element_type} elements is not supported")


@dataclass(eq=False)
class Buffer:
    """A tracked allocation."""

    id: int
    kind: AllocKind
    element_type: Attribute
    data: np.ndarray[Any, Any]
    """The elements, flat (see `arrays.numpy_dtype` for their dtype); an arena slot's
    are a view of its arena's bytes."""
    init: np.ndarray[Any, Any]
    """Which elements were ever written: a bool array of shape (elements, k), an
    element being written when its k flags are all set. k is 1, except for an arena
    slot, whose rows are views of the flags of its bytes in the arena (a slot written
    through another slot at the same bytes is written)."""
    base_view: MemRefView = field(init=False)
    op_name: str
    """Name of the allocating op."""
    location: str
    """Location of the allocating op."""
    freed: bool = False
    freed_at: str = ""
    """Where the buffer was freed (op name and location)."""
    address: int = 0
    """A fake base address, unique to this buffer (its aligned pointer)."""
    is_arena: bool = False
    """A heap allocation marked with `ARENA_ATTR`."""
    slots: list[Buffer] = field(default_factory=lambda: list["Buffer"]())
    """The arena slots (`memref.view`s) placed in this buffer's bytes."""
    allocated_at: int = 0
    """Tick of the allocation on the tracker's logical clock."""
    last_use: int = 0
    """Tick of the last access through any view of this buffer."""
    first_use: int = 0
    """Tick of the first access through any view of this buffer (0 before it): the
    start of its live range for the lower bound."""

    @property
    def nbytes(self) -> int:
        """Size of the allocation in bytes."""
        return len(self.data) * element_bytes(self.element_type)

    def describe(self) -> str:
        return (
            f"{self.kind.value} buffer #{self.id} ({self.op_name} at {self.location})"
        )


@dataclass(frozen=True)
class MemoryStats:
    """What one run allocated, copied and freed (sizes in bytes, from the element
    types: f32 4, f64 8, i1 1, iN ceil(N/8), index 8).

    Only memory the program manages counts: a tensor value is not memory, and entry
    arguments, globals and the buffers of `bufferization.to_buffer` are not allocations.
    """

    allocs: int = 0
    """Heap allocations executed (`memref.alloc`, `bufferization.clone`, `gpu.alloc`...)."""
    bytes_allocated: int = 0
    """Bytes of those heap allocations."""
    copies: int = 0
    """Buffer-to-buffer copies executed: `memref.copy`, `linalg.copy` on memrefs and
    `bufferization.clone` (which also counts as an allocation). Tensor-level copies
    (`bufferization.alloc_tensor` with `copy`, `linalg.copy` on tensors) touch no memory
    and do not count."""
    bytes_copied: int = 0
    """Bytes those copies moved (the number of elements copied times their size)."""
    peak_live_bytes: int = 0
    """The most heap bytes allocated and not yet freed at any point of the run."""
    frees: int = 0
    """Frees that released a live heap buffer (`memref.dealloc`, `gpu.dealloc`...);
    invalid and double frees are findings and do not count."""
    live_bytes: int = 0
    """Heap bytes still allocated when the run ended (returned buffers and leaks)."""
    stack_allocs: int = 0
    """Stack allocations executed (`memref.alloca`); not part of `allocs`."""
    stack_bytes: int = 0
    """Bytes of those stack allocations."""
    arena_allocs: int = 0
    """Heap allocations marked as arenas (`ARENA_ATTR`); also counted in `allocs`."""
    arena_bytes: int = 0
    """Bytes of those arenas; also counted in `bytes_allocated`."""
    peak_total_bytes: int = 0
    """The most heap and stack bytes live at once (`peak_live_bytes` plus the stack
    memory of functions and alloca scopes not yet returned)."""
    function_calls: int = 0
    """Functions entered (the entry function and every `func.call`), to relate heap
    calls to calls."""
    lower_bound_bytes: int = 0
    """The largest sum of the sizes of buffers live at once, a buffer being live from
    its allocation to its last use (see the module docstring): the least memory any
    placement of this run's buffers needs."""


class ExecutionError(Exception):
    """The program cannot continue: a runtime failure, with the op that caused it."""

    def __init__(self, message: str, op_name: str = "", location: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.op_name = op_name
        self.location = location

    def __str__(self) -> str:
        if self.op_name:
            return f"{self.message} [{self.op_name} at {self.location}]"
        return self.message


@dataclass
class ParallelLoop:
    """One running parallel loop (scf.forall, scf.parallel), for race detection."""

    iteration: int = -1
    private_from: int = 0
    """Buffers with this id or a larger one were allocated by the current iteration."""
    accesses: dict[tuple[int, int], dict[int, bool]] = field(
        default_factory=lambda: dict[tuple[int, int], dict[int, bool]]()
    )
    """Per (buffer id, element): the iterations that accessed it, and whether they
    wrote it."""


def _init_flags(count: int, written: bool) -> np.ndarray[Any, Any]:
    """The `Buffer.init` flags of a buffer of `count` elements."""
    return np.full((count, 1), written, dtype=bool)


def _fresh(element_type: Attribute, count: int) -> np.ndarray[Any, Any]:
    """`count` elements of fresh memory (see `values.default_element`)."""
    return np.full(
        count, default_element(element_type), dtype=numpy_dtype(element_type)
    )


def store_array(
    values: Sequence[int | float] | np.ndarray[Any, Any], dtype: np.dtype[Any]
) -> np.ndarray[Any, Any]:
    """`values` as an array of `dtype` (integers wrapped to its width)."""
    if isinstance(values, np.ndarray):
        return values.astype(dtype, copy=False)
    try:
        return np.array(values, dtype=dtype)
    except OverflowError:
        bits = dtype.itemsize * 8
        return np.array(
            [wrap_int(int(v), IntegerType(bits)) for v in values], dtype=dtype
        )


def _set(buffer: Buffer, addr: int, value: int | float) -> None:
    try:
        buffer.data[addr] = value
    except OverflowError:
        buffer.data[addr] = wrap_int(int(value), IntegerType(buffer.data.itemsize * 8))


def _slot_init(
    arena: np.ndarray[Any, Any], byte_offset: int, element_type: Attribute, count: int
) -> np.ndarray[Any, Any]:
    """The `Buffer.init` flags of an arena slot: a (count, element size) view of the
    flags of its bytes in the arena's (count, 1) flags."""
    size = struct.calcsize(_pack_format(element_type))
    return arena[byte_offset : byte_offset + count * size, 0].reshape(count, size)


def _slot_elements(
    arena: np.ndarray[Any, Any], byte_offset: int, element_type: Attribute, count: int
) -> np.ndarray[Any, Any]:
    """The elements of an arena slot: a typed view of the arena's bytes (i8), so
    slots at overlapping bytes alias exactly as in memory."""
    size = struct.calcsize(_pack_format(element_type))
    if arena.dtype != np.int8:
        raise ExecutionError(f"memref.view of a buffer of {arena.dtype} elements")
    return arena[byte_offset : byte_offset + count * size].view(
        numpy_dtype(element_type)
    )
