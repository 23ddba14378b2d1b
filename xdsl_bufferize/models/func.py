"""Bufferization models of the `func` dialect, for function bodies.

Until function boundaries are bufferized (`bufferize-function-boundaries`, handled
by the module driver), signatures keep their tensors:

* a tensor argument is reached through `bufferization.to_buffer` at the function
  entry; it is read-only unless marked `{bufferization.writable = true}` (or the
  older `{linalg.inplaceable = true}`), so a write into it goes to a copy;
* `func.return` of a tensor returns the `to_tensor` of its buffer; it reads it;
* `func.call` passes tensors and gets tensors back: it reads its tensor operands and
  writes none of them (callees only write arguments they own: a callee writing a
  writable argument works on the caller's `to_tensor` value, which is immutable);
  its results are not writable.

The writable attributes are checked: a non-bool value, or the attribute on an op
that is not a function, is an error.

Across function boundaries (the module driver, `bufferization/module_driver.py`)
the analysis state also answers the `CalleeSummaries` protocol, and then:

* an argument of a private function is writable unless marked
  `{bufferization.writable = false}` (all callers are known and copy when needed);
* `func.call` reads / writes an operand iff its callee reads / writes the argument,
  and a result equivalent (or aliasing) a callee argument aliases the operand; a
  fresh callee result is a new allocation. A callee without a summary (recursive:
  in or calling into a cycle of calls) reads and writes every tensor operand, and
  each result may alias each operand and is equivalent to none (such a callee
  never returns a read-only buffer: the module driver copies one at its returns). Its buffer form passes the operands' buffers
  (cast to the callee's argument types) and returns memrefs of the callee's result
  types: its bufferized signature, or, for a recursive callee not bufferized yet,
  the signature the module driver fixed for it (`BoundarySignatures`).
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    FunctionType,
    MemRefType,
    NoneAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.analysis.call_graph import is_public
from xdsl_bufferize.analysis.func_attrs import argument_writable
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.interfaces.copy_reasons import copies_made_for
from xdsl_bufferize.interfaces.memref_copy import copy_ops
from xdsl_bufferize.models.unstructured import (
    aliasing_branch_operands,
    convert_successor_blocks,
    is_successor_argument,
    successor_argument_type,
)
from xdsl_bufferize.utils.ir import BufferType, is_tensor
from xdsl_bufferize.utils.memref_layout import identity_strides, strides_and_offset


class CalleeSummary(Protocol):
    """What a call needs to know about its callee (indices are argument / result
    positions)."""

    read_args: set[int]
    written_args: set[int]
    equivalent_args: dict[int, int]
    """Result index -> argument index it is equivalent to."""
    aliasing_results: dict[int, list[int]]
    """Argument index -> results that may alias it."""
    fresh_results: set[int]
    non_writable_results: set[int]
    """Fresh results whose buffer must not be written (a returned constant)."""


@runtime_checkable
class CalleeSummaries(Protocol):
    """An analysis state that bufferizes across function boundaries."""

    def callee(self, call: func.CallOp) -> func.FuncOp:
        """The function `call` calls."""
        ...

    def summary_of_callee(self, call: func.CallOp) -> CalleeSummary | None:
        """The callee's summary, or None if it is not analysed (yet)."""
        ...


@runtime_checkable
class BoundarySignatures(Protocol):
    """A bufferization state that bufferizes across function boundaries."""

    def bufferized_function_type(self, function: func.FuncOp) -> FunctionType:
        """The memref signature of `function`: its own once bufferized, else the
        one it will get (fixed before any call of it is rewritten)."""
        ...


def _callee_type(state: BufferizationState, callee: func.FuncOp) -> FunctionType:
    """The signature the rewritten call of `callee` must match."""
    if isinstance(state, BoundarySignatures):
        return state.bufferized_function_type(callee)
    return callee.function_type


