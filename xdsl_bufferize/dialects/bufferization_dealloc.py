"""`bufferization.dealloc`, which xDSL 0.75's `bufferization` dialect lacks, in MLIR's
spelling (added to xDSL's dialect by `dialects/upstream.py`).

Semantics (MLIR's): for each memref operand whose condition is true, the allocation the
memref points into (its base pointer) is freed, once even when several operands share
it, unless it is also one of the `retain` operands. Each result is the updated
ownership flag of one retained memref. The op is what MLIR's ownership-based
deallocation produces; our deallocation pass reads it in its input as frees of the
program (`deallocation/existing_deallocs.py`).

    bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi8>) if (%c0, %c1)
        retain (%r : memref<2xf32>)
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I1, AnyUnrankedMemRefTypeConstr, MemRefType, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryFreeEffect, MemoryReadEffect
from xdsl.utils.exceptions import VerifyException

_BUFFER = MemRefType.constr() | AnyUnrankedMemRefTypeConstr


def _parse_typed_operands(parser: Parser) -> Sequence[SSAValue]:
    """Read `%a, %b : T, U)` (at least one operand, up to the closing parenthesis)
    and resolve each operand against its type."""
    unresolved = parser.parse_comma_separated_list(
        parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return parser.resolve_operands(unresolved, types, parser.pos)


@irdl_op_definition
class DeallocOp(IRDLOperation):
    """bufferization.dealloc: frees each memref's allocation whose condition holds,
    except retained ones; returns the retained memrefs' updated ownership."""

    name = "bufferization.dealloc"

    memrefs = var_operand_def(_BUFFER)
    conditions = var_operand_def(I1)
    retained = var_operand_def(_BUFFER)
    updated_conditions = var_result_def(I1)

    traits = traits_def(MemoryFreeEffect(), MemoryReadEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        memrefs: Sequence[SSAValue],
        conditions: Sequence[SSAValue],
        retained: Sequence[SSAValue] = (),
    ):
        super().__init__(
            operands=[memrefs, conditions, retained],
            result_types=[[i1] * len(retained)],
        )

    def verify_(self) -> None:
        if len(self.memrefs) != len(self.conditions):
            raise VerifyException(
                "must have the same number of conditions as memrefs to deallocate"
            )
        if len(self.updated_conditions) != len(self.retained):
            raise VerifyException(
                "must have the same number of updated conditions (results) as "
                "retained operands"
            )

    @classmethod
    def parse(cls, parser: Parser) -> DeallocOp:
        memrefs: Sequence[SSAValue] = ()
        parser.parse_punctuation("(")
        if parser.parse_optional_punctuation(")") is None:
            memrefs = _parse_typed_operands(parser)
        parser.parse_keyword("if")
        unresolved_conditions = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        conditions = parser.resolve_operands(
            unresolved_conditions, [i1] * len(unresolved_conditions), parser.pos
        )
        retained: Sequence[SSAValue] = ()
        if parser.parse_optional_keyword("retain") is not None:
            parser.parse_punctuation("(")
            retained = _parse_typed_operands(parser)
        attributes = parser.parse_optional_attr_dict()
        op = cls(memrefs, conditions, retained)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" (")
        if self.memrefs:
            printer.print_list(self.memrefs, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list((m.type for m in self.memrefs), printer.print_attribute)
        printer.print_string(") if (")
        printer.print_list(self.conditions, printer.print_operand)
        printer.print_string(")")
        if self.retained:
            printer.print_string(" retain (")
            printer.print_list(self.retained, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list((r.type for r in self.retained), printer.print_attribute)
            printer.print_string(")")
        extra: dict[str, Attribute] = dict(self.attributes)
        if extra:
            printer.print_op_attributes(extra)
