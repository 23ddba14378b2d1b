"""Checked access to tracked buffers: the reads, writes and views of `MemoryTracker`.

Every access through a `MemRefView` passes `check_live` (use after free; a tick of the
buffer's live range for the lower bound), then is checked against the view's sizes and
the buffer's extent (out of bounds: reported once per op and buffer; a read outside
returns the uninitialised value, a write outside is dropped) and, for writes, against
constant globals. Whole views are read and written at once (numpy), element by element
only while a parallel loop is checked for races (`_note_access`).

Each buffer also flags which of its elements were ever written (`Buffer.init`): every
write sets the flags of the elements it writes (a copy copies them: `write_all`'s
`init`). An op that computes with elements never written (`load`, or
`check_initialised` over the region a whole op reads) is an uninitialised-read finding;
copying them (`memref.copy`, clones, `to_tensor`) is not a read: the flags travel, and
the read is reported where the copy is read. Nor is an op whose results nothing uses
(a dead `tensor.extract` or `memref.load`): its value cannot reach a result.
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
    store_array,
)
from xdsl_bufferize.execution.values import (
    ArrayValue,
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
        self,
        view: MemRefView,
        indices: Sequence[int],
        op: Operation,
        check_init: bool = True,
    ) -> int | float:
        """The element at `indices`; reading an element nothing wrote is a finding
        (unless `check_init` is False: the caller only moves it, see `is_written`)."""
        self.check_live(view, op, "reads")
        addr = self._address(view, indices, op, "reads")
        if addr is None:
            return default_element(view.buffer.element_type)
        if self.parallel_loops:
            self._note_access(view.buffer, addr, False, op)
        if (
            check_init
            and not view.buffer.freed
            and not view.buffer.init[addr].all()
            and not _dead(op)
        ):
            self.report(
                FindingKind.UNINITIALISED_READ,
                f"{op.name} reads element {list(indices)} of "
                f"{view.buffer.describe()}, which nothing wrote",
                op,
                view.buffer,
            )
        return view.buffer.data.item(addr)

    def is_written(self, view: MemRefView, indices: Sequence[int]) -> bool:
        """Whether the element at `indices` was written (True outside the buffer:
        that access is an out-of-bounds finding already)."""
        addr = view.address(indices)
        if not 0 <= addr < len(view.buffer.data):
            return True
        return bool(view.buffer.init[addr].all())

    # -- initialisation -----------------------------------------------------------

    def initialised(self, view: MemRefView) -> np.ndarray[Any, Any]:
        """Which elements of `view` were written, as a fresh bool array of its sizes
        (an element outside the buffer counts as written: reading it is an
        out-of-bounds finding already)."""
        init = view.buffer.init
        if num_elements(view.sizes) == 0:
            return np.ones(view.sizes, dtype=bool)
        low, high = view_extent(view.offset, view.sizes, view.strides)
        if low >= 0 and high < len(init):
            rows = _init_rows(init, view.offset, view.sizes, view.strides)
            return np.array(rows.all(-1), dtype=bool).reshape(view.sizes)
        addr = addresses(view.offset, view.sizes, view.strides)
        good = (addr >= 0) & (addr < len(init))
        flags = np.ones(len(addr), dtype=bool)
        flags[good] = init[addr[good]].all(-1)
        return flags.reshape(view.sizes)

    def init_rows(self, view: MemRefView) -> np.ndarray[Any, Any]:
        """The `Buffer.init` flags of `view`, which must lie inside its buffer, as a
        writable array of its sizes plus a trailing axis (set it to mark elements
        written, `.all(-1)` says which are)."""
        return _init_rows(view.buffer.init, view.offset, view.sizes, view.strides)

    def check_initialised(
        self,
        view: MemRefView,
        op: Operation,
        region: np.ndarray[Any, Any] | None = None,
        action: str = "reads",
    ) -> None:
        """Report (once per op and buffer) elements of `view` the op reads (all, or
        where `region`, a bool array of its sizes, is set) that nothing wrote (not
        in freed memory: that access is a use after free)."""
        if view.buffer.freed or _dead(op):
            return
        flags = self.initialised(view)
        if region is not None:
            flags = flags | ~region
        if flags.all():
            return
        missing = ~flags
        first = [int(i) for i in np.argwhere(missing)[0]]
        self.report(
            FindingKind.UNINITIALISED_READ,
            f"{op.name} {action} {int(missing.sum())} element(s) of "
            f"{view.buffer.describe()} that nothing wrote (first at index {first} "
            f"of a view of sizes {list(view.sizes)})",
            op,
            view.buffer,
        )

    def check_tensor_initialised(
        self,
        value: ArrayValue,
        op: Operation,
        region: np.ndarray[Any, Any] | None = None,
        at: Sequence[int] | None = None,
        action: str = "reads",
    ) -> None:
        """Report (once per op) elements of tensor `value` the op reads (all; where
        `region`, a bool array of its shape, is set; or the one element `at`) that
        nothing wrote."""
        if value.init is None or _dead(op):
            return
        if at is not None:
            if value.init[tuple(at)]:
                return
            missing = np.zeros(value.shape, dtype=bool)
            missing[tuple(at)] = True
        else:
            missing = ~value.init if region is None else ~value.init & region
            if not missing.any():
                return
        first = [int(i) for i in np.argwhere(missing)[0]]
        origin = f"; contents of {value.origin}" if value.origin else ""
        self.report(
            FindingKind.UNINITIALISED_READ,
            f"{op.name} {action} {int(missing.sum())} element(s) of a tensor that "
            f"nothing wrote (first at index {first} of shape {list(value.shape)}"
            f"{origin})",
            op,
            None,
        )

    def _mark(
        self, view: MemRefView, flags: np.ndarray[Any, Any] | None, count: int
    ) -> None:
        """Set the `init` flags of the first `count` elements of `view` (row-major)
        to `flags` (row-major; None: written) where they lie inside the buffer."""
        init = view.buffer.init
        low, high = view_extent(view.offset, view.sizes, view.strides)
        whole = count == num_elements(view.sizes)
        if whole and low >= 0 and high < len(init):
            rows = _init_rows(init, view.offset, view.sizes, view.strides)
            rows[...] = True if flags is None else flags.reshape(view.sizes)[..., None]
            return
        addr = addresses(view.offset, view.sizes, view.strides)[:count]
        good = (addr >= 0) & (addr < len(init))
        init[addr[good]] = True if flags is None else flags[:count][good][:, None]

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
        written: bool = True,
    ) -> None:
        """Write `value` at `indices` (`written` False: a copied element nothing
        wrote, whose flag stays unset)."""
        self.check_live(view, op, "writes")
        writable = self.check_writable(view, op)
        addr = self._address(view, indices, op, "writes")
        if addr is not None and writable:
            if self.parallel_loops:
                self._note_access(view.buffer, addr, True, op)
            _set(view.buffer, addr, value)
            view.buffer.init[addr] = written

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
        init: np.ndarray[Any, Any] | None = None,
    ) -> None:
        """Write `values` (row-major) into the elements of `view` (the first ones, if
        there are fewer values than elements); `init` (row-major, or None: all) says
        which of them were written themselves (a copy of elements nothing wrote
        leaves them unwritten)."""
        self.check_live(view, op, "writes")
        writable = self.check_writable(view, op)
        buffer = view.buffer
        data = buffer.data
        flat = store_array(values, data.dtype).reshape(-1)
        count = min(num_elements(view.sizes), len(flat))
        if count == 0:
            return
        flags = None if init is None else np.asarray(init, dtype=bool).reshape(-1)
        if flags is not None and flags.all():
            flags = None
        if self.parallel_loops:
            for k, idx in enumerate(iter_indices(view.sizes)):
                if k >= count:
                    break
                addr = self._address(view, idx, op, "writes")
                if addr is not None and writable:
                    self._note_access(buffer, addr, True, op)
                    data[addr] = flat[k]
                    buffer.init[addr] = True if flags is None else flags[k]
            return
        low, high = view_extent(view.offset, view.sizes, view.strides)
        full = count == len(flat) == num_elements(view.sizes)
        if full and low >= 0 and high < len(data):
            if writable:
                target = strided(data, view.offset, view.sizes, view.strides)
                target[...] = flat.reshape(view.sizes)
                self._mark(view, flags, count)
            return
        addr = addresses(view.offset, view.sizes, view.strides)[:count]
        good = (addr >= 0) & (addr < len(data))
        if not good.all():
            self._report_outside(view, int(addr[~good][0]), op, "writes")
        if writable:
            data[addr[good]] = flat[:count][good]
            self._mark(view, flags, count)

    def write_array(
        self,
        view: MemRefView,
        values: np.ndarray[Any, Any],
        op: Operation,
        init: np.ndarray[Any, Any] | None = None,
    ) -> None:
        """Write an array of `view`'s sizes (or one broadcast to them) into `view`
        (`init` as for `write_all`, of the same shape)."""
        flags = None if init is None else np.broadcast_to(init, view.sizes)
        self.write_all(view, np.broadcast_to(values, view.sizes), op, flags)

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


def _dead(op: Operation) -> bool:
    """Whether nothing uses what `op` computes (it has results, all unused): its
    reads cannot make anything undefined, so they are not uninitialised reads."""
    return bool(op.results) and all(not r.uses for r in op.results)


def _init_rows(
    init: np.ndarray[Any, Any],
    offset: int,
    sizes: Sequence[int],
    strides: Sequence[int],
) -> np.ndarray[Any, Any]:
    """The `Buffer.init` rows of a view lying inside its buffer: an array of its
    sizes plus the trailing axis of each element's flags."""
    row, flag = init.strides
    return np.lib.stride_tricks.as_strided(
        init[offset:],
        shape=(*sizes, init.shape[1]),
        strides=(*(s * row for s in strides), flag),
    )
