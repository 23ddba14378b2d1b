"""One style for the errors of every pass of xdsl-bufferize: MLIR's.

An error about an op reads, as MLIR's diagnostics do,

    <file:line:col>: error: '<op name as written>' op <what is wrong>
    <file:line:col>: note: see current operation: <the op as IR text>

The position is the op's in the input when the parser recorded it (under `xdsl-opt`,
and for modules parsed with `utils.locations.LocatingParser`), and is left out
otherwise; `xdsl-opt` prints the first position (our error hook) and
`--verify-diagnostics` prints the message from the op's name on. The error is raised
as a `BufferizationError`, a `PassFailedException` that carries the op, its position,
the name of its function and the stage that refused it, for callers of the Python
API. The name is the one written in the input, also for ops xDSL parsed as
unregistered (never `builtin.unregistered`).

A bad pass option is an `InvalidOptionError` (a `ValueError`, like xDSL's own errors
for pass options), raised when the pass is built: it names the pass, the option and
the valid values.

`xdsl-opt` re-raises a pass's error unless `--verify-diagnostics` is given, which
Python shows as a traceback, and raises a pass pipeline it cannot read before any
pass runs. `report_uncaught_errors` shows these errors instead as one diagnostic on
stderr, exit status 1. It replaces `sys.excepthook`, so it is installed only by our
command-line entry points and, when the universe is loaded by `xdsl-opt` itself
(`running_as_xdsl_opt`), by the universe: xdsl-opt offers no other hook (the one
global hook of the project); a Python host that loads the universe keeps its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects import func
from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.utils.cli_errors import (
    InvalidOptionError,
    report_uncaught_errors,
    running_as_xdsl_opt,
)
from xdsl_bufferize.utils.ir import enclosing_function, written_name
from xdsl_bufferize.utils.locations import location_of, op_text

__all__ = [
    "BufferizationError",
    "InvalidOptionError",
    "report_uncaught_errors",
    "running_as_xdsl_opt",
]


class BufferizationError(PassFailedException):
    """A pass of xdsl-bufferize refused its input because of `op`."""

    op: Operation
    """The op at fault."""
    function: str | None
    """The name of the function containing it (None outside functions)."""

    location: str | None
    """`file:line:col` of the op in the input, when the parser recorded it."""

    stage: str
    """The pass (or the step of comprehensive-bufferize) that refused the op."""

    def __init__(
        self, message: str, op: Operation, function: str | None, stage: str = ""
    ) -> None:
        super().__init__(message)
        self.op = op
        self.function = function
        self.location = location_of(op)
        self.stage = stage


def op_error(stage: str, op: Operation, message: str) -> BufferizationError:
    """The error `stage` reports about `op` (see the module docstring)."""
    function = enclosing_function(op)
    function_name = function.sym_name.data if function is not None else None
    location = location_of(op)
    where = f"{location}: " if location is not None else ""
    text = (
        f"'{written_name(op)}' op {message}\n"
        f"{where}note: see current operation: {op_text(op)}"
    )
    return BufferizationError(text, op, function_name, stage)


ONE_SHOT_STAGE = "one-shot-bufferize"
"""The stage named in the diagnostics of bufferization (also when
comprehensive-bufferize runs it)."""


def call_context(op: Operation) -> str:
    """`(call of @f) ` for a `func.call` (an error about a call names its callee
    first), else the empty string."""
    if isinstance(op, func.CallOp):
        return f"(call of @{op.callee.root_reference.data}) "
    return ""


def invalid_option(
    pass_name: str, option: str, value: object, valid: Iterable[str]
) -> InvalidOptionError:
    """The error for an option that must be one of `valid`."""
    choices = ", ".join(valid)
    return InvalidOptionError(
        f"{pass_name}: invalid value '{value}' of option {option} (valid: {choices})"
    )


def check_alignment(pass_name: str, alignment: int) -> None:
    """Raise unless `alignment` is a positive power of two, or 0 (MLIR's spelling
    of "no alignment attribute")."""
    if (
        isinstance(alignment, bool)
        or not isinstance(alignment, int)
        or alignment < 0
        or alignment & (alignment - 1)
    ):
        raise InvalidOptionError(
            f"{pass_name}: invalid value '{alignment}' of option buffer-alignment "
            "(must be a positive power of two, or 0 for none)"
        )
