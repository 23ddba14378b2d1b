"""Structural checks our passes need and xDSL's verifiers do not all make.

xDSL accepts, for instance, an `scf.if` with results whose `else` block is empty, or
an `scf.yield` forwarding fewer values than the op has results. Our analyses follow
values through region terminators and would index past their operands; they call
`check_region_terminators` first so that such input gets a diagnostic at the op.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import UnrankedTensorType
from xdsl.ir import Operation
from xdsl.traits import IsTerminator, NoTerminator

from xdsl_bufferize.interfaces.bufferizable import bufferizable_model
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.interfaces.region_branch import expected_terminator_operands


def check_region_terminators(
    root: Operation, stage: str = "one-shot-bufferize"
) -> None:
    """Every block of a function or of a region op whose region-branch model checks
    its terminators (`expected_terminator_operands`: the scf ops) ends in a
    terminator, and those that leave the region (a branch to another block of it
    does not) forward as many values as the op needs; else a diagnostic at the
    op."""
    for op in root.walk():
        if not op.regions or op.has_trait(NoTerminator):
            continue
        checked = (
            isinstance(op, func.FuncOp)
            or expected_terminator_operands(op, 0) is not None
        )
        if not checked:
            continue
        for index, region in enumerate(op.regions):
            expected = expected_terminator_operands(op, index)
            for block in region.blocks:
                last = block.last_op
                if last is None or not last.has_trait(IsTerminator):
                    raise op_error(
                        stage,
                        op,
                        f"region #{index} has a block that does not end in a terminator",
                    )
                if (
                    expected is not None
                    and not last.successors
                    and len(last.operands) != expected
                ):
                    raise op_error(
                        stage,
                        op,
                        f"its region #{index} ends in {last.name} with "
                        f"{len(last.operands)} operand(s), expected {expected}",
                    )


def check_ranked_tensors(root: Operation, stage: str = "one-shot-bufferize") -> None:
    """Unranked tensors (`tensor<*xf32>`) only where the op's bufferization model
    takes them (`BufferizableOpModel.supports_unranked`: function boundaries,
    calls, `tensor.cast`, `to_tensor` / `to_buffer`); anywhere else a diagnostic
    at the op, before anything is rewritten. Ops without a model are left to
    `bufferization.driver.check_op_support`."""
    for op in root.walk():
        types = [*op.operand_types, *op.result_types]
        if isinstance(op, func.FuncOp):
            types = [*op.function_type.inputs.data, *op.function_type.outputs.data]
        types.extend(
            arg.type
            for region in op.regions
            for block in region.blocks
            for arg in block.args
        )
        unranked = next((t for t in types if isinstance(t, UnrankedTensorType)), None)
        if unranked is None:
            continue
        model = bufferizable_model(op)
        if model is None or model.supports_unranked:
            continue
        raise op_error(
            stage,
            op,
            f"does not support unranked tensors ({unranked}): cast to a ranked "
            "tensor first (tensor.cast)",
        )
