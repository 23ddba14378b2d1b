"""MLIR's custom form of the `memref` ops xDSL 0.75 reads only in generic form.

xDSL defines `memref.cast`, `memref.copy`, `memref.global`,
`memref.memory_space_cast` and `memref.extract_aligned_pointer_as_index` without a
custom syntax: it reads and prints `"memref.cast"(%x) : (...) -> ...` only. MLIR
prints (and its tests and integration tests are written in) the custom forms:

    %c = memref.cast %x : memref<4xf32> to memref<*xf32>
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>
    memref.global @h : memref<2xf32> = uninitialized
    memref.global @external : memref<3xi32>
    %m = memref.memory_space_cast %x : memref<4xf32> to memref<4xf32, 1>
    %p = memref.extract_aligned_pointer_as_index %x : memref<4xf32> -> index

The subclasses below replace xDSL's classes in its `memref` dialect
(`dialects/upstream.py`'s `WIDENED_OPS`). They read both forms and still print the
generic one, as xDSL does (MLIR reads it, and every printed test of this project
expects it). Where xDSL's definition is narrower than MLIR's, they take MLIR's:
`memref.copy` of unranked buffers, and `memref.global` without a visibility (public)
or without an initial value (an external declaration).
"""

from __future__ import annotations

from typing import TypeVar, cast

from typing_extensions import Self
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I64,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.utils.bitwise_casts import is_power_of_two
from xdsl.utils.exceptions import VerifyException

_BUFFER = base(MemRefType) | base(UnrankedMemRefType)
_OpT = TypeVar("_OpT", bound=IRDLOperation)


def _parse_unary(
    parser: Parser, separator: str
) -> tuple[SSAValue, Attribute, dict[str, Attribute]]:
    """Read `%x {attrs} : T <separator> U` (MLIR's `$source attr-dict : type($source)
    to type($dest)` and its `->` variant): the source resolved against T, the result
    type U and the attributes."""
    unresolved = parser.parse_unresolved_operand()
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    source_type = parser.parse_type()
    if separator == "->":
        parser.parse_punctuation("->")
    else:
        parser.parse_keyword(separator)
    result_type = parser.parse_type()
    return parser.resolve_operand(unresolved, source_type), result_type, attributes


def _parse_unary_op(cls: type[_OpT], parser: Parser, separator: str) -> _OpT:
    """An op of class `cls` read from `%x {attrs} : T <separator> U` (see
    `_parse_unary`): one operand, one result of type U, the attributes."""
    source, result_type, attributes = _parse_unary(parser, separator)
    op = cls.build(operands=[source], result_types=[result_type])
    op.attributes.update(attributes)
    return op


def _verify_same_elements(
    source: Attribute, dest: Attribute, *, same_space: bool
) -> None:
    """MLIR's rule for a cast between two buffer types: the same element type, the
    same memory space (unless `same_space` is false), and where both are ranked the
    same rank with equal sizes where both are static."""
    assert isinstance(source, MemRefType | UnrankedMemRefType)
    assert isinstance(dest, MemRefType | UnrankedMemRefType)
    if source.element_type != dest.element_type:  # pyright: ignore[reportUnknownMemberType]
        raise VerifyException(f"element types of {source} and {dest} do not match")
    if same_space and source.memory_space != dest.memory_space:  # pyright: ignore[reportUnknownMemberType]
        raise VerifyException(f"memory spaces of {source} and {dest} do not match")
    if isinstance(source, MemRefType) and isinstance(dest, MemRefType):
        source_shape, dest_shape = source.get_shape(), dest.get_shape()
        if len(source_shape) != len(dest_shape) or any(
            a != b and a != DYNAMIC_INDEX and b != DYNAMIC_INDEX
            for a, b in zip(source_shape, dest_shape, strict=True)
        ):
            raise VerifyException(f"shapes of {source} and {dest} do not match")


@irdl_op_definition
class CastOp(memref.CastOp):
    """xDSL's `memref.cast`, also read in MLIR's custom form
    `memref.cast %x {attrs} : T to U`."""

    name = "memref.cast"

    source = operand_def(_BUFFER)
    dest = result_def(_BUFFER)

    traits = memref.CastOp.traits

    def verify_(self) -> None:
        _verify_same_elements(self.source.type, self.dest.type, same_space=True)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        return _parse_unary_op(cls, parser, "to")


@irdl_op_definition
class MemorySpaceCastOp(memref.MemorySpaceCastOp):
    """xDSL's `memref.memory_space_cast`, also read in MLIR's custom form
    `memref.memory_space_cast %x {attrs} : T to U`."""

    name = "memref.memory_space_cast"

    source = operand_def(_BUFFER)
    dest = result_def(_BUFFER)

    traits = memref.MemorySpaceCastOp.traits

    def verify_(self) -> None:
        _verify_same_elements(self.source.type, self.dest.type, same_space=False)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        return _parse_unary_op(cls, parser, "to")


