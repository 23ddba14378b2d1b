"""The memory checker: tracked buffers, strided access, and findings.

Every allocation the executed program makes (heap, stack, global, entry arguments) is a
`Buffer` with an id, a kind, the op that made it and its location. All reads and writes
through a `MemRefView` go through `MemoryTracker`, which reports, as `Finding`s, use after
free, out-of-bounds accesses (outside the view, or outside the buffer), writes into a
constant global, double frees, frees of memory that is not a heap allocation's base view
(stack, global, argument, a subview), and, when the entry function returns, leaks.

The tracker also keeps `MemoryStats`: heap allocations and frees, the bytes they
allocate, the copies between buffers (`record_copy`), the peak of live heap bytes, the
arenas (heap allocations marked with the unit attribute `ARENA_ATTR`, which the
`static-memory-planning` pass makes) and the lower bound of the run's footprint.

The lower bound (`MemoryStats.lower_bound_bytes`) is measured on a logical clock that
ticks at every op the interpreter runs (all accesses of one op happen at its tick): a
buffer is live from the tick of its first use to the tick of its last use (a load,
store, copy, or view taken of it, through any view; returned buffers are used when the
caller reads them), not from its allocation to its free: no allocator needs memory for
a buffer before it is written or after it is last read. A buffer never used is not
counted. The lower bound is the largest sum of the sizes of the buffers live at one
tick. Counted buffers: heap allocations that are not arenas, stack allocations, and the
typed buffers `memref.view` places in an i8 buffer (an arena's slots, live from their
first use as the allocations they replace, not from the `memref.view` hoisted to the
function entry), so a planned program and the program before planning have the same
lower bound, never above the planned program's peak. No allocator can keep all of a
run's buffers in fewer bytes without reusing memory that is still read later.

`memref.view` into an i8 buffer gives a typed buffer (`AllocKind.ARENA_SLOT`) whose
elements are stored in the bytes of that buffer (little-endian): two slots placed at
overlapping bytes clobber each other exactly as they would in memory.
Each buffer gets a fake, stable base address (distinct buffers never overlap), which
`memref.extract_aligned_pointer_as_index` returns.

A finding never stops the run by itself: a read outside the buffer returns the
uninitialised value, a write outside it is dropped, and freed memory keeps its contents.
Each (kind, op, buffer) finding is reported once.

The public helpers at the bottom (`allocate_buffer`, `free_buffer`, `clone_buffer`,
`memory_tracker`) are the API for `InterpreterFunctions` of other dialects that allocate
or free memory.
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
    MemRefType,
)
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.analysis.memory_planning import ARENA_ATTR
from xdsl_bufferize.execution.arrays import (
    addresses,
    numpy_dtype,
    strided,
    view_extent,
)
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    contiguous_strides,
    default_element,
    element_bytes,
    iter_indices,
    num_elements,
    static_shape,
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


class MemoryTracker:
    """All buffers of one run and the findings about them.

    While a parallel loop runs (`begin_parallel` / `begin_iteration` /
    `end_parallel`), every access to a buffer allocated before the current iteration
    is recorded: two iterations touching one element, one of them writing it, is a
    data race (`FindingKind.DATA_RACE`): the iterations may run at the same time, so
    the result depends on their timing, whatever order the executor ran them in."""

    def __init__(
        self, describe_op: OpDescriber, max_bytes: int = DEFAULT_MAX_BYTES
    ) -> None:
        self.max_bytes = max_bytes
        """The most bytes one value may take, and heap and stack memory together
        (`--max-bytes`): a run that would need more stops (`check_bytes`)."""
        self.buffers: list[Buffer] = []
        self.findings: list[Finding] = []
        self._seen: set[tuple[FindingKind, int, int]] = set()
        self._describe_op = describe_op
        self._next_address = _FIRST_ADDRESS
        self._allocs = 0
        self._bytes_allocated = 0
        self._copies = 0
        self._bytes_copied = 0
        self._live_bytes = 0
        self._peak_live_bytes = 0
        self._frees = 0
        self._stack_allocs = 0
        self._stack_bytes = 0
        self._arena_allocs = 0
        self._arena_bytes = 0
        self._live_stack_bytes = 0
        self._peak_total_bytes = 0
        self._clock = 1
        self.function_calls = 0
        """Functions entered so far (the interpreter counts them)."""
        self.parallel_loops: list[ParallelLoop] = []
        """The parallel loops running now, innermost last."""

    # -- statistics ---------------------------------------------------------------

    def stats(self) -> MemoryStats:
        """The statistics of the run so far."""
        return MemoryStats(
            allocs=self._allocs,
            bytes_allocated=self._bytes_allocated,
            copies=self._copies,
            bytes_copied=self._bytes_copied,
            peak_live_bytes=self._peak_live_bytes,
            frees=self._frees,
            live_bytes=self._live_bytes,
            stack_allocs=self._stack_allocs,
            stack_bytes=self._stack_bytes,
            arena_allocs=self._arena_allocs,
            arena_bytes=self._arena_bytes,
            peak_total_bytes=self._peak_total_bytes,
            function_calls=self.function_calls,
            lower_bound_bytes=self.lower_bound(),
        )

    def lower_bound(self) -> int:
        """The largest sum of sizes of counted buffers live at one tick (a buffer is
        live from its first use to its last use; arenas are not counted, their slots
        are)."""
        events: list[tuple[int, int]] = []
        for buffer in self.buffers:
            if buffer.is_arena or buffer.kind not in (
                AllocKind.HEAP,
                AllocKind.STACK,
                AllocKind.ARENA_SLOT,
            ):
                continue
            if not buffer.first_use:
                continue
            start = buffer.first_use
            # Starts sort before ends at one tick: both are live at that tick.
            events.append((2 * start, buffer.nbytes))
            events.append((2 * max(buffer.last_use, start) + 1, -buffer.nbytes))
        events.sort()
        live = best = 0
        for _, delta in events:
            live += delta
            best = max(best, live)
        return best

    def check_bytes(self, nbytes: int, op: Operation | None, what: str = "") -> None:
        """Stop the run if `op` needs `nbytes` more than `max_bytes` allow."""
        live = self._live_bytes + self._live_stack_bytes
        if nbytes <= self.max_bytes and (not what or live + nbytes <= self.max_bytes):
            return
        name = op.name if op is not None else "argument"
        location = self._describe_op(op) if op is not None else ""
        detail = f" ({what} {live} bytes live)" if what else ""
        raise ExecutionError(
            f"{name} needs {nbytes} bytes{detail}, more than the limit of "
            f"{self.max_bytes} bytes (--max-bytes)",
            name,
            location,
        )

    def advance(self) -> None:
        """Move the logical clock on: the interpreter calls this before each op, so
        that the buffers one op touches are all live at its tick."""
        self._clock += 1

    def _tick(self) -> int:
        return self._clock

    def _note_total(self) -> None:
        self._peak_total_bytes = max(
            self._peak_total_bytes, self._live_bytes + self._live_stack_bytes
        )

    def record_copy(self, source: MemRefView) -> None:
        """Count one buffer-to-buffer copy of all elements of `source`."""
        self._copies += 1
        self._bytes_copied += num_elements(source.sizes) * element_bytes(
            source.buffer.element_type
        )

    # -- findings -----------------------------------------------------------------

    def report(
        self, kind: FindingKind, message: str, op: Operation, buffer: Buffer | None
    ) -> None:
        key = (kind, id(op), -1 if buffer is None else buffer.id)
        if key in self._seen:
            return
        self._seen.add(key)
        self.findings.append(Finding(kind, message, op.name, self._describe_op(op)))

    # -- allocation ---------------------------------------------------------------

    def allocate(
        self,
        element_type: Attribute,
        shape: Sequence[int],
        kind: AllocKind,
        op: Operation | None,
        data: Sequence[int | float] | np.ndarray[Any, Any] | None = None,
        op_name: str = "",
        location: str = "",
    ) -> MemRefView:
        """A fresh buffer of `shape` with its contiguous base view (holding `data`,
        row-major, if given)."""
        count = num_elements(shape)
        dtype = numpy_dtype(element_type)
        size = count * element_bytes(element_type)
        self.check_bytes(
            size, op, "with" if kind in (AllocKind.HEAP, AllocKind.STACK) else ""
        )
        if data is None:
            array = _fresh(element_type, count)
        else:
            array = _store_array(data, dtype).reshape(-1).copy()
        if op is not None:
            op_name, location = op.name, self._describe_op(op)
        buffer = Buffer(
            id=len(self.buffers),
            kind=kind,
            element_type=element_type,
            data=array,
            op_name=op_name,
            location=location,
        )
        buffer.allocated_at = buffer.last_use = self._tick()
        view = MemRefView(buffer, 0, tuple(shape), contiguous_strides(shape))
        buffer.base_view = view
        self.buffers.append(buffer)
        self.place(buffer)
        size = buffer.nbytes
        if kind is AllocKind.HEAP:
            self._allocs += 1
            self._bytes_allocated += size
            self._live_bytes += size
            self._peak_live_bytes = max(self._peak_live_bytes, self._live_bytes)
            if op is not None and ARENA_ATTR in op.attributes:
                buffer.is_arena = True
                self._arena_allocs += 1
                self._arena_bytes += size
        elif kind is AllocKind.STACK:
            self._stack_allocs += 1
            self._stack_bytes += size
            self._live_stack_bytes += size
        self._note_total()
        return view

    def place_slot(
        self,
        arena: MemRefView,
        byte_offset: int,
        element_type: Attribute,
        shape: Sequence[int],
        op: Operation,
    ) -> MemRefView:
        """A typed buffer of `shape` stored in the bytes of `arena` (an i8 view) from
        `byte_offset` on (`memref.view`); reports a slot reaching outside the arena."""
        source = arena.buffer
        count = num_elements(shape)
        size = element_bytes(element_type)
        start = arena.offset + byte_offset
        self.check_live(arena, op, "takes a view of")
        if start < 0 or start + count * size > len(source.data):
            self.report(
                FindingKind.OUT_OF_BOUNDS,
                f"{op.name} places {count * size} bytes at byte {start}, outside "
                f"{source.describe()} of {len(source.data)} bytes",
                op,
                source,
            )
            count = max(0, min(count, (len(source.data) - start) // size))
            start = max(start, 0)
        buffer = Buffer(
            id=len(self.buffers),
            kind=AllocKind.ARENA_SLOT,
            element_type=element_type,
            data=_slot_elements(source.data, start, element_type, count),
            op_name=op.name,
            location=self._describe_op(op),
            freed=source.freed,
            freed_at=source.freed_at,
            address=source.address + start,
        )
        buffer.allocated_at = buffer.last_use = self._tick()
        view = MemRefView(buffer, 0, tuple(shape), contiguous_strides(shape))
        buffer.base_view = view
        self.buffers.append(buffer)
        source.slots.append(buffer)
        return view

    def resize(self, buffer: Buffer, length: int) -> None:
        """Give `buffer` `length` fresh elements (an allocation whose layout needs more
        room than its shape), keeping the statistics and its address right."""
        old = buffer.nbytes
        self.check_bytes(length * element_bytes(buffer.element_type) - old, None, "")
        buffer.data = _fresh(buffer.element_type, max(length, 0))
        delta = buffer.nbytes - old
        if buffer.kind is AllocKind.HEAP:
            self._bytes_allocated += delta
            self._live_bytes += delta
            self._peak_live_bytes = max(self._peak_live_bytes, self._live_bytes)
        elif buffer.kind is AllocKind.STACK:
            self._stack_bytes += delta
            self._live_stack_bytes += delta
        self._note_total()
        self.place(buffer)

    def place(self, buffer: Buffer) -> None:
        """Give `buffer` a fresh address range after every other buffer's."""
        buffer.address = self._next_address
        size = max(buffer.nbytes, 1)
        self._next_address += (size + 2 * _ALIGNMENT - 1) // _ALIGNMENT * _ALIGNMENT

    def free(self, view: MemRefView, op: Operation) -> None:
        """Free the allocation of `view`, reporting any misuse."""
        buffer = view.buffer
        if buffer.freed:
            kind = (
                FindingKind.DOUBLE_FREE
                if buffer.kind is AllocKind.HEAP
                else FindingKind.USE_AFTER_FREE
            )
            self.report(
                kind,
                f"{op.name} frees {buffer.describe()} already freed by {buffer.freed_at}",
                op,
                buffer,
            )
            return
        if buffer.kind is not AllocKind.HEAP:
            what = {
                AllocKind.STACK: "stack memory (memref.alloca)",
                AllocKind.GLOBAL: "a global (memref.get_global)",
                AllocKind.CONSTANT_GLOBAL: "a constant global (memref.get_global)",
                AllocKind.ARGUMENT: "a buffer borrowed from the caller of the entry function",
                AllocKind.TENSOR: "the buffer of a tensor (bufferization.to_buffer)",
                AllocKind.ARENA_SLOT: "a view of an arena (memref.view)",
                AllocKind.HEAP: "",
            }[buffer.kind]
            self.report(
                FindingKind.INVALID_FREE,
                f"{op.name} frees {what}: {buffer.describe()}",
                op,
                buffer,
            )
            return
        if (buffer.op_name in GPU_ALLOCATORS) != (op.name in GPU_FREES):
            self.report(
                FindingKind.INVALID_FREE,
                f"{op.name} frees {buffer.describe()}, which only "
                f"{'gpu.dealloc' if buffer.op_name in GPU_ALLOCATORS else 'a host free'}"
                " may free",
                op,
                buffer,
            )
        if not view.is_base_of(buffer):
            self.report(
                FindingKind.INVALID_FREE,
                f"{op.name} frees a view (offset {view.offset}, sizes "
                f"{list(view.sizes)}, strides {list(view.strides)}) that is not the base "
                f"of {buffer.describe()}",
                op,
                buffer,
            )
            return
        buffer.freed = True
        buffer.freed_at = f"{op.name} at {self._describe_op(op)}"
        for slot in buffer.slots:
            slot.freed, slot.freed_at = True, buffer.freed_at
        self._frees += 1
        self._live_bytes -= buffer.nbytes

    def release_stack(self, buffers: Sequence[Buffer], where: str) -> None:
        """Stack buffers die when their function (or alloca scope) returns."""
        for buffer in buffers:
            if not buffer.freed:
                buffer.freed = True
                buffer.freed_at = f"the return of {where}"
                self._live_stack_bytes -= buffer.nbytes
                for slot in buffer.slots:
                    slot.freed, slot.freed_at = True, buffer.freed_at

    # -- parallel loops -----------------------------------------------------------

    def begin_parallel(self) -> None:
        self.parallel_loops.append(ParallelLoop())

    def begin_iteration(self, index: int) -> None:
        loop = self.parallel_loops[-1]
        loop.iteration = index
        loop.private_from = len(self.buffers)

    def end_parallel(self) -> None:
        self.parallel_loops.pop()

    def _note_access(
        self, buffer: Buffer, addr: int, write: bool, op: Operation
    ) -> None:
        for loop in self.parallel_loops:
            if buffer.id >= loop.private_from:
                continue
            seen = loop.accesses.setdefault((buffer.id, addr), {})
            for other, wrote in seen.items():
                if other != loop.iteration and (wrote or write):
                    self.report(
                        FindingKind.DATA_RACE,
                        f"{op.name} {'writes' if write else 'reads'} element {addr} of "
                        f"{buffer.describe()}, which another iteration of a parallel "
                        f"loop {'reads' if not wrote else 'writes'}",
                        op,
                        buffer,
                    )
                    break
            seen[loop.iteration] = seen.get(loop.iteration, False) or write

    # -- access -------------------------------------------------------------------

    def check_live(self, view: MemRefView, op: Operation, action: str) -> bool:
        """Report a use of freed memory; every access passes here (a use of the
        buffer for the lower bound)."""
        view.buffer.last_use = self._tick()
        if not view.buffer.first_use:
            view.buffer.first_use = view.buffer.last_use
        if view.buffer.freed:
            self.report(
                FindingKind.USE_AFTER_FREE,
                f"{op.name} {action} {view.buffer.describe()}, freed by "
                f"{view.buffer.freed_at}",
                op,
                view.buffer,
            )
            return False
        return True

    def _address(
        self, view: MemRefView, indices: Sequence[int], op: Operation, action: str
    ) -> int | None:
        if len(indices) != len(view.sizes):
            raise ExecutionError(
                f"{len(indices)} indices for a rank-{len(view.sizes)} memref"
            )
        for dim, (i, size) in enumerate(zip(indices, view.sizes, strict=False)):
            if not 0 <= i < size:
                self.report(
                    FindingKind.OUT_OF_BOUNDS,
                    f"{op.name} {action} index {list(indices)} outside the view of sizes "
                    f"{list(view.sizes)} (dimension {dim}) of {view.buffer.describe()}",
                    op,
                    view.buffer,
                )
                break
        addr = view.address(indices)
        if not 0 <= addr < len(view.buffer.data):
            self.report(
                FindingKind.OUT_OF_BOUNDS,
                f"{op.name} {action} element {addr} outside {view.buffer.describe()} "
                f"of {len(view.buffer.data)} elements",
                op,
                view.buffer,
            )
            return None
        return addr

    def load(
        self, view: MemRefView, indices: Sequence[int], op: Operation
    ) -> int | float:
        self.check_live(view, op, "reads")
        addr = self._address(view, indices, op, "reads")
        if addr is None:
            return default_element(view.buffer.element_type)
        if self.parallel_loops:
            self._note_access(view.buffer, addr, False, op)
        return view.buffer.data.item(addr)

    def check_writable(self, view: MemRefView, op: Operation) -> bool:
        if view.buffer.kind is AllocKind.CONSTANT_GLOBAL:
            self.report(
                FindingKind.WRITE_TO_CONSTANT,
                f"{op.name} writes into {view.buffer.describe()}",
                op,
                view.buffer,
            )
            return False
        return True

    def store(
        self,
        view: MemRefView,
        indices: Sequence[int],
        value: int | float,
        op: Operation,
    ) -> None:
        self.check_live(view, op, "writes")
        writable = self.check_writable(view, op)
        addr = self._address(view, indices, op, "writes")
        if addr is not None and writable:
            if self.parallel_loops:
                self._note_access(view.buffer, addr, True, op)
            _set(view.buffer, addr, value)

    def read_all(self, view: MemRefView, op: Operation) -> list[int | float]:
        """All elements of `view` in row-major order."""
        return self.read_array(view, op).reshape(-1).tolist()

    def read_array(self, view: MemRefView, op: Operation) -> np.ndarray[Any, Any]:
        """All elements of `view`, as a fresh array of its sizes. An element outside
        the buffer is reported (once) and reads as the uninitialised value."""
        self.check_live(view, op, "reads")
        buffer = view.buffer
        data = buffer.data
        count = num_elements(view.sizes)
        if count == 0:
            return np.empty(view.sizes, dtype=data.dtype)
        if self.parallel_loops:
            out = np.empty(count, dtype=data.dtype)
            for k, idx in enumerate(iter_indices(view.sizes)):
                addr = self._address(view, idx, op, "reads")
                if addr is None:
                    out[k] = default_element(buffer.element_type)
                else:
                    self._note_access(buffer, addr, False, op)
                    out[k] = data[addr]
            return out.reshape(view.sizes)
        low, high = view_extent(view.offset, view.sizes, view.strides)
        if low >= 0 and high < len(data):
            return strided(data, view.offset, view.sizes, view.strides).copy()
        addr = addresses(view.offset, view.sizes, view.strides)
        good = (addr >= 0) & (addr < len(data))
        self._report_outside(view, int(addr[~good][0]), op, "reads")
        out = _fresh(buffer.element_type, count)
        out[good] = data[addr[good]]
        return out.reshape(view.sizes)

    def write_all(
        self,
        view: MemRefView,
        values: Sequence[int | float] | np.ndarray[Any, Any],
        op: Operation,
    ) -> None:
        """Write `values` (row-major) into the elements of `view` (the first ones, if
        there are fewer values than elements)."""
        self.check_live(view, op, "writes")
        writable = self.check_writable(view, op)
        buffer = view.buffer
        data = buffer.data
        flat = _store_array(values, data.dtype).reshape(-1)
        count = min(num_elements(view.sizes), len(flat))
        if count == 0:
            return
        if self.parallel_loops:
            for k, idx in enumerate(iter_indices(view.sizes)):
                if k >= count:
                    break
                addr = self._address(view, idx, op, "writes")
                if addr is not None and writable:
                    self._note_access(buffer, addr, True, op)
                    data[addr] = flat[k]
            return
        low, high = view_extent(view.offset, view.sizes, view.strides)
        full = count == len(flat) == num_elements(view.sizes)
        if full and low >= 0 and high < len(data):
            if writable:
                target = strided(data, view.offset, view.sizes, view.strides)
                target[...] = flat.reshape(view.sizes)
            return
        addr = addresses(view.offset, view.sizes, view.strides)[:count]
        good = (addr >= 0) & (addr < len(data))
        if not good.all():
            self._report_outside(view, int(addr[~good][0]), op, "writes")
        if writable:
            data[addr[good]] = flat[:count][good]

    def write_array(
        self, view: MemRefView, values: np.ndarray[Any, Any], op: Operation
    ) -> None:
        """Write an array of `view`'s sizes (or one broadcast to them) into `view`."""
        self.write_all(view, np.broadcast_to(values, view.sizes), op)

    def _report_outside(
        self, view: MemRefView, addr: int, op: Operation, action: str
    ) -> None:
        self.report(
            FindingKind.OUT_OF_BOUNDS,
            f"{op.name} {action} element {addr} outside {view.buffer.describe()} "
            f"of {len(view.buffer.data)} elements",
            op,
            view.buffer,
        )

    def check_view_within(
        self, source: MemRefView, view: MemRefView, op: Operation
    ) -> None:
        """Report a view (subview, reinterpret_cast...) that reaches outside memory."""
        self.check_live(source, op, "takes a view of")
        if any(s == 0 for s in view.sizes):
            return
        low = view.offset + sum(
            min(0, (n - 1) * s) for n, s in zip(view.sizes, view.strides, strict=False)
        )
        high = view.offset + sum(
            max(0, (n - 1) * s) for n, s in zip(view.sizes, view.strides, strict=False)
        )
        if low < 0 or high >= len(view.buffer.data):
            self.report(
                FindingKind.OUT_OF_BOUNDS,
                f"{op.name} makes a view (offset {view.offset}, sizes {list(view.sizes)}, "
                f"strides {list(view.strides)}) reaching elements {low}..{high} outside "
                f"{view.buffer.describe()} of {len(view.buffer.data)} elements",
                op,
                view.buffer,
            )

    # -- end of run ---------------------------------------------------------------

    def report_leaks(self, reachable: set[int]) -> None:
        """One leak finding per allocating op, counting the buffers it leaked."""
        leaked: dict[tuple[str, str], list[Buffer]] = {}
        for buffer in self.buffers:
            if (
                buffer.kind is AllocKind.HEAP
                and not buffer.freed
                and buffer.id not in reachable
            ):
                leaked.setdefault((buffer.op_name, buffer.location), []).append(buffer)
        for (op_name, location), buffers in leaked.items():
            first = buffers[0]
            more = (
                f" (and {len(buffers) - 1} more from the same op)"
                if len(buffers) > 1
                else ""
            )
            self.findings.append(
                Finding(
                    FindingKind.LEAK,
                    f"heap buffer #{first.id} of {len(first.data)} elements is never "
                    f"freed{more}",
                    op_name,
                    location,
                )
            )


