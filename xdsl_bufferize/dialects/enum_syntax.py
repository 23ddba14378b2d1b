"""MLIR's `#dialect.name<value>` syntax for enum attributes (`#vector.iterator_type<
parallel>`, `#linalg.elementwise_kind<add>`, `#linalg.type_fn<cast_unsigned>`)."""

from __future__ import annotations

from typing import Any, ClassVar

from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum


class AngleBracketEnum:
    """Mixin put before `EnumAttribute[E]`: the value in angle brackets; an unknown
    value is a located parse error naming the allowed ones."""

    enum_type: ClassVar[type[StrEnum]]
    data: Any

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.data))

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Any:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(cls.enum_type)