class FuncOpModel(BufferizableOpModel):
    """func.func: its tensor arguments are read-only unless marked writable (across
    function boundaries, those of private functions are writable unless marked
    not writable)."""

    supports_unranked = True

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        assert isinstance(op, func.FuncOp)
        if not isinstance(value, BlockArgument):
            return True
        if is_successor_argument(value):
            # An argument of a block fed by branches is as writable as the
            # buffers passed to it (their alias sets say whether they are).
            return True
        declared = argument_writable(op, value.index)
        if declared is not None:
            return declared
        if _boundary(state) is not None and value.block is op.body.blocks.first:
            return state.options.public_arguments_writable or not is_public(op)
        return False

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        # A tensor argument of a non-entry block may alias what branches pass.
        if isinstance(value, BlockArgument) and is_successor_argument(value):
            return aliasing_branch_operands(value)
        return ()

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        if isinstance(value, BlockArgument) and is_successor_argument(value):
            return successor_argument_type(value, state)
        return None

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # The signature is the module driver's business; uses of tensor arguments
        # get `to_buffer` lazily from `get_buffer`. Arguments of the other
        # blocks (fed by cf branches) become memrefs before the body is
        # rewritten (pre-order: this runs first).
        convert_successor_blocks(op.regions, state)


class ReturnOpModel(BufferizableOpModel):
    """func.return: reads the returned tensors (returned as the to_tensor of their
    buffer while signatures keep tensors)."""

    supports_unranked = True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # Operands already are `to_tensor` of buffers (or tensor arguments).
        return


_IS_BOUNDARY_STATE: dict[type[AnalysisState], bool] = {}
"""Per state class: whether it answers `CalleeSummaries` (its members are methods, so
the class decides; a runtime protocol check per query is slow)."""


def _boundary(state: AnalysisState) -> CalleeSummaries | None:
    state_type = type(state)
    known = _IS_BOUNDARY_STATE.get(state_type)
    if known is None:
        known = isinstance(state, CalleeSummaries)
        _IS_BOUNDARY_STATE[state_type] = known
    return typing.cast(CalleeSummaries, state) if known else None


class CallOpModel(BufferizableOpModel):
    """func.call: reads its tensor operands, writes none; results not writable.
    Across function boundaries: reads / writes / aliases as its callee's summary
    says (everything, if the callee has no summary)."""

    supports_unranked = True

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        boundary = _boundary(state)
        if boundary is None:
            return True
        assert isinstance(op, func.CallOp)
        summary = boundary.summary_of_callee(op)
        return summary is None or operand.index in summary.read_args

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        boundary = _boundary(state)
        if boundary is None:
            return False
        assert isinstance(op, func.CallOp)
        summary = boundary.summary_of_callee(op)
        return summary is None or operand.index in summary.written_args

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        boundary = _boundary(state)
        if boundary is None:
            return ()
        assert isinstance(op, func.CallOp)
        summary = boundary.summary_of_callee(op)
        if summary is None:
            return [
                AliasingValue(r, BufferRelation.UNKNOWN, False)
                for r in op.results
                if is_tensor(r)
            ]
        found: list[AliasingValue] = []
        for index in summary.aliasing_results.get(operand.index, []):
            equivalent = summary.equivalent_args.get(index) == operand.index
            found.append(
                AliasingValue(
                    op.results[index],
                    BufferRelation.EQUIVALENT if equivalent else BufferRelation.UNKNOWN,
                    equivalent,
                )
            )
        return found

    def bufferizes_to_allocation(self, op: Operation, value: SSAValue) -> bool:
        # Without the state, this cannot tell fresh results from aliasing ones; the
        # call's own results own nothing the caller must not free: the deallocation
        # pass decides ownership from the callee's signature.
        return False

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        boundary = _boundary(state)
        if boundary is None:
            return False
        assert isinstance(op, func.CallOp)
        summary = boundary.summary_of_callee(op)
        # A callee returning a constant returns its (read-only) global; one
        # without a summary (recursive) returns writable buffers only (the module
        # driver copies a read-only one at its returns).
        return summary is None or (
            op.results.index(value) not in summary.non_writable_results
        )

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> BufferType | None:
        boundary = _boundary(state.analysis)
        if boundary is None:
            return None
        assert isinstance(op, func.CallOp)
        callee = boundary.callee(op)
        callee_type = _callee_type(state, callee)
        result_type = callee_type.outputs.data[op.results.index(value)]
        if isinstance(result_type, MemRefType | UnrankedMemRefType):
            return result_type  # pyright: ignore[reportUnknownVariableType]
        return None

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        boundary = _boundary(state.analysis)
        if boundary is None:
            return
        assert isinstance(op, func.CallOp)
        callee = boundary.callee(op)
        callee_type = _callee_type(state, callee)
        operands: list[SSAValue] = []
        copy_backs: list[tuple[SSAValue, SSAValue, str]] = []
        for index, value in enumerate(op.arguments):
            if not is_tensor(value):
                operands.append(value)
                continue
            buffer = state.get_buffer(rewriter, value)
            wanted = callee_type.inputs.data[index]
            if buffer.type != wanted and not fits_argument_type(buffer.type, wanted):
                # A view the callee's layout cannot describe (a non-contiguous
                # view passed to an identity-layout argument): pass a contiguous
                # copy, and copy it back after the call if the callee writes it.
                reason = (
                    f"copy of operand #{index} of the call of {op.callee} "
                    f"({buffer.type}): the callee takes {wanted}, which cannot "
                    "describe this view"
                )
                with copies_made_for(reason):
                    copy = state.allocate(
                        rewriter,
                        value.type,  # pyright: ignore[reportArgumentType]
                        [],
                        copy_from=buffer,
                        memory_space=getattr(wanted, "memory_space", None),
                    )
                summary = boundary.summary_of_callee(op)
                if summary is None or index in summary.written_args:
                    copy_backs.append(
                        (copy, buffer, f"{reason} (copied back: the callee writes it)")
                    )
                buffer = copy
            if buffer.type != wanted:
                cast = memref.CastOp.get(buffer, wanted)  # pyright: ignore[reportArgumentType]
                rewriter.insert(cast, InsertPoint.before(op))
                buffer = cast.dest
            operands.append(buffer)
        new_call = func.CallOp(op.callee, operands, callee_type.outputs.data)
        new_call.attributes.update(op.attributes)
        rewriter.insert(new_call, InsertPoint.before(op))
        for copy, original, reason in reversed(copy_backs):
            with copies_made_for(reason):
                rewriter.insert(copy_ops(copy, original), InsertPoint.after(new_call))
        state.replace_op_with_bufferized_values(rewriter, op, new_call.results)


