"""Allocation models (external `AllocationOpInterface` implementations) for xDSL's dialects.

One small model per op; `register_default_allocation_models()` attaches them all (idempotent).
`memref.realloc` (ours, in MLIR's spelling: `dialects/memref_realloc.py`) allocates its result
like `memref.alloc`; its source is freed by the op itself (a free already in the program, as
far as buffer-deallocation is concerned).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.dialects import bufferization, gpu, memref
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation, SSAValue

from xdsl_bufferize.dialects.memref_realloc import ReallocOp
from xdsl_bufferize.interfaces.allocation import (
    AllocationOpInterface,
    HoistingKind,
    register_allocation_model,
)
from xdsl_bufferize.utils.memref_layout import static_offset_layout


def _memref_dealloc(builder: Builder, alloc: SSAValue) -> Operation:
    """`memref.dealloc`; of the base buffer (`memref.extract_strided_metadata`) when the
    buffer is held through a view that cannot start at the allocation (a static offset)."""
    if static_offset_layout(alloc.type) is not None:
        metadata = builder.insert(memref.ExtractStridedMetaDataOp(alloc))
        alloc = metadata.base_buffer
    return builder.insert(memref.DeallocOp.get(alloc))


def _bufferization_clone(builder: Builder, alloc: SSAValue) -> SSAValue:
    """`bufferization.clone`; for a view with a static offset (which MLIR cannot lower
    `bufferization.clone` of), a new buffer large enough for the layout
    (`memref.alloc`), the same view of it (`memref.reinterpret_cast`) and a
    `memref.copy` into that view."""
    layout = static_offset_layout(alloc.type)
    if layout is None:
        return builder.insert(bufferization.CloneOp(alloc)).output
    typ = alloc.type
    assert isinstance(typ, MemRefType)
    offset, strides = layout
    shape = list(typ.get_shape())
    extent = offset
    if all(size > 0 for size in shape):
        extent += 1 + sum(
            (size - 1) * stride for size, stride in zip(shape, strides, strict=True)
        )
    new = builder.insert(
        memref.AllocOp.get(
            typ.element_type, shape=[extent], memory_space=typ.memory_space
        )
    )
    view = builder.insert(
        memref.ReinterpretCastOp.from_dynamic(new.memref, [offset], shape, strides, typ)
    )
    builder.insert(memref.CopyOp(alloc, view.result))
    return view.result


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
class MemRefReallocModel(AllocationOpInterface):
    """memref.realloc: its result is a fresh heap buffer, like memref.alloc's (the source
    is freed by the realloc itself)."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return _memref_dealloc(builder, alloc)

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        return _bufferization_clone(builder, alloc)


@dataclass(frozen=True)
class GpuAllocModel(AllocationOpInterface):
    """gpu.alloc: device buffer, freed by gpu.dealloc, with no clone op."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return builder.insert(gpu.DeallocOp(alloc))


def register_default_allocation_models() -> None:
    """Attach the models above to memref.alloc, memref.alloca, bufferization.clone, gpu.alloc,
    memref.realloc."""
    register_allocation_model(memref.AllocOp, MemRefAllocModel())
    register_allocation_model(memref.AllocaOp, MemRefAllocaModel())
    register_allocation_model(bufferization.CloneOp, BufferizationCloneModel())
    register_allocation_model(gpu.AllocOp, GpuAllocModel())
    register_allocation_model(ReallocOp, MemRefReallocModel())
