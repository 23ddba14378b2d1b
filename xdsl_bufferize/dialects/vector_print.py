"""`vector.print` in MLIR's custom form, which xDSL 0.75 defines without any syntax.

xDSL's `vector.print` has its operand only (no custom format), so `vector.print %v :
vector<4xf32>` as MLIR writes it does not parse. `PrintOp` below replaces xDSL's class
in its dialect (`dialects/upstream.py`), is still an xDSL `vector.PrintOp`, and reads
and prints MLIR's form of a printed value:

    vector.print %v : vector<4xf32>
    vector.print %f : f32 {some_attr}

MLIR's other forms (`vector.print str "..."`, `punctuation <...>`, a print without a
value) have properties xDSL's op lacks; they get a diagnostic at the op.
"""

from __future__ import annotations

from xdsl.dialects import vector
from xdsl.parser import Parser
from xdsl.printer import Printer


class PrintOp(vector.PrintOp):
    """xDSL's `vector.print`, with MLIR's custom syntax `%v : T attr-dict`."""

    name = "vector.print"

    @classmethod
    def parse(cls, parser: Parser) -> PrintOp:
        pos = parser.pos
        for keyword in ("str", "punctuation"):
            if parser.parse_optional_keyword(keyword) is not None:
                parser.raise_error(
                    f"vector.print {keyword} is not supported (only `vector.print "
                    "%value : type`)",
                    pos,
                )
        operand = parser.parse_optional_unresolved_operand()
        if operand is None:
            parser.raise_error("vector.print needs a value to print", pos)
        parser.parse_punctuation(":")
        source = parser.resolve_operand(operand, parser.parse_type())
        op = cls(source)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        if self.attributes:
            printer.print_op_attributes(self.attributes)
