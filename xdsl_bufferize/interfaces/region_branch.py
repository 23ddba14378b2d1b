"""Region-branch models: how values flow into, between and out of the regions of an op.

MLIR's `RegionBranchOpInterface` says, for an op with regions, which operands enter which
region's block arguments and which terminator operands flow to the op's results or back into a
region.  xDSL 0.75's `scf` ops do not implement it, so this module describes their flow in one
place, as a registry keyed by op class that other region ops can join
(`register_region_branch_model`).  Analyses (buffer deallocation, one-shot bufferization)
ask `region_entry_edges(op)` and `region_exit_edges(op, terminator)`.

An edge (`RegionEdge`) is one control-flow transfer:

* from the op itself, before any region runs ("entry"), or from a terminator without
  successors in one of the op's regions ("exit" of that region);
* to the entry block of one of the op's regions, or out of the op (to its results);
* forwarding `source.operands[i] for i in operand_indices` to `targets`, position by position
  (`targets` are entry block arguments, or the op's results).

Terminators with successors (`cf.br`, ...) branch inside their region and are not edges here.
The models are exact about which values flow, and conservative about which edges exist (a
loop may run zero times; every `scf.index_switch` case may be taken).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from xdsl.dialects import affine, memref, scf
from xdsl.dialects.builtin import MemRefType, UnrankedMemRefType
from xdsl.ir import Operation, Region, SSAValue
from xdsl.traits import (
    RegionBranchOpTrait,
    RegionBranchPoint,
    RegionBranchTerminatorOpTrait,
)


@dataclass(frozen=True)
class RegionEdge:
    """Values forwarded along one control-flow edge of a region-holding op."""

    source: Operation
    """The region op itself (entry edge) or a terminator in one of its regions (exit edge)."""
    operand_indices: tuple[int, ...]
    """Indices of the operands of `source` that are forwarded, in target order."""
    target_region: Region | None
    """The region whose entry block is entered; None when control leaves to the op's results."""
    targets: tuple[SSAValue, ...]
    """Entry block arguments of `target_region` (or the op's results) receiving the values."""

    @property
    def forwarded(self) -> tuple[SSAValue, ...]:
        """The forwarded values, one per target."""
        return tuple(self.source.operands[i] for i in self.operand_indices)


class RegionBranchModel(Protocol):
    """Describes the region control flow of one op class."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        """Edges taken when the op starts executing."""
        ...

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        """Edges taken from `terminator`, a successor-less terminator of one of op's regions."""
        ...


_REGION_BRANCH_MODELS: dict[type[Operation], RegionBranchModel] = {}


def register_region_branch_model(
    op_type: type[Operation], model: RegionBranchModel
) -> None:
    """Describe the region flow of every op of class `op_type` with `model`."""
    _REGION_BRANCH_MODELS[op_type] = model


def unregister_region_branch_model(op_type: type[Operation]) -> None:
    """Forget the region-branch model of `op_type`, if any."""
    _REGION_BRANCH_MODELS.pop(op_type, None)


def region_branch_model(op: Operation) -> RegionBranchModel | None:
    """The region-branch model of `op`, or None.

    xDSL's `RegionBranchOpTrait` is asked first (`TraitModel`: it says which regions
    follow which, not which operands they receive, so it describes the op only when no
    memref flows along its edges); then the registry, along the class's MRO.
    """
    trait = op.get_trait(RegionBranchOpTrait)
    if trait is not None:
        model = TraitModel(trait)
        if model.describes(op):
            return model
    for cls in type(op).__mro__:
        model = _REGION_BRANCH_MODELS.get(cls)
        if model is not None:
            return model
    return None


def region_entry_edges(op: Operation) -> Sequence[RegionEdge] | None:
    """Entry edges of `op`, or None if its region flow is unknown."""
    model = region_branch_model(op)
    return None if model is None else model.entry_edges(op)


def region_exit_edges(
    op: Operation, terminator: Operation
) -> Sequence[RegionEdge] | None:
    """Exit edges from `terminator` (inside `op`), or None if op's region flow is unknown."""
    model = region_branch_model(op)
    return None if model is None else model.exit_edges(op, terminator)


def _range(start: int, count: int) -> tuple[int, ...]:
    return tuple(range(start, start + count))


def _to_results(op: Operation, terminator: Operation, first: int = 0) -> RegionEdge:
    count = len(op.results)
    return RegionEdge(terminator, _range(first, count), None, tuple(op.results))


def _to_region(
    source: Operation, region: Region, first: int, count: int, first_arg: int = 0
) -> RegionEdge:
    block = region.blocks.first
    assert block is not None
    args = tuple(block.args[first_arg : first_arg + count])
    return RegionEdge(source, _range(first, count), region, args)


