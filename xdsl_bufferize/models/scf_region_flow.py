"""Region flow of the `scf` ops (their `RegionBranchOpInterface`, which xDSL's scf
dialect lacks): which operands enter which region, what the terminators forward, and
the loop kind and ownership-flag capabilities buffer deallocation asks for.

Registered by `register_scf_models` (`models/scf.py`), with the bufferization models.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import scf
from xdsl.ir import Operation

from xdsl_bufferize.interfaces.region_branch import (
    ForLikeModel,
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    SingleEntryModel,
    edge_into_region,
    exit_to_results,
    operand_range,
    register_region_branch_model,
)


def first_iter_arg_operand(op: scf.ForOp) -> int:
    """The operand index of the first iter_arg init of `op` (after the bounds and step)."""
    return len(op.operands) - len(op.iter_args)


class YieldingSingleEntryFlow(SingleEntryModel):
    """scf.if, scf.execute_region, scf.index_switch, affine.if: one region runs
    once (an if without else may run none); yields become results, and buffer
    deallocation may give them ownership flags (one i1 result per flagged one)."""

    def carries_ownership_flags(self, op: Operation) -> bool:
        return True

    def captures_buffers(self, op: Operation) -> bool:
        return True

    def expected_terminator_operands(
        self, op: Operation, region_index: int
    ) -> int | None:
        return len(op.results)


class ForRegionFlow(ForLikeModel):
    """scf.for: iter_args enter the body (or skip to the results); the yield loops or exits."""

    def init_range(self, op: Operation) -> tuple[int, int]:
        assert isinstance(op, scf.ForOp)
        return first_iter_arg_operand(op), len(op.iter_args)

    def carries_ownership_flags(self, op: Operation) -> bool:
        return True

    def expected_terminator_operands(
        self, op: Operation, region_index: int
    ) -> int | None:
        return len(op.results)


class WhileRegionFlow(RegionBranchModel):
    """scf.while: arguments enter `before`; scf.condition goes to `after` or out; `after` loops."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.WhileOp)
        return [edge_into_region(op, op.before_region, 0, len(op.arguments))]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.WhileOp)
        if isinstance(terminator, scf.ConditionOp):
            count = len(terminator.args)
            return [
                edge_into_region(terminator, op.after_region, 1, count),
                exit_to_results(op, terminator, first=1),
            ]
        return [
            edge_into_region(terminator, op.before_region, 0, len(terminator.operands))
        ]

    def loop_kind(self, op: Operation) -> LoopKind:
        return LoopKind.SEQUENTIAL

    def carries_ownership_flags(self, op: Operation) -> bool:
        return True

    def expected_terminator_operands(
        self, op: Operation, region_index: int
    ) -> int | None:
        assert isinstance(op, scf.WhileOp)
        # before: scf.condition(%c) with the results; after: yield the before args.
        if region_index == 0:
            return len(op.results) + 1
        before = op.before_region.blocks
        return len(before[0].args) if before else None


class ParallelRegionFlow(RegionBranchModel):
    """scf.parallel: the body runs any number of times; results come from its init values.

    Reductions (`scf.reduce` regions) combine values without forwarding them, so memref
    reductions are not described (their regions define memrefs: callers refuse them).
    """

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.ParallelOp)
        first = len(op.lowerBound) + len(op.upperBound) + len(op.step)
        return [
            RegionEdge(op, (), op.body, ()),
            RegionEdge(
                op, operand_range(first, len(op.initVals)), None, tuple(op.results)
            ),
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.ParallelOp)
        return [RegionEdge(terminator, (), op.body, ())]

    def loop_kind(self, op: Operation) -> LoopKind:
        return LoopKind.PARALLEL


def register_scf_region_flow() -> None:
    """Attach the region-flow models above to the scf region ops."""
    register_region_branch_model(scf.IfOp, YieldingSingleEntryFlow())
    register_region_branch_model(scf.ForOp, ForRegionFlow())
    register_region_branch_model(scf.WhileOp, WhileRegionFlow())
    register_region_branch_model(scf.ExecuteRegionOp, YieldingSingleEntryFlow())
    register_region_branch_model(scf.IndexSwitchOp, YieldingSingleEntryFlow())
    register_region_branch_model(scf.ParallelOp, ParallelRegionFlow())
