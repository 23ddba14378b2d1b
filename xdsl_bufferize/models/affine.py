"""Models of the `affine` dialect: the region flow of its region ops.

affine.for and affine.if forward values like their scf counterparts (inits after the
bound operands; yields become results: the op-agnostic `ForLikeModel` and
`SingleEntryModel`); affine.parallel's results are reductions, combined rather than
forwarded, so no memref flows along its edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.ir import Operation

from xdsl_bufferize.interfaces.region_branch import (
    ForLikeModel,
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    SingleEntryModel,
    register_region_branch_model,
)


class AffineForModel(ForLikeModel):
    """affine.for: like scf.for, its inits after the bound operands; buffer
    deallocation may give it ownership flags (one i1 iter_arg per flagged one)."""

    def carries_ownership_flags(self, op: Operation) -> bool:
        return True


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
    register_region_branch_model(affine.IfOp, SingleEntryModel())
    register_region_branch_model(affine.ParallelOp, AffineParallelModel())
