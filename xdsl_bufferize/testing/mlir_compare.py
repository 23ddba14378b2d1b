"""Differential check of our in-place analysis against upstream MLIR's.

Both analyses run with the same `one-shot-bufferize` options plus
`test-analysis-only=true`, which writes each decision as `__inplace_operands_attr__`.
The two modules are walked in pre-order; ops are matched by their position in the two
walks (aligned on op names, so an op one side drops or adds is skipped) and their
decisions compared operand by operand:

* **agree**: the same word (`true`, `false` or `none`);
* **ours more** in place: ours `true` where MLIR says `false`;
* **ours less** in place: ours `false` where MLIR says `true`;
* **other**: anything else (`none` against a decision, operand counts that differ).

A program with an "ours more" operand is then run through the reference executor
under our pipeline with the same options (no `test-analysis-only`): if the results
change, our extra in-place decision is a miscompile (`CompareResult.wrong`). Programs
come from the generator (`generate`) and from test inputs (files split on
`// -----`); a program one side cannot parse or analyse is counted and skipped.

Upstream MLIR (`mlir_finch`, PyPI `finch-mlir`) is imported only when a comparison
runs, never at import time. Command line (also `xdsl-bufferize-fuzz mlir-compare ...`):
`python -m xdsl_bufferize.testing.mlir_compare --count 50 --seed 0 --features +adversarial
--inputs tests/filecheck/one-shot-bufferize --out DIR --shrink-seconds 120` (wrong
programs are shrunk, while they stay wrong, and written to `DIR`).
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr

from xdsl_bufferize.execution.runner import MATCH, check_pipeline
from xdsl_bufferize.testing.fuzz import apply_pipeline, classify, parse_module
from xdsl_bufferize.testing.generate import (
    apply_feature_spec,
    config_for_pipeline,
    generate_program,
)
from xdsl_bufferize.testing.shrink import shrink

INPLACE_ATTR = "__inplace_operands_attr__"

DEFAULT_OPTIONS: tuple[tuple[str, str], ...] = (
    ("bufferize-function-boundaries", "true"),
    ("allow-return-allocs-from-loops", "true"),
)
"""The options the comparison uses unless told otherwise."""

_ANALYSIS_OPTIONS = (
    "bufferize-function-boundaries",
    "allow-return-allocs-from-loops",
    "analysis-heuristic",
    "analysis-fuzzer-seed",
    "allow-unknown-ops",
    "copy-before-write",
)
"""Options taken over from a test input's RUN line (those both passes know)."""


@dataclass(frozen=True)
class OpDecisions:
    """The in-place words of one op, at its position in a pre-order walk."""

    position: int
    name: str
    words: tuple[str, ...] | None
    """None when the op carries no `__inplace_operands_attr__`."""


@dataclass
class Disagreement:
    """One operand on which the two analyses decided differently."""

    op: str
    position: int
    operand: int
    ours: str
    mlir: str

    def __str__(self) -> str:
        return (
            f"{self.op} (op #{self.position}) operand #{self.operand}: "
            f"ours {self.ours}, MLIR {self.mlir}"
        )


@dataclass
class CompareResult:
    """The comparison of one program."""

    name: str
    options: tuple[tuple[str, str], ...] = DEFAULT_OPTIONS
    """The `one-shot-bufferize` options both analyses ran with."""
    status: str = "compared"
    """`compared`, `mlir-error`, `ours-error` (then nothing was compared)."""
    detail: str = ""
    agree: int = 0
    ours_more: list[Disagreement] = field(default_factory=lambda: [])
    ours_less: list[Disagreement] = field(default_factory=lambda: [])
    other: list[Disagreement] = field(default_factory=lambda: [])
    unmatched_ops: int = 0
    """Ops with decisions on one side only (or skipped by the alignment)."""
    execution: str = ""
    """For programs with "ours more" operands: `ok`, `wrong: ...` or `not run: ...`."""

    @property
    def wrong(self) -> bool:
        """Whether an extra in-place decision of ours changed the program's results."""
        return self.execution.startswith("wrong")

    @property
    def compared(self) -> int:
        return self.agree + len(self.ours_more) + len(self.ours_less) + len(self.other)


