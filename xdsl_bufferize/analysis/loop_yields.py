"""Which buffers a loop may carry to its next iteration without a copy (MLIR's
`doesNotAliasExternalValue`, asked by its scf.for / scf.while `resolveConflicts`).

A value a loop yields back to its iteration argument #i becomes that argument's
buffer in the next iteration. The analysis decided the body's writes as if every
iteration argument were its own buffer, distinct from the others and from every
value defined outside the loop (MLIR's loop bodies are analysed the same way). The
yielded buffer keeps that promise, and needs no copy, when it is

* the buffer of iteration argument #i itself, or a view of it; or
* a buffer allocated inside the loop in this iteration (a `tensor.empty`, the copy
  made for an out-of-place write): nothing outside the iteration can see it once
  the iteration ends, since every value of the body dies there;

and no other value the loop carries back may be that same buffer (two iteration
arguments sharing one buffer would clobber each other). Anything else (a buffer
defined outside the loop, another iteration argument, a read-only constant, the
result of an op whose aliasing is unknown) is copied into a new buffer at the yield.

`fresh_buffer_origins` answers for one yielded value: the allocations inside the
loop whose buffers it may be, or None when it may alias anything else.
"""

from __future__ import annotations

from collections.abc import Container

from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from xdsl_bufferize.interfaces.bufferizable import AnalysisState, OpOperand


def _defined_inside(value: SSAValue, loop: Operation) -> bool:
    """Whether `value` is defined in a region of `loop` (its results and the
    operands it takes are outside; its own block arguments are inside)."""
    if isinstance(value, OpResult):
        owner = value.op
        return owner is not loop and loop.is_ancestor(owner)
    assert isinstance(value, BlockArgument)
    parent = value.block.parent_op()
    return parent is not None and loop.is_ancestor(parent)


def fresh_buffer_origins(
    state: AnalysisState,
    value: SSAValue,
    loop: Operation,
    exception: SSAValue,
    out_of_place: Container[OpOperand],
) -> frozenset[SSAValue] | None:
    """The values defined inside `loop` whose new, writable buffers `value` (yielded
    to the iteration argument `exception`) may be, walking back through aliasing
    operands that are in place (an operand in `out_of_place` is copied: the copy is
    a new buffer); None if `value` may alias a value defined outside `loop` other
    than `exception`, or a buffer that is not a writable allocation."""
    origins: set[SSAValue] = set()
    seen: set[SSAValue] = set()
    stack = [value]
    while stack:
        current = stack.pop()
        if current in seen or current is exception:
            continue
        seen.add(current)
        if not _defined_inside(current, loop):
            return None
        followed = [
            aliasing.operand.value
            for aliasing in state.get_aliasing_op_operands(current)
            if aliasing.operand not in out_of_place
        ]
        if followed:
            stack.extend(followed)
            continue
        if not isinstance(current, OpResult) or not state.is_writable(current):
            return None
        origins.add(current)
    return frozenset(origins)