@irdl_op_definition
class ExtractAlignedPointerAsIndexOp(memref.ExtractAlignedPointerAsIndexOp):
    """xDSL's `memref.extract_aligned_pointer_as_index`, also read in MLIR's custom
    form `memref.extract_aligned_pointer_as_index %x {attrs} : T -> index`."""

    name = "memref.extract_aligned_pointer_as_index"

    source = operand_def(MemRefType)
    aligned_pointer = result_def(IndexType)

    traits = memref.ExtractAlignedPointerAsIndexOp.traits

    def verify_(self) -> None:
        # Defined so that the verifier irdl_op_definition makes runs this instead
        # of xDSL's generated one (which checks xDSL's definition again).
        return

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        return _parse_unary_op(cls, parser, "->")


@irdl_op_definition
class CopyOp(memref.CopyOp):
    """xDSL's `memref.copy`, also of unranked buffers (as in MLIR), and also read in
    MLIR's custom form `memref.copy %a, %b {attrs} : T to U`."""

    name = "memref.copy"

    source = operand_def(_BUFFER)  # pyright: ignore[reportIncompatibleVariableOverride]
    destination = operand_def(_BUFFER)  # pyright: ignore[reportIncompatibleVariableOverride]

    traits = memref.CopyOp.traits

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        unresolved_source = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        unresolved_dest = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        dest_type = parser.parse_type()
        source = parser.resolve_operand(unresolved_source, source_type)
        dest = parser.resolve_operand(unresolved_dest, dest_type)
        op = cls.build(operands=[source, dest])
        op.attributes.update(attributes)
        return op

    def verify_(self) -> None:
        # MLIR's rule: the same element type; the same shape where both are ranked.
        source = cast(MemRefType | UnrankedMemRefType, self.source.type)
        dest = cast(MemRefType | UnrankedMemRefType, self.destination.type)
        if source.element_type != dest.element_type:  # pyright: ignore[reportUnknownMemberType]
            raise VerifyException(
                "Expected source and destination to have the same element type."
            )
        if (
            isinstance(source, MemRefType)
            and isinstance(dest, MemRefType)
            and source.get_shape() != dest.get_shape()
        ):
            raise VerifyException(
                "Expected source and destination to have the same shape."
            )


@irdl_op_definition
class GlobalOp(memref.GlobalOp):
    """xDSL's `memref.global`, also public (no `sym_visibility`) or external (no
    `initial_value`) as in MLIR, and also read in MLIR's custom form
    `memref.global "private"? constant? @name : T (= uninitialized | = <value>)?
    {attrs}`, where a `dense<...>` value takes the tensor type of T."""

    name = "memref.global"

    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)  # pyright: ignore[reportIncompatibleVariableOverride]
    type = prop_def(MemRefType)
    initial_value = opt_prop_def(UnitAttr | DenseIntOrFPElementsAttr)  # pyright: ignore[reportIncompatibleVariableOverride]
    constant = opt_prop_def(UnitAttr)
    alignment = opt_prop_def(IntegerAttr[I64])

    traits = memref.GlobalOp.traits

    def verify_(self) -> None:
        if self.alignment is not None and not is_power_of_two(
            self.alignment.value.data
        ):
            raise VerifyException(
                f"alignment {self.alignment.value.data} is not a power of 2"
            )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        properties: dict[str, Attribute] = {}
        visibility = parser.parse_optional_str_literal()
        if visibility is not None:
            properties["sym_visibility"] = StringAttr(visibility)
        if parser.parse_optional_keyword("constant") is not None:
            properties["constant"] = UnitAttr()
        properties["sym_name"] = parser.parse_symbol_name()
        parser.parse_punctuation(":")
        type_pos = parser.pos
        global_type = parser.parse_type()
        if not isinstance(global_type, MemRefType):
            parser.raise_error(
                f"memref.global's type must be a ranked memref, got {global_type}",
                type_pos,
                parser.pos,
            )
        properties["type"] = global_type
        if parser.parse_optional_punctuation("=") is not None:
            properties["initial_value"] = cls._parse_initial_value(
                parser, cast(MemRefType, global_type)
            )
        attributes = parser.parse_optional_attr_dict()
        if "alignment" in attributes:
            properties["alignment"] = attributes.pop("alignment")
        order = cls.get_irdl_definition().properties
        op = cls.build(properties={k: properties[k] for k in order if k in properties})
        op.attributes.update(attributes)
        return op

    @staticmethod
    def _parse_initial_value(parser: Parser, global_type: MemRefType) -> Attribute:
        """`uninitialized` (a unit attribute), a `dense<...>` literal of the global's
        tensor type, or any attribute spelled with its type."""
        if parser.parse_optional_keyword("uninitialized") is not None:
            return UnitAttr()
        if parser.parse_optional_keyword("dense") is not None:
            tensor_type = TensorType(
                global_type.get_element_type(), global_type.get_shape()
            )
            return parser.parse_dense_int_or_fp_elements_attr(tensor_type)  # pyright: ignore[reportArgumentType]
        return parser.parse_attribute()


MEMREF_CUSTOM_FORMS: tuple[type[Operation], ...] = (
    CastOp,
    CopyOp,
    ExtractAlignedPointerAsIndexOp,
    GlobalOp,
    MemorySpaceCastOp,
)
"""The classes `dialects/upstream.py` swaps into xDSL's `memref` dialect."""
