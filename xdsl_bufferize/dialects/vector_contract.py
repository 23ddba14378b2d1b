"""`vector.contract`, which xDSL 0.75's `vector` dialect lacks.

MLIR's op and syntax: `vector.contract {indexing_maps = [#lhs, #rhs, #acc],
iterator_types = ["parallel", ..., "reduction"], kind = #vector.kind<add>} %lhs, %rhs,
%acc : vector<..>, vector<..> into vector<..>` (the accumulator and result may be a
scalar when every loop is a reduction). Over the loops of the iterator types, each
operand is indexed through its map; the products `lhs * rhs` (both promoted to the
accumulator's element type) are combined over the reduction loops with `kind` and
then with the accumulator: `result = acc <kind> (<kind> over reductions of lhs * rhs)`.
The iterator types are MLIR's `#vector.iterator_type<parallel>` attributes
(`IteratorTypeAttr`), which the custom form spells as strings. The op and the attribute
are put into xDSL's `vector` dialect by `dialects/upstream.py`; the reference executor
runs the op in `execution/ops_vector.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import auto
from typing import cast

from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    IntegerType,
    StringAttr,
    VectorType,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.dialects.vector import CombiningKindAttr, CombiningKindFlag
from xdsl.ir import Attribute, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from xdsl_bufferize.dialects.enum_syntax import AngleBracketEnum


class IteratorType(StrEnum):
    """The kind of a loop of a contraction."""

    PARALLEL = auto()
    REDUCTION = auto()


@irdl_attr_definition
class IteratorTypeAttr(AngleBracketEnum, EnumAttribute[IteratorType]):
    """`#vector.iterator_type<parallel>` (or `reduction`)."""

    name = "vector.iterator_type"


INTEGER_KINDS = frozenset(
    {
        CombiningKindFlag.MINUI,
        CombiningKindFlag.MINSI,
        CombiningKindFlag.MAXUI,
        CombiningKindFlag.MAXSI,
        CombiningKindFlag.AND,
        CombiningKindFlag.OR,
        CombiningKindFlag.XOR,
    }
)
"""Combining kinds defined on integers only."""

FLOAT_KINDS = frozenset(
    {
        CombiningKindFlag.MINNUMF,
        CombiningKindFlag.MAXNUMF,
        CombiningKindFlag.MINIMUMF,
        CombiningKindFlag.MAXIMUMF,
    }
)
"""Combining kinds defined on floats only."""


def shape_of(t: Attribute) -> tuple[int, ...]:
    """The shape of a vector type, `()` for a scalar."""
    if isinstance(t, VectorType):
        return tuple(cast(VectorType[Attribute], t).get_shape())
    return ()


def element_of(t: Attribute) -> Attribute:
    """The element type of a vector type, the type itself for a scalar."""
    if isinstance(t, VectorType):
        return cast(VectorType[Attribute], t).get_element_type()
    return t


@irdl_op_definition
class ContractionOp(IRDLOperation):
    """`vector.contract`: a contraction of two vectors into an accumulator."""

    name = "vector.contract"

    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def()
    result = result_def()

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    iterator_types = prop_def(ArrayAttr[IteratorTypeAttr])
    kind = prop_def(CombiningKindAttr)

    traits = traits_def(Pure())

    def __init__(
        self,
        lhs: SSAValue,
        rhs: SSAValue,
        acc: SSAValue,
        indexing_maps: Sequence[AffineMap],
        iterator_types: Sequence[str],
        kind: CombiningKindFlag = CombiningKindFlag.ADD,
    ) -> None:
        super().__init__(
            operands=[lhs, rhs, acc],
            result_types=[acc.type],
            properties={
                "indexing_maps": ArrayAttr(AffineMapAttr(m) for m in indexing_maps),
                "iterator_types": ArrayAttr(
                    IteratorTypeAttr(IteratorType(k)) for k in iterator_types
                ),
                "kind": CombiningKindAttr(kind),
            },
        )

    @property
    def maps(self) -> tuple[AffineMap, AffineMap, AffineMap]:
        """The maps of lhs, rhs and acc."""
        lhs, rhs, acc = (m.data for m in self.indexing_maps.data)
        return lhs, rhs, acc

    @property
    def reductions(self) -> tuple[bool, ...]:
        """Per loop, whether it is a reduction."""
        return tuple(k.data == IteratorType.REDUCTION for k in self.iterator_types.data)

    def verify_(self) -> None:
        kinds = self.iterator_types.data
        if len(self.indexing_maps.data) != 3:
            raise VerifyException(
                f"expected 3 indexing maps, got {len(self.indexing_maps.data)}"
            )
        if self.result.type != self.acc.type:
            raise VerifyException(
                f"expected the result type {self.result.type} to be the accumulator "
                f"type {self.acc.type}"
            )
        loops = len(kinds)
        sizes: dict[int, int] = {}
        operands = (self.lhs, self.rhs, self.acc)
        for index, (operand, amap) in enumerate(zip(operands, self.maps, strict=True)):
            if amap.num_dims != loops or amap.num_symbols:
                raise VerifyException(
                    f"expected indexing map {index} to have {loops} dims and no symbols"
                )
            shape = shape_of(operand.type)
            if len(amap.results) != len(shape):
                raise VerifyException(
                    f"expected indexing map {index} to have {len(shape)} results "
                    f"(the rank of operand {index}), got {len(amap.results)}"
                )
            positions = [
                e.position for e in amap.results if isinstance(e, AffineDimExpr)
            ]
            if len(positions) != len(amap.results) or len(set(positions)) != len(
                positions
            ):
                raise VerifyException(
                    f"expected indexing map {index} to be a projected permutation of "
                    "its inputs"
                )
            for position, size in zip(positions, shape, strict=True):
                if sizes.setdefault(position, size) != size:
                    raise VerifyException(
                        f"dimension d{position} has size {sizes[position]} in one "
                        f"operand and {size} in another"
                    )
        lhs_map, rhs_map, acc_map = self.maps
        inputs = {
            e.position
            for e in (*lhs_map.results, *rhs_map.results)
            if isinstance(e, AffineDimExpr)
        }
        if len(inputs) != loops:
            raise VerifyException(
                "expected all dimensions to be either a LHS or a RHS dimension"
            )
        out = {e.position for e in acc_map.results if isinstance(e, AffineDimExpr)}
        parallel = {d for d, red in enumerate(self.reductions) if not red}
        if out != parallel:
            raise VerifyException(
                "expected the accumulator to be indexed by exactly the parallel "
                "dimensions"
            )
        element = element_of(self.acc.type)
        kind = self.kind.data
        if (isinstance(element, AnyFloat) and kind in INTEGER_KINDS) or (
            isinstance(element, IntegerType) and kind in FLOAT_KINDS
        ):
            raise VerifyException(
                f"unsupported contraction type {element} for kind '{kind}'"
            )

    @classmethod
    def parse(cls, parser: Parser) -> ContractionOp:
        start = parser.pos
        attributes = parser.parse_optional_attr_dict()
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        acc = parser.parse_unresolved_operand()
        extra = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        lhs_type = parser.parse_type()
        parser.parse_punctuation(",")
        rhs_type = parser.parse_type()
        parser.parse_keyword("into")
        acc_type = parser.parse_type()
        maps = attributes.pop("indexing_maps", None)
        iterators = attributes.pop("iterator_types", None)
        kind = attributes.pop("kind", CombiningKindAttr(CombiningKindFlag.ADD))
        if (
            not isinstance(maps, ArrayAttr)
            or not isinstance(iterators, ArrayAttr)
            or not isinstance(kind, CombiningKindAttr)
        ):
            parser.raise_error(
                "vector.contract needs indexing_maps, iterator_types and a "
                "#vector.kind",
                start,
            )
        iterator_names: list[IteratorTypeAttr] = []
        for item in cast(ArrayAttr[Attribute], iterators).data:
            if isinstance(item, StringAttr) and item.data in set(IteratorType):
                item = IteratorTypeAttr(IteratorType(item.data))
            if not isinstance(item, IteratorTypeAttr):
                parser.raise_error(
                    f"expected 'parallel' or 'reduction', got {item}", start
                )
            iterator_names.append(item)
        operands = parser.resolve_operands(
            [lhs, rhs, acc], [lhs_type, rhs_type, acc_type], start
        )
        op = cls.create(
            operands=operands,
            result_types=[acc_type],
            properties={
                "indexing_maps": maps,
                "iterator_types": ArrayAttr(iterator_names),
                "kind": kind,
            },
            attributes={**attributes, **extra},
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attr_dict(
            {
                "indexing_maps": self.indexing_maps,
                "iterator_types": ArrayAttr(
                    StringAttr(k.data) for k in self.iterator_types.data
                ),
                "kind": self.kind,
                **self.attributes,
            }
        )
        printer.print_string(" ")
        printer.print_list((self.lhs, self.rhs, self.acc), printer.print_ssa_value)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)
        printer.print_string(", ")
        printer.print_attribute(self.rhs.type)
        printer.print_string(" into ")
        printer.print_attribute(self.acc.type)
