"""Bufferization models of the `arith` dialect.

* `arith.constant` of a tensor type becomes a private constant `memref.global`
  (one per distinct value and type) read through `memref.get_global`. Its buffer is
  not writable: any in-place write into it is decided out of place (a copy).
* `arith.select` on tensors becomes `arith.select` on the two buffers; its result may
  alias either operand.

Other arith ops on tensors (elementwise `arith.addf %a, %b : tensor<4xf32>`) have
no model on purpose: they would need a loop nest and a new buffer, which is the job
of `convert-elementwise-to-linalg` upstream. They are reported as unknown ops
(or kept on tensors with `allow-unknown-ops`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, MemRefType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.models.bufferization import cast_if_needed
from xdsl_bufferize.utils.memref_layout import fully_dynamic_type


class ConstantOpModel(BufferizableOpModel):
    """arith.constant (tensor): a read-only `memref.global` + `memref.get_global`."""

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        return False

    def bufferizes_to_allocation(self, op: Operation, value: SSAValue) -> bool:
        return True

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, arith.ConstantOp)
        value = op.value
        if not isinstance(value, DenseIntOrFPElementsAttr):
            raise NotImplementedError(
                f"arith.constant of {op.result.type}: only dense elements bufferize"
            )
        memref_type = state.get_buffer_type(op.result)
        buffer = state.get_global_constant(rewriter, value, memref_type)
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class SelectOpModel(BufferizableOpModel):
    """arith.select (tensors): select between the two buffers; the result may alias
    either of them."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, arith.SelectOp)
        if operand.index == 0:
            return ()
        return (AliasingValue(op.result, BufferRelation.UNKNOWN, is_definite=False),)

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, arith.SelectOp)
        lhs = state.get_buffer(rewriter, op.lhs)
        rhs = state.get_buffer(rewriter, op.rhs)
        if lhs.type != rhs.type:
            assert isinstance(lhs.type, MemRefType)
            target = fully_dynamic_type(lhs.type)  # pyright: ignore[reportUnknownArgumentType]
            lhs = cast_if_needed(rewriter, lhs, target)
            rhs = cast_if_needed(rewriter, rhs, target)
        select = arith.SelectOp(op.cond, lhs, rhs)
        rewriter.insert(select)
        state.replace_op_with_bufferized_values(rewriter, op, [select.result])


def register_arith_models() -> None:
    """Register the models of the `arith` dialect (tensor-typed ops only)."""
    register_bufferizable_model(arith.ConstantOp, ConstantOpModel())
    register_bufferizable_model(arith.SelectOp, SelectOpModel())
