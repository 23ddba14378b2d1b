"""Bufferization models of the `vector` dialect: transfers between vectors and
tensors become the same transfers on memrefs.

`vector.transfer_read` reads its tensor; `vector.transfer_write` writes its
destination in place (its result is equivalent to the destination) and reads it
unless the written vector provably covers all of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import vector
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType, VectorType
from xdsl.ir import Attribute, Operation
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.utils.indices import constant_index_value


class TransferReadOpModel(BufferizableOpModel):
    """vector.transfer_read on a tensor: becomes vector.transfer_read on its
    buffer; reads it."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, vector.TransferReadOp)
        buffer = state.get_buffer(rewriter, op.source)
        operands = [buffer, *op.operands[1:]]
        new_op = vector.TransferReadOp.create(
            operands=operands,
            result_types=[op.result.type],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        rewriter.insert(new_op, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [new_op.result])


def overwrites_whole_tensor(op: vector.TransferWriteOp) -> bool:
    """Whether the written vector covers every element of the static destination."""
    dest_type = op.source.type
    vector_type = op.vector.type
    if not isinstance(dest_type, TensorType) or not isinstance(vector_type, VectorType):
        return False
    shape = dest_type.get_shape()
    if DYNAMIC_INDEX in shape or op.mask is not None:
        return False
    if any(constant_index_value(i) != 0 for i in op.indices):
        return False
    if op.permutation_map.data != AffineMap.identity(len(shape)):
        return False
    vector_shape: Sequence[int] = vector_type.get_shape()
    return tuple(vector_shape) == tuple(shape)


class TransferWriteOpModel(BufferizableOpModel):
    """vector.transfer_write on a tensor: becomes vector.transfer_write into the
    dest buffer, in place; the result is equivalent to the dest."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        assert isinstance(op, vector.TransferWriteOp)
        return not overwrites_whole_tensor(op)

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, vector.TransferWriteOp)
        if op.result is None:
            return ()
        return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, vector.TransferWriteOp)
        buffer = state.get_buffer(rewriter, op.source)
        operands = list(op.operands)
        operands[1] = buffer
        no_results: list[Attribute] = []
        new_op = vector.TransferWriteOp.create(
            operands=operands,
            result_types=no_results,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        rewriter.insert(new_op, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


def register_vector_models() -> None:
    """Register the bufferization models of vector transfers on tensors."""
    register_bufferizable_model(vector.TransferReadOp, TransferReadOpModel())
    register_bufferizable_model(vector.TransferWriteOp, TransferWriteOpModel())