def fits_argument_type(source: Attribute, target: Attribute) -> bool:
    """Whether a `source` buffer may be passed as a `target` argument through a
    `memref.cast` that holds at run time: same shape where static, and every
    static stride and the offset of `target` statically equal in `source` (an
    identity `target` takes only identity or provably contiguous buffers). An
    unranked `target` takes any buffer of its element type and memory space."""
    if isinstance(target, UnrankedMemRefType) and isinstance(
        source, MemRefType | UnrankedMemRefType
    ):
        return (
            source.element_type == target.element_type  # pyright: ignore[reportUnknownMemberType]
            and source.memory_space == target.memory_space  # pyright: ignore[reportUnknownMemberType]
        )
    if not isinstance(source, MemRefType) or not isinstance(target, MemRefType):
        return False
    source_memref: MemRefType[Attribute] = source  # pyright: ignore[reportUnknownVariableType]
    target_memref: MemRefType[Attribute] = target  # pyright: ignore[reportUnknownVariableType]
    if source_memref.element_type != target_memref.element_type:
        return False
    if source_memref.memory_space != target_memref.memory_space:
        return False
    a_shape, b_shape = source_memref.get_shape(), target_memref.get_shape()
    if len(a_shape) != len(b_shape):
        return False
    if any(a != b and a >= 0 and b >= 0 for a, b in zip(a_shape, b_shape, strict=True)):
        return False
    if isinstance(source_memref.layout, NoneAttr):
        return True
    a_strides, a_offset = strides_and_offset(source_memref)
    if isinstance(target_memref.layout, NoneAttr):
        if any(size < 0 for size in a_shape):
            return False
        return a_offset == 0 and a_strides == identity_strides(list(a_shape))
    b_strides, b_offset = strides_and_offset(target_memref)
    pairs = [*zip(a_strides, b_strides, strict=True), (a_offset, b_offset)]
    return all(b is None or a == b for a, b in pairs)


def register_func_models() -> None:
    """Register the models of the `func` dialect (function bodies)."""
    register_bufferizable_model(func.FuncOp, FuncOpModel())
    register_bufferizable_model(func.ReturnOp, ReturnOpModel())
    register_bufferizable_model(func.CallOp, CallOpModel())
