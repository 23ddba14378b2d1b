"""Bufferization models of `scf.while` and its `scf.condition` (see `models/scf.py` for
the rules every scf model follows).

The before-region arguments are the loop-carried values (back edge: the after-region's
yield); scf.condition forwards values to the after-region and the results (forward
edges).  Registered by `register_scf_models` (`models/scf.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects import scf
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
)
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.models.region_bufferization import (
    carried_type,
    convert_block_arguments,
    copied_yields,
    is_tensor,
    loop_init_buffers,
    not_equivalent,
    replace_terminator,
    yield_buffers,
)


def _condition(op: scf.WhileOp) -> scf.ConditionOp:
    condition = op.before_region.block.last_op
    assert isinstance(condition, scf.ConditionOp)
    return condition


def _after_yield(op: scf.WhileOp) -> scf.YieldOp:
    yield_op = op.after_region.block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    return yield_op


def _back_equivalent(op: scf.WhileOp, index: int, analysis: AnalysisState) -> bool:
    """Whether the after region yields back a buffer equivalent to before-arg #i."""
    back = _after_yield(op).operands[index]
    return is_tensor(back) and analysis.are_equivalent_buffers(
        back, op.before_region.block.args[index]
    )


def _forward_equivalent(op: scf.WhileOp, index: int, analysis: AnalysisState) -> bool:
    """Whether the condition forwards (as result / after-arg #i) a buffer
    equivalent to before-arg #i."""
    before_args = op.before_region.block.args
    forwarded = _condition(op).args[index]
    return (
        index < len(before_args)
        and is_tensor(forwarded)
        and analysis.are_equivalent_buffers(forwarded, before_args[index])
    )


def _copied(op: scf.WhileOp, analysis: AnalysisState) -> frozenset[int]:
    """The after-yield operands the loop copies (`copied_yields`), recorded by
    `WhileOpModel.verify_analysis`."""
    recorded = analysis.decision(op)
    if isinstance(recorded, frozenset):
        return cast(frozenset[int], recorded)
    return frozenset()


