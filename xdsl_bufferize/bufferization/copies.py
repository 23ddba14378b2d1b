"""Tensor copies for out-of-place operands, and why each copy is made.

Before the rewrite, each operand the analysis decided out of place gets a
`bufferization.alloc_tensor() copy(%t)` (no copy when the op does not read the
operand's data), so every op bufferizes as if in place (`insert_tensor_copies`).
With `explain-copies`, each copy the rewrite makes gets its reason: the conflict of
the out-of-place operand (`explain_conflict`), or what the bufferization of its op
needs (`origin_reason`).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, bufferization, tensor
from xdsl.dialects.builtin import (
    IndexType,
    MemRefType,
    NoneAttr,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from xdsl_bufferize.analysis.conflicts import Conflict
from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState
from xdsl_bufferize.dialects import bufferization_ext as ext
from xdsl_bufferize.interfaces.bufferizable import (
    OUT_OF_PLACE_COPY_ATTR,
    BufferRelation,
    OpOperand,
)
from xdsl_bufferize.interfaces.copy_reasons import SsaNames, record_reason
from xdsl_bufferize.models.bufferization import MEMORY_SPACE
from xdsl_bufferize.utils.ir import unranked_buffer_type


def memory_space_of(buffer_type: Attribute) -> Attribute:
    """The memory space of a memref type (`NoneAttr` when it has none)."""
    if isinstance(buffer_type, MemRefType | UnrankedMemRefType):
        return buffer_type.memory_space  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    return NoneAttr()


def insert_tensor_copies(
    state: OneShotAnalysisState,
    buffer_type_of: Callable[[SSAValue], Attribute] | None = None,
) -> int:
    """Replace each out-of-place operand by a `bufferization.alloc_tensor` (with
    `copy` when the op reads the operand) and record it as in place.

    The new buffer is in the memory space of the operand's buffer (as in MLIR's
    `allocateTensorForShapedValue`): a copy infers it from its `copy` operand; an
    allocation without `copy` takes the `memory_space` of `buffer_type_of(operand)`
    when that is a space (no attribute when it has none, or without
    `buffer_type_of`)."""
    count = 0
    names = (
        SsaNames(names_scope(state))
        if state.options.explain_copies and state.conflicts
        else None
    )
    for operand in list(state.conflicts):
        op = operand.owner
        value = operand.value
        # An unranked tensor is copied through the ranked tensor it is a cast of.
        source = ranked_cast_source(value)
        tensor_type = source.type
        if not isinstance(tensor_type, TensorType):
            _copy_unranked(state, operand)
            count += 1
            continue
        # A buffer that starts from garbage takes a dynamic shape from the
        # operand with tensor.dim.
        copied = needs_copy(state, operand)
        if copied:
            alloc = bufferization.AllocTensorOp(tensor_type, [], source)
            if names is not None:
                record_reason(
                    alloc,
                    explain_conflict(operand, state.conflicts[operand], names, True),
                )
        else:
            sizes: list[SSAValue] = []
            for dim, size in enumerate(tensor_type.get_shape()):
                if size >= 0:
                    continue
                index = arith.ConstantOp.from_int_and_width(dim, IndexType())
                dim_op = tensor.DimOp(source, index)
                _insert_before(index, op)
                _insert_before(dim_op, op)
                sizes.append(dim_op.result)
            alloc = bufferization.AllocTensorOp(tensor_type, sizes)
            if buffer_type_of is not None:
                space = memory_space_of(buffer_type_of(value))
                if not isinstance(space, NoneAttr):
                    alloc.attributes[MEMORY_SPACE] = space
        alloc.attributes[OUT_OF_PLACE_COPY_ATTR] = UnitAttr()
        _insert_before(alloc, op)
        copy = alloc.tensor
        if source is not value:
            cast = tensor.CastOp.build(operands=[copy], result_types=[value.type])
            _insert_before(cast, op)
            state.in_place_operands.add(OpOperand(cast, 0))
            state.alias_sets.union(copy, cast.dest)
            state.equivalence_sets.union(copy, cast.dest)
            copy = cast.dest
        op.operands[operand.index] = copy
        state.in_place_operands.add(operand)
        for alias in state.get_aliasing_values(operand):
            state.alias_sets.union(copy, alias.value)
            if alias.relation is BufferRelation.EQUIVALENT:
                state.equivalence_sets.union(copy, alias.value)
        count += 1
    return count


def _copy_unranked(state: OneShotAnalysisState, operand: OpOperand) -> None:
    """Replace out-of-place `operand`, an unranked tensor of unknown rank, by the
    tensor of a `bufferization.clone` of its buffer (MLIR refuses to copy unranked
    tensors: `alloc_tensor` needs a rank; `clone` takes any memref)."""
    op, value = operand.owner, operand.value
    tensor_type = value.type
    assert isinstance(tensor_type, UnrankedTensorType)
    to_buffer = ext.ToBufferOp.build(
        operands=[value],
        result_types=[unranked_buffer_type(tensor_type)],  # pyright: ignore[reportUnknownArgumentType]
        properties={"read_only": UnitAttr()},
    )
    clone = bufferization.CloneOp(to_buffer.memref)
    copy = ext.ToTensorOp(clone.output, restrict=True, writable=True)
    for new_op in (to_buffer, clone, copy):
        _insert_before(new_op, op)
    state.in_place_operands.add(OpOperand(to_buffer, 0))
    op.operands[operand.index] = copy.tensor
    state.in_place_operands.add(operand)
    for alias in state.get_aliasing_values(operand):
        state.alias_sets.union(copy.tensor, alias.value)
        if alias.relation is BufferRelation.EQUIVALENT:
            state.equivalence_sets.union(copy.tensor, alias.value)


def ranked_cast_source(value: SSAValue) -> SSAValue:
    """`value` itself if it is a ranked tensor; for an unranked one, the ranked
    tensor it is a `tensor.cast` of (through a chain of casts) if any, else
    `value`."""
    current = value
    while isinstance(current.type, UnrankedTensorType) and isinstance(
        current.owner, tensor.CastOp
    ):
        current = current.owner.source
    return current if isinstance(current.type, TensorType) else value


def _insert_before(new_op: Operation, before: Operation) -> None:
    """Insert `new_op` right before `before`."""
    block = before.parent_block()
    assert block is not None
    block.insert_op_before(new_op, before)


_LOOP_REASON = (
    "the loop yields a buffer that is not equivalent to its iteration argument, "
    "so the yielded value is copied into the buffer the next iteration uses"
)


_SLICE_REASON = (
    "the inserted value is in a buffer of its own (not the destination's slice), "
    "so it is copied into the slice"
)


_ORIGIN_REASONS: dict[str, str] = {
    "scf.for": _LOOP_REASON,
    "scf.while": _LOOP_REASON,
    "scf.yield": "the loop or branch yields a buffer that is not equivalent to the "
    "one its result reuses, so the yielded value is copied into it",
    "scf.condition": "the loop passes on a buffer that is not equivalent to the "
    "one its result reuses, so the value is copied into it",
    "func.return": "the function returns a buffer its callers may not share",
    "tensor.insert_slice": _SLICE_REASON,
    "tensor.parallel_insert_slice": _SLICE_REASON,
    "bufferization.materialize_in_destination": "the value is materialized in "
    "its destination buffer",
}


def origin_reason(op: Operation, names: SsaNames) -> Callable[[], str]:
    """The reason of a copy that the bufferization of `op` makes (not for an
    out-of-place operand), computed when the copy is built."""

    # An op with regions is printed now: while its model rewrites it, it may not
    # print.
    text = names.op(op) if op.regions else None

    def make() -> str:
        why = _ORIGIN_REASONS.get(
            op.name, "its buffer form needs the value in a new buffer"
        )
        return f"copy made for `{text or names.op(op)}`: {why}"

    return make


def explain_conflict(
    operand: OpOperand, conflict: Conflict, names: SsaNames, copied: bool
) -> str:
    """Why `operand` is out of place, naming values and ops as they are printed:
    "copy of %x (tensor<8xf32>) for the write of `%xw = linalg.generic ...
    outs(%x)` because `%x5 = tensor.extract %x[%c5]` reads %x afterwards"."""
    value = operand.value
    name = names.value(value)
    what = "copy of" if copied else "new buffer instead of"
    text = f"{what} {name} ({value.type}) for the write of `{names.op(operand.owner)}`"
    if conflict.kind == "read-after-write" and conflict.read is not None:
        read = conflict.read
        read_name = names.value(read.value)
        alias = "" if read.value is value else f", an alias of {name},"
        return (
            f"{text} because `{names.op(read.owner)}` reads {read_name}{alias} "
            "afterwards"
        )
    if conflict.kind == "non-writable" and conflict.non_writable is not None:
        source = conflict.non_writable
        kind = (
            "a function argument that is not writable"
            if isinstance(source, BlockArgument)
            else "a constant"
        )
        return f"{text} because {names.value(source)} is {kind}"
    if conflict.kind == "parallel-region" and conflict.definition is not None:
        defined = names.value(conflict.definition)
        return (
            f"{text} because {defined} is defined outside the parallel region of the "
            "write, so each iteration needs a buffer of its own"
        )
    if conflict.kind == "copy-before-write":
        return f"{text} because copy-before-write is set"
    return f"{text} because the fuzzer heuristic chose out of place"


def names_scope(state: OneShotAnalysisState) -> Operation:
    return state.root


def needs_copy(state: OneShotAnalysisState, operand: OpOperand) -> bool:
    """Whether the new buffer of out-of-place `operand` starts as a copy (an
    operand that is written and not read, or whose contents are undefined because
    only tensor.empty reaches it, can start from garbage)."""
    return (
        state.bufferizes_to_memory_read(operand)
        or not state.bufferizes_to_memory_write(operand)
    ) and bool(state.definitions(operand.value))


__all__ = [
    "explain_conflict",
    "insert_tensor_copies",
    "names_scope",
    "needs_copy",
    "origin_reason",
]
