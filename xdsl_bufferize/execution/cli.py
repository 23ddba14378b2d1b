"""`xdsl-bufferize-check`: run a function, optionally before and after a pass pipeline.

Prints each memory finding on one line, then a one-line summary of the results; with a
pipeline, a further line compares the memory statistics of the two runs (heap
allocations and their bytes, copies and their bytes, frees, peak live heap bytes, the
lower bound of the footprint, see `memory.py`). Exit
status: 0 when clean; 1 on any finding, a result mismatch, a failing pass, or a run
that fails (including runaway recursion); 2 on unreadable input, a parse error, a
missing entry function, missing or ill-formed arguments, or a bad option.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from xdsl.dialects.builtin import (
    ModuleOp,
    ShapedType,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.ir import Attribute

from xdsl_bufferize.execution.memory import DEFAULT_MAX_BYTES, MemoryStats
from xdsl_bufferize.execution.runner import (
    MATCH,
    Outcome,
    UsageError,
    Value,
    apply_pipeline,
    compare_results,
    find_function,
    format_value,
    make_context,
    parse_module,
    random_array,
    random_inputs,
    run,
)
from xdsl_bufferize.execution.runner import verdict as run_verdict
from xdsl_bufferize.execution.values import (
    ArrayValue,
    element_type_of,
    num_elements,
)

ARGS_HELP = """\
entry arguments, one per parameter, in order:
  scalars   3   -2   2.5   1e-3
  shaped    SHAPE:DATA where SHAPE is like 4x4xf32 (dims then element type; f32 alone
            for rank 0) and DATA is `random` (uniform in [-1, 1], or small integers),
            a flat list `[1,2,3,4]` in row-major order, or one number to fill with.
            Tensor and memref parameters take the same syntax (memrefs become fresh
            buffers owned by the caller).
