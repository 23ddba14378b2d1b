"""One-line diagnostics for a pass pipeline that does not parse (MLIR's spelling).

xDSL reports a pipeline it cannot read in two ways our passes never see: the lexer
of `-p` raises `ArgSpecParseError` (an empty value `opt=`, a value that needs quotes
such as `memcpy-op=memref.copy`) with the pipeline text and a caret, and
`PassPipeline.parse_spec` raises `ValueError("Unrecognized passes: [...]")` for an
unknown pass name. `describe_pipeline_error` turns both into one line, `<pass>:
<what is wrong with option <name>>` or `unknown pass '<name>' (did you mean ...)`,
naming the nearest valid names; other errors give None.

This module depends on xDSL only: the executor's command line uses it too.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from difflib import get_close_matches
from typing import Any, Literal, get_args, get_origin, get_type_hints

from xdsl.utils.exceptions import ArgSpecParseError

_CONTEXT = re.compile(r"pass-pipeline:(\d+):(\d+)\n(.*)\n")
_UNKNOWN_PASSES = "Unrecognized passes: "


def nearest(name: str, candidates: Iterable[str], count: int = 3) -> list[str]:
    """Up to `count` names of `candidates` closest to `name`, closest first."""
    return get_close_matches(name, list(candidates), n=count, cutoff=0.5)


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """` (did you mean 'a', 'b'?)`, or the empty string when nothing is close."""
    close = nearest(name, candidates)
    if not close:
        return ""
    return " (did you mean " + ", ".join(f"'{c}'" for c in close) + "?)"


def expected_value(kind: Any) -> str:
    """How the value an option of type `kind` takes is described to a user."""
    if get_origin(kind) is Literal:
        return "one of " + ", ".join(str(v) for v in get_args(kind))
    args = [a for a in get_args(kind) if a is not type(None)]
    if args and get_origin(kind) is not tuple:
        kind = args[0]
    if kind is bool:
        return "a boolean: true, false, 1 or 0"
    if kind is int:
        return "an integer"
    if kind is float:
        return "a number"
    if get_origin(kind) is tuple:
        return "a comma-separated list"
    return "a string"


def option_kind(pass_class: type, option: str) -> Any | None:
    """The declared type of `option` (dashed or not) of `pass_class`, if it has it."""
    if not dataclasses.is_dataclass(pass_class):
        return None
    field_name = option.replace("-", "_")
    names = {f.name for f in dataclasses.fields(pass_class) if f.init}
    if field_name not in names:
        return None
    return get_type_hints(pass_class).get(field_name)


def _enclosing(text: str, column: int) -> tuple[str | None, str | None, str]:
    """The pass name, the option name and the value text around 0-based `column`."""
    before = text[:column]
    brace = before.rfind("{")
    if brace < 0 or "}" in before[brace:]:
        return None, None, ""
    names = re.findall(r"[A-Za-z0-9_-]+$", before[:brace])
    pass_name = names[0] if names else None
    key = re.search(r"([A-Za-z0-9_-]+)=([^ {}=]*)$", before[brace + 1 :])
    if key is None:
        return pass_name, None, ""
    rest = re.match(r"[^ }]*", text[column:])
    value = key.group(2) + (rest.group(0) if rest else "")
    return pass_name, key.group(1), value


def describe_pipeline_error(
    error: BaseException,
    passes: Mapping[str, Callable[[], type]] | None = None,
) -> str | None:
    """One line for `error` if it is a pipeline xDSL could not read (see the module
    docstring), else None. `passes` (name to pass factory, as xdsl-opt's) gives the
    nearest pass names and the expected type of an option."""
    if isinstance(error, ArgSpecParseError):
        found = _CONTEXT.search(str(error))
        if found is None:
            return None
        column = int(found.group(2)) - 1
        text = found.group(3)
        pass_name, option, value = _enclosing(text, column)
        if pass_name is None or option is None:
            return f"cannot read the pass pipeline '{text}' at column {column + 1}"
        expected = ""
        if passes is not None and pass_name in passes:
            kind = option_kind(passes[pass_name](), option)
            if kind is not None:
                expected = f" ({expected_value(kind)})"
        if not value:
            return f"{pass_name}: option {option} has an empty value{expected}"
        return (
            f"{pass_name}: the value of option {option} must be quoted: "
            f'{option}="{value}"'
        )
    if isinstance(error, ValueError) and str(error).startswith(_UNKNOWN_PASSES):
        try:
            names = ast.literal_eval(str(error)[len(_UNKNOWN_PASSES) :])
        except (ValueError, SyntaxError):
            return None
        if not isinstance(names, list) or not names:
            return None
        name = str(names[0])  # pyright: ignore[reportUnknownArgumentType]
        hint = did_you_mean(name, passes or {})
        return f"unknown pass '{name}'{hint}"
    return None


def pipeline_error_line(
    error: BaseException, passes: Mapping[str, Callable[[], type]] | None = None
) -> str:
    """One line for an error raised while reading a pass pipeline: the line of
    `describe_pipeline_error`, else the error's first line (our passes' option
    errors are one line already)."""
    line = describe_pipeline_error(error, passes)
    if line is not None:
        return line
    lines = [text.strip() for text in str(error).splitlines() if text.strip()]
    return lines[0] if lines else type(error).__name__
