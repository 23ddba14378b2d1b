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

from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, ParseError


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
    unknown pass) as its message; any other error as before."""
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


_previous_excepthook = sys.excepthook


def report_uncaught_errors() -> None:
    """Show the errors of `_show_our_errors` that no caller catches as one line on
    stderr, not a traceback; the process still exits with status 1. Other
    exceptions keep the hook they had."""
    global _previous_excepthook
    if sys.excepthook is not _show_our_errors:
        _previous_excepthook = sys.excepthook
        sys.excepthook = _show_our_errors