class WhileOpModel(BufferizableOpModel):
    """scf.while: the init operand aliases the before-argument (kept across
    iterations when the after-yield is equivalent to it; else the yielded buffer,
    copied when it may alias a buffer from outside the loop, `copied_yields`);
    condition arguments flow to after-arguments and results."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def _relation(
        self, op: scf.WhileOp, index: int, state: AnalysisState
    ) -> BufferRelation:
        yielded = _after_yield(op).operands[index]
        if state.are_equivalent_buffers(yielded, op.before_region.block.args[index]):
            return BufferRelation.EQUIVALENT
        return BufferRelation.UNKNOWN

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, scf.WhileOp)
        return (
            AliasingValue(
                op.before_region.block.args[operand.index],
                self._relation(op, operand.index, state),
            ),
        )

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        assert isinstance(op, scf.WhileOp)
        if isinstance(value, BlockArgument) and value.block is op.before_region.block:
            return (
                AliasingOpOperand(
                    OpOperand(op, value.index), self._relation(op, value.index, state)
                ),
            )
        index = value.index if isinstance(value, BlockArgument) else op.res.index(value)
        condition = _condition(op)
        return (
            AliasingOpOperand(
                OpOperand(condition, 1 + index), BufferRelation.EQUIVALENT
            ),
        )

    def is_repetitive_region(self, op: Operation, region_index: int) -> bool:
        return True

    def verify_analysis(self, op: Operation, state: AnalysisState) -> str | None:
        assert isinstance(op, scf.WhileOp)
        if state.options.allow_return_allocs_from_loops:
            yield_op = _after_yield(op)
            kept = [
                _back_equivalent(op, i, state) for i in range(len(yield_op.operands))
            ]
            state.record_decision(
                op,
                copied_yields(
                    state, op, yield_op.operands, op.before_region.block.args, kept
                ),
            )
            return None
        for terminator, args, what in (
            (_condition(op), op.before_region.block.args, "Condition arg"),
            (_after_yield(op), op.after_region.block.args, "Yield operand"),
        ):
            values = (
                terminator.args
                if isinstance(terminator, scf.ConditionOp)
                else terminator.operands
            )
            for index, value in enumerate(values):
                if is_tensor(value) and (
                    index >= len(args)
                    or not state.are_equivalent_buffers(value, args[index])
                ):
                    return not_equivalent(what, index)
        return None

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        """The type `bufferize` gives before-argument #i: the (possibly fully
        dynamic) init buffer type; and after-argument / result #i: that of
        before-argument #i when the condition forwards it, else the buffer type
        of the forwarded value (which may itself be any before-argument)."""
        assert isinstance(op, scf.WhileOp)
        analysis = state.analysis
        if isinstance(value, BlockArgument) and value.block is op.before_region.block:
            index = value.index
            return carried_type(
                state.get_buffer_type(op.arguments[index]),
                _back_equivalent(op, index, analysis),
            )
        if isinstance(value, BlockArgument):
            if value.block is not op.after_region.block:
                return None
            index = value.index
        else:
            index = op.results.index(value)
        if _forward_equivalent(op, index, analysis) and is_tensor(op.arguments[index]):
            return state.get_buffer_type(op.before_region.block.args[index])
        return state.get_buffer_type(_condition(op).args[index])

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, scf.WhileOp)
        analysis = state.analysis
        condition = _condition(op)
        yield_op = _after_yield(op)
        back_equivalent = [
            _back_equivalent(op, i, analysis) for i in range(len(yield_op.operands))
        ]
        forward_equivalent = [
            _forward_equivalent(op, i, analysis) for i in range(len(condition.args))
        ]
        inits, before_types = loop_init_buffers(
            op, op.arguments, back_equivalent, rewriter, state
        )
        after_types: list[Attribute | None] = []
        for i, value in enumerate(condition.args):
            if not is_tensor(value):
                after_types.append(None)
            elif forward_equivalent[i] and before_types[i] is not None:
                after_types.append(before_types[i])
            else:
                after_types.append(state.get_buffer_type(value))
        result_types = [
            t if t is not None else v.type
            for t, v in zip(after_types, condition.args, strict=True)
        ]
        before = rewriter.move_region_contents_to_new_regions(op.before_region)
        after = rewriter.move_region_contents_to_new_regions(op.after_region)
        new_while = scf.WhileOp(inits, result_types, before, after)
        rewriter.insert(new_while, InsertPoint.before(op))
        convert_block_arguments(
            rewriter,
            state,
            new_while.before_region.block,
            {i: t for i, t in enumerate(before_types) if isinstance(t, MemRefType)},  # pyright: ignore[reportUnknownMemberType]
        )
        convert_block_arguments(
            rewriter,
            state,
            new_while.after_region.block,
            {i: t for i, t in enumerate(after_types) if isinstance(t, MemRefType)},  # pyright: ignore[reportUnknownMemberType]
        )
        values = yield_buffers(
            rewriter, state, condition, 1, after_types, [False] * len(after_types)
        )
        replace_terminator(
            rewriter, condition, scf.ConditionOp(condition.condition, *values)
        )
        copied = _copied(op, analysis)
        values = yield_buffers(
            rewriter,
            state,
            yield_op,
            0,
            before_types,
            [i in copied for i in range(len(before_types))],
        )
        replace_terminator(rewriter, yield_op, scf.YieldOp(*values))
        rewriter.insertion_point = InsertPoint.before(op)
        state.replace_op_with_bufferized_values(rewriter, op, list(new_while.results))


class ConditionOpModel(BufferizableOpModel):
    """scf.condition: forwards its tensors to the after-arguments and the while
    results (equivalent); counts as a read (the loop may exit with the value),
    writes nothing."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        parent = op.parent_op()
        assert isinstance(parent, scf.WhileOp)
        index = operand.index - 1
        return (
            AliasingValue(
                parent.after_region.block.args[index], BufferRelation.EQUIVALENT
            ),
            AliasingValue(parent.res[index], BufferRelation.EQUIVALENT),
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        raise op_error(
            "one-shot-bufferize", op, "is bufferized by its scf.while, not alone"
        )