def options_text(options: Iterable[tuple[str, str]], analysis_only: bool) -> str:
    """`one-shot-bufferize{...}` in a spelling both MLIR and xDSL read."""
    items = [f"{k}={v}" for k, v in options]
    if analysis_only:
        items.insert(0, "test-analysis-only=true")
    return "one-shot-bufferize{" + " ".join(items) + "}"


_MULTI_RESULT = re.compile(r"^(\s*\}\s*->\s*)([^(\s].*,.*)$", re.MULTILINE)


def mlir_spelling(text: str) -> str:
    """`text` in MLIR's spelling: xDSL 0.75 reads several `linalg.generic` results only
    without parentheses (`} -> T, T`), MLIR only with them."""
    return _MULTI_RESULT.sub(lambda m: f"{m.group(1)}({m.group(2).rstrip()})", text)


def _words(attr: object) -> tuple[str, ...] | None:
    if not isinstance(attr, ArrayAttr):
        return None
    out: list[str] = []
    for a in attr.data:  # pyright: ignore[reportUnknownVariableType, reportUnknownMemberType]
        if isinstance(a, StringAttr):
            out.append(a.data)
        else:
            return None
    return tuple(out)


def ours_decisions(text: str, options: Sequence[tuple[str, str]]) -> list[OpDecisions]:
    """Our analysis's decisions on `text` (raises on a parse or pass error)."""
    module = apply_pipeline(parse_module(text), options_text(options, True))
    return [
        OpDecisions(i, op.name, _words(op.attributes.get(INPLACE_ATTR)))
        for i, op in enumerate(module.walk())
    ]


def _mlir_walk(op: Any) -> Iterator[Any]:
    yield op
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield from _mlir_walk(inner.operation)


def mlir_decisions(text: str, options: Sequence[tuple[str, str]]) -> list[OpDecisions]:
    """Upstream MLIR's decisions on `text` (raises on a parse or pass error)."""
    from mlir_finch import ir, passmanager  # pyright: ignore

    with ir.Context() as ctx:  # pyright: ignore
        ctx.allow_unregistered_dialects = True  # pyright: ignore
        module = ir.Module.parse(mlir_spelling(text))  # pyright: ignore
        pm = passmanager.PassManager.parse(  # pyright: ignore
            f"builtin.module({options_text(options, True)})"
        )
        try:
            pm.run(module.operation)  # pyright: ignore
        except Exception as e:
            diagnostics = getattr(e, "error_diagnostics", None) or []
            messages = [str(d.message) for d in diagnostics]  # pyright: ignore
            raise RuntimeError("; ".join(messages) or str(e)) from e
        out: list[OpDecisions] = []
        for i, op in enumerate(_mlir_walk(module.operation)):  # pyright: ignore
            words: tuple[str, ...] | None = None
            if INPLACE_ATTR in op.attributes:  # pyright: ignore
                attr = op.attributes[INPLACE_ATTR]  # pyright: ignore
                words = tuple(
                    ir.StringAttr(a).value  # pyright: ignore
                    for a in ir.ArrayAttr(attr)  # pyright: ignore
                )
            out.append(OpDecisions(i, str(op.name), words))  # pyright: ignore
        return out


