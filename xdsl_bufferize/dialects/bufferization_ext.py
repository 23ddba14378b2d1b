"""`bufferization.to_tensor` / `to_buffer` between a tensor and a buffer of any layout
or memory space, as in MLIR.

xDSL's (0.75) classes derive the memref type from the tensor type, so a buffer with
a memory space (`memref<4xf32, 1>`) or a layout cannot stand on their memref side.
MLIR only asks that both sides have the same shape and element type. These
subclasses replace xDSL's in its `bufferization` dialect (`dialects/upstream.py`'s
`WIDENED_OPS`): they read, print and build as xDSL's do, and check MLIR's rule.
"""

from __future__ import annotations

from xdsl.dialects import bufferization
from xdsl.dialects.builtin import (
    AnyUnrankedMemRefTypeConstr,
    AnyUnrankedTensorTypeConstr,
    MemRefType,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.ir import Attribute, Operation
from xdsl.irdl import irdl_op_definition, operand_def, opt_prop_def, result_def
from xdsl.utils.exceptions import VerifyException

_DEFAULT_PARSE = classmethod(Operation.parse.__func__)
"""`Operation`'s own parse and print: the subclasses restate xDSL's assembly format,
which `irdl_op_definition` accepts only over these (not the base's generated ones)."""
_DEFAULT_PRINT = Operation.print

_BUFFER = MemRefType.constr() | AnyUnrankedMemRefTypeConstr
_TENSOR = TensorType.constr() | AnyUnrankedTensorTypeConstr


def _verify_matching(tensor_type: Attribute, buffer_type: Attribute) -> None:
    """Raise unless both types have the same element type and shape (both unranked
    or the same ranked shape), whatever the buffer's layout and memory space."""
    assert isinstance(tensor_type, TensorType | UnrankedTensorType)
    assert isinstance(buffer_type, MemRefType | UnrankedMemRefType)
    if tensor_type.element_type != buffer_type.element_type:  # pyright: ignore[reportUnknownMemberType]
        raise VerifyException(
            f"element types of {tensor_type} and {buffer_type} do not match"
        )
    tensor_shape = (
        tensor_type.get_shape() if isinstance(tensor_type, TensorType) else None
    )
    buffer_shape = (
        buffer_type.get_shape() if isinstance(buffer_type, MemRefType) else None
    )
    if tensor_shape != buffer_shape:
        raise VerifyException(f"shapes of {tensor_type} and {buffer_type} do not match")


@irdl_op_definition
class ToTensorOp(bufferization.ToTensorOp):
    """xDSL's `bufferization.to_tensor`, also of a buffer with a memory space or a
    layout."""

    name = "bufferization.to_tensor"

    memref = operand_def(_BUFFER)
    tensor = result_def(_TENSOR)
    writable = opt_prop_def(UnitAttr)
    restrict = opt_prop_def(UnitAttr)

    assembly_format = bufferization.ToTensorOp.assembly_format
    parse = _DEFAULT_PARSE  # pyright: ignore[reportAssignmentType]
    print = _DEFAULT_PRINT

    def verify_(self) -> None:
        _verify_matching(self.tensor.type, self.memref.type)


@irdl_op_definition
class ToBufferOp(bufferization.ToBufferOp):
    """xDSL's `bufferization.to_buffer`, also to a buffer with a memory space or a
    layout."""

    name = "bufferization.to_buffer"

    tensor = operand_def(_TENSOR)
    memref = result_def(_BUFFER)
    read_only = opt_prop_def(UnitAttr)

    assembly_format = bufferization.ToBufferOp.assembly_format
    parse = _DEFAULT_PARSE  # pyright: ignore[reportAssignmentType]
    print = _DEFAULT_PRINT

    def verify_(self) -> None:
        _verify_matching(self.tensor.type, self.memref.type)
