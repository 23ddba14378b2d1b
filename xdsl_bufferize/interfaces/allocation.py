"""AllocationOpInterface: how to free, clone, hoist and promote a buffer an op allocates.

MLIR attaches `AllocationOpInterface` to allocation ops (and, through external models, to ops
of dialects it does not own).  xDSL has no external models, so the protocol exists twice:

* as an `OpTrait` (`AllocationOpInterface`) that our own ops list in their `traits`;
* as a registry (`register_allocation_model`) keyed by op class, for ops of other dialects
  (`memref.alloc`, `gpu.alloc`, ...).  A model is any object with the same four methods; the
  natural choice is an instance of a subclass of `AllocationOpInterface` itself.

`allocation_interface(op)` looks the trait up first, then the registry (walking the op class's
MRO, so a subclass of a registered op inherits its model).

Every method receives the allocated value (`alloc`, an SSA value whose owner is the allocation
op, or a value that holds a buffer of that allocation) and a builder whose insertion point is
where the new op goes; it inserts the op there and returns it (or its result).  The defaults
describe an allocation that needs no free, cannot be cloned, cannot be hoisted and cannot be
promoted to the stack: override what the op supports.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from xdsl.builder import Builder
from xdsl.dialects import memref
from xdsl.ir import Operation, SSAValue
from xdsl.traits import OpTrait


class HoistingKind(enum.Flag):
    """Where an allocation may be hoisted: out of loops, out of blocks, or nowhere."""

    NONE = 0
    LOOP = enum.auto()
    BLOCK = enum.auto()


class AllocationModel(Protocol):
    """The four questions the deallocation and hoisting passes ask about an allocation."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None: ...

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None: ...

    def hoisting_kind(self) -> HoistingKind: ...

    def build_promoted_alloc(
        self, builder: Builder, alloc: SSAValue
    ) -> SSAValue | None: ...


@dataclass(frozen=True)
class FreeThroughBaseModel:
    """`inner`, freeing a buffer held through a view that may not start at the allocation:
    the dealloc frees the view's base buffer (`memref.extract_strided_metadata`), which
    is the allocation itself whatever the view's offset, sizes and strides."""

    inner: AllocationModel

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        base = builder.insert(memref.ExtractStridedMetaDataOp(alloc)).base_buffer
        return self.inner.build_dealloc(builder, base)

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        return self.inner.build_clone(builder, alloc)

    def hoisting_kind(self) -> HoistingKind:
        return self.inner.hoisting_kind()

    def build_promoted_alloc(
        self, builder: Builder, alloc: SSAValue
    ) -> SSAValue | None:
        return self.inner.build_promoted_alloc(builder, alloc)


@dataclass(frozen=True)
class AllocationOpInterface(OpTrait):
    """An op that allocates a buffer: says how the buffer is freed, cloned, hoisted, promoted."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        """Insert the op that frees `alloc` and return it; None if it needs no free."""
        return None

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        """Insert a fresh copy of `alloc` (owned by the caller); None if it cannot be cloned."""
        return None

    def hoisting_kind(self) -> HoistingKind:
        """Where the allocation may be hoisted."""
        return HoistingKind.NONE

    def build_promoted_alloc(
        self, builder: Builder, alloc: SSAValue
    ) -> SSAValue | None:
        """Insert a stack allocation replacing `alloc`; None if it cannot be promoted."""
        return None


_ALLOCATION_MODELS: dict[type[Operation], AllocationModel] = {}


def register_allocation_model(op_type: type[Operation], model: AllocationModel) -> None:
    """Attach `model` to every op of class `op_type` (and its subclasses) as an external model."""
    _ALLOCATION_MODELS[op_type] = model


def unregister_allocation_model(op_type: type[Operation]) -> None:
    """Remove the external model of `op_type`, if any."""
    _ALLOCATION_MODELS.pop(op_type, None)


def registered_allocation_model(op_type: type[Operation]) -> AllocationModel | None:
    """The external model registered for `op_type` (or a base class of it), if any."""
    for cls in op_type.__mro__:
        model = _ALLOCATION_MODELS.get(cls)
        if model is not None:
            return model
    return None


def allocation_interface(op: Operation) -> AllocationModel | None:
    """The allocation protocol of `op`: its trait first, then the registry, else None."""
    trait = op.get_trait(AllocationOpInterface)
    if trait is not None:
        return trait
    return registered_allocation_model(type(op))
