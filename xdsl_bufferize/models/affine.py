"""Models of the `affine` dialect: the region flow of its region ops.

affine.for and affine.if forward values like their scf counterparts (inits after the
bound operands; yields become results); affine.parallel's results are reductions,
combined rather than forwarded, so no memref flows along its edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.ir import Operation

from xdsl_bufferize.interfaces.region_branch import (
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    edge_into_region,
    exit_to_results,
    operand_range,
    register_region_branch_model,
)


class AffineForModel(RegionBranchModel):
    """affine.for: like scf.for, its inits after the bound operands."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ForOp)
        first = len(op.lowerBoundOperands) + len(op.upperBoundOperands)
        count = len(op.inits)
        return [
            edge_into_region(op, op.body, first, count, first_arg=1),
            RegionEdge(op, operand_range(first, count), None, tuple(op.results)),
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ForOp)
        count = len(terminator.operands)
        return [
            edge_into_region(terminator, op.body, 0, count, first_arg=1),
            exit_to_results(op, terminator),
        ]

    def loop_kind(self, op: Operation) -> LoopKind:
        return LoopKind.SEQUENTIAL


class AffineIfModel(RegionBranchModel):
    """affine.if: like scf.if."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.IfOp)
        edges = [RegionEdge(op, (), op.then_region, ())]
        if op.else_region.blocks:
            edges.append(RegionEdge(op, (), op.else_region, ()))
        else:
            edges.append(RegionEdge(op, (), None, ()))
        return edges

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        return [exit_to_results(op, terminator)]


class AffineParallelModel(RegionBranchModel):
    """affine.parallel: the body runs any number of times; results are reductions (not
    described: their values are combined, not forwarded, so memref results are refused)."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ParallelOp)
        return [RegionEdge(op, (), op.body, ()), RegionEdge(op, (), None, ())]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ParallelOp)
        return [RegionEdge(terminator, (), op.body, ())]

    def loop_kind(self, op: Operation) -> LoopKind:
        return LoopKind.PARALLEL


def register_affine_models() -> None:
    """Register the models of the `affine` dialect."""
    register_region_branch_model(affine.ForOp, AffineForModel())
    register_region_branch_model(affine.IfOp, AffineIfModel())
    register_region_branch_model(affine.ParallelOp, AffineParallelModel())
