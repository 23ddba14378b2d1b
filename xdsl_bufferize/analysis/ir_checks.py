"""Structural checks our passes need and xDSL's verifiers do not all make.

xDSL accepts, for instance, an `scf.if` with results whose `else` block is empty, or
an `scf.yield` forwarding fewer values than the op has results. Our analyses follow
values through region terminators and would index past their operands; they call
`check_region_terminators` first so that such input gets a diagnostic at the op.
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import UnrankedTensorType
from xdsl.ir import Operation
from xdsl.traits import IsTerminator, NoTerminator

from xdsl_bufferize.analysis.module_analysis import fail_at


def _expected_forwarded(op: Operation, region_index: int) -> int | None:
    """How many values the terminators of `op`'s region must forward (None: not
    checked here)."""
    if isinstance(op, scf.IfOp | scf.ExecuteRegionOp | scf.IndexSwitchOp | scf.ForOp):
        return len(op.results)
    if isinstance(op, scf.WhileOp):
        # before: scf.condition(%c) with the results; after: yield the before args.
        if region_index == 0:
            return len(op.results) + 1
        before = op.before_region.blocks
        return len(before[0].args) if before else None
    return None


def check_region_terminators(root: Operation) -> None:
    """Every block of a function or of an scf op ends in a terminator, and the
    terminators of scf ops forward as many values as the op needs; else a
    diagnostic at the op."""
    for op in root.walk():
        if not op.regions or op.has_trait(NoTerminator):
            continue
        checked = isinstance(op, func.FuncOp) or _expected_forwarded(op, 0) is not None
        if not checked:
            continue
        for index, region in enumerate(op.regions):
            expected = _expected_forwarded(op, index)
            for block in region.blocks:
                last = block.last_op
                if last is None or not last.has_trait(IsTerminator):
                    fail_at(
                        op,
                        f"region #{index} of {op.name} has a block that does not end "
                        "in a terminator",
                    )
                if expected is not None and len(last.operands) != expected:
                    fail_at(
                        op,
                        f"the terminator {last.name} of region #{index} of {op.name} "
                        f"has {len(last.operands)} operand(s), expected {expected}",
                    )


def check_ranked_tensors(root: Operation) -> None:
    """Unranked tensors (`tensor<*xf32>`) are not bufferized yet: a diagnostic at
    the first op (or function) that has one, instead of a half-converted module."""
    for op in root.walk():
        types = [*op.operand_types, *op.result_types]
        if isinstance(op, func.FuncOp):
            types = [*op.function_type.inputs.data, *op.function_type.outputs.data]
        for typ in types:
            if isinstance(typ, UnrankedTensorType):
                fail_at(
                    op,
                    f"unranked tensor type {typ} is not supported by bufferization yet",
                )
