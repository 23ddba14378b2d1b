"""Models of the `affine` dialect: bufferization of affine.for / affine.if carrying
tensors, and the region flow of its region ops.

Upstream MLIR has no bufferization model for affine ops (its one-shot-bufferize
reports "op was not bufferized"); a user expects them to bufferize like their scf
counterparts, and so they do here, with the scf models' logic: affine.for carries
memref iter_args (`IterArgsLoopModel`: a copy per iteration only when the yield is
not equivalent to the iter_arg), affine.if yields buffers of a common type
(`YieldingRegionsModel`), affine.yield reads in a loop and forwards in a branch.
affine.parallel's body is a parallel region (`ParallelOpModel`, as scf.parallel's);
its tensor results are reductions, refused with a diagnostic.

Region flow: affine.for and affine.if forward values like their scf counterparts
(inits after the bound operands; yields become results: the op-agnostic
`ForLikeModel` and scf.if's `YieldingSingleEntryFlow`, with ownership flags); affine.parallel's results are reductions,
combined rather than forwarded, so no memref flows along its edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.ir import Attribute, Operation, Region, SSAValue

from xdsl_bufferize.interfaces.bufferizable import register_bufferizable_model
from xdsl_bufferize.interfaces.region_branch import (
    ForLikeModel,
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    register_region_branch_model,
)
from xdsl_bufferize.models.scf import (
    IterArgsLoopModel,
    ParallelOpModel,
    YieldingRegionsModel,
    YieldOpModel,
)
from xdsl_bufferize.models.scf_region_flow import YieldingSingleEntryFlow


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


class AffineForBufferization(IterArgsLoopModel):
    """affine.for: memref iter_args, as scf.for (`IterArgsLoopModel`)."""

    def rebuild(
        self, op: Operation, inits: Sequence[SSAValue], body: Region
    ) -> Operation:
        assert isinstance(op, affine.ForOp)
        bounds = len(op.lowerBoundOperands) + len(op.upperBoundOperands)
        return affine.ForOp.create(
            operands=[*op.operands[:bounds], *inits],
            result_types=[v.type for v in inits],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[body],
        )

    def build_yield(self, values: Sequence[SSAValue]) -> Operation:
        return affine.YieldOp.get(*values)


class AffineIfBufferization(YieldingRegionsModel):
    """affine.if: results come from either branch's yield, as scf.if."""

    yield_type = affine.YieldOp

    def build_yield(self, values: Sequence[SSAValue]) -> Operation:
        return affine.YieldOp.get(*values)

    def has_mutually_exclusive_regions(self, op: Operation) -> bool:
        return True

    def rebuild(
        self, op: Operation, regions: list[Region], result_types: list[Attribute]
    ) -> Operation:
        assert isinstance(op, affine.IfOp)
        # The op's own class: our universe's affine.if prints MLIR's form.
        return type(op).create(
            operands=list(op.operands),
            result_types=result_types,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=regions,
        )


class AffineYieldBufferization(YieldOpModel):
    """affine.yield: reads in affine.for (a copy may be yielded), forwards to the
    result in affine.if."""

    loops = (affine.ForOp,)
    branches = (affine.IfOp,)


def register_affine_models() -> None:
    """Register the models of the `affine` dialect."""
    register_bufferizable_model(affine.ForOp, AffineForBufferization())
    register_bufferizable_model(affine.IfOp, AffineIfBufferization())
    register_bufferizable_model(affine.YieldOp, AffineYieldBufferization())
    register_bufferizable_model(affine.ParallelOp, ParallelOpModel())
    register_region_branch_model(affine.ForOp, AffineForModel())
    register_region_branch_model(affine.IfOp, YieldingSingleEntryFlow())
    register_region_branch_model(affine.ParallelOp, AffineParallelModel())
