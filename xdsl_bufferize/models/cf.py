"""Models of the `cf` dialect: the successor operands of its branches.

cf.br forwards all its operands; cf.cond_br its then-operands after the condition,
then its else-operands; cf.switch its default operands after the flag, then each
case's operands in case order.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import cf
from xdsl.ir import Operation, SSAValue

from xdsl_bufferize.interfaces.branch import (
    BranchModel,
    SuccessorOperands,
    register_branch_model,
)
from xdsl_bufferize.interfaces.region_branch import operand_range


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


def register_cf_models() -> None:
    """Register the models of the `cf` dialect."""
    register_branch_model(cf.BranchOp, BranchOpModel())
    register_branch_model(cf.ConditionalBranchOp, ConditionalBranchOpModel())
    register_branch_model(cf.SwitchOp, SwitchOpModel())
