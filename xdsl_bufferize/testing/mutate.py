"""Mutation fuzzing: random edits of the project's test inputs must never crash xdsl-opt.

The inputs are the `.mlir` files under a folder (by default `tests/filecheck/`), split on
`// -----`. Each case takes one input chunk, applies one to three random edits

* delete an op line, or duplicate one;
* swap two SSA operands of one line, or duplicate a use (one operand replaces another);
* retype a value (change one type on one line: a dimension, the element type, static to
  dynamic);
* cut the text at a random point;

and runs `xdsl-opt` on it with a pipeline: the pipelines named by the input file's RUN
lines, and each of our passes with default options. `xdsl-opt` runs in-process (through
`xDSLOptMain`, output captured) with `--parsing-diagnostics --verify-diagnostics`, so a
bad input gives a message, not a traceback. A case fails when an exception other than
xDSL's diagnostics escapes, or when `xdsl-opt` exits with a code other than 0 or 1.
Edits that already crash `xdsl-opt` without any pass are xDSL's own problem: they are
counted apart and not held against our passes. A sample of cases is also run as a
subprocess to check that the in-process verdict matches the command line's.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.passes import PassPipeline
from xdsl.universe import Universe
from xdsl.xdsl_opt_main import xDSLOptMain

from xdsl_bufferize.testing.fuzz import (
    CaseTimeout,
    ProgressPrinter,
    slug,
    time_limit,
)
from xdsl_bufferize.utils.cli_errors import InvalidOptionError

OPT_FLAGS = ("--parsing-diagnostics", "--verify-diagnostics")
"""Flags that turn parse and verify errors into printed messages."""


@dataclass(frozen=True)
class Chunk:
    """One test input: a `// -----` piece of a file, with the pipelines its RUN lines name."""

    path: Path
    index: int
    text: str
    pipelines: tuple[str, ...]


def our_passes() -> list[str]:
    """The pass names our `xdsl.universe` entry registers."""
    from xdsl_bufferize.universe import XDSL_BUFFERIZE_UNIVERSE

    return sorted(XDSL_BUFFERIZE_UNIVERSE.all_passes)


def run_line_pipelines(text: str) -> list[str]:
    """The `-p` pipelines of a file's RUN lines."""
    out: list[str] = []
    for line in text.splitlines():
        if "RUN:" not in line:
            continue
        for m in re.finditer(r"-p(?:\s+|=)('([^']*)'|\"([^\"]*)\"|(\S+))", line):
            spec = m.group(2) or m.group(3) or m.group(4) or ""
            if spec and spec not in out:
                out.append(spec)
    return out


SEEDS = Path(__file__).resolve().parent / "seeds"
"""The inputs shipped with the package (copies of `examples/` and the workloads)."""


def load_inputs(root: Path) -> list[Chunk]:
    """Every `// -----` chunk of every `.mlir` file under `root` (sorted, deterministic)."""
    chunks: list[Chunk] = []
    for path in sorted(root.rglob("*.mlir")):
        text = path.read_text()
        pipelines = tuple(run_line_pipelines(text))
        for i, piece in enumerate(re.split(r"(?m)^// -----\s*$", text)):
            body = "\n".join(
                line
                for line in piece.splitlines()
                if not line.lstrip().startswith("//")
            )
            if body.strip():
                chunks.append(Chunk(path, i, body + "\n", pipelines))
    return chunks


_SSA = re.compile(r"%[A-Za-z0-9_.$#]+")
_TYPE = re.compile(
    r"(tensor|memref)<([^<>]*(?:<[^<>]*>[^<>]*)*)>|\b(f32|f64|i32|i64|index)\b"
)


def _op_lines(lines: list[str]) -> list[int]:
    return [
        i
        for i, line in enumerate(lines)
        if line.strip()
        and not line.strip().startswith(
            ("}", "^", "func.func", "builtin.module", "module")
        )
    ]


