"""Models of the `cf` dialect: the successor operands of its branches, and their
bufferization (MLIR's BranchOpInterface models).

cf.br forwards all its operands; cf.cond_br its then-operands after the condition,
then its else-operands; cf.switch its default operands after the flag, then each
case's operands in case order.

Bufferization: a branch writes none of its tensor operands and reads each (the
block argument it is forwarded to is a definition of its own, defined anew each
time its block is entered, as a loop's iter_arg is: the data it starts with is
read at the branch). Each operand may alias the block argument it goes to; the
analysis makes the argument equivalent to its operands when every branch passes
it one buffer (`analysis/block_arguments.py`), and decides the operand in its
heuristic's order, so a conflict is resolved by one copy at the branch where
possible (`models/unstructured.py`). Its buffer form passes the operands'
buffers, cast to the memref types of the block arguments (converted before the
function body is rewritten).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import cf
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.interfaces.branch import (
    BranchModel,
    SuccessorOperands,
    branch_successor_operands,
    register_branch_model,
)
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.interfaces.region_branch import operand_range
from xdsl_bufferize.models.bufferization import cast_if_needed
from xdsl_bufferize.utils.ir import is_tensor


class BranchOpModel(BranchModel):
    """cf.br: every operand goes to the successor."""

    def successor_operands(self, op: Operation) -> SuccessorOperands:
        assert isinstance(op, cf.BranchOp)
        return [(0, op.successor, operand_range(0, len(op.arguments)))]

    def with_successor_operands(
        self, op: Operation, lists: Sequence[Sequence[SSAValue]]
    ) -> Operation:
        assert isinstance(op, cf.BranchOp)
        return cf.BranchOp(op.successor, *lists[0])


class ConditionalBranchOpModel(BranchModel):
    """cf.cond_br: then-operands, then else-operands, after the condition."""

    def successor_operands(self, op: Operation) -> SuccessorOperands:
        assert isinstance(op, cf.ConditionalBranchOp)
        n_then = len(op.then_arguments)
        n_else = len(op.else_arguments)
        return [
            (0, op.then_block, operand_range(1, n_then)),
            (1, op.else_block, operand_range(1 + n_then, n_else)),
        ]

    def with_successor_operands(
        self, op: Operation, lists: Sequence[Sequence[SSAValue]]
    ) -> Operation:
        assert isinstance(op, cf.ConditionalBranchOp)
        return cf.ConditionalBranchOp(
            op.cond, op.then_block, lists[0], op.else_block, lists[1]
        )


class SwitchOpModel(BranchModel):
    """cf.switch: default operands, then each case's, after the flag."""

    def successor_operands(self, op: Operation) -> SuccessorOperands:
        assert isinstance(op, cf.SwitchOp)
        first = 1
        result = [(0, op.default_block, operand_range(first, len(op.default_operands)))]
        first += len(op.default_operands)
        sizes = op.case_operand_segments.get_values()
        for i, block in enumerate(op.case_blocks):
            size = int(sizes[i])
            result.append((i + 1, block, operand_range(first, size)))
            first += size
        return result

    def with_successor_operands(
        self, op: Operation, lists: Sequence[Sequence[SSAValue]]
    ) -> Operation:
        assert isinstance(op, cf.SwitchOp)
        return cf.SwitchOp(
            op.flag,
            op.default_block,
            lists[0],
            op.case_values,
            list(op.case_blocks),
            lists[1:],
        )


class BranchBufferizationModel(BufferizableOpModel):
    """cf.br / cf.cond_br / cf.switch: forward buffers to the successor blocks; a
    tensor operand may alias the block argument it goes to."""

    supports_unranked = True

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        # The block argument is a definition of its own (defined anew each time
        # its block is entered): the data it starts with is read here, as a
        # loop op reads its init.
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        found: list[AliasingValue] = []
        for _, block, indices in branch_successor_operands(op) or ():
            if operand.index in indices:
                argument = block.args[indices.index(operand.index)]
                found.append(AliasingValue(argument, BufferRelation.UNKNOWN, False))
        return found

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        for _, block, indices in branch_successor_operands(op) or ():
            for position, index in enumerate(indices):
                value = op.operands[index]
                if not is_tensor(value):
                    continue
                target = block.args[position].type
                buffer = state.get_buffer(rewriter, value)
                rewriter.insertion_point = InsertPoint.before(op)
                op.operands[index] = cast_if_needed(
                    rewriter, buffer, target, state.options.buffer_alignment
                )


def register_cf_models() -> None:
    """Register the models of the `cf` dialect."""
    register_branch_model(cf.BranchOp, BranchOpModel())
    register_branch_model(cf.ConditionalBranchOp, ConditionalBranchOpModel())
    register_branch_model(cf.SwitchOp, SwitchOpModel())
    for op_type in (cf.BranchOp, cf.ConditionalBranchOp, cf.SwitchOp):
        register_bufferizable_model(op_type, BranchBufferizationModel())
