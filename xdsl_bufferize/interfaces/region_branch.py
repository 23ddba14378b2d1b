"""Region-branch models (MLIR's `RegionBranchOpInterface`): how values flow into,
between and out of the regions of an op.

For an op with regions, a model says which operands enter which region's block
arguments and which terminator operands flow to the op's results or back into a
region.  xDSL 0.75's `scf` ops do not implement the interface, so models are
attached from outside (MLIR's external models): `models/scf.py`, `models/memref.py`
and `models/affine.py` describe their dialects' region ops; any other op class can
join with `register_region_branch_model`.  Lookup (`region_branch_model`) follows
`interfaces/registry.py`: xDSL's own `RegionBranchOpTrait` first (`TraitModel`), then
the registered models along the op's class hierarchy.  Analyses (buffer
deallocation, one-shot bufferization) ask `region_entry_edges(op)` and
`region_exit_edges(op, terminator)`.

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
from enum import Enum, auto
from typing import Protocol

from xdsl.dialects.builtin import DenseArrayBase, MemRefType, UnrankedMemRefType, i32
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import AttrSizedOperandSegments, IRDLOperation
from xdsl.traits import (
    RegionBranchOpTrait,
    RegionBranchPoint,
    RegionBranchTerminatorOpTrait,
)

from xdsl_bufferize.interfaces.registry import ModelRegistry


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


class LoopKind(Enum):
    """Whether, and how, an op runs one of its regions repeatedly."""

    NONE = auto()
    """Not a loop: each region runs at most once per execution of the op."""
    SEQUENTIAL = auto()
    """A loop whose iterations run one after the other (scf.for, scf.while, affine.for)."""
    PARALLEL = auto()
    """A loop whose iterations may run concurrently (scf.parallel, affine.parallel)."""


class RegionBranchModel(Protocol):
    """Describes the region control flow of one op class.

    `entry_edges` and `exit_edges` are required; the other queries have defaults (not a
    loop, no ownership flags, no buffers captured, terminators not checked).
    """

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        """Edges taken when the op starts executing."""
        ...

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        """Edges taken from `terminator`, a successor-less terminator of one of op's regions."""
        ...

    def loop_kind(self, op: Operation) -> LoopKind:
        """Whether `op` is a loop, and whether its iterations may run concurrently."""
        return LoopKind.NONE

    def carries_ownership_flags(self, op: Operation) -> bool:
        """Whether buffer deallocation may give `op` runtime ownership flags: one i1
        appended to its entry operands / region arguments / terminator operands /
        results per flagged memref (the op is rebuilt with them)."""
        return False

    def captures_buffers(self, op: Operation) -> bool:
        """Whether `op` runs one of its regions once and returns, so that a buffer
        defined before it may be handed over to (freed or returned by) that region."""
        return False

    def expected_terminator_operands(
        self, op: Operation, region_index: int
    ) -> int | None:
        """How many operands the successor-less terminators of region #`region_index`
        must have (checked before analyses index them); None: not checked."""
        return None


def _trait_model(op: Operation) -> RegionBranchModel | None:
    """`TraitModel` of an op with xDSL's `RegionBranchOpTrait`, when it describes the op."""
    trait = op.get_trait(RegionBranchOpTrait)
    if trait is None:
        return None
    model = TraitModel(trait)
    return model if model.describes(op) else None


_REGISTRY = ModelRegistry[RegionBranchModel](trait_model=_trait_model)


def register_region_branch_model(
    op_type: type[Operation], model: RegionBranchModel
) -> None:
    """Describe the region flow of every op of class `op_type` with `model`."""
    _REGISTRY.register(op_type, model)


def unregister_region_branch_model(op_type: type[Operation]) -> None:
    """Forget the region-branch model of `op_type`, if any."""
    _REGISTRY.unregister(op_type)


def region_branch_model(op: Operation) -> RegionBranchModel | None:
    """The region-branch model of `op`, or None.

    xDSL's `RegionBranchOpTrait` is asked first (`TraitModel`: it says which regions
    follow which, not which operands they receive, so it describes the op only when no
    memref flows along its edges); then the registry, along the class's MRO.
    """
    return _REGISTRY.lookup(op)


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


def loop_kind(op: Operation) -> LoopKind:
    """The loop kind of `op` (`LoopKind.NONE` for an op without a model)."""
    model = region_branch_model(op)
    return LoopKind.NONE if model is None else model.loop_kind(op)