def compare_decisions(
    name: str, ours: Sequence[OpDecisions], mlir: Sequence[OpDecisions]
) -> CompareResult:
    """Match ops by walk position (aligned on names) and compare their words."""
    result = CompareResult(name)
    matcher = difflib.SequenceMatcher(
        None, [o.name for o in ours], [o.name for o in mlir], autojunk=False
    )
    matched_ours: set[int] = set()
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            a, b = ours[block.a + k], mlir[block.b + k]
            matched_ours.add(block.a + k)
            if a.words is None and b.words is None:
                continue
            if a.words is None or b.words is None:
                result.unmatched_ops += 1
                continue
            if len(a.words) != len(b.words):
                result.other.append(
                    Disagreement(a.name, a.position, -1, str(a.words), str(b.words))
                )
                continue
            for i, (x, y) in enumerate(zip(a.words, b.words, strict=True)):
                if x == y:
                    result.agree += 1
                    continue
                d = Disagreement(a.name, a.position, i, x, y)
                if (x, y) == ("true", "false"):
                    result.ours_more.append(d)
                elif (x, y) == ("false", "true"):
                    result.ours_less.append(d)
                else:
                    result.other.append(d)
    result.unmatched_ops += sum(
        1 for i, o in enumerate(ours) if i not in matched_ours and o.words is not None
    )
    return result


def _functions_of(module: ModuleOp, positions: set[int]) -> list[str]:
    """Names of the functions holding the ops at `positions` of a pre-order walk."""
    names: list[str] = []
    current: str | None = None
    for i, op in enumerate(module.walk()):
        if isinstance(op, func.FuncOp):
            current = op.sym_name.data
        if i in positions and current is not None and current not in names:
            names.append(current)
    return names


_RESULT_COUNT = re.compile(r"^\d+ results? before, \d+ after")


def execute(text: str, options: Sequence[tuple[str, str]], entries: list[str]) -> str:
    """Run `text` before and after our pipeline: `ok`, `wrong: ...` or `not run: ...`.

    An argument-free `@main` runs as the fuzzer runs it; otherwise each function named
    in `entries` runs on seeded random inputs."""
    pipeline = options_text(options, False)
    module = parse_module(text)
    main = [
        op
        for op in module.ops
        if isinstance(op, func.FuncOp)
        and op.sym_name.data == "main"
        and not op.function_type.inputs.data
    ]
    if main:
        verdict = classify(text, pipeline, leaks_are_failures=False)
        if verdict.kind == "mismatch":
            return f"wrong: {verdict.detail}"
        if verdict.kind is None:
            return "ok"
        return f"not run: {verdict.kind}: {verdict.detail}"
    notes: list[str] = []
    for entry in entries:
        try:
            report = check_pipeline(module, pipeline, entry=entry, seed=0)
        except Exception as e:
            notes.append(f"@{entry}: {type(e).__name__}: {str(e).splitlines()[0]}")
            continue
        if report.mismatches and _RESULT_COUNT.search(report.mismatches[0]):
            # Function boundaries dropped a result equivalent to an argument: the
            # signatures differ, so the runs cannot be compared.
            notes.append(f"@{entry}: {report.mismatches[0]}")
            continue
        if report.mismatches:
            return f"wrong: @{entry}: {report.mismatches[0]}"
        if (
            report.pipeline_error
            or report.before.error
            or (report.after is not None and report.after.error)
        ):
            notes.append(f"@{entry}: did not run")
            continue
        if report.verdict != MATCH:
            # Undefined results (NaN, or contents nothing wrote) prove nothing.
            notes.append(f"@{entry}: {report.verdict}")
            continue
        return "ok"
    return "not run: " + ("; ".join(notes) or "no entry")


