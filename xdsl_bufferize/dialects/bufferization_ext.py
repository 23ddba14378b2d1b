"""`bufferization.to_tensor` / `to_buffer` between a tensor and a buffer of any layout
or memory space, as in MLIR.

xDSL's (0.75) classes derive the memref type from the tensor type, so a buffer with
a memory space (`memref<4xf32, 1>`) or a layout cannot stand on their memref side.
MLIR only asks that both sides have the same shape and element type. These
subclasses replace xDSL's in its `bufferization` dialect (`dialects/upstream.py`'s
`WIDENED_OPS`): they read, print and build as xDSL's do, and check MLIR's rule.
"""

from __future__ import annotations

from typing_extensions import Self
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
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
)
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

_FORMATS: dict[type[Operation], FormatProgram] = {}


def _format(
    op_type: type[IRDLOperation], xdsl_type: type[IRDLOperation]
) -> FormatProgram:
    """xDSL's assembly format of `xdsl_type`, for our `op_type`: ours print as
    xDSL's do (built once, on first print)."""
    if op_type not in _FORMATS:
        assert xdsl_type.assembly_format is not None
        _FORMATS[op_type] = FormatProgram.from_str(
            xdsl_type.assembly_format, op_type.get_irdl_definition()
        )
    return _FORMATS[op_type]


def _parse_types(
    parser: Parser, *, buffer_first: bool
) -> tuple[dict[str, Attribute], Attribute, Attribute]:
    """After the operand and keywords: `{attrs} : A to B` (MLIR), `: {attrs} A to B`
    (xDSL's `to_buffer`) or `{attrs} : M` (MLIR before 2025: the buffer type only,
    the tensor type implied). The attributes, the buffer type and the tensor type."""
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    attributes |= parser.parse_optional_attr_dict()
    first = parser.parse_type()
    if parser.parse_optional_keyword("to") is None:
        if isinstance(first, MemRefType):
            return attributes, first, TensorType(first.element_type, first.shape)
        if isinstance(first, UnrankedMemRefType):
            return attributes, first, UnrankedTensorType(first.element_type)
        parser.raise_error(f"expected a memref type, got {first}")
    second = parser.parse_type()
    if buffer_first:
        return attributes, first, second
    return attributes, second, first


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
        layout, and also read in MLIR's form before 2025 `%m restrict? writable? {attrs} :
    M` (the tensor type implied: what the finch-mlir wheel prints), besides today's
    `... : M to T`."""

    name = "bufferization.to_tensor"

    memref = operand_def(_BUFFER)
    tensor = result_def(_TENSOR)
    writable = opt_prop_def(UnitAttr)
    restrict = opt_prop_def(UnitAttr)

    assembly_format = None

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        buffer = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        for keyword in ("restrict", "writable"):
            if parser.parse_optional_keyword(keyword) is not None:
                properties[keyword] = UnitAttr()
        attributes, buffer_type, tensor_type = _parse_types(parser, buffer_first=True)
        return cls.build(
            operands=[parser.resolve_operand(buffer, buffer_type)],
            result_types=[tensor_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        _format(type(self), bufferization.ToTensorOp).print(printer, self)

    def verify_(self) -> None:
        _verify_matching(self.tensor.type, self.memref.type)


@irdl_op_definition
class ToBufferOp(bufferization.ToBufferOp):
    """xDSL's `bufferization.to_buffer`, also to a buffer with a memory space or a
    layout, and also read in MLIR's forms: `%t read_only? {attrs} : T to M` (today's)
    and `%t read_only? {attrs} : M` (before 2025, the tensor type implied: what the
    finch-mlir wheel prints), besides xDSL's `%t : {attrs} T to M`."""

    name = "bufferization.to_buffer"

    tensor = operand_def(_TENSOR)
    memref = result_def(_BUFFER)
    read_only = opt_prop_def(UnitAttr)

    assembly_format = None

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        tensor = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("read_only") is not None:
            properties["read_only"] = UnitAttr()
        attributes, buffer_type, tensor_type = _parse_types(parser, buffer_first=False)
        return cls.build(
            operands=[parser.resolve_operand(tensor, tensor_type)],
            result_types=[buffer_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        _format(type(self), bufferization.ToBufferOp).print(printer, self)

    def verify_(self) -> None:
        _verify_matching(self.tensor.type, self.memref.type)
