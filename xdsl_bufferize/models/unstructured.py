"""Tensors through unstructured control flow (MLIR's `UnstructuredControlFlow.h`):
block arguments of the non-entry blocks of a function body, fed by the successor
operands of branch ops (`cf.br`, `cf.cond_br`, `cf.switch`; their
`interfaces/branch.py` models say which operand goes to which block argument).

* A block argument may alias every operand forwarded to it (not definitely
  equivalent: the predecessors may pass different buffers; the analysis makes
  it equivalent when they all pass one, `analysis/block_arguments.py`); it is
  writable (its alias set says whether what is passed is); it is a definition
  of its own for the read-after-write check (`analysis/definitions.py`,
  `analysis/cfg_order.py`);
* its buffer type is the one all forwarded operands have, or a fully dynamic
  layout when they differ (skipping operands whose type depends on the argument
  itself: loops);
* before the ops of a function are rewritten, the tensor arguments of its
  non-entry blocks become memrefs (`convert_successor_blocks`), and each branch
  passes its operands' buffers cast to those types (`models/cf.py`).

No models here (no `register_*`): `models/func.py` and `models/cf.py` use these.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region
from xdsl.pattern_rewriter import PatternRewriter

from xdsl_bufferize.interfaces.branch import forwarded_operands
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    BufferizationState,
    BufferRelation,
)
from xdsl_bufferize.models.region_bufferization import (
    common_type,
    convert_block_arguments,
)


def is_successor_argument(value: object) -> bool:
    """Whether `value` is a tensor argument of a block that is not the first of
    its region (it gets its values from branches)."""
    return (
        isinstance(value, BlockArgument)
        and isinstance(value.type, TensorType)
        and value.block.parent is not None
        and value.block is not value.block.parent.blocks.first
    )


def aliasing_branch_operands(argument: BlockArgument) -> list[AliasingOpOperand]:
    """The operands `argument` may alias: every forwarded operand, not
    equivalent."""
    return [
        AliasingOpOperand(operand, BufferRelation.UNKNOWN, False)
        for operand in forwarded_operands(argument)
    ]


_IN_PROGRESS: set[BlockArgument] = set()
"""Block arguments whose buffer type is being computed (a loop back to them)."""


def successor_argument_type(
    argument: BlockArgument, state: BufferizationState
) -> MemRefType[Attribute] | None:
    """The buffer type of `argument`: that of every forwarded operand, or fully
    dynamic when they differ; None while it is being computed (a loop)."""
    if argument in _IN_PROGRESS:
        return None
    _IN_PROGRESS.add(argument)
    try:
        types: list[MemRefType[Attribute]] = []
        for operand in forwarded_operands(argument):
            value = operand.value
            if isinstance(value, BlockArgument) and value in _IN_PROGRESS:
                continue
            found = state.get_buffer_type(value)
            if isinstance(found, MemRefType):
                types.append(found)
    finally:
        _IN_PROGRESS.discard(argument)
    if not types:
        return None
    return common_type(types)


def convert_successor_blocks(
    regions: Sequence[Region], state: BufferizationState
) -> None:
    """Make the tensor arguments of the non-entry blocks of `regions` memrefs of
    their buffer types (their users see a `to_tensor` of them)."""
    for region in regions:
        blocks: list[Block] = list(region.blocks)[1:]
        for block in blocks:
            types: dict[int, MemRefType[Attribute]] = {}
            for argument in block.args:
                if not isinstance(argument.type, TensorType):
                    continue
                found = successor_argument_type(argument, state)
                if found is None:
                    found = state.get_buffer_type(argument)
                types[argument.index] = found
            if types:
                anchor: Operation | None = block.first_op
                assert anchor is not None
                convert_block_arguments(PatternRewriter(anchor), state, block, types)
