"""`affine.if` in MLIR's custom form, which xDSL 0.75 has no syntax for.

xDSL defines `affine.if` without a custom form: it prints (and reads) only the
generic `"affine.if"(%i) <{condition = affine_set<...>}> ({...}, {...})`, whose
`condition` property upstream MLIR refuses (there it is an attribute). `IfOp` below
replaces xDSL's class in its dialect (`dialects/upstream.py`), is still an xDSL
`affine.IfOp`, and reads and prints MLIR's form:

    %r = affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%i)[%n] -> f32 {
      affine.yield %a : f32
    } else {
      affine.yield %b : f32
    }

The operands are the set's dimensions in parentheses, then its symbols in brackets;
`-> T` / `-> (T1, T2)` gives the results; a `affine.yield` without operands is left
out of the text (and put back when read), and an empty `else` region is not printed,
as in MLIR. The generic form is still read.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.dialects.builtin import AffineSetAttr, IndexType
from xdsl.ir import Attribute, Region
from xdsl.parser import Parser
from xdsl.printer import Printer


def _close_region(region: Region) -> None:
    """Put back the `affine.yield` without operands that MLIR's text leaves out."""
    for block in region.blocks:
        last = block.last_op
        if last is None or not isinstance(last, affine.YieldOp):
            block.add_op(affine.YieldOp.get())


class IfOp(affine.IfOp):
    """xDSL's `affine.if`, with MLIR's custom syntax."""

    name = "affine.if"

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        pos = parser.pos
        condition = parser.parse_attribute()
        if not isinstance(condition, AffineSetAttr):
            parser.raise_error("expected an integer set (affine_set<...>)", pos)
        dims = (
            parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_unresolved_operand
            )
            or []
        )
        symbols = (
            parser.parse_optional_comma_separated_list(
                Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
            )
            or []
        )
        operands = [*dims, *symbols]
        integer_set = condition.data
        if len(dims) != integer_set.num_dims or len(symbols) != integer_set.num_symbols:
            parser.raise_error(
                f"the integer set takes {integer_set.num_dims} dimension(s) and "
                f"{integer_set.num_symbols} symbol(s), got {len(dims)} and "
                f"{len(symbols)}",
                pos,
            )
        values = parser.resolve_operands(operands, [IndexType()] * len(operands), pos)
        result_types: Sequence[Attribute] = ()
        if parser.parse_optional_punctuation("->") is not None:
            several = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            )
            result_types = several if several is not None else [parser.parse_type()]
        then_region = parser.parse_region()
        _close_region(then_region)
        else_region = Region()
        if parser.parse_optional_keyword("else") is not None:
            else_region = parser.parse_region()
            _close_region(else_region)
        attributes = parser.parse_optional_attr_dict()
        return cls.create(
            operands=values,
            result_types=list(result_types),
            properties={"condition": condition},
            attributes=attributes,
            regions=[then_region, else_region],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.condition)
        integer_set = self.condition.data
        dims = self.args[: integer_set.num_dims]
        symbols = self.args[integer_set.num_dims :]
        with printer.in_parens():
            printer.print_list(dims, printer.print_ssa_value)
        if symbols:
            printer.print_string("[")
            printer.print_list(symbols, printer.print_ssa_value)
            printer.print_string("]")
        if self.res:
            printer.print_string(" -> ")
            if len(self.res) == 1:
                printer.print_attribute(self.res[0].type)
            else:
                with printer.in_parens():
                    printer.print_list(self.res.types, printer.print_attribute)
        printer.print_string(" ")
        printer.print_region(
            self.then_region,
            print_entry_block_args=False,
            print_block_terminators=bool(self.res),
        )
        if self.else_region.blocks and self.else_region.block.ops:
            yields_nothing = not self.res and len(list(self.else_region.block.ops)) == 1
            if not yields_nothing:
                printer.print_string(" else ")
                printer.print_region(
                    self.else_region,
                    print_entry_block_args=False,
                    print_block_terminators=bool(self.res),
                )
        if self.attributes:
            printer.print_op_attributes(self.attributes)