class IfModel:
    """scf.if: enters the then or else region (or skips an empty else); yields become results."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.IfOp)
        edges = [RegionEdge(op, (), op.true_region, ())]
        if op.false_region.blocks:
            edges.append(RegionEdge(op, (), op.false_region, ()))
        else:
            edges.append(RegionEdge(op, (), None, ()))
        return edges

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        return [_to_results(op, terminator)]


class ForModel:
    """scf.for: iter_args enter the body (or skip to the results); the yield loops or exits."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.ForOp)
        count = len(op.iter_args)
        return [
            _to_region(op, op.body, 3, count, first_arg=1),
            RegionEdge(op, _range(3, count), None, tuple(op.results)),
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.ForOp)
        count = len(terminator.operands)
        return [
            _to_region(terminator, op.body, 0, count, first_arg=1),
            _to_results(op, terminator),
        ]


class WhileModel:
    """scf.while: arguments enter `before`; scf.condition goes to `after` or out; `after` loops."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.WhileOp)
        return [_to_region(op, op.before_region, 0, len(op.arguments))]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.WhileOp)
        if isinstance(terminator, scf.ConditionOp):
            count = len(terminator.args)
            return [
                _to_region(terminator, op.after_region, 1, count),
                _to_results(op, terminator, first=1),
            ]
        return [_to_region(terminator, op.before_region, 0, len(terminator.operands))]


class SingleEntryModel:
    """An op that runs each of its regions at most once, one of them; yields become results.

    Fits scf.execute_region, scf.index_switch and memref.alloca_scope.
    """

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        return [RegionEdge(op, (), region, ()) for region in op.regions]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        return [_to_results(op, terminator)]


class ParallelModel:
    """scf.parallel: the body runs any number of times; results come from its init values.

    Reductions (`scf.reduce` regions) combine values without forwarding them, so memref
    reductions are not described (their regions define memrefs: callers refuse them).
    """

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.ParallelOp)
        first = len(op.lowerBound) + len(op.upperBound) + len(op.step)
        return [
            RegionEdge(op, (), op.body, ()),
            RegionEdge(op, _range(first, len(op.initVals)), None, tuple(op.results)),
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, scf.ParallelOp)
        return [RegionEdge(terminator, (), op.body, ())]


class TraitModel:
    """An op implementing xDSL's `RegionBranchOpTrait`: its successor regions give the edges.

    xDSL 0.75's trait has no successor operands, so only edges forwarding no memref (no
    memref successor inputs) are described; `describes` tells whether that is all of them.
    """

    def __init__(self, trait: RegionBranchOpTrait):
        self.trait = trait

    def _edges(
        self, op: Operation, source: Operation, point: RegionBranchPoint
    ) -> list[RegionEdge]:
        edges: list[RegionEdge] = []
        for successor in self.trait.successor_regions(op, point):
            edges.append(RegionEdge(source, (), successor.region, ()))
        return edges

    def describes(self, op: Operation) -> bool:
        """Whether no memref flows along any edge of `op` (results or region inputs)."""
        points = [RegionBranchPoint.PARENT]
        for region in op.regions:
            for block in region.blocks:
                terminator = block.last_op
                if terminator is not None and terminator.has_trait(
                    RegionBranchTerminatorOpTrait
                ):
                    points.append(RegionBranchPoint(terminator))
        for point in points:
            for successor in self.trait.successor_regions(op, point):
                inputs = self.trait.successor_inputs(op, successor)
                if any(
                    isinstance(v.type, MemRefType | UnrankedMemRefType) for v in inputs
                ):
                    return False
        return not any(
            isinstance(r.type, MemRefType | UnrankedMemRefType) for r in op.results
        )

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        return self._edges(op, op, RegionBranchPoint.PARENT)

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        if not terminator.has_trait(RegionBranchTerminatorOpTrait):
            return []
        return self._edges(op, terminator, RegionBranchPoint(terminator))


class AffineForModel:
    """affine.for: like scf.for, its inits after the bound operands."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ForOp)
        first = len(op.lowerBoundOperands) + len(op.upperBoundOperands)
        count = len(op.inits)
        return [
            _to_region(op, op.body, first, count, first_arg=1),
            RegionEdge(op, _range(first, count), None, tuple(op.results)),
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ForOp)
        count = len(terminator.operands)
        return [
            _to_region(terminator, op.body, 0, count, first_arg=1),
            _to_results(op, terminator),
        ]


class AffineIfModel:
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
        return [_to_results(op, terminator)]


class AffineParallelModel:
    """affine.parallel: the body runs any number of times; results are reductions (not
    described: their values are combined, not forwarded, so memref results are refused)."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ParallelOp)
        return [RegionEdge(op, (), op.body, ()), RegionEdge(op, (), None, ())]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        assert isinstance(op, affine.ParallelOp)
        return [RegionEdge(terminator, (), op.body, ())]


register_region_branch_model(scf.IfOp, IfModel())
register_region_branch_model(scf.ForOp, ForModel())
register_region_branch_model(scf.WhileOp, WhileModel())
register_region_branch_model(scf.ExecuteRegionOp, SingleEntryModel())
register_region_branch_model(scf.IndexSwitchOp, SingleEntryModel())
register_region_branch_model(memref.AllocaScopeOp, SingleEntryModel())
register_region_branch_model(scf.ParallelOp, ParallelModel())
register_region_branch_model(affine.ForOp, AffineForModel())
register_region_branch_model(affine.IfOp, AffineIfModel())
register_region_branch_model(affine.ParallelOp, AffineParallelModel())
