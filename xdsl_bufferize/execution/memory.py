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

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    MemRefType,
)
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.analysis.memory_planning import ARENA_ATTR
from xdsl_bufferize.execution.arrays import (
    numpy_dtype,
)
from xdsl_bufferize.execution.memory_access import MemoryAccess
from xdsl_bufferize.execution.memory_model import (
    _ALIGNMENT,  # pyright: ignore[reportPrivateUsage]
    _FIRST_ADDRESS,  # pyright: ignore[reportPrivateUsage]
    DEFAULT_MAX_BYTES,
    GPU_ALLOCATORS,
    GPU_FREES,
    AllocKind,
    Buffer,
    ExecutionError,
    Finding,
    FindingKind,
    MemoryStats,
    OpDescriber,
    ParallelLoop,
    _fresh,  # pyright: ignore[reportPrivateUsage]
    _init_flags,  # pyright: ignore[reportPrivateUsage]
    _slot_elements,  # pyright: ignore[reportPrivateUsage]
    _slot_init,  # pyright: ignore[reportPrivateUsage]
    store_array,
)
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    contiguous_strides,
    default_element,
    element_bytes,
    num_elements,
    static_shape,
)

__all__ = [
    "AllocKind",
    "Buffer",
    "DEFAULT_MAX_BYTES",
    "ExecutionError",
    "Finding",
    "FindingKind",
    "GPU_ALLOCATORS",
    "GPU_FREES",
    "MemoryData",
    "MemoryStats",
    "MemoryTracker",
    "OpDescriber",
    "ParallelLoop",
    "allocate_buffer",
    "clone_buffer",
    "free_buffer",
    "fresh_tensor",
    "memory_tracker",
]


class MemoryTracker(MemoryAccess):
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
        self.describe_op = describe_op
        """Gives a user-findable location for an op."""
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
        init: np.ndarray[Any, Any] | None = None,
    ) -> MemRefView:
        """A fresh buffer of `shape` with its contiguous base view (holding `data`,
        row-major, if given: then written where `init` says, everywhere if None;
        without data, nothing is written)."""
        count = num_elements(shape)
        dtype = numpy_dtype(element_type)
        size = count * element_bytes(element_type)
        self.check_bytes(
            size, op, "with" if kind in (AllocKind.HEAP, AllocKind.STACK) else ""
        )
        if data is None:
            array = _fresh(element_type, count)
        else:
            array = store_array(data, dtype).reshape(-1).copy()
        if op is not None:
            op_name, location = op.name, self._describe_op(op)
        flags = _init_flags(count, data is not None)
        if data is not None and init is not None:
            flags[:, 0] = np.asarray(init, dtype=bool).reshape(-1)
        buffer = Buffer(
            id=len(self.buffers),
            kind=kind,
            element_type=element_type,
            data=array,
            init=flags,
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
            init=_slot_init(source.init, start, element_type, count),
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
        buffer.init = _init_flags(max(length, 0), False)
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
        view.buffer.element_type,
        view.sizes,
        AllocKind.HEAP,
        op,
        data,
        init=tracker.initialised(view),
    )


def fresh_tensor(
    interpreter: Interpreter,
    op: Operation,
    element_type: Attribute,
    shape: Sequence[int],
    fill: int | float | None = None,
) -> ArrayValue:
    """A new tensor value of `shape` holding `fill` (default: uninitialised contents,
    see `values.default_element`, flagged as such in its `init`); stops the run if it
    needs more than the limit of the run's memory."""
    count = num_elements(shape)
    tracker = memory_tracker(interpreter)
    tracker.check_bytes(count * element_bytes(element_type), op)
    value = default_element(element_type) if fill is None else fill
    try:
        array = np.full(count, value, dtype=numpy_dtype(element_type))
    except OverflowError:
        array = np.full(count, value, dtype=object)
    if fill is not None:
        return ArrayValue(shape, array)
    origin = f"{op.name} at {tracker.describe_op(op)}"
    return ArrayValue(shape, array, np.zeros(shape, dtype=bool), origin)
