"""Small concrete analysis and bufferization states for testing models alone.

`InPlaceAnalysis` assumes every operand bufferizes in place and derives equivalence
and aliasing from the models' `get_aliasing_values`. `bufferize_in_place` rewrites
every op with a model, in program order, through `SimpleBufferization`, which keeps
`bufferization.to_tensor` / `to_buffer` at the boundary between bufferized and not
yet bufferized ops and folds them away at the end. Both implement the protocol of
`xdsl_bufferize.interfaces.bufferizable`; neither is the project's driver.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects import bufferization, memref
from xdsl.dialects.builtin import MemRefType, ModuleOp, NoneAttr, TensorType
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizationOptions,
    BufferizationState,
    BufferRelation,
    OpOperand,
    bufferizable_model,
    has_tensor_semantics,
    tensor_operands,
)


class InPlaceAnalysis(AnalysisState):
    """Every operand in place; equivalence classes from EQUIVALENT aliasing."""

    def __init__(self, module: Operation) -> None:
        self.options = BufferizationOptions()
        self._parent: dict[SSAValue, SSAValue] = {}
        self._alias_edges: dict[SSAValue, set[SSAValue]] = {}
        for op in module.walk():
            model = bufferizable_model(op)
            if model is None:
                continue
            for operand in tensor_operands(op):
                for aliasing in model.get_aliasing_values(op, operand, self):
                    self._link(operand.value, aliasing.value)
                    if aliasing.relation is BufferRelation.EQUIVALENT:
                        self._union(operand.value, aliasing.value)

    def _find(self, value: SSAValue) -> SSAValue:
        while self._parent.get(value, value) is not value:
            value = self._parent[value]
        return value

    def _union(self, a: SSAValue, b: SSAValue) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra is not rb:
            self._parent[ra] = rb

    def _link(self, a: SSAValue, b: SSAValue) -> None:
        self._alias_edges.setdefault(a, set()).add(b)
        self._alias_edges.setdefault(b, set()).add(a)

    def is_in_place(self, operand: OpOperand) -> bool:
        return True

    def are_equivalent_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        return self._find(a) is self._find(b)

    def are_aliasing_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        seen = {a}
        work = [a]
        while work:
            current = work.pop()
            if current is b:
                return True
            for nxt in self._alias_edges.get(current, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    work.append(nxt)
        return False

    def is_value_read(self, value: SSAValue) -> bool:
        return any(
            self.bufferizes_to_memory_read(OpOperand(use.operation, use.index))
            for use in value.uses
        )


def identity_buffer_type(tensor_type: Attribute) -> MemRefType[Attribute]:
    """The identity-layout memref type of a ranked tensor type."""
    assert isinstance(tensor_type, TensorType)
    tensor_type = cast(TensorType[Attribute], tensor_type)
    return MemRefType(tensor_type.get_element_type(), tensor_type.get_shape())


class SimpleBufferization(BufferizationState):
    """Buffers through to_tensor / to_buffer; allocations are memref.alloc."""

    def __init__(self, analysis: AnalysisState) -> None:
        self.options = analysis.options
        self.analysis = analysis

    def get_buffer(self, rewriter: PatternRewriter, value: SSAValue) -> SSAValue:
        if isinstance(value.type, MemRefType):
            return value
        if isinstance(value, OpResult) and isinstance(
            value.op, bufferization.ToTensorOp
        ):
            return value.op.memref
        to_buffer = bufferization.ToBufferOp(
            operands=[value], result_types=[self.get_buffer_type(value)]
        )
        owner = value.op if isinstance(value, OpResult) else None
        point = (
            InsertPoint.after(owner)
            if owner is not None
            else InsertPoint.at_start(value.owner)  # pyright: ignore[reportArgumentType]
        )
        rewriter.insert(to_buffer, point)
        return to_buffer.memref

    def get_buffer_type(self, value: SSAValue) -> MemRefType[Attribute]:
        if isinstance(value.type, MemRefType):
            return cast(MemRefType[Attribute], value.type)
        if isinstance(value, OpResult):
            op = value.op
            if isinstance(op, bufferization.ToTensorOp):
                return cast(MemRefType[Attribute], op.memref.type)
            model = bufferizable_model(op)
            if model is not None:
                found = model.buffer_type(op, value, self)
                if isinstance(found, MemRefType):
                    return cast(MemRefType[Attribute], found)
                for aliasing in model.get_aliasing_op_operands(
                    op, value, self.analysis
                ):
                    if aliasing.relation is BufferRelation.EQUIVALENT:
                        return self.get_buffer_type(aliasing.operand.value)
        return identity_buffer_type(value.type)

    def replace_op_with_bufferized_values(
        self,
        rewriter: PatternRewriter,
        op: Operation,
        values: Sequence[SSAValue],
    ) -> None:
        new_ops: list[Operation] = []
        replacements: list[SSAValue] = []
        for result, value in zip(op.results, values, strict=True):
            if isinstance(result.type, TensorType) and isinstance(
                value.type, MemRefType
            ):
                to_tensor = bufferization.ToTensorOp(value)
                new_ops.append(to_tensor)
                replacements.append(to_tensor.tensor)
            else:
                replacements.append(value)
        rewriter.replace(op, new_ops, replacements)

    def allocate(
        self,
        rewriter: PatternRewriter,
        tensor_type: TensorType[Attribute],
        dynamic_sizes: Sequence[SSAValue],
        copy_from: SSAValue | None = None,
        memory_space: Attribute | None = None,
    ) -> SSAValue:
        buffer_type = identity_buffer_type(tensor_type)
        if memory_space is not None:
            buffer_type = MemRefType(
                buffer_type.element_type,
                buffer_type.get_shape(),
                buffer_type.layout,
                memory_space,
            )
        alloc = memref.AllocOp(list(dynamic_sizes), [], buffer_type)
        rewriter.insert(alloc)
        if copy_from is not None:
            rewriter.insert(memref.CopyOp(copy_from, alloc.memref))
        return alloc.memref


def bufferize_in_place(module: ModuleOp) -> AnalysisState:
    """Bufferize every op with a model, assuming all operands in place."""
    analysis = InPlaceAnalysis(module)
    for op in list(module.walk()):
        model = bufferizable_model(op)
        if model is not None:
            model.verify_analysis(op, analysis)
    state = SimpleBufferization(analysis)
    for op in list(module.walk()):
        model = bufferizable_model(op)
        if model is None or op.parent is None or not has_tensor_semantics(op):
            continue
        model.bufferize(op, PatternRewriter(op), state)
    _fold_boundaries(module)
    return analysis


def _fold_boundaries(module: ModuleOp) -> None:
    """Replace to_buffer(to_tensor(m)) by m and drop unused to_tensor ops."""
    for op in list(module.walk()):
        if isinstance(op, bufferization.ToBufferOp):
            source = op.tensor
            if isinstance(source, OpResult) and isinstance(
                source.op, bufferization.ToTensorOp
            ):
                op.memref.replace_all_uses_with(source.op.memref)
                op.detach()
                op.erase()
    for op in reversed(list(module.walk())):
        if isinstance(op, bufferization.ToTensorOp) and not op.tensor.uses:
            op.detach()
            op.erase()


def identity_layout(memref_type: MemRefType[Attribute]) -> bool:
    """Whether a memref type has the default layout."""
    return isinstance(memref_type.layout, NoneAttr)


def parse_module(source: str) -> ModuleOp:
    """Parse `source` with xDSL's dialects and ours, registering our models."""
    from xdsl.context import Context
    from xdsl.dialects import get_all_dialects
    from xdsl.parser import Parser

    from xdsl_bufferize.dialects.tensor_ext import TensorExt
    from xdsl_bufferize.models.linalg import register_linalg_models
    from xdsl_bufferize.models.tensor import register_tensor_models
    from xdsl_bufferize.models.vector import register_vector_models

    register_tensor_models()
    register_linalg_models()
    register_vector_models()
    ctx = Context()
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    ctx.load_dialect(TensorExt)
    module = Parser(ctx, source).parse_module()
    module.verify()
    return module


def find_op(module: ModuleOp, name: str, nth: int = 0) -> Operation:
    """The `nth` op named `name` in `module`."""
    return [op for op in module.walk() if op.name == name][nth]
