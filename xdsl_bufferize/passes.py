"""The passes of xdsl-bufferize and their options, as a person reads them.

`python -m xdsl_bufferize.passes` prints every pass of ours (each name `xdsl-opt -p`
accepts) with its one-line summary and its options: dashed name, type or values,
default and one line of help; `python -m xdsl_bufferize.passes NAME...` only those
passes, and `xdsl-opt -p 'NAME{help}'` the same for one pass. `--markdown` prints
the reference `docs/passes.md` (written by `scripts/gen_pass_docs.py`; a test keeps
it equal to this output).

Everything comes from the declarations: the summary is the first line of the pass
class's docstring, an option is a field of the pass (declared once, in
`xdsl_bufferize/options.py` or next to the pass), its help the docstring under the
field, and `MLIR_PASS_NAMES` (`xdsl_bufferize/options.py`) maps MLIR's pass names to
ours.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, get_type_hints

from xdsl_bufferize.options import MLIR_PASS_NAMES
from xdsl_bufferize.utils.pipeline_errors import did_you_mean, expected_value


@dataclasses.dataclass(frozen=True)
class OptionDoc:
    """One option of a pass, as the reference shows it."""

    name: str
    """The dashed name (`buffer-alignment`)."""
    kind: str
    """The type or the values (`integer`, `bottom-up | top-down`)."""
    default: str
    """The default as written on the command line (`true`, `64`, `infer-layout-map`)."""
    help: str
    """The docstring under the field, on one line."""

    @property
    def ours(self) -> bool:
        """Whether MLIR's pass of this name lacks the option (help starts `(ours)`)."""
        return self.help.startswith("(ours)")

    @property
    def summary(self) -> str:
        """The first sentence of the help."""
        text = self.help
        end = text.find(". ")
        return text if end < 0 else text[: end + 1]


@dataclasses.dataclass(frozen=True)
class PassDoc:
    """One pass, as the reference shows it."""

    name: str
    summary: str
    options: tuple[OptionDoc, ...]


def _field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of `cls` and its bases (later classes win)."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass) or klass.__module__.startswith("xdsl."):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if isinstance(tree.body[0], ast.ClassDef) else []
        for statement, after in zip(body, body[1:], strict=False):
            if (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[statement.target.id] = " ".join(after.value.value.split())
    return docs


def _kind(hint: Any) -> str:
    described = expected_value(hint)
    if described.startswith("one of "):
        return " | ".join(described[len("one of ") :].split(", "))
    return {
        "a boolean: true, false, 1 or 0": "bool",
        "an integer": "integer",
        "a number": "number",
        "a comma-separated list": "list",
    }.get(described, "string")


def _default(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "unset"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "(empty)"  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
    return str(value)


def pass_doc(name: str, cls: type) -> PassDoc:
    """The reference of the pass `name` implemented by `cls`."""
    docs = _field_docs(cls)
    hints = get_type_hints(cls)
    options = tuple(
        OptionDoc(
            f.name.replace("_", "-"),
            _kind(hints[f.name]),
            _default(f.default),
            docs.get(f.name, ""),
        )
        for f in dataclasses.fields(cls)
        if f.init
    )
    summary = " ".join((inspect.getdoc(cls) or "").split("\n\n")[0].split())
    return PassDoc(name, summary, options)


def all_pass_docs() -> list[PassDoc]:
    """The reference of every pass of ours, in name order."""
    from xdsl_bufferize.universe import XDSL_BUFFERIZE_UNIVERSE

    passes = XDSL_BUFFERIZE_UNIVERSE.all_passes
    return [pass_doc(name, passes[name]()) for name in sorted(passes)]


def format_text(docs: Sequence[PassDoc]) -> str:
    """The reference for a terminal: a pass per paragraph, an option per line."""
    lines: list[str] = []
    for doc in docs:
        lines.append(f"{doc.name}: {doc.summary}")
        for option in doc.options:
            lines.append(
                f"  {option.name}={option.kind} (default {option.default})"
                f"  {option.summary}"
            )
        lines.append("")
    return "\n".join(lines)


def format_markdown(docs: Sequence[PassDoc]) -> str:
    """The reference `docs/passes.md`."""
    out = [
        "# Passes and options",
        "",
        "Generated by `scripts/gen_pass_docs.py` from the pass and option declarations",
        "(`python -m xdsl_bufferize.passes --markdown`); do not edit by hand.",
        "Print the same on a terminal with `python -m xdsl_bufferize.passes [NAME...]`",
        "or `xdsl-opt -p 'NAME{help}'`. Options are written as MLIR writes them:",
        "`-p 'one-shot-bufferize{bufferize-function-boundaries test-analysis-only}'`",
        "(a bare boolean option is true). Options marked *(ours)* are not options of",
        "MLIR's pass of the same name.",
        "",
        "## MLIR's pass names",
        "",
        "| MLIR | here | note |",
        "| --- | --- | --- |",
    ]
    for mlir_name, (ours, note) in MLIR_PASS_NAMES.items():
        out.append(f"| `{mlir_name}` | {f'`{ours}`' if ours else '-'} | {note} |")
    for doc in docs:
        out += ["", f"## {doc.name}", "", doc.summary, ""]
        if not doc.options:
            out.append("No options.")
            continue
        for option in doc.options:
            out.append(
                f"- `{option.name}` ({option.kind}, default `{option.default}`): "
                f"{option.help}"
            )
    return "\n".join(out) + "\n"


def print_pass_help(name: str) -> None:
    """Print the reference of the pass `name` (for `-p 'name{help}'`)."""
    from xdsl_bufferize.universe import XDSL_BUFFERIZE_UNIVERSE

    print(format_text([pass_doc(name, XDSL_BUFFERIZE_UNIVERSE.all_passes[name]())]))


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m xdsl_bufferize.passes [--markdown] [NAME...]`."""
    parser = argparse.ArgumentParser(
        prog="python -m xdsl_bufferize.passes",
        description="List the passes of xdsl-bufferize and their options.",
    )
    parser.add_argument("names", nargs="*", help="only these passes")
    parser.add_argument(
        "--markdown", action="store_true", help="print docs/passes.md instead"
    )
    args = parser.parse_args(argv)
    docs = all_pass_docs()
    if args.names:
        known = {doc.name: doc for doc in docs}
        for name in args.names:
            if name not in known:
                print(
                    f"error: unknown pass '{name}'{did_you_mean(name, known)}",
                    file=sys.stderr,
                )
                return 1
        docs = [known[name] for name in args.names]
    print(format_markdown(docs) if args.markdown else format_text(docs), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
