"""Source positions of ops: `file:line:col`, as MLIR's diagnostics show them.

xDSL's parser leaves every op's `location` unknown unless the text spells `loc(...)`.
`LocatingParser` records where each op starts instead (a `FileLineColLoc`); the
reference executor parses with it, and under `xdsl-opt` our universe makes xDSL's
`mlir` frontend use it (`LocatingMLIRFrontend`), so the errors of our passes name the
op's line and column (`location_of`). With `--split-input-file` lines count from the
start of the chunk.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from io import StringIO
from typing import IO, Any

from xdsl.context import Context
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IntAttr,
    ModuleOp,
    StringAttr,
    UnknownLoc,
)
from xdsl.frontend.mlir import MLIRFrontend
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.printer import Printer


class LocatingParser(Parser):
    """A parser that records each op's `file:line:col` as its location."""

    def __init__(self, ctx: Any, text: str, name: str = "<input>") -> None:
        super().__init__(ctx, text, name)
        self._file_name = name
        self._line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        op = super().parse_operation()
        if isinstance(op.location, UnknownLoc):
            line = bisect.bisect_right(self._line_starts, start)
            col = start - self._line_starts[line - 1] + 1
            op.location = FileLineColLoc(
                StringAttr(self._file_name), IntAttr(line), IntAttr(col)
            )
        return op


@dataclass(frozen=True)
class LocatingMLIRFrontend(MLIRFrontend):
    """xDSL's `mlir` frontend, recording each op's position (`LocatingParser`)."""

    def parse(
        self, ctx: Context, input: IO[bytes], input_name: str = "input"
    ) -> ModuleOp:
        text = input.read()
        source = text.decode() if isinstance(text, bytes) else text
        return LocatingParser(ctx, source, input_name).parse_module(
            not self.no_implicit_module
        )


def inherit_location(origin: Operation, new_op: Operation) -> None:
    """Give `new_op`, and the ops built inside it, the location of `origin` (the op
    they were built for) where they have none, as MLIR's rewriters build with the
    location of the op they replace."""
    location = origin.location
    if isinstance(location, UnknownLoc):
        return
    for nested in new_op.walk():
        if isinstance(nested.location, UnknownLoc):
            nested.location = location


def location_of(op: Operation) -> str | None:
    """`file:line:col` of `op` when its location is known, else None."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return None


def op_text(op: Operation) -> str:
    """`op` printed as in the IR (its first line when it has regions)."""
    stream = StringIO()
    Printer(stream=stream).print_op(op)
    return stream.getvalue().strip().splitlines()[0]
