"""Bufferization models of the `tensor` reshaping ops (registered by
`register_tensor_models`).

`collapse_shape`, `expand_shape` and `reshape` read and write nothing; their result
is equivalent to the source buffer, seen with another shape:

* `collapse_shape` becomes `memref.collapse_shape` when each group of collapsed
  dimensions is contiguous in the source layout (`collapsed_layout`), else it
  collapses a contiguous copy;
* `expand_shape` becomes `memref.expand_shape`, whose strides split those of the
  source dimension each group comes from;
* `reshape` becomes `memref.reinterpret_cast` of a contiguous source (a copy first
  if the source is not), its sizes read from the shape operand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects import arith, memref, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, MemRefType, NoneAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    NoMemoryAccessModel,
    OpOperand,
)
from xdsl_bufferize.utils.indices import (
    Mixed,
    as_value,
    buffer_sizes,
    build_index,
    dynamic_sizes_of,
    tensor_type_of,
)
from xdsl_bufferize.utils.memref_layout import (
    has_identity_layout,
    identity_strides,
    make_memref_type,
    strides_and_offset,
)


def _reassociation(
    op: tensor.CollapseShapeOp | tensor.ExpandShapeOp,
) -> list[list[int]]:
    return [[int(i.value.data) for i in group] for group in op.reassociation]


def collapsed_layout(
    source_type: MemRefType[Attribute], groups: list[list[int]]
) -> tuple[list[int | None], int | None] | None:
    """Strides of the collapsed memref, or None if some group is not provably
    contiguous in the source layout."""
    strides, offset = strides_and_offset(source_type)
    shape = source_type.get_shape()
    result: list[int | None] = []
    for group in groups:
        # Dimensions of size 1 take no part: their stride is never used.
        kept = [dim for dim in group if shape[dim] != 1]
        for outer, inner in zip(kept, kept[1:], strict=False):
            s_out, s_in, size_in = strides[outer], strides[inner], shape[inner]
            if s_out is None or s_in is None or size_in == DYNAMIC_INDEX:
                return None
            if s_out != s_in * size_in:
                return None
        if not group:
            result.append(1)
        elif kept:
            result.append(strides[kept[-1]])
        else:
            # All of size 1: the outermost stride, as MLIR's verifier expects
            # (memref.collapse_shape drops trailing unit dimensions but the first).
            result.append(strides[group[0]])
    return result, offset


class CollapseShapeOpModel(NoMemoryAccessModel):
    """tensor.collapse_shape: becomes memref.collapse_shape (a view, equivalent to
    the source; a copy first if the source layout cannot be collapsed)."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.CollapseShapeOp)
        return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)

    def _result_type(
        self, op: tensor.CollapseShapeOp, source_type: MemRefType[Attribute]
    ) -> MemRefType[Attribute] | None:
        result_type = tensor_type_of(op.result)
        if isinstance(source_type.layout, NoneAttr):
            strides = None
            offset: int | None = 0
        else:
            layout = collapsed_layout(source_type, _reassociation(op))
            if layout is None:
                return None
            strides, offset = layout
        return make_memref_type(
            result_type.get_element_type(),
            result_type.get_shape(),
            strides,
            offset,
            source_type.memory_space,
        )

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, tensor.CollapseShapeOp)
        source_type = state.get_buffer_type(op.src)
        found = self._result_type(op, source_type)
        if found is not None:
            return found
        identity = make_memref_type(
            source_type.get_element_type(),
            source_type.get_shape(),
            None,
            0,
            source_type.memory_space,
        )
        return self._result_type(op, identity)

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.CollapseShapeOp)
        source = state.get_buffer(rewriter, op.src)
        source_type = cast(MemRefType[Attribute], source.type)
        result_type = self._result_type(op, source_type)
        if result_type is None:
            # Not collapsible in place: collapse a contiguous copy.
            sizes = buffer_sizes(rewriter, op, source)
            source = state.allocate(
                rewriter,
                tensor_type_of(op.src),
                dynamic_sizes_of(rewriter, op, source_type.get_shape(), sizes),
                copy_from=source,
            )
            result_type = self._result_type(
                op, cast(MemRefType[Attribute], source.type)
            )
            assert result_type is not None
        collapse = memref.CollapseShapeOp(
            operands=[source],
            result_types=[result_type],
            properties={"reassociation": op.reassociation},
        )
        rewriter.insert(collapse, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [collapse.result])