def mutate_once(text: str, rng: random.Random) -> tuple[str, str]:
    """One random edit of `text` and its description."""
    lines = text.splitlines()
    candidates = _op_lines(lines)
    kind = rng.choice(
        ["delete", "duplicate", "swap", "reuse", "retype", "retype", "cut"]
    )
    if not candidates:
        kind = "cut"
    if kind == "cut":
        pos = rng.randrange(max(1, len(text)))
        return text[:pos], f"cut at {pos}"
    i = rng.choice(candidates)
    line = lines[i]
    if kind == "delete":
        del lines[i]
        return "\n".join(lines), f"delete line {i + 1}"
    if kind == "duplicate":
        lines.insert(i, line)
        return "\n".join(lines), f"duplicate line {i + 1}"
    if kind in ("swap", "reuse"):
        # Uses only: skip the results before `=`.
        eq = line.find(" = ")
        start = eq + 3 if eq >= 0 else 0
        uses = [m for m in _SSA.finditer(line) if m.start() >= start]
        if len(uses) >= 2:
            a, b = rng.sample(uses, 2)
            if kind == "swap":
                first, second = sorted((a, b), key=lambda m: m.start())
                new = (
                    line[: first.start()]
                    + second.group()
                    + line[first.end() : second.start()]
                    + first.group()
                    + line[second.end() :]
                )
            else:
                new = line[: a.start()] + b.group() + line[a.end() :]
            lines[i] = new
            return "\n".join(lines), f"{kind} operands on line {i + 1}"
        kind = "retype"
    types = list(_TYPE.finditer(line))
    if not types:
        del lines[i]
        return "\n".join(lines), f"delete line {i + 1}"
    m = rng.choice(types)
    old = m.group()
    if m.group(3):
        new_t = rng.choice(["f32", "f64", "i32", "index", "i1"])
    else:
        dims = re.findall(r"\d+|\?", m.group(2).split(",")[0])
        choice = rng.random()
        if dims and choice < 0.4:
            body = m.group(2)
            pos = rng.randrange(len(dims))
            parts = body.split("x")
            if pos < len(parts):
                parts[pos] = rng.choice(["?", "1", "3", "7"])
            new_t = f"{m.group(1)}<{'x'.join(parts)}>"
        elif choice < 0.6:
            new_t = old.replace("f32", "f64")
        elif choice < 0.8:
            new_t = ("memref" if m.group(1) == "tensor" else "tensor") + old[
                len(m.group(1)) :
            ]
        else:
            new_t = f"{m.group(1)}<*xf32>" if m.group(1) else old
    lines[i] = line[: m.start()] + new_t + line[m.end() :]
    return "\n".join(lines), f"retype '{old}' as '{new_t}' on line {i + 1}"


def mutate(text: str, rng: random.Random) -> tuple[str, list[str]]:
    """One to three random edits of `text`."""
    notes: list[str] = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        text, note = mutate_once(text, rng)
        notes.append(note)
    return text, notes


@dataclass
class OptResult:
    """How one `xdsl-opt` run ended."""

    exit_code: int
    crash: str | None
    """The escaping exception (type and message), None if none escaped."""
    output: str = ""


