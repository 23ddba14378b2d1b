"""SubsetInsertionOpInterface: ops that insert a source tensor into a subset of a
destination tensor (MLIR's interface of the same name).

`tensor.insert_slice` writes its source into a slice of its destination;
`bufferization.materialize_in_destination` writes it into the whole destination.
Empty-tensor elimination asks this interface, never the op classes: a source built
on a `tensor.empty` may instead be computed directly in that subset of the
destination, extracted before the computation starts.

A model answers which operands are the source and the destination, which values
building the extraction needs (they must be available where the computation starts),
whether the op is a subset insertion at all (`is_subset_insertion`: a
materialize_in_destination into a memref is not) and whether it accepts a given
empty tensor (`accepts`), and builds the extraction (`build_subset_extraction`).

Models are registered per op class (`register_subset_insertion_model`) and found
by `subset_insertion_model(op)`, with the lookup rule of `ModelRegistry`.
"""

from __future__ import annotations

import abc

from xdsl.ir import Operation, SSAValue

from xdsl_bufferize.interfaces.bufferizable import OpOperand
from xdsl_bufferize.interfaces.registry import ModelRegistry


class SubsetInsertionModel(abc.ABC):
    """How one op inserts its source into a subset of its destination."""

    def source_operand(self, op: Operation) -> OpOperand:
        """The operand holding the inserted tensor."""
        return OpOperand(op, 0)

    def destination_operand(self, op: Operation) -> OpOperand:
        """The operand holding the tensor inserted into (written in place)."""
        return OpOperand(op, 1)

    def is_subset_insertion(self, op: Operation) -> bool:
        """Whether this instance of the op inserts into a tensor subset."""
        return True

    def accepts(self, op: Operation, empty: SSAValue) -> bool:
        """Whether the source, built on the empty tensor `empty`, may be computed in
        the subset instead (asked once the rest of the chain qualifies)."""
        return True

    @abc.abstractmethod
    def values_needed_for_extraction(self, op: Operation) -> list[SSAValue]:
        """The values `build_subset_extraction` uses (destination first)."""

    @abc.abstractmethod
    def build_subset_extraction(
        self, op: Operation, before: Operation
    ) -> tuple[SSAValue, Operation | None]:
        """A tensor standing for the subset `op` inserts into, built before `before`:
        the value and the op built for it (its operand 0 is the destination), or
        the destination itself and None when the subset is all of it."""


_REGISTRY = ModelRegistry[SubsetInsertionModel]()


def register_subset_insertion_model(
    op_type: type[Operation], model: SubsetInsertionModel
) -> None:
    """Attach `model` to the ops of class `op_type` (MLIR's external model)."""
    _REGISTRY.register(op_type, model)


def subset_insertion_model(op: Operation) -> SubsetInsertionModel | None:
    """The subset insertion model of `op`, if it has one."""
    return _REGISTRY.lookup(op)
