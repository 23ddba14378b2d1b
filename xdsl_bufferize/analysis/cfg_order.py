"""Read-after-write order through branches (cf): may a write clobber data a read
needs, when the read and the write lie in blocks of one region of several blocks?

Text order says nothing there (a loop of blocks runs its first block again; a
block written last may run first). MLIR's rule (`canUseOpDominanceDueToBlocks`):
a read-after-write conflict needs an execution that defines the data (DEF),
then writes (WRITE), then reads (READ), with no new DEF in between. Here that is
decided on the blocks of the region:

* DEF -> WRITE: the write's block is reached from the definition's (or the write
  follows the definition in one block);
* the write may hit the data: not when every buffer it writes is a new allocation
  made in its block before it, after the definition (a loop making a new tensor
  each round writes that, never the tensor the round started with);
* WRITE -> READ without a new DEF: a path from the write to the read that does not
  run the definition again. A definition that is an op runs again when a path
  passes its op; one that is a block argument (a function argument, or an
  argument of a block fed by branches, `models/unstructured.py`) is defined anew
  each time its block is entered.

`cfg_conflict_possible` answers True / False for such a triple, or None when the
question is not one of blocks (the read and the write are not in blocks of one
region of several blocks, or that region may run more than once because a loop
op holds it): the caller then falls back to its other rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue

from xdsl_bufferize.interfaces.bufferizable import OpOperand, bufferizable_model
from xdsl_bufferize.utils.ir import has_several_blocks

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState


def _anchor(op: Operation, region: Region) -> Operation | None:
    """The ancestor of `op` (itself included) whose block is in `region`."""
    current: Operation | None = op
    while current is not None:
        block = current.parent_block()
        if block is None:
            return None
        if block.parent is region:
            return current
        current = current.parent_op()
    return None


def _common_cfg_region(a: Operation, b: Operation) -> Region | None:
    """The innermost region holding both `a` and `b`, if it has several blocks."""
    regions: set[int] = set()
    region = a.parent_region()
    while region is not None:
        regions.add(id(region))
        parent = region.parent_op()
        region = parent.parent_region() if parent is not None else None
    region = b.parent_region()
    while region is not None:
        if id(region) in regions:
            return region if has_several_blocks(region) else None
        parent = region.parent_op()
        region = parent.parent_region() if parent is not None else None
    return None


def reaches(
    state: OneShotAnalysisState, source: Block, target: Block, avoid: Block | None
) -> bool:
    """Whether a path of one branch or more leads from `source` to `target` without
    entering `avoid` (MLIR's `Block::isReachable`)."""
    key = (id(source), id(target), id(avoid))
    known = state.block_reach.get(key)
    if known is not None:
        return known
    seen: set[int] = set()
    work = [source]
    found = False
    while work and not found:
        block = work.pop()
        terminator = block.last_op
        for successor in () if terminator is None else terminator.successors:
            if successor is avoid or id(successor) in seen:
                continue
            if successor is target:
                found = True
                break
            seen.add(id(successor))
            work.append(successor)
    state.block_reach[key] = found
    return found


def _before(a: Operation, b: Operation) -> bool:
    """Whether `a` comes strictly before `b` in their (common) block."""
    return a is not b and a.is_before_in_block(b)


def _op_roots(state: OneShotAnalysisState, value: SSAValue) -> list[OpResult] | None:
    """The results aliasing no operand that `value`'s buffer may be, back through
    op results only; None if the walk meets a block argument (it may carry a
    buffer of an earlier round) or an operand decided out of place."""
    roots: list[OpResult] = []
    seen: set[SSAValue] = set()
    stack = [value]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        if not isinstance(current, OpResult):
            return None
        aliasing = state.get_aliasing_op_operands(current)
        if not aliasing:
            roots.append(current)
        elif any(a.operand in state.conflicts for a in aliasing):
            return None
        else:
            stack.extend(a.operand.value for a in aliasing)
    return roots


def _writes_fresh_buffer(
    state: OneShotAnalysisState,
    write: OpOperand,
    region: Region,
    w_anchor: Operation,
    d_anchor: Operation | None,
) -> bool:
    """Whether every buffer `write` may write is allocated in the write's block
    before it, with no definition in between: allocated after the data was
    defined, so never the buffer holding it (a new tensor each round of a loop)."""
    roots = _op_roots(state, write.value)
    if not roots:
        return False
    for root in roots:
        model = bufferizable_model(root.op)
        if (
            model is None
            or not model.bufferizes_to_allocation(root.op, root)
            or not model.is_writable(root.op, root, state)
        ):
            return False
        anchor = _anchor(root.op, region)
        if (
            anchor is None
            or anchor.parent_block() is not w_anchor.parent_block()
            or not _before(anchor, w_anchor)
        ):
            return False
        if d_anchor is not None and (
            d_anchor is anchor
            or (
                d_anchor.parent_block() is anchor.parent_block()
                and _before(anchor, d_anchor)
                and _before(d_anchor, w_anchor)
            )
        ):
            return False
    return True


def cfg_conflict_possible(
    state: OneShotAnalysisState,
    read: Operation,
    write_operand: OpOperand,
    definition: SSAValue,
) -> bool | None:
    """Whether some execution runs `definition`, then the write of
    `write_operand`, then `read` with no new `definition` in between and the
    write into the buffer holding the data, decided on the blocks of the region
    of several blocks holding `read` and the write; None when that is not the
    question."""
    write = write_operand.owner
    if not state.order.has_cfg:
        return None
    region = _common_cfg_region(read, write)
    if region is None:
        return None
    parent = region.parent_op()
    if parent is not None and state.repetitive_ancestors(parent):
        return None  # the region itself runs again: the loop rules decide
    r_anchor, w_anchor = _anchor(read, region), _anchor(write, region)
    if r_anchor is None or w_anchor is None:
        return None
    r_block, w_block = r_anchor.parent_block(), w_anchor.parent_block()
    assert r_block is not None and w_block is not None
    d_anchor: Operation | None = None
    if isinstance(definition, BlockArgument) and definition.block.parent is region:
        d_block = definition.block
    else:
        owner = (
            definition.op
            if isinstance(definition, OpResult)
            else definition.block.parent_op()
            if isinstance(definition, BlockArgument)
            else None
        )
        d_anchor = None if owner is None else _anchor(owner, region)
        if d_anchor is None or d_anchor is w_anchor or d_anchor is r_anchor:
            return None  # defined outside the region, or around the read or write
        d_block = d_anchor.parent_block()
        assert d_block is not None
    if _writes_fresh_buffer(state, write_operand, region, w_anchor, d_anchor):
        return False
    if r_anchor is w_anchor:
        return None  # one op reads and writes: the other rules decide
    # DEF -> WRITE (in one block, or along branches).
    if not (
        d_block is w_block and (d_anchor is None or _before(d_anchor, w_anchor))
    ) and not reaches(state, d_block, w_block, None):
        return False
    # WRITE -> READ without running DEF again.
    if d_anchor is not None and d_block is w_block and _before(w_anchor, d_anchor):
        # Leaving the write's block runs the definition: only a read between
        # the two in that block comes first.
        return (
            w_block is r_block
            and _before(w_anchor, r_anchor)
            and _before(r_anchor, d_anchor)
        )
    if w_block is r_block and _before(w_anchor, r_anchor):
        return True
    if r_block is d_block:
        if d_anchor is None or not _before(r_anchor, d_anchor):
            return False  # the read's block defines the data before the read
        return reaches(state, w_block, r_block, None)
    return reaches(state, w_block, r_block, d_block)
