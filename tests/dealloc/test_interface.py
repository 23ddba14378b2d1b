"""AllocationOpInterface: trait first, then registry; default models; a new op in a test."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, bufferization, builtin, func, gpu, memref
from xdsl.dialects.builtin import MemRefType, f32
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.rewriter import InsertPoint
from xdsl.traits import MemoryAllocEffect, MemoryFreeEffect
from xdsl.utils.exceptions import DiagnosticException

from xdsl_bufferize.dialects.test_alloc import Bufftest
from xdsl_bufferize.dialects.test_alloc import FreeOp as BufftestFree
from xdsl_bufferize.interfaces import (
    AllocationOpInterface,
    HoistingKind,
    allocation_interface,
    register_allocation_model,
    unregister_allocation_model,
)
from xdsl_bufferize.models.allocation import (
    MemRefAllocModel,
    register_default_allocation_models,
)
from xdsl_bufferize.transforms.buffer_deallocation import deallocate

MEMREF = MemRefType(f32, [4])


@irdl_op_definition
class LocalFreeOp(IRDLOperation):
    """Frees a buffer of `localtest.alloc` (defined here, not in the package)."""

    name = "localtest.free"
    memref = operand_def(MemRefType)
    traits = traits_def(MemoryFreeEffect())


@dataclass(frozen=True)
class LocalAllocTrait(AllocationOpInterface):
    """`localtest.alloc` buffers are freed by `localtest.free`."""

    def build_dealloc(self, builder: Builder, alloc: SSAValue) -> Operation | None:
        return builder.insert(LocalFreeOp.create(operands=[alloc]))

    def hoisting_kind(self) -> HoistingKind:
        return HoistingKind.LOOP


@irdl_op_definition
class LocalAllocOp(IRDLOperation):
    """An allocation op that only this test knows."""

    name = "localtest.alloc"
    memref = result_def(MemRefType)
    traits = traits_def(LocalAllocTrait(), MemoryAllocEffect())


def _builder() -> Builder:
    return Builder(InsertPoint.at_end(Block()))


def test_new_op_gets_its_own_free_through_the_python_api() -> None:
    block = Block()
    alloc = LocalAllocOp.create(result_types=[MEMREF])
    index = arith.ConstantOp.from_int_and_width(0, builtin.IndexType())
    load = memref.LoadOp.get(alloc.memref, [index.result])
    block.add_ops([alloc, index, load, func.ReturnOp()])
    function = func.FuncOp("f", ((), ()), Region(block))
    module = builtin.ModuleOp([function])

    stats = deallocate(module)

    ops = list(block.ops)
    assert [op.name for op in ops] == [
        "localtest.alloc",
        "arith.constant",
        "memref.load",
        "localtest.free",
        "func.return",
    ]
    assert ops[3].operands[0] is alloc.memref
    assert (stats.frees, stats.clones, stats.conditional_frees) == (1, 0, 0)


def test_trait_comes_before_the_registry() -> None:
    alloc = LocalAllocOp.create(result_types=[MEMREF])
    register_allocation_model(LocalAllocOp, MemRefAllocModel())
    try:
        assert isinstance(allocation_interface(alloc), LocalAllocTrait)
    finally:
        unregister_allocation_model(LocalAllocOp)


def test_registry_answers_for_xdsl_ops() -> None:
    register_default_allocation_models()
    alloc = memref.AllocOp.get(f32, shape=[4])
    model = allocation_interface(alloc)
    assert model is not None
    builder = _builder()
    dealloc = model.build_dealloc(builder, alloc.memref)
    assert isinstance(dealloc, memref.DeallocOp)
    clone = model.build_clone(builder, alloc.memref)
    assert clone is not None
    assert isinstance(clone.owner, bufferization.CloneOp)
    promoted = model.build_promoted_alloc(builder, alloc.memref)
    assert promoted is not None
    assert isinstance(promoted.owner, memref.AllocaOp)
    assert model.hoisting_kind() == HoistingKind.LOOP | HoistingKind.BLOCK


def test_alloca_has_no_dealloc() -> None:
    register_default_allocation_models()
    alloca = memref.AllocaOp.get(f32, shape=[4])
    model = allocation_interface(alloca)
    assert model is not None
    assert model.build_dealloc(_builder(), alloca.memref) is None
    assert model.hoisting_kind() == HoistingKind.LOOP


def test_gpu_alloc_pairs_with_gpu_dealloc_and_has_no_clone() -> None:
    register_default_allocation_models()
    alloc = gpu.AllocOp(MEMREF)
    model = allocation_interface(alloc)
    assert model is not None
    assert isinstance(model.build_dealloc(_builder(), alloc.result), gpu.DeallocOp)
    assert model.build_clone(_builder(), alloc.result) is None


def test_unknown_op_has_no_interface() -> None:
    assert allocation_interface(memref.DeallocOp.get(memref.AllocOp.get(f32))) is None


def test_bufftest_alloc_uses_its_trait() -> None:
    text = "%a = bufftest.alloc : memref<4xf32>"
    ctx = Context()
    ctx.load_dialect(Bufftest)
    ctx.load_dialect(builtin.Builtin)
    op = Parser(ctx, text).parse_op()
    model = allocation_interface(op)
    assert model is not None
    assert isinstance(model.build_dealloc(_builder(), op.results[0]), BufftestFree)


def test_refusal_leaves_the_module_untouched() -> None:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, memref.MemRef, Bufftest):
        ctx.load_dialect(dialect)
    text = """
    func.func @fine() {
      %a = memref.alloc() : memref<4xf32>
      func.return
    }
    func.func @bad() {
      %r = bufftest.raw_alloc : memref<4xf32>
      func.return
    }
    """
    module = Parser(ctx, text).parse_module()
    before = str(module)
    with pytest.raises(DiagnosticException, match="'bufftest.raw_alloc' op "):
        deallocate(module)
    assert str(module) == before