def compare_program(
    name: str,
    text: str,
    options: Sequence[tuple[str, str]] = DEFAULT_OPTIONS,
    run_more: bool = True,
    run_all: bool = False,
) -> CompareResult:
    """Compare both analyses on `text`; run it if ours is more in place somewhere (or
    always, with `run_all`: a rewrite can be wrong on decisions equal to MLIR's)."""
    try:
        mlir = mlir_decisions(text, options)
    except Exception as e:
        return CompareResult(name, tuple(options), "mlir-error", _first_line(e))
    try:
        ours = ours_decisions(text, options)
    except Exception as e:
        return CompareResult(name, tuple(options), "ours-error", _first_line(e))
    result = compare_decisions(name, ours, mlir)
    result.options = tuple(options)
    if (result.ours_more and run_more) or run_all:
        try:
            module = parse_module(text)
            positions = {d.position for d in result.ours_more} or {
                d.position for d in ours if d.words is not None
            }
            entries = _functions_of(module, positions)
            result.execution = execute(text, options, entries)
        except Exception as e:
            result.execution = f"not run: {type(e).__name__}: {_first_line(e)}"
    return result


def shrink_wrong(
    text: str,
    options: Sequence[tuple[str, str]] = DEFAULT_OPTIONS,
    seconds: float = 120.0,
    max_tests: int = 600,
) -> str:
    """A smaller program on which an extra in-place decision of ours is still wrong."""

    def still_wrong(candidate: str) -> bool:
        try:
            return compare_program("shrink", candidate, options, run_all=True).wrong
        except Exception:
            return False

    return shrink(text, still_wrong, max_tests=max_tests, time_limit=seconds)


def _first_line(e: BaseException) -> str:
    lines = [line for line in str(e).splitlines() if line.strip()]
    return lines[0].strip() if lines else type(e).__name__