class ExpandShapeOpModel(NoMemoryAccessModel):
    """tensor.expand_shape: becomes memref.expand_shape (a view, equivalent to the
    source)."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.ExpandShapeOp)
        if operand.index == 0:
            return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)
        return ()

    def _result_type(
        self, op: tensor.ExpandShapeOp, source_type: MemRefType[Attribute]
    ) -> MemRefType[Attribute]:
        result_type = tensor_type_of(op.result)
        shape = result_type.get_shape()
        if isinstance(source_type.layout, NoneAttr):
            return make_memref_type(
                result_type.get_element_type(), shape, None, 0, source_type.memory_space
            )
        src_strides, offset = strides_and_offset(source_type)
        strides: list[int | None] = [None] * len(shape)
        for src_dim, group in enumerate(_reassociation(op)):
            running = src_strides[src_dim]
            for dim in reversed(group):
                strides[dim] = running
                running = (
                    None
                    if running is None or shape[dim] == DYNAMIC_INDEX
                    else running * shape[dim]
                )
        return make_memref_type(
            result_type.get_element_type(),
            shape,
            strides,
            offset,
            source_type.memory_space,
        )

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, tensor.ExpandShapeOp)
        return self._result_type(op, state.get_buffer_type(op.src))

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ExpandShapeOp)
        source = state.get_buffer(rewriter, op.src)
        result_type = self._result_type(op, cast(MemRefType[Attribute], source.type))
        expand = memref.ExpandShapeOp(
            operands=[source, list(op.dynamic_output_shape)],
            result_types=[result_type],
            properties={
                "reassociation": op.reassociation,
                "static_output_shape": op.static_output_shape,
            },
        )
        rewriter.insert(expand, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [expand.result])


class ReshapeOpModel(BufferizableOpModel):
    """tensor.reshape: becomes memref.reinterpret_cast of the (contiguous) source,
    equivalent to it; a copy first if the source is not contiguous. Reads the shape
    operand."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return operand.index == 1

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.ReshapeOp)
        if operand.index == 0:
            return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)
        return ()

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, tensor.ReshapeOp)
        result_type = tensor_type_of(op.result)
        shape = result_type.get_shape()
        source_type = state.get_buffer_type(op.source)
        if DYNAMIC_INDEX in shape:
            strides = identity_strides(shape)
            return make_memref_type(
                result_type.get_element_type(),
                shape,
                strides,
                0,
                source_type.memory_space,
            )
        return make_memref_type(
            result_type.get_element_type(), shape, None, 0, source_type.memory_space
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ReshapeOp)
        source = state.get_buffer(rewriter, op.source)
        source_type = cast(MemRefType[Attribute], source.type)
        if not has_identity_layout(source_type):
            sizes = buffer_sizes(rewriter, op, source)
            source = state.allocate(
                rewriter,
                tensor_type_of(op.source),
                dynamic_sizes_of(rewriter, op, source_type.get_shape(), sizes),
                copy_from=source,
            )
        result_type = self.buffer_type(op, op.result, state)
        assert result_type is not None
        shape = result_type.get_shape()
        sizes: list[Mixed] = []
        shape_buffer: SSAValue | None = None
        for dim, size in enumerate(shape):
            if size != DYNAMIC_INDEX:
                sizes.append(size)
                continue
            if shape_buffer is None:
                shape_buffer = state.get_buffer(rewriter, op.shape)
            load = memref.LoadOp.get(shape_buffer, [build_index(rewriter, op, dim)])
            rewriter.insert(load, InsertPoint.before(op))
            value = load.res
            if not isinstance(value.type, IndexType):
                index_cast = arith.IndexCastOp(value, IndexType())
                rewriter.insert(index_cast, InsertPoint.before(op))
                value = index_cast.result
            sizes.append(value)
        strides: list[Mixed] = []
        running: Mixed = 1
        for size in reversed(sizes):
            strides.append(running)
            if isinstance(running, int) and isinstance(size, int):
                running = running * size
            else:
                mul = arith.MuliOp(
                    as_value(rewriter, op, running), as_value(rewriter, op, size)
                )
                rewriter.insert(mul, InsertPoint.before(op))
                running = mul.result
        strides.reverse()
        reinterpret = memref.ReinterpretCastOp.from_dynamic(
            source, [0], sizes, strides, result_type
        )
        rewriter.insert(reinterpret, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [reinterpret.result])
