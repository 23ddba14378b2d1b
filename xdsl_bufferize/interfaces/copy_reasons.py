"""Why each copy exists: the reasons behind `explain-copies`.

Every copy bufferization makes goes through `memref_copy.copy_ops`, and every clone
deallocation makes through an allocation model. While a copy is built, the reason
set by `copies_made_for` (the driver sets it around each op it bufferizes, with the
conflict that made the op's operand out of place when there is one) is recorded for
the copy op (and the driver records the conflict of an out-of-place operand on the
`alloc_tensor` that copies it, `record_reason`, so that the copy its rewrite makes
gets it). After the pass, `explain_copies` prints one line per copy and clone left
in the output, so copies removed by the clean-up are not reported and every reported
line matches one copy.

Values and ops are named as they are printed: `SsaNames` prints a function once and
keeps the printer's names, so a reason reads
"copy of %x (tensor<8xf32>) for the write of `%xw = linalg.generic ... outs(%x)`
because `%x5 = tensor.extract %x[%c5]` reads %x afterwards".
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import StringIO
from typing import TextIO
from weakref import WeakKeyDictionary

from xdsl.dialects import bufferization, memref
from xdsl.ir import Operation, SSAValue
from xdsl.printer import Printer

from xdsl_bufferize.utils.ir import enclosing_function

_reasons: WeakKeyDictionary[Operation, str] = WeakKeyDictionary()
Reason = str | Callable[[], str]
"""A reason, or a function making it (called only when a copy is built)."""

_current: list[Reason | None] = [None]


@contextmanager
def copies_made_for(reason: Reason | None) -> Iterator[None]:
    """Record `reason` for every copy built inside the `with` block (nested blocks
    override, None keeps the enclosing reason)."""
    _current.append(reason if reason is not None else _current[-1])
    try:
        yield
    finally:
        _current.pop()


def record_copy(copy: Operation) -> None:
    """Record the current reason (if any) for `copy`."""
    reason = _current[-1]
    if reason is not None:
        _reasons[copy] = reason if isinstance(reason, str) else reason()


def record_reason(op: Operation, reason: str) -> None:
    """Record `reason` for `op`: a copy, or a tensor op whose bufferization makes
    copies for that reason (`insert_tensor_copies` records the conflict of the
    out-of-place operand on the `alloc_tensor` it inserts)."""
    _reasons[op] = reason


def reason_of(op: Operation) -> str | None:
    """The recorded reason of a copy or clone op, or of the copies an op makes."""
    return _reasons.get(op)


class SsaNames:
    """The names of values and the one-line text of ops as the enclosing function
    prints them."""

    def __init__(self, scope: Operation) -> None:
        self._printer = Printer(stream=StringIO())
        self._printer.print_op(scope)

    def value(self, value: SSAValue) -> str:
        """`%name` of `value`."""
        self._printer.stream = StringIO()
        return "%" + self._printer.print_ssa_value(value)

    def op(self, op: Operation) -> str:
        """The first line of `op` as printed, with attributes, types and regions
        left out: `%xw = linalg.generic ... outs(%x)`."""
        stream = StringIO()
        self._printer.stream = stream
        self._printer.print_op(op)
        return shorten_op_text(stream.getvalue().split("\n")[0])


def shorten_op_text(line: str) -> str:
    """One printed op line without its attribute dictionary, types and region."""
    text = line.strip()
    if text.endswith("{"):
        text = text[:-1].rstrip()
    # Attribute dictionaries before the operand groups of structured ops.
    for group in (" ins(", " outs("):
        start = text.find(" {")
        at = text.find(group)
        if 0 <= start < at:
            text = text[:start] + " ..." + text[at:]
            break
    # Types inside operand groups: outs(%x : tensor<8xf32>) -> outs(%x).
    text = re.sub(r"\(([^():]*?) : [^()]*\)", r"(\1)", text)
    # The trailing types (`: tensor<8xf32>`, `-> tensor<8xf32>`).
    text = re.sub(r"\s+->\s+[^%]*$", "", text)
    head, sep, tail = text.rpartition(" : ")
    if sep and "%" not in tail:
        text = head
    return text


def _default_reason(op: Operation, names: SsaNames) -> str:
    if isinstance(op, bufferization.CloneOp):
        return (
            f"clone of {names.value(op.input)} ({op.input.type}) made by "
            "buffer-deallocation: the buffer leaves its block (returned, yielded or "
            "passed on) where it is not owned, so an owned copy is passed"
        )
    assert isinstance(op, memref.CopyOp)
    return (
        f"copy of {names.value(op.source)} into {names.value(op.destination)} "
        f"({op.destination.type})"
    )


def explain_copies(module: Operation, out: TextIO | None = None) -> int:
    """Print one line per `memref.copy` and `bufferization.clone` of `module` with
    its reason; return the number of lines."""
    stream = out if out is not None else sys.stderr
    count = 0
    names_of: dict[Operation, SsaNames] = {}
    for op in module.walk():
        if not isinstance(op, memref.CopyOp | bufferization.CloneOp):
            continue
        function = enclosing_function(op)
        scope: Operation = function if function is not None else module
        if scope not in names_of:
            names_of[scope] = SsaNames(scope)
        reason = reason_of(op) or _default_reason(op, names_of[scope])
        where = f"@{function.sym_name.data}" if function is not None else "module"
        print(f"explain-copies: {where}: {reason}", file=stream)
        count += 1
    return count
