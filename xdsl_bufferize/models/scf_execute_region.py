"""Bufferization model of `scf.execute_region` (see `models/scf.py` for the rules
every scf model follows): its region may have several blocks, branching to each
other with `cf` ops, and every block ending in `scf.yield` gives the results.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import scf
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, BlockArgument, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AnalysisState,
    BufferizationState,
    register_bufferizable_model,
)
from xdsl_bufferize.models.scf import YieldingRegionsModel
from xdsl_bufferize.models.unstructured import (
    aliasing_branch_operands,
    convert_successor_blocks,
    is_successor_argument,
    successor_argument_type,
)


class ExecuteRegionOpModel(YieldingRegionsModel):
    """scf.execute_region: results are the buffers its region's blocks yield (every
    block ending in scf.yield); blocks of the region may branch to each other
    (`cf.br`, `cf.cond_br`), passing tensors to block arguments as a function
    body's blocks do (`models/unstructured.py`)."""

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        # A block argument is as writable as the buffers passed to it (their
        # alias sets say whether they are).
        return True

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        if isinstance(value, BlockArgument):
            if is_successor_argument(value):
                return aliasing_branch_operands(value)
            return ()
        return super().get_aliasing_op_operands(op, value, state)

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        if isinstance(value, BlockArgument):
            if is_successor_argument(value):
                return successor_argument_type(value, state)
            return None
        return super().buffer_type(op, value, state)

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # Block arguments fed by branches become memrefs before the region's
        # ops are rewritten (pre-order: this runs first).
        convert_successor_blocks(op.regions, state)
        super().bufferize(op, rewriter, state)

    def rebuild(
        self, op: Operation, regions: list[Region], result_types: list[Attribute]
    ) -> Operation:
        return scf.ExecuteRegionOp(result_types, regions[0])


def register_scf_execute_region_models() -> None:
    """Register the model of `scf.execute_region`."""
    register_bufferizable_model(scf.ExecuteRegionOp, ExecuteRegionOpModel())
