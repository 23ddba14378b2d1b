"""Allocation models (external `AllocationOpInterface` implementations) for xDSL's dialects.

One small model per op; `register_default_allocation_models()` attaches them all (idempotent).
xDSL 0.75 has no `memref.realloc`, so no model ships for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.dialects import bufferization, gpu, memref
from xdsl.ir import Operation, SSAValue

from xdsl_bufferize.interfaces.allocation import (
    AllocationOpInterface,
    HoistingKind,
    register_allocation_model,
)


def _memref_dealloc(builder: Builder, alloc: SSAValue) -> Operation:
    return builder.insert(memref.DeallocOp.get(alloc))


def _bufferization_clone(builder: Builder, alloc: SSAValue) -> SSAValue:
    return builder.insert(bufferization.CloneOp(alloc)).output


def _memref_alloca_like(builder: Builder, alloc: SSAValue) -> SSAValue | None:
    owner = alloc.owner
    if not isinstance(owner, memref.AllocOp):
        return None
    alloca = memref.AllocaOp.build(
        operands=[list(owner.dynamic_sizes), list(owner.symbol_operands)],
        result_types=[owner.memref.type],
        properties={} if owner.alignment is None else {"alignment": owner.alignment},
    )
    return builder.insert(alloca).memref


@dataclass(frozen=True)
class MemRefAllocModel(AllocationOpInterface):
    """memref.alloc: heap buffer, freed by memref.dealloc, cloned by bufferization.clone."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return _memref_dealloc(builder, alloc)

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        return _bufferization_clone(builder, alloc)

    def hoisting_kind(self) -> HoistingKind:
        return HoistingKind.LOOP | HoistingKind.BLOCK

    def build_promoted_alloc(
        self, builder: Builder, alloc: SSAValue
    ) -> SSAValue | None:
        return _memref_alloca_like(builder, alloc)


@dataclass(frozen=True)
class MemRefAllocaModel(AllocationOpInterface):
    """memref.alloca: stack buffer, never freed explicitly; hoistable out of loops."""

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        return _bufferization_clone(builder, alloc)

    def hoisting_kind(self) -> HoistingKind:
        return HoistingKind.LOOP


@dataclass(frozen=True)
class BufferizationCloneModel(AllocationOpInterface):
    """bufferization.clone: a fresh heap buffer, like memref.alloc."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return _memref_dealloc(builder, alloc)

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        return _bufferization_clone(builder, alloc)

    def hoisting_kind(self) -> HoistingKind:
        return HoistingKind.LOOP | HoistingKind.BLOCK


@dataclass(frozen=True)
class GpuAllocModel(AllocationOpInterface):
    """gpu.alloc: device buffer, freed by gpu.dealloc, with no clone op."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return builder.insert(gpu.DeallocOp(alloc))


def register_default_allocation_models() -> None:
    """Attach the models above to memref.alloc, memref.alloca, bufferization.clone, gpu.alloc."""
    register_allocation_model(memref.AllocOp, MemRefAllocModel())
    register_allocation_model(memref.AllocaOp, MemRefAllocaModel())
    register_allocation_model(bufferization.CloneOp, BufferizationCloneModel())
    register_allocation_model(gpu.AllocOp, GpuAllocModel())