def _fresh(element_type: Attribute, count: int) -> np.ndarray[Any, Any]:
    """`count` elements of fresh memory (see `values.default_element`)."""
    return np.full(
        count, default_element(element_type), dtype=numpy_dtype(element_type)
    )


def _store_array(
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


# -- public API for InterpreterFunctions of other dialects ---------------------------

_TRACKER_KEY = "memory_tracker"


class MemoryData(InterpreterFunctions):
    """Key under which the tracker is stored on an `Interpreter` (`get_data`); it
    implements no op."""


def memory_tracker(interpreter: Interpreter) -> MemoryTracker:
    """The memory tracker of a run of the reference executor."""
    tracker = interpreter.get_data(MemoryData, _TRACKER_KEY, lambda: None)  # pyright: ignore[reportArgumentType]
    if not isinstance(tracker, MemoryTracker):
        raise ExecutionError(
            "this interpreter was not set up by the reference executor"
        )
    return tracker


def allocate_buffer(
    interpreter: Interpreter,
    op: Operation,
    memref_type: MemRefType,
    dynamic_sizes: Sequence[int] = (),
    kind: AllocKind = AllocKind.HEAP,
) -> MemRefView:
    """Allocate a tracked buffer for `memref_type` (dynamic sizes in order).

    The result is a contiguous view with offset 0, the base view of the allocation; a
    heap buffer must later be freed exactly once (`free_buffer`) or it is a leak.
    """
    shape = static_shape(memref_type, dynamic_sizes)
    return memory_tracker(interpreter).allocate(
        memref_type.get_element_type(), shape, kind, op
    )


def free_buffer(interpreter: Interpreter, op: Operation, view: MemRefView) -> None:
    """Free `view`'s allocation: reports double frees, frees of non-heap memory, of
    arguments, and of views that are not the allocation's base view."""
    memory_tracker(interpreter).free(view, op)


def clone_buffer(
    interpreter: Interpreter, op: Operation, view: MemRefView
) -> MemRefView:
    """A new heap buffer holding a copy of `view`'s elements (contiguous layout);
    counts as one allocation and one copy."""
    tracker = memory_tracker(interpreter)
    data = tracker.read_array(view, op)
    tracker.record_copy(view)
    return tracker.allocate(
        view.buffer.element_type, view.sizes, AllocKind.HEAP, op, data
    )


def fresh_tensor(
    interpreter: Interpreter,
    op: Operation,
    element_type: Attribute,
    shape: Sequence[int],
    fill: int | float | None = None,
) -> ArrayValue:
    """A new tensor value of `shape` holding `fill` (default: uninitialised contents,
    see `values.default_element`); stops the run if it needs more than the limit of
    the run's memory."""
    count = num_elements(shape)
    tracker = memory_tracker(interpreter)
    tracker.check_bytes(count * element_bytes(element_type), op)
    value = default_element(element_type) if fill is None else fill
    try:
        array = np.full(count, value, dtype=numpy_dtype(element_type))
    except OverflowError:
        array = np.full(count, value, dtype=object)
    return ArrayValue(shape, array)
