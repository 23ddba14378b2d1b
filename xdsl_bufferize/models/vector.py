"""Bufferization models of the `vector` dialect: transfers between vectors and
tensors become the same transfers on memrefs.

`vector.transfer_read` reads its tensor; `vector.transfer_write` writes its
destination in place (its result is equivalent to the destination) and reads it
unless the written vector provably covers all of it.

`vector.mask` holds one maskable op (a transfer): its tensor results are the
masked op's, yielded by `vector.yield` (equivalent). The masked op is analysed and
bufferized like any other op; after bufferization a masked transfer_write returns
no tensor, so the mask loses its tensor results (they become the buffers the masked
op writes). The region holds one op: a copy for an out-of-place operand, which the
copy insertion places right before the masked op, is moved before the mask (the
same program point, as the mask runs its one op once). MLIR refuses such a mask
("body must bufferize in-place"); the moved copy bufferizes it instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import vector
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType, VectorType
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.dialects.vector_mask import MaskOp, YieldOp
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    NoMemoryAccessModel,
    OpOperand,
    bufferizable_model,
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
    """Whether the written vector covers every element of the static destination
    (never under a mask: masked-off lanes keep the old data)."""
    if isinstance(op.parent_op(), MaskOp):
        return False
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


def _yield_of(op: MaskOp) -> YieldOp:
    terminator = op.body.block.last_op
    assert isinstance(terminator, YieldOp)
    return terminator


def _yielded_buffer(
    rewriter: PatternRewriter, mask: MaskOp, value: SSAValue, state: BufferizationState
) -> SSAValue:
    """The buffer of `value`, a tensor the mask yields: for a result of the masked
    op, the buffer of the operand it is equivalent to (the op bufferizes in place:
    its destination); a value from outside the mask is its own buffer."""
    rewriter.insertion_point = InsertPoint.before(mask)
    if not isinstance(value, OpResult) or value.op.parent_op() is not mask:
        return state.get_buffer(rewriter, value)
    masked = value.op
    model = bufferizable_model(masked)
    if model is not None:
        for aliasing in model.get_aliasing_op_operands(masked, value, state.analysis):
            if aliasing.relation is BufferRelation.EQUIVALENT:
                return state.get_buffer(rewriter, aliasing.operand.value)
    raise PassFailedException(
        f"vector.mask: the tensor result of the masked '{masked.name}' is not "
        "equivalent to one of its operands"
    )


class MaskOpModel(BufferizableOpModel):
    """vector.mask: its tensor results are the masked op's (through vector.yield,
    equivalent); after bufferization they are the buffers the masked op writes,
    and the mask keeps only its vector results."""

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        assert isinstance(op, MaskOp) and isinstance(value, OpResult)
        return (
            AliasingOpOperand(
                OpOperand(_yield_of(op), value.index), BufferRelation.EQUIVALENT
            ),
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, MaskOp)
        block = op.body.block
        yield_op = _yield_of(op)
        # Copies placed before the masked op: one program point with the mask.
        for moved in list(block.ops)[:-2]:
            moved.detach()
            rewriter.insert(moved, InsertPoint.before(op))
        kept: list[SSAValue] = []
        values: list[SSAValue | None] = []
        for value in yield_op.operands:
            if isinstance(value.type, TensorType):
                values.append(_yielded_buffer(rewriter, op, value, state))
            else:
                values.append(None)
                kept.append(value)
        body = rewriter.move_region_contents_to_new_regions(op.body)
        new_mask = MaskOp.create(
            operands=list(op.operands),
            result_types=[v.type for v in kept],
            attributes=dict(op.attributes),
            regions=[body],
        )
        rewriter.insert(new_mask, InsertPoint.before(op))
        rewriter.replace(yield_op, [YieldOp.create(operands=kept)], [])
        results = iter(new_mask.results)
        state.replace_op_with_bufferized_values(
            rewriter, op, [v if v is not None else next(results) for v in values]
        )


class YieldOpModel(NoMemoryAccessModel):
    """vector.yield: forwards the masked op's results to the vector.mask results
    (equivalent, always in place: no copy can go inside the mask)."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        parent = op.parent_op()
        assert parent is not None
        return (
            AliasingValue(parent.results[operand.index], BufferRelation.EQUIVALENT),
        )

    def must_bufferize_in_place(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # Rewritten by its vector.mask.
        return


def register_vector_models() -> None:
    """Register the bufferization models of vector transfers on tensors and of
    vector.mask / vector.yield around them."""
    register_bufferizable_model(vector.TransferReadOp, TransferReadOpModel())
    register_bufferizable_model(vector.TransferWriteOp, TransferWriteOpModel())
    register_bufferizable_model(MaskOp, MaskOpModel())
    register_bufferizable_model(YieldOp, YieldOpModel())
