"""Bufferization model of `tensor.rank` (the op `dialects/tensor_ext.py` adds to
xDSL's `tensor` dialect).

* tensor.rank: becomes memref.rank of the buffer; reads only the shape, not the
  contents (ranked or unranked).
"""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.dialects.memref_ext import RankOp as MemRefRankOp
from xdsl_bufferize.dialects.tensor_ext import RankOp
from xdsl_bufferize.interfaces.bufferizable import (
    BufferizationState,
    NoMemoryAccessModel,
    register_bufferizable_model,
)


class RankOpModel(NoMemoryAccessModel):
    """tensor.rank: becomes memref.rank; reads only the shape."""

    supports_unranked = True

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, RankOp)
        buffer = state.get_buffer(rewriter, op.tensor)
        rank = MemRefRankOp(buffer)
        rewriter.insert(rank, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [rank.rank])


def register_tensor_rank_models() -> None:
    """Register the bufferization model of tensor.rank."""
    register_bufferizable_model(RankOp, RankOpModel())
