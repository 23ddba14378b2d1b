"""Branch ops (MLIR's `BranchOpInterface`): which operands a terminator with
successors passes to the arguments of each successor block.

A model lists, per successor, the indices of the operands forwarded to that block's
arguments (`successor_operands`) and rebuilds the op with other forwarded operands
(`with_successor_operands`: buffer deallocation appends ownership flags).  Models are
registered from `models/` (`models/cf.py`); lookup follows `interfaces/registry.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from xdsl_bufferize.interfaces.bufferizable import OpOperand
from xdsl_bufferize.interfaces.registry import ModelRegistry

SuccessorOperands = list[tuple[int, Block, tuple[int, ...]]]
"""(successor index, successor block, indices of the operands forwarded to its
arguments, in argument order), one entry per successor."""


class BranchModel(Protocol):
    """Describes the successor operands of one branch op class."""

    def successor_operands(self, op: Operation) -> SuccessorOperands:
        """The operands `op` forwards to each of its successors."""
        ...

    def with_successor_operands(
        self, op: Operation, lists: Sequence[Sequence[SSAValue]]
    ) -> Operation:
        """A new op like `op` (same successors and other operands, detached) forwarding
        `lists[i]` to the successor of entry #i of `successor_operands(op)`."""
        ...


_REGISTRY = ModelRegistry[BranchModel]()


def register_branch_model(op_type: type[Operation], model: BranchModel) -> None:
    """Describe the successor operands of every op of class `op_type` with `model`."""
    _REGISTRY.register(op_type, model)


def unregister_branch_model(op_type: type[Operation]) -> None:
    """Forget the branch model of `op_type`, if any."""
    _REGISTRY.unregister(op_type)


def branch_model(op: Operation) -> BranchModel | None:
    """The branch model of `op`, or None."""
    return _REGISTRY.lookup(op)


def branch_successor_operands(op: Operation) -> SuccessorOperands | None:
    """(successor index, block, forwarded operand indices) of a known branch op; None
    for an op without a branch model."""
    model = branch_model(op)
    return None if model is None else model.successor_operands(op)


def forwarded_operands(argument: BlockArgument) -> list[OpOperand]:
    """The branch operands forwarded to `argument`, over all predecessors of its
    block (through branch ops with a model)."""
    block = argument.block
    found: list[OpOperand] = []
    seen: set[int] = set()
    for use in block.uses:
        branch = use.operation
        if id(branch) in seen:
            continue
        seen.add(id(branch))
        successors = branch_successor_operands(branch)
        if successors is None:
            continue
        for _, target, indices in successors:
            if target is block and argument.index < len(indices):
                found.append(OpOperand(branch, indices[argument.index]))
    return found
