"""Small IR queries shared by the analyses and the rewrites (one copy of each)."""

from __future__ import annotations

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    MemRefType,
    NoneAttr,
    TensorType,
    UnrankedMemRefType,
    UnrankedTensorType,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue


def is_memref(value: SSAValue) -> bool:
    """Whether `value` is a (ranked or unranked) memref."""
    return isinstance(value.type, MemRefType | UnrankedMemRefType)


BufferType = MemRefType[Attribute] | UnrankedMemRefType[Attribute]
"""A ranked or unranked memref type (MLIR's `BaseMemRefType`)."""


def is_tensor_type(attr: Attribute) -> bool:
    """Whether `attr` is a ranked or unranked tensor type."""
    return isinstance(attr, TensorType | UnrankedTensorType)


def is_tensor(value: SSAValue) -> bool:
    """Whether `value` is a (ranked or unranked) tensor."""
    return isinstance(value.type, TensorType | UnrankedTensorType)


def unranked_buffer_type(
    tensor_type: UnrankedTensorType[Attribute], memory_space: Attribute | None = None
) -> UnrankedMemRefType[Attribute]:
    """The buffer type of an unranked tensor type: `memref<*xT>` (an unranked
    memref carries no layout) in `memory_space` (None: the default space)."""
    space: Attribute = NoneAttr() if memory_space is None else memory_space
    return UnrankedMemRefType.from_type(tensor_type.element_type, space)  # pyright: ignore[reportUnknownMemberType]


def has_tensor_signature(function: func.FuncOp) -> bool:
    """Whether a tensor appears among the function's argument or result types."""
    function_type = function.function_type
    return any(is_tensor_type(t) for t in function_type.inputs.data) or any(
        is_tensor_type(t) for t in function_type.outputs.data
    )


def written_name(op: Operation) -> str:
    """The op's name as written in the input (also for unregistered ops)."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def enclosing_function(op: Operation) -> func.FuncOp | None:
    """The `func.func` that is `op` or contains it, if any."""
    current: Operation | None = op
    while current is not None and not isinstance(current, func.FuncOp):
        current = current.parent_op()
    return current


def ancestor_in_region(op: Operation, region: Region | None) -> Operation | None:
    """The ancestor of `op` (or `op`) whose parent region is `region` (None: the
    outermost ancestor)."""
    current: Operation | None = op
    while current is not None:
        if current.parent_region() is region:
            return current
        current = current.parent_op()
    return None


def ancestor_in_block(op: Operation, block: Block) -> Operation | None:
    """The ancestor of `op` (or `op`) whose parent block is `block`."""
    # Past the ancestor in the block's region, no ancestor is in the block.
    ancestor = ancestor_in_region(op, block.parent)
    if ancestor is None or ancestor.parent_block() is not block:
        return None
    return ancestor


def has_several_blocks(region: Region) -> bool:
    """Whether `region` holds more than one block (an unstructured control-flow graph)."""
    first = region.first_block
    return first is not None and first.next_block is not None


def strip_casts(value: SSAValue) -> SSAValue:
    """`value` with any chain of `memref.cast` ops looked through."""
    while isinstance(value.owner, memref.CastOp):
        value = value.owner.source
    return value


def strip_casts_keeping_rank(value: SSAValue) -> SSAValue:
    """`value` with `memref.cast`s looked through as far back as a value that is
    ranked exactly when `value` is (a result type typed like its buffer stays
    `memref<*xT>` for an unranked tensor, as in MLIR)."""
    ranked = isinstance(value.type, MemRefType)
    found = value
    while isinstance(value.owner, memref.CastOp):
        value = value.owner.source
        if isinstance(value.type, MemRefType) == ranked:
            found = value
    return found
