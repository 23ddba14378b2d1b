"""Dynamic memory statistics of a run of the reference executor.

The executor's `run` reports results and findings but no allocation statistics, so this
module runs `@main` the same way through the executor's public pieces
(`ExecutionInterpreter`, `DEFAULT_FUNCTIONS`, the `MemoryTracker`) with a tracker and an
interpreter that also count: heap allocations and their bytes, bytes copied by
`memref.copy` / `linalg.copy` / `bufferization.clone`, and the peak of live heap bytes.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerType,
    ModuleOp,
)
from xdsl.interpreter import OpImplResult, PythonValues
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.execution import (
    DEFAULT_FUNCTIONS,
    AllocKind,
    ArrayValue,
    ExecutionError,
    ExecutionInterpreter,
    Finding,
    MemoryTracker,
    MemRefView,
    register_named_impl,
)


def _aligned_pointer(
    interp: ExecutionInterpreter, op: Operation, inputs: PythonValues
) -> OpImplResult:
    """memref.extract_aligned_pointer_as_index: a distinct address per allocation
    (the executor has no implementation; upstream's lowered deallocation uses it)."""
    view = inputs[0]
    if not isinstance(view, MemRefView):
        raise ExecutionError("expected a memref operand", op.name)
    return OpImplResult(((view.buffer.id + 1) * 4096,), None)


register_named_impl("memref.extract_aligned_pointer_as_index", _aligned_pointer)


def element_bytes(t: Attribute) -> int:
    """Storage size of one element (index counts as 8 bytes)."""
    if isinstance(t, IndexType):
        return 8
    if isinstance(t, IntegerType):
        return max(1, (t.width.data + 7) // 8)
    if isinstance(t, AnyFloat):
        return t.bitwidth // 8
    return 8


@dataclass
class MemoryStats:
    """What a run allocated and copied."""

    allocs: int = 0
    """Heap allocations (memref.alloc, bufferization.clone, ...)."""
    stack_allocs: int = 0
    bytes_allocated: int = 0
    """Bytes of all heap and stack allocations."""
    copies: int = 0
    """Executed memref.copy / linalg.copy on memrefs / bufferization.clone."""
    bytes_copied: int = 0
    peak_live_bytes: int = 0
    """The most heap bytes live (allocated, not yet freed) at any point."""
    live_bytes: int = 0


class _CountingTracker(MemoryTracker):
    """A memory tracker that keeps `MemoryStats` up to date."""

    def __init__(self, base: MemoryTracker, stats: MemoryStats) -> None:
        super().__init__(base._describe_op)  # pyright: ignore[reportPrivateUsage]
        self.stats = stats

    def allocate(
        self,
        element_type: Attribute,
        shape: Sequence[int],
        kind: AllocKind,
        op: Operation | None,
        data: list[int | float] | None = None,
        op_name: str = "",
        location: str = "",
    ) -> MemRefView:
        view = super().allocate(element_type, shape, kind, op, data, op_name, location)
        size = len(view.buffer.data) * element_bytes(element_type)
        if kind is AllocKind.HEAP:
            self.stats.allocs += 1
            self.stats.bytes_allocated += size
            self.stats.live_bytes += size
            self.stats.peak_live_bytes = max(
                self.stats.peak_live_bytes, self.stats.live_bytes
            )
        elif kind is AllocKind.STACK:
            self.stats.stack_allocs += 1
            self.stats.bytes_allocated += size
        return view

    def free(self, view: MemRefView, op: Operation) -> None:
        was_freed = view.buffer.freed
        super().free(view, op)
        if not was_freed and view.buffer.freed and view.buffer.kind is AllocKind.HEAP:
            self.stats.live_bytes -= len(view.buffer.data) * element_bytes(
                view.buffer.element_type
            )


class _CountingInterpreter(ExecutionInterpreter):
    """The executor's interpreter, counting copies as they run."""

    def __init__(self, module: ModuleOp, stats: MemoryStats) -> None:
        super().__init__(module)
        self.stats = stats
        self.memory = _CountingTracker(self.memory, stats)
        from xdsl_bufferize.execution.memory import MemoryData

        self.set_data(MemoryData, "memory_tracker", self.memory)

    def _run_op(self, op: Operation, inputs: PythonValues) -> OpImplResult:
        if op.name in ("memref.copy", "linalg.copy", "bufferization.clone") and inputs:
            source = inputs[0]
            if isinstance(source, MemRefView):
                count = 1
                for s in source.sizes:
                    count *= s
                self.stats.copies += 1
                self.stats.bytes_copied += count * element_bytes(
                    source.buffer.element_type
                )
        return super()._run_op(op, inputs)


@dataclass
class StatsOutcome:
    """Results, findings and memory statistics of one run."""

    results: tuple[Any, ...] | None
    findings: list[Finding] = field(default_factory=lambda: list[Finding]())
    error: str | None = None
    stats: MemoryStats = field(default_factory=MemoryStats)

    @property
    def ok(self) -> bool:
        return self.error is None and not self.findings


def run_with_stats(module: ModuleOp, entry: str = "main") -> StatsOutcome:
    """Run the argument-less `@entry` like `xdsl_bufferize.execution.run`, counting."""
    stats = MemoryStats()
    interp = _CountingInterpreter(module, stats)
    for functions in DEFAULT_FUNCTIONS:
        interp.register_implementations(functions())
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    try:
        raw = interp.call_function(entry, [])
        results: list[Any] = []
        for v in raw:
            if isinstance(v, MemRefView):
                results.append(ArrayValue(v.sizes, interp.memory.read_all(v, module)))
            else:
                results.append(v)
    except ExecutionError as e:
        return StatsOutcome(None, list(interp.memory.findings), str(e), stats)
    except RecursionError:
        return StatsOutcome(
            None, list(interp.memory.findings), "Python recursion limit", stats
        )
    finally:
        sys.setrecursionlimit(old_limit)
    reachable = {v.buffer.id for v in raw if isinstance(v, MemRefView)}
    interp.memory.report_leaks(reachable)
    return StatsOutcome(tuple(results), list(interp.memory.findings), None, stats)
