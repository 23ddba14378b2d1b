"""Bufferization helpers shared by the models of region ops (scf today): block
arguments turned into memrefs, terminator operands turned into buffers, the buffer
types loops carry and the buffers they start from.

No models here (no `register_*`): `models/scf.py` uses these helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Attribute, Block, Operation, SSAValue, Use
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizationState,
    OpOperand,
)
from xdsl_bufferize.models.bufferization import cast_if_needed, to_tensor_op
from xdsl_bufferize.utils.memref_layout import (
    fully_dynamic_type,
    has_no_layout,
    layout_castable,
)


def is_tensor(value: SSAValue) -> bool:
    """Whether `value` is a ranked tensor."""
    return isinstance(value.type, TensorType)


def common_type(types: Sequence[MemRefType[Attribute]]) -> MemRefType[Attribute]:
    """One memref type every buffer of `types` can be cast to."""
    first = types[0]
    if all(t == first for t in types):
        return first
    return fully_dynamic_type(first)


def _not_used_by(op: Operation) -> Callable[[Use], bool]:
    return lambda use: use.operation is not op


def convert_block_arguments(
    rewriter: PatternRewriter,
    state: BufferizationState,
    block: Block,
    types: dict[int, MemRefType[Attribute]],
) -> None:
    """Give block arguments `types` (index -> memref type); their old users see a
    `to_tensor` of the new argument."""

    for index, memref_type in types.items():
        old = block.args[index]
        new = rewriter.replace_value_with_new_type(old, memref_type)
        wrapper = to_tensor_op(new)
        rewriter.insert(wrapper, InsertPoint.at_start(block))
        new.replace_uses_with_if(wrapper.tensor, _not_used_by(wrapper))
        state.map_value(old, wrapper.tensor)


def yield_buffers(
    rewriter: PatternRewriter,
    state: BufferizationState,
    terminator: Operation,
    first: int,
    types: Sequence[Attribute | None],
    copy: Sequence[bool],
) -> list[SSAValue]:
    """Buffers for operands `first..` of `terminator` (a copy in a new buffer where
    `copy` says so, or where no cast takes the buffer to its type), cast to `types`
    (None: not a tensor, keep the operand)."""
    rewriter.insertion_point = InsertPoint.before(terminator)
    values: list[SSAValue] = []
    for offset, target in enumerate(types):
        value = terminator.operands[first + offset]
        if target is None:
            values.append(value)
            continue
        buffer = state.get_buffer(rewriter, value)
        rewriter.insertion_point = InsertPoint.before(terminator)
        if copy[offset] or (
            isinstance(target, MemRefType) and not layout_castable(buffer.type, target)  # pyright: ignore[reportUnknownArgumentType]
        ):
            tensor_type = value.type
            assert isinstance(tensor_type, TensorType)
            buffer = state.allocate(
                rewriter,
                tensor_type,  # pyright: ignore[reportUnknownArgumentType]
                [],
                buffer,
            )
        values.append(cast_if_needed(rewriter, buffer, target))
    return values


def replace_terminator(
    rewriter: PatternRewriter, terminator: Operation, new: Operation
) -> None:
    """Put `new` (the memref form of `terminator`) in its place."""
    rewriter.replace(terminator, [new], [])


def carried_type(
    buffer_type: MemRefType[Attribute], back_equivalent: bool
) -> MemRefType[Attribute]:
    """The type a loop carries a buffer with: its own, or a fully dynamic layout when
    the back-edge value is not equivalent to the block argument (unless the buffer
    has the identity layout), so every iteration's buffer fits."""
    if back_equivalent or has_no_layout(buffer_type):
        return buffer_type
    return fully_dynamic_type(buffer_type)


def loop_init_buffers(
    op: Operation,
    init_values: Sequence[SSAValue],
    equivalent: Sequence[bool],
    rewriter: PatternRewriter,
    state: BufferizationState,
) -> tuple[list[SSAValue], list[Attribute | None]]:
    """The buffers a loop starts from, one per init value (non-tensors unchanged,
    type None), and their types: a tensor whose back-edge value is not equivalent
    to its block argument is carried with a fully dynamic layout (unless its
    buffer has the identity layout), so every iteration's buffer fits."""
    inits: list[SSAValue] = []
    types: list[Attribute | None] = []
    for i, init in enumerate(init_values):
        if not is_tensor(init):
            inits.append(init)
            types.append(None)
            continue
        buffer = state.get_buffer(rewriter, init)
        assert isinstance(buffer.type, MemRefType)
        buffer_type = carried_type(buffer.type, equivalent[i])  # pyright: ignore[reportUnknownArgumentType, reportUnknownMemberType]
        rewriter.insertion_point = InsertPoint.before(op)
        inits.append(cast_if_needed(rewriter, buffer, buffer_type))
        types.append(buffer_type)
    return inits, types


def copied_yields(
    state: AnalysisState,
    loop: Operation,
    yielded: Sequence[SSAValue],
    iter_args: Sequence[SSAValue],
    kept: Sequence[bool],
) -> frozenset[int]:
    """The indices of the values `yielded` back to `iter_args` of `loop` that the
    loop copies into a new buffer: those not `kept` as they are (equivalent to
    their iteration argument, or permuted among them) that may alias a value
    defined outside the loop other than their own iteration argument, or the
    buffer another yielded value carries back (MLIR's `resolveConflicts` of
    scf.for / scf.while; `analysis/loop_yields.py`)."""
    copied: set[int] = set()
    taken: set[SSAValue] = set()
    for index, value in enumerate(yielded):
        if kept[index] or not is_tensor(value):
            continue
        origins = state.fresh_buffer_origins(value, loop, iter_args[index])
        if origins is None or not origins.isdisjoint(taken):
            copied.add(index)
        else:
            taken.update(origins)
    return frozenset(copied)


def not_equivalent(what: str, index: int) -> str:
    """MLIR's diagnostic for a loop that does not carry a buffer in place (without
    `allow-return-allocs-from-loops`)."""
    return (
        f"{what} #{index} is not equivalent to the corresponding iter bbArg "
        "(pass allow-return-allocs-from-loops=true to yield a new buffer)"
    )


def owned_by_loop(init: OpOperand, analysis: AnalysisState) -> bool:
    """Whether the loop may write any data into the buffer of its `init` operand,
    and hand that buffer out as the result of another iter_arg: nothing reads the
    old data once the loop has started, and nothing after the loop writes into a
    buffer the analysis sees as this init's (after a permutation, that buffer may
    be another result, whose reads the analysis does not relate to this init)."""
    if not analysis.is_in_place(init):
        return True  # a copy made for the loop
    value = init.value
    return (
        analysis.is_buffer_writable(value)
        and not analysis.reads_old_data_after(value, init.owner)
        and not analysis.writes_after(value, init.owner)
    )
