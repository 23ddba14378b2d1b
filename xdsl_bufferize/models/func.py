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
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, BoolAttr, DictionaryAttr, IntegerAttr
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    OpOperand,
    register_bufferizable_model,
)

WRITABLE_ATTRS = ("bufferization.writable", "linalg.inplaceable")
"""Argument attributes that make a function argument writable (MLIR's, then the
older spelling)."""


def _as_bool(attr: Attribute) -> bool | None:
    if isinstance(attr, IntegerAttr) and attr.type == BoolAttr.from_bool(True).type:
        return bool(attr.value.data)
    return None


def argument_writable(op: func.FuncOp, index: int) -> bool | None:
    """The value of the writable attribute of argument `index`, None if absent."""
    if op.arg_attrs is None:
        return None
    attrs = op.arg_attrs.data[index]
    assert isinstance(attrs, DictionaryAttr)
    for name in WRITABLE_ATTRS:
        attr = attrs.data.get(name)
        if attr is not None:
            return _as_bool(attr)
    return None


def verify_writable_attributes(root: Operation) -> None:
    """Reject writable attributes that are not bool, or not on a function argument."""
    for op in root.walk():
        for name in WRITABLE_ATTRS:
            if name in op.attributes:
                raise PassFailedException(
                    f"'{name}' is only valid as a function argument attribute, "
                    f"found on '{op.name}'"
                )
        if isinstance(op, func.FuncOp) and op.arg_attrs is not None:
            arg_attrs: ArrayAttr[DictionaryAttr] = op.arg_attrs
            for index, attrs in enumerate(arg_attrs.data):
                for name in WRITABLE_ATTRS:
                    attr = attrs.data.get(name)
                    if attr is not None and _as_bool(attr) is None:
                        raise PassFailedException(
                            f"'{name}' of argument #{index} of @{op.sym_name.data} "
                            f"must be a bool attribute, got {attr}"
                        )


class FuncOpModel(BufferizableOpModel):
    """func.func: its tensor arguments are read-only unless marked writable."""

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        assert isinstance(op, func.FuncOp)
        if not isinstance(value, BlockArgument):
            return True
        return argument_writable(op, value.index) is True

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # The signature is the module driver's business; uses of tensor arguments
        # get `to_buffer` lazily from `get_buffer`.
        return


class ReturnOpModel(BufferizableOpModel):
    """func.return: reads the returned tensors (returned as the to_tensor of their
    buffer while signatures keep tensors)."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # Operands already are `to_tensor` of buffers (or tensor arguments).
        return


class CallOpModel(BufferizableOpModel):
    """func.call: reads its tensor operands, writes none; results not writable."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def is_writable(self, op: Operation, value: SSAValue, state: AnalysisState) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        return


def register_func_models() -> None:
    """Register the models of the `func` dialect (function bodies)."""
    register_bufferizable_model(func.FuncOp, FuncOpModel())
    register_bufferizable_model(func.ReturnOp, ReturnOpModel())
    register_bufferizable_model(func.CallOp, CallOpModel())
