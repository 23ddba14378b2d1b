"""`bufftest`: a tiny dialect exercising AllocationOpInterface.

* `bufftest.alloc` implements the interface through its trait: it is freed by `bufftest.free`
  and cloned by `bufftest.clone` (whose result is freed by `bufftest.free` as well).
* `bufftest.raw_alloc` allocates (it has a memory-alloc effect) but has neither the trait nor a
  registered model, so the deallocation pass must refuse it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.builder import Builder
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import MemoryAllocEffect, MemoryFreeEffect

from xdsl_bufferize.interfaces.allocation import AllocationOpInterface, HoistingKind


@dataclass(frozen=True)
class BufftestAllocationTrait(AllocationOpInterface):
    """Buffers of `bufftest.alloc` / `bufftest.clone`: freed by `bufftest.free`."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return builder.insert(FreeOp(alloc))

    def build_clone(self, builder: Builder, alloc: SSAValue) -> SSAValue | None:
        return builder.insert(CloneOp(alloc)).output

    def hoisting_kind(self) -> HoistingKind:
        return HoistingKind.BLOCK


@irdl_op_definition
class AllocOp(IRDLOperation):
    """A statically shaped heap allocation freed by `bufftest.free`."""

    name = "bufftest.alloc"

    memref = result_def(MemRefType)

    traits = traits_def(BufftestAllocationTrait(), MemoryAllocEffect())

    assembly_format = "attr-dict `:` type($memref)"

    def __init__(self, result_type: Attribute):
        super().__init__(result_types=[result_type])


@irdl_op_definition
class CloneOp(IRDLOperation):
    """A fresh copy of a `bufftest` buffer, freed by `bufftest.free`."""

    name = "bufftest.clone"

    T: ClassVar = VarConstraint("T", MemRefType.constr())

    input = operand_def(T)
    output = result_def(T)

    traits = traits_def(BufftestAllocationTrait(), MemoryAllocEffect())

    assembly_format = "$input attr-dict `:` type($input)"

    def __init__(self, input: SSAValue | Operation):
        value = SSAValue.get(input)
        super().__init__(operands=[value], result_types=[value.type])


@irdl_op_definition
class FreeOp(IRDLOperation):
    """Frees a buffer allocated by `bufftest.alloc` or `bufftest.clone`."""

    name = "bufftest.free"

    memref = operand_def(MemRefType)

    traits = traits_def(MemoryFreeEffect())

    assembly_format = "$memref attr-dict `:` type($memref)"

    def __init__(self, memref: SSAValue | Operation):
        super().__init__(operands=[memref])


@irdl_op_definition
class RawAllocOp(IRDLOperation):
    """An allocation with no AllocationOpInterface: nobody knows how to free it."""

    name = "bufftest.raw_alloc"

    memref = result_def(MemRefType)

    traits = traits_def(MemoryAllocEffect())

    assembly_format = "attr-dict `:` type($memref)"

    def __init__(self, result_type: Attribute):
        super().__init__(result_types=[result_type])


Bufftest = Dialect("bufftest", [AllocOp, CloneOp, FreeOp, RawAllocOp])
