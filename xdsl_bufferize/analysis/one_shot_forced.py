"""Operands that must bufferize in place (`must_bufferize_in_place`), in the one-shot
analysis (`analysis/one_shot_analysis.py`): they are marked in place without a choice,
and MLIR's error is recorded when that writes a read-only buffer or clobbers data a later
read needs (checked again once the copyable views are decided)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import BlockArgument, SSAValue

from xdsl_bufferize.analysis.conflicts import in_place_conflict
from xdsl_bufferize.interfaces.bufferizable import OpOperand, bufferizable_model

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState


def force_in_place(state: OneShotAnalysisState, operand: OpOperand) -> None:
    """Mark an operand its op requires in place; record MLIR's error when that
    writes a read-only buffer or clobbers data a later read needs."""
    model = bufferizable_model(operand.owner)
    assert model is not None
    aliases = model.get_aliasing_values(operand.owner, operand, state)
    is_write = model.bufferizes_to_memory_write(operand.owner, operand, state)
    # No copy can resolve a conflict here, so the union-find's may-alias
    # closure (an scf.if yielding this buffer or another joins both sets) is
    # refined by the buffers each value may really be. Nothing is decided out
    # of place yet, so data defined by D lives in D's buffers wherever it
    # flows: a write into none of them cannot clobber it.
    state.root_cache = {}
    try:
        writable = all(
            state.is_writable(root) for root in state.buffer_roots(operand.value)
        )
        conflict = in_place_conflict(
            state, operand, aliases, is_write, check_writable=not writable
        )
        if is_write and not writable:
            # Recorded even when a copy of a view on the way resolves it:
            # the module driver prefers an in-place variant then too.
            read_only = [
                root
                for root in state.buffer_roots(operand.value)
                if not state.is_writable(root)
            ]
            entry = state.root.regions[0].blocks.first if state.root.regions else None
            if all(
                isinstance(root, BlockArgument) and root.block is entry
                for root in read_only
            ):
                state.argument_forced_writes.append(operand)
    finally:
        state.root_cache = None
    if (
        conflict is not None
        and conflict.kind == "non-writable"
        and through_copyable_view(state, operand.value)
    ):
        # A view on the way to the read-only buffer may still be decided
        # out of place (a copy at the view, which is writable): check once
        # the views are decided.
        state.deferred_writable_checks.append(operand)
        conflict = None
    if conflict is not None:
        reason = (
            "would write to read-only buffer"
            if conflict.kind == "non-writable"
            else "cannot avoid RaW conflict"
        )
        state.forced_errors.append(
            (
                operand.owner,
                f"not bufferizable under the given constraints: {reason} "
                f"(operand #{operand.index}: {conflict.describe()})",
            )
        )
    state.mark_in_place(operand, aliases, is_write)
    state.statistics.in_place += 1


def through_copyable_view(state: OneShotAnalysisState, value: SSAValue) -> bool:
    """Whether `value` aliases its buffer roots through an undecided view
    (`is_copyable_view`, `one_shot_order.py`)."""
    seen: set[SSAValue] = set()
    stack = [value]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        for alias in state.get_aliasing_op_operands(current):
            if alias.operand in state.copyable_views:
                return True
            stack.append(alias.operand.value)
    return False


def check_forced_writable(state: OneShotAnalysisState, operand: OpOperand) -> None:
    """Record MLIR's error for an operand that must be in place if, with the
    views decided, it still writes a read-only buffer."""
    state.root_cache = {}
    try:
        read_only = [
            root
            for root in state.buffer_roots(operand.value)
            if not state.is_writable(root)
        ]
    finally:
        state.root_cache = None
    if read_only:
        state.forced_errors.append(
            (
                operand.owner,
                "not bufferizable under the given constraints: would write "
                f"to read-only buffer (operand #{operand.index})",
            )
        )