def carries_ownership_flags(op: Operation) -> bool:
    """Whether `op` may carry ownership flags (False for an op without a model)."""
    model = region_branch_model(op)
    return model is not None and model.carries_ownership_flags(op)


def captures_buffers(op: Operation) -> bool:
    """Whether `op` runs a region once that may take over earlier buffers (False for
    an op without a model)."""
    model = region_branch_model(op)
    return model is not None and model.captures_buffers(op)


def expected_terminator_operands(op: Operation, region_index: int) -> int | None:
    """How many operands the terminators of `op`'s region must have (None: not
    checked, or no model)."""
    model = region_branch_model(op)
    return (
        None if model is None else model.expected_terminator_operands(op, region_index)
    )


def operand_range(start: int, count: int) -> tuple[int, ...]:
    """The `count` operand indices from `start` on."""
    return tuple(range(start, start + count))


def exit_to_results(op: Operation, terminator: Operation, first: int = 0) -> RegionEdge:
    """`terminator`'s operands from `first` on leave to the results of `op`."""
    count = len(op.results)
    return RegionEdge(terminator, operand_range(first, count), None, tuple(op.results))


def edge_into_region(
    source: Operation, region: Region, first: int, count: int, first_arg: int = 0
) -> RegionEdge:
    """`count` operands of `source` from `first` on enter the entry block of `region`,
    at its arguments from `first_arg` on."""
    block = region.blocks.first
    assert block is not None
    args = tuple(block.args[first_arg : first_arg + count])
    return RegionEdge(source, operand_range(first, count), region, args)


def grow_region_op(
    op: Operation,
    extra_inits: Sequence[SSAValue],
    extra_result_types: Sequence[Attribute],
) -> Operation:
    """A new op of `op`'s class with `extra_inits` appended to its operands (its last
    operand segment, for ops with `AttrSizedOperandSegments`) and `extra_result_types`
    to its results, `op`'s regions moved into it (`op` is left without regions).

    Valid for a region op whose models forward their entry operands as its trailing
    operand range (scf.for, scf.while, affine.for iter_args; callers check it)."""
    properties = dict(op.properties)
    attributes = dict(op.attributes)
    if extra_inits and isinstance(op, IRDLOperation):
        for option in type(op).get_irdl_definition().options:
            if isinstance(option, AttrSizedOperandSegments):
                holder = properties if option.as_property else attributes
                name = AttrSizedOperandSegments.attribute_name
                sizes = holder[name]
                assert isinstance(sizes, DenseArrayBase)
                values = [int(v) for v in sizes.get_values()]
                values[-1] += len(extra_inits)
                holder[name] = DenseArrayBase.from_list(i32, values)
    return type(op).create(
        operands=[*op.operands, *extra_inits],
        result_types=[*op.result_types, *extra_result_types],
        properties=properties,
        attributes=attributes,
        regions=[op.detach_region(r) for r in list(op.regions)],
    )


class SingleEntryModel(RegionBranchModel):
    """An op that runs one of its regions once (an empty region: none, control goes
    straight to the results); yields become results.

    Fits scf.if, scf.execute_region, scf.index_switch, affine.if, memref.alloca_scope.
    """

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        return [
            RegionEdge(op, (), region if region.blocks else None, ())
            for region in op.regions
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        return [exit_to_results(op, terminator)]


class ForLikeModel(RegionBranchModel):
    """A sequential loop with iter_args: the entry block of its region #0 takes the
    induction variable, then one argument per init; the inits (`init_range`) enter the
    body or, when it runs zero times, go to the results; the body's terminator loops
    back or leaves to the results.

    Fits scf.for and affine.for."""

    def init_range(self, op: Operation) -> tuple[int, int]:
        """(index of the first init operand, number of inits): by default the trailing
        operands, one per result."""
        count = len(op.results)
        return len(op.operands) - count, count

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        first, count = self.init_range(op)
        return [
            edge_into_region(op, op.regions[0], first, count, first_arg=1),
            RegionEdge(op, operand_range(first, count), None, tuple(op.results)),
        ]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        count = len(terminator.operands)
        return [
            edge_into_region(terminator, op.regions[0], 0, count, first_arg=1),
            exit_to_results(op, terminator),
        ]

    def loop_kind(self, op: Operation) -> LoopKind:
        return LoopKind.SEQUENTIAL


class TraitModel(RegionBranchModel):
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
