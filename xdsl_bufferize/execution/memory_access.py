"""Checked access to tracked buffers: the reads, writes and views of `MemoryTracker`.

Every access through a `MemRefView` passes `check_live` (use after free; a tick of the
buffer's live range for the lower bound), then is checked against the view's sizes and
the buffer's extent (out of bounds: reported once per op and buffer; a read outside
returns the uninitialised value, a write outside is dropped) and, for writes, against
constant globals. Whole views are read and written at once (numpy), element by element
only while a parallel loop is checked for races (`_note_access`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.ir import Operation

from xdsl_bufferize.execution.arrays import (
    addresses,
    strided,
    view_extent,
)
from xdsl_bufferize.execution.memory_model import (
    AllocKind,
    Buffer,
    ExecutionError,
    FindingKind,
    ParallelLoop,
    _fresh,  # pyright: ignore[reportPrivateUsage]
    _set,  # pyright: ignore[reportPrivateUsage]
    _store_array,  # pyright: ignore[reportPrivateUsage]
)
from xdsl_bufferize.execution.values import (
    MemRefView,
    default_element,
    iter_indices,
    num_elements,
)


class MemoryAccess:
    """The access checks of `MemoryTracker` (which provides `report` and `_tick`)."""

    buffers: list[Buffer]
    parallel_loops: list[ParallelLoop]

    def report(
        self, kind: FindingKind, message: str, op: Operation, buffer: Buffer | None
    ) -> None:
        raise NotImplementedError

    def _tick(self) -> int:
        raise NotImplementedError

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