examples:  --args 3 2.5 2x2xf32:[1,2,3,4] 4x4xf32:random 8xi32:0
"""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad option on one line and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"xdsl-bufferize-check: error: {message}", file=sys.stderr)
        sys.exit(2)


def _build_parser() -> _Parser:
    parser = _Parser(
        prog="xdsl-bufferize-check",
        description=(
            "Run a function of an MLIR/xDSL file with the reference executor, check its "
            "memory behaviour, and (with --pipeline) compare it with the same function "
            "after a pass pipeline."
        ),
        epilog=ARGS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", help="the .mlir file to run")
    parser.add_argument(
        "--entry", default="main", help="function to run (default: main)"
    )
    parser.add_argument(
        "--args", nargs="*", default=None, metavar="ARG", help="entry arguments (below)"
    )
    parser.add_argument(
        "--pipeline",
        default=None,
        help="xdsl-opt pass pipeline, e.g. 'canonicalize,cse' or 'p{opt=v}'",
    )
    parser.add_argument(
        "--random-inputs",
        type=int,
        default=None,
        metavar="N",
        help="run N times on seeded random arguments derived from the signature",
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--max-call-depth", type=int, default=256, help="call depth cap (default 256)"
    )
    parser.add_argument(
        "--max-bytes",
        type=_parse_bytes,
        default=DEFAULT_MAX_BYTES,
        metavar="N",
        help="stop a run whose values or live memory need more than N bytes "
        "(suffixes K, M, G: powers of 1024; default 4G)",
    )
    parser.add_argument(
        "--tolerance",
        type=float,
        default=1e-5,
        help="relative and absolute float tolerance (default 1e-5)",
    )
    return parser


_BYTE_SUFFIXES = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def _parse_bytes(text: str) -> int:
    match = re.fullmatch(r"\s*(\d+)\s*([kmgt]?)(i?b)?\s*", text.lower())
    if match is None:
        raise argparse.ArgumentTypeError(f"'{text}' is not a byte count (e.g. 512M)")
    return int(match.group(1)) * _BYTE_SUFFIXES[match.group(2)]


_SHAPED = re.compile(r"^((?:\d+x)*)([a-z]+\d*):(.+)$")


def _parse_number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def parse_arg(
    text: str, t: Attribute, index: int, rng: random.Random
) -> int | float | ArrayValue:
    """One `--args` token for a parameter of type `t`."""
    if not isinstance(t, ShapedType | UnrankedTensorType | UnrankedMemRefType):
        try:
            return _parse_number(text)
        except ValueError:
            raise UsageError(
                f"argument #{index}: expected a number for {t}, got '{text}'"
            ) from None
    match = _SHAPED.match(text)
    if match is None:
        raise UsageError(
            f"argument #{index}: expected SHAPE:DATA (e.g. 4x4xf32:random) for {t}, "
            f"got '{text}'"
        )
    dims_text, elem_text, data_text = match.groups()
    shape = tuple(int(d) for d in dims_text.split("x") if d)
    elem = element_type_of(t)
    if str(elem) != elem_text:
        raise UsageError(f"argument #{index}: element type {elem_text} is not {elem}")
    count = num_elements(shape)
    if data_text == "random":
        return random_array(elem, shape, rng)
    try:
        if data_text.startswith("["):
            items = [s for s in data_text.strip("[]").split(",") if s.strip()]
            data = [_parse_number(s.strip()) for s in items]
        else:
            data = [_parse_number(data_text)] * count
    except ValueError:
        raise UsageError(f"argument #{index}: bad data '{data_text}'") from None
    if len(data) != count:
        raise UsageError(
            f"argument #{index}: {len(data)} values for shape {list(shape)} "
            f"({count} elements)"
        )
    return ArrayValue(shape, data)


def _print_outcome_findings(outcome: Outcome, tag: str) -> int:
    for finding in outcome.findings:
        print(f"{tag}{finding}")
    if outcome.error is not None:
        print(f"{tag}runtime error: {outcome.error}")
    return len(outcome.findings) + (outcome.error is not None)


def _results_text(outcome: Outcome) -> str:
    if outcome.results is None:
        return "failed"
    return "(" + ", ".join(format_value(v) for v in outcome.results) + ")"


def format_bytes(n: int) -> str:
    """A byte count for people: `256 B`, `1.2 KiB`, `3.0 MiB`."""
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n / (1024 * 1024):.1f} MiB"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def stats_text(stats: MemoryStats) -> str:
    """One run's memory statistics, e.g. `2 allocs (32 B), 1 copy (16 B), 2 frees,
    peak 32 B, lower bound 16 B`; arenas, when there are some, are named after the
    allocations: `1 alloc (64 B; 1 arena, 64 B)`."""
    arenas = (
        f"; {_plural(stats.arena_allocs, 'arena')}, {format_bytes(stats.arena_bytes)}"
        if stats.arena_allocs
        else ""
    )
    return (
        f"{_plural(stats.allocs, 'alloc')} ({format_bytes(stats.bytes_allocated)}"
        f"{arenas}), "
        f"{_plural(stats.copies, 'copy').replace('copys', 'copies')} "
        f"({format_bytes(stats.bytes_copied)}), {_plural(stats.frees, 'free')}, "
        f"peak {format_bytes(stats.peak_live_bytes)}, "
        f"lower bound {format_bytes(stats.lower_bound_bytes)}"
    )


def _main(argv: Sequence[str] | None) -> int:
    options = _build_parser().parse_args(argv)
    if options.random_inputs is not None and options.random_inputs < 1:
        raise UsageError("--random-inputs needs a positive count")
    if options.random_inputs is not None and options.args is not None:
        raise UsageError("--args and --random-inputs exclude each other")
    try:
        with open(options.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {options.file}: {e}") from e
    ctx = make_context()
    try:
        module = parse_module(text, options.file, ctx)
        module.verify()
    except Exception as e:
        lines = [line.strip() for line in str(e).splitlines() if line.strip()]
        lines = [line for line in lines if set(line) != {"^"}]
        if not lines:
            detail = type(e).__name__
        elif len(lines) == 1:
            detail = lines[0]
        else:
            detail = f"{lines[0]}: {lines[-1]}"
        raise UsageError(f"cannot parse {options.file}: {detail}") from e
    fn = find_function(module, options.entry)
    params = fn.function_type.inputs.data
    rng = random.Random(options.seed)
    input_sets: list[list[int | float | ArrayValue]] = []
    if options.random_inputs is not None:
        for i in range(options.random_inputs):
            input_sets.append(random_inputs(fn, random.Random(options.seed + i)))
    else:
        given = options.args or []
        if len(given) != len(params):
            raise UsageError(
                f"@{options.entry} takes {len(params)} arguments, {len(given)} given "
                "(use --args or --random-inputs)"
            )
        input_sets.append(
            [
                parse_arg(a, t, i, rng)
                for i, (a, t) in enumerate(zip(given, params, strict=False))
            ]
        )

    transformed = None
    if options.pipeline is not None:
        try:
            transformed = apply_pipeline(module, options.pipeline, ctx)
        except UsageError:
            raise
        except Exception as e:
            lines = [line for line in str(e).splitlines() if line.strip()]
            print(
                f"pipeline '{options.pipeline}' failed: "
                f"{type(e).__name__}: {lines[0].strip() if lines else ''}"
            )
            return 1

    problems = 0
    tol = options.tolerance

    def execute(target: ModuleOp, inputs: Sequence[Value], tag: str) -> Outcome:
        def progress(line: str) -> None:
            print(f"xdsl-bufferize-check: {tag}{line}", file=sys.stderr, flush=True)

        outcome = run(
            target,
            options.entry,
            inputs,
            max_call_depth=options.max_call_depth,
            max_bytes=options.max_bytes,
            progress=progress,
        )
        for name, reason in sorted(outcome.fallbacks.items()):
            print(
                f"xdsl-bufferize-check: note: {tag}{name} ran point by point "
                f"({reason})",
                file=sys.stderr,
            )
        return outcome

    for n, inputs in enumerate(input_sets):
        label = f"run {n + 1}/{len(input_sets)}: " if len(input_sets) > 1 else ""
        if transformed is None:
            before = execute(module, inputs, label)
            problems += _print_outcome_findings(before, label)
            print(
                f"{label}@{options.entry} returned {_results_text(before)}; "
                f"{len(before.findings)} finding(s)"
            )
            continue
        before = execute(module, inputs, f"{label}[before] ")
        after = execute(transformed, inputs, f"{label}[after] ")
        problems += _print_outcome_findings(before, f"{label}[before] ")
        problems += _print_outcome_findings(after, f"{label}[after] ")
        mismatches: list[str] = []
        if before.results is not None and after.results is not None:
            mismatches = compare_results(before.results, after.results, tol, tol)
        for m in mismatches:
            print(f"{label}mismatch: {m}")
        problems += len(mismatches)
        verdict = run_verdict(before, after, mismatches)
        if verdict != MATCH and not mismatches:
            problems += before.error is None and after.error is None
        print(
            f"{label}@{options.entry} before {_results_text(before)}, after "
            f"{_results_text(after)}: {verdict}; "
            f"{len(before.findings) + len(after.findings)} finding(s)"
        )
        print(
            f"{label}@{options.entry} before: {stats_text(before.stats)}; "
            f"after: {stats_text(after.stats)}"
        )
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Entry point of `xdsl-bufferize-check` and `python -m xdsl_bufferize.execution`."""
    try:
        code = _main(argv)
    except UsageError as e:
        print(f"xdsl-bufferize-check: error: {e}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        print("xdsl-bufferize-check: interrupted", file=sys.stderr)
        code = 1
    except Exception as e:
        first = str(e).strip().splitlines()
        print(
            f"xdsl-bufferize-check: internal error: {type(e).__name__}: "
            f"{first[0] if first else ''}",
            file=sys.stderr,
        )
        code = 1
    sys.exit(code)
