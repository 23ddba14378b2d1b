"""Errors shown as one diagnostic line on the command line, never a traceback.

`xdsl-opt` re-raises a pass's error unless `--verify-diagnostics` is given, which
Python shows as a traceback, and raises a pass pipeline it cannot read before any
pass runs. `report_uncaught_errors` shows these errors instead as one `error: ...`
line on stderr, exit status 1. It replaces `sys.excepthook`, so it is installed only
by our command-line entry points and, when our universe is loaded by `xdsl-opt`
itself (`running_as_xdsl_opt`), by the universe: xdsl-opt offers no other hook (the
project's one global hook). A Python host that loads the universe keeps its own.

This module is imported when xdsl-opt loads the universe: it imports nothing heavy.
"""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import TYPE_CHECKING

from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    VerifyException,
)

if TYPE_CHECKING:
    from xdsl.ir import Operation


class InvalidOptionError(ValueError):
    """A pass option with a value the pass does not accept."""


def running_as_xdsl_opt() -> bool:
    """Whether this process is the `xdsl-opt` command."""
    return bool(sys.argv) and os.path.basename(sys.argv[0]) in (
        "xdsl-opt",
        "xdsl_opt.py",
    )


def _show_our_errors(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """`sys.excepthook`: bad input (a bad pass option, a parse error, IR that does
    not verify, a failed pass, a pass pipeline that does not parse or names an
    unknown pass) as its message; any other error as before. A verifier error
    names the op that failed in MLIR's form (`_verifier_error`)."""
    if isinstance(error, VerifyException):
        op = _failing_op(trace)
        if op is not None:
            print(_verifier_error(op, error), file=sys.stderr)
            return
    if isinstance(error, (InvalidOptionError, ParseError, DiagnosticException)):
        location = getattr(error, "location", None)
        where = f"{location}: " if isinstance(location, str) else ""
        print(f"{where}error: {error}", file=sys.stderr)
        return
    if isinstance(error, (ArgSpecParseError, ValueError)):
        from xdsl.universe import Universe

        from xdsl_bufferize.utils.pipeline_errors import describe_pipeline_error

        line = describe_pipeline_error(error, Universe.get_multiverse().all_passes)
        if line is not None:
            print(f"error: {line}", file=sys.stderr)
            return
    _previous_excepthook(kind, error, trace)


def _failing_op(trace: TracebackType | None) -> Operation | None:
    """The op whose verifier raised the error: the `self` of the innermost
    `Operation.emit_error` (xDSL's verifier reports through it) in `trace`."""
    from xdsl.ir import Operation

    found: Operation | None = None
    while trace is not None:
        frame = trace.tb_frame
        candidate = frame.f_locals.get("self")
        if frame.f_code.co_name == "emit_error" and isinstance(candidate, Operation):
            found = candidate
        trace = trace.tb_next
    return found


def _verifier_error(op: Operation, error: VerifyException) -> str:
    """MLIR's form of a verifier error: the op's position (ops one-shot
    bufferization builds carry the position of the op they were built for; for an
    op built elsewhere without one, the position of the nearest op around it that has
    one), `error: '<op>' op <message>`, then the op."""
    from xdsl_bufferize.utils.ir import written_name
    from xdsl_bufferize.utils.locations import location_of, op_text

    located: Operation | None = op
    while located is not None and location_of(located) is None:
        located = located.parent_op()
    location = location_of(located) if located is not None else None
    where = f"{location}: " if location is not None else ""
    message = str(error).splitlines()[0] if str(error) else type(error).__name__
    return (
        f"{where}error: '{written_name(op)}' op {message}\n"
        f"{where}note: see current operation: {op_text(op)}"
    )


_previous_excepthook = sys.excepthook


def report_uncaught_errors() -> None:
    """Show the errors of `_show_our_errors` that no caller catches as one line on
    stderr, not a traceback; the process still exits with status 1. Other
    exceptions keep the hook they had."""
    global _previous_excepthook
    if sys.excepthook is not _show_our_errors:
        _previous_excepthook = sys.excepthook
        sys.excepthook = _show_our_errors