def run_opt_inprocess(
    text: str, pipeline: str | None, timeout: float = 20.0
) -> OptResult:
    """Run `xdsl-opt` in this process on `text` and report how it ended."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    args = [path, *OPT_FLAGS]
    if pipeline:
        args += ["-p", pipeline]
    out = io.StringIO()
    code = 0
    crash: str | None = None
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(out),
            time_limit(timeout),
        ):
            xDSLOptMain(args=args).run()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except InvalidOptionError as e:
        # The command line prints it as one line and exits 1 (`utils/cli_errors.py`).
        out.write(f"error: {e}\n")
        code = 1
    except CaseTimeout as e:
        crash = f"timeout: {e}"
    except Exception as e:
        crash = f"{type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else ''}"
        code = 1
    finally:
        Path(path).unlink(missing_ok=True)
    return OptResult(code, crash, out.getvalue())


def run_opt_subprocess(
    text: str, pipeline: str | None, timeout: float = 60.0
) -> OptResult:
    """Run the `xdsl-opt` command on `text`; a traceback on stderr counts as a crash."""
    args = ["xdsl-opt", *OPT_FLAGS]
    if pipeline:
        args += ["-p", pipeline]
    try:
        proc = subprocess.run(
            args, input=text, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return OptResult(-1, "timeout")
    crash = None
    if "Traceback (most recent call last)" in proc.stderr:
        last = [line for line in proc.stderr.strip().splitlines() if line.strip()]
        crash = last[-1] if last else "traceback"
    return OptResult(proc.returncode, crash, proc.stdout + proc.stderr)


def opt_failed(result: OptResult) -> bool:
    return result.crash is not None or result.exit_code not in (0, 1)


@dataclass
class MutationFailure:
    """A mutated input on which a pass made `xdsl-opt` crash."""

    case: int
    chunk: Chunk
    pipeline: str
    edits: list[str]
    crash: str
    text: str


@dataclass
class MutationSummary:
    """Counts of one mutation-fuzzing run."""

    cases: int
    runs: int
    failures: list[MutationFailure]
    xdsl_crashes: int
    subprocess_checked: int
    subprocess_disagreements: list[str] = field(default_factory=lambda: list[str]())
    paths: list[Path] = field(default_factory=lambda: list[Path]())
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.cases} programs, {len(self.failures)} failures "
            f"({self.runs} xdsl-opt runs, {self.xdsl_crashes} crashes of xDSL itself "
            f"ignored, {self.subprocess_checked} checked by subprocess, "
            f"{len(self.subprocess_disagreements)} disagreements) in {self.seconds:.1f}s"
        )


def _shrink_crash(text: str, pipeline: str, crash: str) -> str:
    """Delete lines while the same exception type still escapes."""
    want = crash.split(":", 1)[0]

    def same(cand: str) -> bool:
        base = run_opt_inprocess(cand, None)
        if opt_failed(base):
            return False
        r = run_opt_inprocess(cand, pipeline)
        return r.crash is not None and r.crash.split(":", 1)[0] == want

    lines = text.splitlines()
    chunk = max(1, len(lines) // 2)
    tests = 0
    while chunk >= 1 and tests < 150:
        k = 0
        while k < len(lines) and tests < 150:
            cand = lines[:k] + lines[k + chunk :]
            tests += 1
            if cand and same("\n".join(cand) + "\n"):
                lines = cand
            else:
                k += chunk
        chunk //= 2
    return "\n".join(lines) + "\n"


def fuzz_mutations(
    inputs: Path,
    count: int,
    seed: int,
    pipelines: Sequence[str] | None = None,
    subprocess_every: int = 0,
    out_dir: Path | None = None,
    do_shrink: bool = True,
    progress: Callable[[int, int, int], None] | None = None,
) -> MutationSummary:
    """Run `count` mutated inputs through each pipeline (default: the input's RUN-line
    pipelines plus each of our passes); `progress` is told (cases done, count,
    failures) after each case. Raises `ValueError` for a pipeline that does not
    parse or has a bad option."""
    for pipeline in pipelines or ():
        try:
            PassPipeline.parse_spec(Universe.get_multiverse().all_passes, pipeline)
        except Exception as e:
            raise ValueError(f"bad pipeline '{pipeline}': {e}") from e
    start = time.monotonic()
    chunks = load_inputs(inputs)
    if not chunks:
        raise ValueError(f"no .mlir inputs under {inputs}")
    rng = random.Random(seed)
    default = our_passes()
    failures: list[MutationFailure] = []
    disagreements: list[str] = []
    runs = xdsl_crashes = checked = 0
    for case in range(count):
        if progress is not None and case:
            progress(case, count, len(failures))
        chunk = rng.choice(chunks)
        text, edits = mutate(chunk.text, rng)
        base = run_opt_inprocess(text, None)
        runs += 1
        if opt_failed(base):
            xdsl_crashes += 1
            continue
        todo = (
            list(pipelines)
            if pipelines
            else list(dict.fromkeys([*chunk.pipelines, *default]))
        )
        for pipeline in todo:
            result = run_opt_inprocess(text, pipeline)
            runs += 1
            if subprocess_every and case % subprocess_every == 0:
                checked += 1
                sub = run_opt_subprocess(text, pipeline)
                if opt_failed(sub) != opt_failed(result):
                    disagreements.append(
                        f"case {case} ({pipeline}): in-process "
                        f"{result.crash or result.exit_code}, subprocess "
                        f"{sub.crash or sub.exit_code}"
                    )
            if opt_failed(result):
                crash = result.crash or f"exit code {result.exit_code}"
                failures.append(
                    MutationFailure(case, chunk, pipeline, edits, crash, text)
                )
                break
    if progress is not None:
        progress(count, count, len(failures))
    paths: list[Path] = []
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        for f in failures:
            text = _shrink_crash(f.text, f.pipeline, f.crash) if do_shrink else f.text
            path = (
                out_dir
                / f"mutant__{slug(f.pipeline)}__{slug(f.crash.split(':')[0])}__{seed}_{f.case}.mlir"
            )
            header = [
                "// Reproducer found by xdsl-bufferize-fuzz mutate.",
                f"// pipeline: {f.pipeline}",
                f"// kind: crash:{f.crash.split(':')[0]}",
                f"// detail: {f.crash}",
                f"// origin: {f.chunk.path} chunk {f.chunk.index}, edits: {'; '.join(f.edits)}",
                "",
            ]
            path.write_text("\n".join(header) + text)
            paths.append(path)
    return MutationSummary(
        count,
        runs,
        failures,
        xdsl_crashes,
        checked,
        disagreements,
        paths,
        time.monotonic() - start,
    )


def main_mutate(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="xdsl-bufferize-fuzz mutate",
        description="Mutate test inputs at random; xdsl-opt must never show a traceback.",
    )
    p.add_argument(
        "--inputs",
        type=Path,
        default=SEEDS,
        help="folder of .mlir inputs to mutate (default: the examples and "
        "workloads shipped with the package; in a checkout, tests/filecheck "
        "adds every test input)",
    )
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--pipeline",
        "-p",
        action="append",
        default=None,
        help="pipeline to run (repeatable; default: RUN-line pipelines and our passes)",
    )
    p.add_argument(
        "--subprocess-every",
        type=int,
        default=25,
        help="also run every N-th case as a subprocess (0: never)",
    )
    p.add_argument("--out", type=Path, default=Path("fuzz-out"))
    p.add_argument("--no-shrink", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = p.parse_args(argv)
    try:
        summary = fuzz_mutations(
            args.inputs,
            args.count,
            args.seed,
            args.pipeline,
            args.subprocess_every,
            args.out,
            not args.no_shrink,
            progress=None if args.quiet else ProgressPrinter("mutants"),
        )
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(summary.line())
    for f, path in zip(summary.failures, summary.paths, strict=False):
        print(f"  {path}: {f.pipeline}: {f.crash}")
    for d in summary.subprocess_disagreements:
        print(f"  disagreement: {d}")
    return 1 if summary.failures or summary.subprocess_disagreements else 0
