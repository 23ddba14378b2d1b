"""Which heap allocations may live on the stack: the analysis behind `promote-buffers-to-stack`.

MLIR's rule (`BufferOptimizations.cpp`), with the frees a program may already have:
an allocation becomes a stack allocation (`memref.alloca`, freed when its scope returns)
when

* its `AllocationOpInterface` can build a promoted allocation and it has one memref
  result;
* it is small: a static shape whose bits (elements times element bit width, `index`
  being 64 bits) fit in `max_alloc_size_in_bytes` bytes, or a dynamic shape of rank at
  most `max_rank_of_allocated_memref` whose sizes all come from `memref.rank` (so
  they are small, and their product too);
* it has an allocation scope (`func.func`, `memref.alloca_scope`): walking out of the
  nested regions of the allocation, only region ops with a known region flow are
  crossed, and never a loop (`scf.for`, `scf.while`, `scf.parallel`, `affine.for`,
  `affine.parallel`): a stack allocation in a loop body grows the stack every
  iteration, since stack memory is only released when the scope returns;
* its buffer does not escape the scope (`analysis/buffer_view_flow.py`, following
  call results the callee statically forwards; any other call result is a buffer
  `buffer-deallocation` makes the callee return fresh): no alias is
  returned, stored as a value, used by a terminator of unknown region flow, or
  defined outside the scope (yielded out of an `alloca_scope`);
* every free of it is a `memref.dealloc` of the allocation or of a view of it
  (through views only, not through block arguments or region results that may hold
  other buffers): those frees are dropped. Any other free (a `memref.realloc`, a
  dealloc of a merged value) keeps the allocation on the heap.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    FixedBitwidthType,
    IndexType,
    MemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from xdsl_bufferize.analysis.buffer_view_flow import (
    buffer_view_flow,
    frees_memory,
)
from xdsl_bufferize.analysis.forwarding import ForwardingAnalysis
from xdsl_bufferize.analysis.hoisting import is_defined_outside
from xdsl_bufferize.interfaces.allocation import allocation_interface
from xdsl_bufferize.interfaces.region_branch import LoopKind, region_branch_model
from xdsl_bufferize.interfaces.view_like import is_view
from xdsl_bufferize.utils.ir import is_memref

ALLOCATION_SCOPES: tuple[type[Operation], ...] = (func.FuncOp, memref.AllocaScopeOp)
"""Ops whose stack allocations are released when they return (MLIR's
`AutomaticAllocationScope`, which xDSL lacks)."""

INDEX_BITWIDTH = 64
"""Bits of an `index` element (MLIR's default data layout)."""


def element_bitwidth(element_type: Attribute) -> int | None:
    """Bits of one element of `element_type`, or None if unknown."""
    if isinstance(element_type, IndexType):
        return INDEX_BITWIDTH
    if isinstance(element_type, FixedBitwidthType):
        return element_type.bitwidth
    return None


def is_small_allocation(
    alloc_op: Operation, max_alloc_size_in_bytes: int, max_rank: int
) -> bool:
    """MLIR's size rule: a static shape within `max_alloc_size_in_bytes`, or a dynamic
    shape of rank at most `max_rank` sized by `memref.rank` only."""
    typ = alloc_op.results[0].type
    if not isinstance(typ, MemRefType):
        return False
    shape = typ.get_shape()
    if any(size < 0 for size in shape):
        return len(shape) <= max_rank and all(
            isinstance(operand.owner, memref.RankOp) for operand in alloc_op.operands
        )
    bits = element_bitwidth(typ.element_type)
    if bits is None:
        return False
    elements = 1
    for size in shape:
        elements *= size
    return elements * bits <= max_alloc_size_in_bytes * 8


def allocation_scope(op: Operation) -> Operation | None:
    """The nearest allocation scope around `op`, reached through region ops with a
    known region flow and no loop; None if there is none."""
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, ALLOCATION_SCOPES):
            return parent
        model = region_branch_model(parent)
        if model is None or model.loop_kind(parent) is not LoopKind.NONE:
            return None
        parent = parent.parent_op()
    return None


def _views_of(value: SSAValue) -> set[SSAValue]:
    """`value` and the values that are views of it (through view ops only)."""
    found = {value}
    stack = [value]
    while stack:
        for use in stack.pop().uses:
            user = use.operation
            if use.index != 0:
                continue
            if isinstance(user, memref.ExtractStridedMetaDataOp):
                targets = [user.base_buffer]
            elif is_view(user):
                targets = [r for r in user.results if is_memref(r)]
            else:
                continue
            for target in targets:
                if target not in found:
                    found.add(target)
                    stack.append(target)
    return found


@dataclass(frozen=True)
class StackPromotion:
    """An allocation that may move to the stack, and the frees that then go away."""

    alloc: Operation
    frees: tuple[memref.DeallocOp, ...]


def stack_promotion(
    alloc_op: Operation,
    max_alloc_size_in_bytes: int,
    max_rank: int,
    forwarding: ForwardingAnalysis | None = None,
) -> StackPromotion | None:
    """How `alloc_op` moves to the stack, or None if it must stay on the heap."""
    model = allocation_interface(alloc_op)
    if (
        model is None
        or len(alloc_op.results) != 1
        or not is_memref(alloc_op.results[0])
    ):
        return None
    if not is_small_allocation(alloc_op, max_alloc_size_in_bytes, max_rank):
        return None
    scope = allocation_scope(alloc_op)
    if scope is None:
        return None
    buffer = alloc_op.results[0]
    flow = buffer_view_flow(buffer, forwarding)
    if flow.escapes or (flow.returned and isinstance(scope, func.FuncOp)):
        return None
    if any(is_defined_outside(alias, scope) for alias in flow.aliases):
        return None
    views = _views_of(buffer)
    frees: list[memref.DeallocOp] = []
    for alias in flow.aliases:
        for use in alias.uses:
            user = use.operation
            if not frees_memory(user):
                continue
            if not isinstance(user, memref.DeallocOp) or alias not in views:
                return None
            frees.append(user)
    return StackPromotion(alloc_op, tuple(frees))
