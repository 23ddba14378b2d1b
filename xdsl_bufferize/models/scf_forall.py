"""Bufferization model of `scf.forall` (MLIR's tiled parallel loop).

Each shared output bufferizes to one buffer that every iteration writes through
subviews (its `tensor.parallel_insert_slice` ops, `models/tensor_slice.py`): the
output operand, the shared-output block argument and the loop result are one buffer
(equivalent). The output is read and written by the loop (the iterations keep what
they do not overwrite), so a tensor still needed after the loop is copied first.
The body is a repetitive and a parallel region: a write in it into data defined
outside it is given a private copy per iteration by the analysis
(`analysis/conflicts.py`), never one buffer shared by all iterations.

After bufferization the loop has no outputs and no results: the body's uses of a
shared-output block argument read a `to_tensor` of the output buffer (the body is
bufferized after the loop, as for every region op), and the results are replaced by
the output buffers. `ForallRegionFlow` describes the memref loop to buffer-deallocation,
hoisting and memory planning (a parallel loop).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, MemRefType, i32
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.dialects.scf_forall import ForallOp
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.interfaces.region_branch import (
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    register_region_branch_model,
)
from xdsl_bufferize.models.bufferization import to_tensor_op


def _output_index(op: ForallOp, operand: OpOperand) -> int | None:
    """Which shared output `operand` is (None for a bound)."""
    first = len(op.operands) - len(op.outputs)
    return operand.index - first if operand.index >= first else None


class ForallOpModel(BufferizableOpModel):
    """scf.forall: shared outputs written in place through subviews."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        assert isinstance(op, ForallOp)
        return _output_index(op, operand) is not None

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, ForallOp)
        index = _output_index(op, operand)
        if index is None:
            return ()
        return (
            AliasingValue(op.res[index], BufferRelation.EQUIVALENT),
            AliasingValue(op.region_out_args[index], BufferRelation.EQUIVALENT),
        )

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        assert isinstance(op, ForallOp)
        if isinstance(value, BlockArgument):
            if value.index < op.rank:
                return ()
            index = value.index - op.rank
        else:
            assert isinstance(value, OpResult)
            index = value.index
        first = len(op.operands) - len(op.outputs)
        return (
            AliasingOpOperand(OpOperand(op, first + index), BufferRelation.EQUIVALENT),
        )

    def is_repetitive_region(self, op: Operation, region_index: int) -> bool:
        return True

    def is_parallel_region(self, op: Operation, region_index: int) -> bool:
        return True

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        assert isinstance(op, ForallOp)
        if isinstance(value, BlockArgument):
            if value.block is not op.body.block or value.index < op.rank:
                return None
            index = value.index - op.rank
        else:
            assert isinstance(value, OpResult)
            index = value.index
        return state.get_buffer_type(op.outputs[index])

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, ForallOp)
        buffers = [state.get_buffer(rewriter, output) for output in op.outputs]
        bounds = len(op.operands) - len(op.outputs)
        segments = list(op.properties["operandSegmentSizes"].get_values())  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownArgumentType]
        segments[-1] = 0
        body = rewriter.move_region_contents_to_new_regions(op.body)
        new_loop = ForallOp.create(
            operands=list(op.operands[:bounds]),
            result_types=[],
            properties={
                **op.properties,
                "operandSegmentSizes": DenseArrayBase.from_list(i32, segments),  # pyright: ignore[reportUnknownArgumentType]
            },
            attributes=dict(op.attributes),
            regions=[body],
        )
        rewriter.insert(new_loop, InsertPoint.before(op))
        block = new_loop.body.block
        for buffer, arg in zip(buffers, list(block.args[op.rank :]), strict=True):
            wrapper = to_tensor_op(buffer)
            rewriter.insert(wrapper, InsertPoint.at_start(block))
            arg.replace_all_uses_with(wrapper.tensor)
            state.map_value(arg, wrapper.tensor)
            block.erase_arg(arg)
        rewriter.insertion_point = InsertPoint.before(op)
        state.replace_op_with_bufferized_values(rewriter, op, buffers)


class ForallRegionFlow(RegionBranchModel):
    """scf.forall after bufferization (memref programs): the body runs any number of
    times, concurrently; no value flows into it but the induction variables, and none
    out of it (a tensor loop's shared outputs are gone once bufferized). A parallel
    loop: buffer-deallocation frees inside the body only what the iteration
    allocates, and loop hoisting leaves per-iteration buffers where they are."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, ForallOp)
        return [RegionEdge(op, (), op.body, ()), RegionEdge(op, (), None, ())]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, ForallOp)
        return [RegionEdge(terminator, (), op.body, ())]

    def loop_kind(self, op: Operation) -> LoopKind:
        return LoopKind.PARALLEL


def register_scf_forall_models() -> None:
    """Register the bufferization and region-flow models of scf.forall."""
    register_bufferizable_model(ForallOp, ForallOpModel())
    register_region_branch_model(ForallOp, ForallRegionFlow())