def split_inputs(path: Path) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The chunks of a test input: (name, text, options from its RUN line)."""
    text = path.read_text()
    options = list(DEFAULT_OPTIONS)
    run = re.search(r"one-shot-bufferize\{([^}]*)\}", text)
    if run:
        given: dict[str, str] = {}
        for item in run.group(1).split():
            key, _, value = item.partition("=")
            if key in _ANALYSIS_OPTIONS:
                given[key] = value or "true"
        options = list(given.items())
    chunks = re.split(r"^// -----\s*$", text, flags=re.MULTILINE)
    return [
        (f"{path.name}#{i}", chunk, options)
        for i, chunk in enumerate(chunks)
        if "func.func" in chunk
    ]


@dataclass
class Summary:
    """Counts over many programs."""

    results: list[CompareResult]

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    def lines(self) -> list[str]:
        done = [r for r in self.results if r.status == "compared"]
        agree = sum(r.agree for r in done)
        more = sum(len(r.ours_more) for r in done)
        less = sum(len(r.ours_less) for r in done)
        other = sum(len(r.other) for r in done)
        total = agree + more + less + other
        pct = 100.0 * agree / total if total else 100.0
        more_programs = [r for r in done if r.ours_more]
        wrong = [r for r in done if r.wrong and r.ours_more]
        wrong_equal = [r for r in done if r.wrong and not r.ours_more]
        not_run = [r for r in more_programs if r.execution.startswith("not run")]
        out = [
            f"{len(self.results)} programs: {len(done)} compared, "
            f"{self.count('mlir-error')} MLIR errors, {self.count('ours-error')} our errors",
            f"operands: {total} compared, {agree} agree ({pct:.2f}%), "
            f"{more} ours more in place, {less} ours less in place, {other} other",
            f"programs: {sum(1 for r in done if not (r.ours_more or r.ours_less or r.other))} "
            f"identical, {len(more_programs)} with ours more in place "
            f"({len(wrong)} wrong, {len(not_run)} not executable), "
            f"{sum(1 for r in done if r.ours_less)} with ours less in place",
        ]
        if wrong_equal:
            out.append(
                f"{len(wrong_equal)} wrong without any extra in-place decision "
                "(the rewrite, not the analysis)"
            )
        for r in [*wrong, *wrong_equal]:
            out.append(f"  WRONG {r.name}: {r.execution}")
            out += [f"    {d}" for d in r.ours_more[:4]]
        return out


MLIR_REFUSED_FEATURES: tuple[str, ...] = ("recursion", "several_returns", "unranked")
"""Generator features making programs that the MLIR of the finch-mlir wheel refuses
(recursion through tensor signatures, functions with tensors and several returns;
recent MLIR bufferizes both; unranked tensors that would need a copy, which MLIR
cannot make: it keeps them in place and reports a RaW conflict): generated
comparisons leave them out."""


def compare_generated(
    count: int,
    seed: int,
    options: Sequence[tuple[str, str]] = DEFAULT_OPTIONS,
    features: str = "",
    run_all: bool = False,
) -> list[tuple[CompareResult, str]]:
    """Compare on `count` generated programs from `seed` on (with their texts),
    without the `MLIR_REFUSED_FEATURES`."""
    spec = ",".join([features, *(f"-{f}" for f in MLIR_REFUSED_FEATURES)])
    config = apply_feature_spec(
        config_for_pipeline(options_text(options, False)), spec.lstrip(",")
    )
    out: list[tuple[CompareResult, str]] = []
    for s in range(seed, seed + count):
        text = generate_program(s, config)
        out.append((compare_program(f"seed {s}", text, options, run_all=run_all), text))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="xdsl-bufferize-fuzz mlir-compare",
        description="Compare our in-place decisions with upstream MLIR's on generated "
        "programs and test inputs; run the programs on which ours is more in place.",
    )
    p.add_argument("--count", type=int, default=50, help="generated programs")
    p.add_argument("--seed", type=int, default=0, help="seed of the first program")
    p.add_argument("--features", default="", help="generator feature spec")
    p.add_argument(
        "--options",
        default=" ".join(f"{k}={v}" for k, v in DEFAULT_OPTIONS),
        help="one-shot-bufferize options for generated programs",
    )
    p.add_argument(
        "--inputs", type=Path, nargs="*", default=[], help="test files or folders"
    )
    p.add_argument(
        "--out", type=Path, default=None, help="write wrong programs into this folder"
    )
    p.add_argument(
        "--shrink-seconds",
        type=float,
        default=0.0,
        help="shrink each wrong program for this long before writing it (0: no shrink)",
    )
    p.add_argument(
        "--run-all",
        action="store_true",
        help="run every program, not only those on which ours is more in place",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="list each program")
    args = p.parse_args(argv)
    options = [
        (k, v or "true") for k, _, v in (o.partition("=") for o in args.options.split())
    ]
    results: list[tuple[CompareResult, str]] = []
    if args.count:
        results += compare_generated(
            args.count, args.seed, options, args.features, args.run_all
        )
    files: list[Path] = []
    for path in args.inputs:
        files += sorted(path.glob("*.mlir")) if path.is_dir() else [path]
    for path in files:
        for name, text, opts in split_inputs(path):
            results.append(
                (compare_program(name, text, opts, run_all=args.run_all), text)
            )
    summary = Summary([r for r, _ in results])
    if args.verbose:
        for r, _ in results:
            print(
                f"{r.name}: {r.status} {r.detail} agree {r.agree} more {len(r.ours_more)} "
                f"less {len(r.ours_less)} other {len(r.other)} {r.execution}"
            )
    for line in summary.lines():
        print(line)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        for r, text in results:
            if r.wrong:
                if args.shrink_seconds > 0:
                    text = shrink_wrong(text, r.options, args.shrink_seconds)
                    r = compare_program(r.name, text, r.options, run_all=True)
                name = re.sub(r"[^A-Za-z0-9]+", "_", r.name).strip("_")
                why = (
                    "ours more in place than MLIR" if r.ours_more else "equal decisions"
                )
                header = [
                    f"// {options_text(r.options, False)}: {why} and results differ "
                    f"({r.execution})",
                    *(f"// {d}" for d in r.ours_more[:6]),
                ]
                (args.out / f"mlirdiff_{name}.mlir").write_text(
                    "\n".join(header) + "\n" + text
                )
    return 1 if any(r.wrong for r, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
