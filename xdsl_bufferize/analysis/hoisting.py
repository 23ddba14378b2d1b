"""Where an allocation may move: the analysis behind `buffer-loop-hoisting`.

An allocation inside a loop body allocates once per iteration. It may instead be
allocated once before the loop, every iteration reusing that buffer, when

* its op implements `AllocationOpInterface` with `HoistingKind.LOOP`;
* its operands (dynamic sizes, symbols) are defined outside the loop;
* its buffer does not escape the iteration: every use of the buffer, or of a view of
  it, only reads or writes its elements (loads, stores into it, copies, linalg ops,
  ops whose declared memory effects are reads and writes and which keep no alias).
  A buffer passed to a terminator (`scf.yield`, `scf.condition`, `func.return`), to
  a call, to a region-carrying op as an operand, stored as a value or used by an op
  of unknown semantics may be seen by a later iteration or after the loop, so it
  stays where it is;
* it is freed inside the loop at most by one `memref.dealloc` of the allocated value
  in the allocation's own block (that free then moves to after the loop).

Reusing the buffer is correct because the contents of a fresh allocation are
undefined: a program that reads them before writing them is already undefined, so
seeing the previous iteration's values instead is allowed.

Loops are the ops whose region-branch model has a `LoopKind`: sequential ones
(`scf.for`, both regions of `scf.while`, `affine.for`) and parallel ones. Iterations of
`scf.parallel` / `affine.parallel` may run at the same time: one buffer shared by all
of them would be a data race, so allocations are hoisted through a sequential loop
nested in a parallel one up to the parallel body, never out of the parallel loop
(unless asked with `hoist_out_of_parallel`).

`hoisting_target(alloc_op)` returns the outermost loop the allocation may move
before, walking out through directly nested loops only (an allocation under an
`scf.if` stays under it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.dialects import bufferization, memref
from xdsl.dialects.builtin import (
    MemRefType,
    TensorType,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.traits import IsTerminator, MemoryEffectKind, get_effects

from xdsl_bufferize.interfaces.allocation import HoistingKind, allocation_interface
from xdsl_bufferize.interfaces.region_branch import LoopKind, loop_kind
from xdsl_bufferize.interfaces.view_like import view_source

_ELEMENT_ACCESS_OPS: tuple[type[Operation], ...] = (
    memref.LoadOp,
    memref.DimOp,
    memref.RankOp,
    memref.CopyOp,
    memref.AtomicRMWOp,
    bufferization.CloneOp,
)
"""Ops that only read / write the elements (or the shape) of a memref operand."""

_ADDRESS_OPS = ("memref.extract_aligned_pointer_as_index",)
"""Ops that expose the address of a buffer: a reused buffer changes what they see."""


def _is_shaped_buffer_type(t: object) -> bool:
    return isinstance(
        t, MemRefType | UnrankedMemRefType | TensorType | UnrankedTensorType
    )


def _is_linalg_on_buffers(op: Operation) -> bool:
    return op.dialect_name() == "linalg" and not any(
        _is_shaped_buffer_type(r.type) for r in op.results
    )


def only_touches_elements(op: Operation, index: int) -> bool:
    """Whether `op` uses operand `index` (a buffer) only to access its elements
    during its own execution, keeping no alias of it."""
    if op.name in _ADDRESS_OPS:
        return False
    if isinstance(op, memref.StoreOp):
        return index != 0
    if isinstance(op, _ELEMENT_ACCESS_OPS):
        return True
    if _is_linalg_on_buffers(op):
        return True
    if op.has_trait(IsTerminator) or op.successors or op.regions:
        return False
    if any(_is_shaped_buffer_type(r.type) for r in op.results):
        return False
    effects = get_effects(op)
    if effects is None:
        return False
    return all(
        e.kind in (MemoryEffectKind.READ, MemoryEffectKind.WRITE) for e in effects
    )


@dataclass
class BufferUses:
    """The uses of one buffer, through its views: whether it escapes, its frees."""

    escapes: bool
    """Some use may keep the buffer (or a view) beyond the op that uses it."""
    deallocs: list[memref.DeallocOp]
    """The `memref.dealloc` ops freeing the buffer or one of its views."""


def buffer_uses(buffer: SSAValue) -> BufferUses:
    """Follow `buffer` through its views and classify every use."""
    deallocs: list[memref.DeallocOp] = []
    seen: set[SSAValue] = set()
    stack = [buffer]
    while stack:
        value = stack.pop()
        if value in seen:
            continue
        seen.add(value)
        for use in value.uses:
            user = use.operation
            if isinstance(user, memref.DeallocOp):
                deallocs.append(user)
            elif view_source(user) is value:
                stack.extend(user.results)
            elif not only_touches_elements(user, use.index):
                return BufferUses(True, deallocs)
    return BufferUses(False, deallocs)


def is_defined_outside(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined outside the regions of `op` (and is not a result
    of `op` itself)."""
    if isinstance(value, OpResult):
        if value.op is op:
            return False
        block = value.op.parent_block()
    else:
        assert isinstance(value, BlockArgument)
        block = value.block
    while block is not None:
        parent = block.parent_op()
        if parent is op:
            return False
        if parent is None:
            return True
        block = parent.parent_block()
    return True


@dataclass(frozen=True)
class HoistingPlan:
    """Where an allocation goes: before `loop` (the outermost loop left), and which
    free, if any, moves to after that loop."""

    alloc: Operation
    loop: Operation
    dealloc: memref.DeallocOp | None


def hoisting_target(
    alloc_op: Operation, hoist_out_of_parallel: bool = False
) -> HoistingPlan | None:
    """How far out of loops `alloc_op` may move, or None if it must stay."""
    model = allocation_interface(alloc_op)
    if model is None or HoistingKind.LOOP not in model.hoisting_kind():
        return None
    if len(alloc_op.results) != 1:
        return None
    loops = (
        (LoopKind.SEQUENTIAL, LoopKind.PARALLEL)
        if hoist_out_of_parallel
        else (LoopKind.SEQUENTIAL,)
    )
    target: Operation | None = None
    parent = alloc_op.parent_op()
    while (
        parent is not None
        and loop_kind(parent) in loops
        and all(is_defined_outside(v, parent) for v in alloc_op.operands)
    ):
        target = parent
        parent = parent.parent_op()
    if target is None:
        return None
    uses = buffer_uses(alloc_op.results[0])
    if uses.escapes:
        return None
    dealloc: memref.DeallocOp | None = None
    if uses.deallocs:
        if len(uses.deallocs) != 1:
            return None
        dealloc = uses.deallocs[0]
        if (
            dealloc.memref is not alloc_op.results[0]
            or dealloc.parent_block() is not alloc_op.parent_block()
        ):
            return None
    return HoistingPlan(alloc_op, target, dealloc)


def allocations_in_loops(root: Operation) -> Iterable[Operation]:
    """Every op under `root` with an allocation model that sits in a loop body."""
    for op in root.walk():
        parent = op.parent_op()
        if (
            parent is not None
            and loop_kind(parent) is not LoopKind.NONE
            and allocation_interface(op) is not None
        ):
            yield op
