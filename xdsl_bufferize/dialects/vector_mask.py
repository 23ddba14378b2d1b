"""`vector.mask` and `vector.yield`, which xDSL 0.75's `vector` dialect lacks.

MLIR's syntax and semantics: `vector.mask %m[, %passthru] { <maskable op> } : <mask
type> [-> <result types>]` runs the one op of its region with the mask `%m`: lanes whose
mask bit is off are neither read nor written; a masked-off lane of a read yields the
passthru value (or the transfer's padding). The region ends with an implicit
`vector.yield` of the op's results, which the printer leaves out as MLIR does. The ops
are put into xDSL's `vector` dialect by `dialects/upstream.py`.
"""

from __future__ import annotations

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_operand_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class YieldOp(IRDLOperation):
    """`vector.yield`: hands the masked op's results to `vector.mask`."""

    name = "vector.yield"

    values = var_operand_def()

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(MaskOp)))

    assembly_format = "attr-dict ($values^ `:` type($values))?"


@irdl_op_definition
class MaskOp(IRDLOperation):
    """`vector.mask`: run the single op of the region under the mask."""

    name = "vector.mask"

    mask = operand_def(base(VectorType))
    passthru = opt_operand_def()
    res = var_result_def()
    body = region_def("single_block")

    traits = traits_def(RecursiveMemoryEffect())

    @property
    def masked_op(self) -> Operation | None:
        """The op the mask applies to (None for an empty mask region)."""
        first = self.body.block.first_op
        return None if first is None or isinstance(first, YieldOp) else first

    def verify_(self) -> None:
        block = self.body.block
        ops = list(block.ops)
        if not ops or not isinstance(ops[-1], YieldOp) or len(ops) > 2:
            raise VerifyException(
                "vector.mask: the region must hold one maskable op and vector.yield"
            )
        if [v.type for v in ops[-1].operands] != list(self.res.types):
            raise VerifyException(
                "vector.mask: the region must yield values of the result types"
            )
        if self.passthru is not None and (
            len(self.res) != 1 or self.passthru.type != self.res.types[0]
        ):
            raise VerifyException("vector.mask: passthru must have the result type")

    @classmethod
    def parse(cls, parser: Parser) -> MaskOp:
        unresolved: list[UnresolvedOperand] = [parser.parse_unresolved_operand()]
        if parser.parse_optional_punctuation(","):
            unresolved.append(parser.parse_unresolved_operand())
        region = parser.parse_region()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        mask_type = parser.parse_type()
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            result_types = list(
                parser.parse_optional_comma_separated_list(
                    Parser.Delimiter.PAREN, parser.parse_type
                )
                or [parser.parse_type()]
            )
        operands: list[SSAValue] = [parser.resolve_operand(unresolved[0], mask_type)]
        if len(unresolved) == 2:
            if len(result_types) != 1:
                parser.raise_error("vector.mask: passthru needs exactly one result")
            operands.append(parser.resolve_operand(unresolved[1], result_types[0]))
        if not region.blocks:
            region.add_block(Block())
        block = region.block
        if not isinstance(block.last_op, YieldOp):
            last = block.last_op
            block.add_op(YieldOp.create(operands=list(last.results) if last else []))
        op = cls.create(
            operands=operands,
            result_types=result_types,
            regions=[region],
            attributes=attributes,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.mask)
        if self.passthru is not None:
            printer.print_string(", ")
            printer.print_ssa_value(self.passthru)
        printer.print_string(" ")
        printer.print_region(
            self.body, print_entry_block_args=False, print_block_terminators=False
        )
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.mask.type)
        if self.res:
            printer.print_string(" -> ")
            if len(self.res) == 1:
                printer.print_attribute(self.res.types[0])
            else:
                with printer.in_parens():
                    printer.print_list(self.res.types, printer.print_attribute)
