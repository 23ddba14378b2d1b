"""Differential fuzzing of pass pipelines: `xdsl-bufferize-fuzz`.

Generator mode (the default): for each seeded program of `generate`, run `@main` in
the reference executor, apply the pipeline, check the output verifies and prints back,
run it again, and compare. A case fails on

* `mismatch`: different results before and after;
* `finding:<kind>`: a memory finding after the pipeline (a leak counts only when the
  pipeline deallocates, i.e. names `dealloc` or `comprehensive-bufferize`);
* `run-error`: the transformed program stops with a runtime error;
* `pass-error`: the pipeline rejects a valid program with a diagnostic;
* `crash:<Exception>`: a Python exception escapes a pass;
* `verify` / `roundtrip`: the output does not verify, or does not parse back;
* `timeout`: the case takes longer than its time limit;
* `invalid-input`: the generated program itself does not parse, verify or run cleanly
  (a generator bug).

Failures are shrunk (`shrink.py`) while they keep their kind, and the reproducers are
written to the output directory. `mutate` mode (`mutate.py`) edits the project's test
inputs at random and checks that `xdsl-opt` never shows a traceback.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import re
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TextIO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline
from xdsl.universe import Universe
from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException

from xdsl_bufferize.execution.memory import FindingKind
from xdsl_bufferize.execution.runner import (
    UsageError,
    compare_results,
    make_context,
    run,
    undefined_results,
)
from xdsl_bufferize.execution.runner import parse_module as _parse_module
from xdsl_bufferize.testing.generate import (
    GeneratorConfig,
    apply_feature_spec,
    config_for_pipeline,
    generate_program,
)
from xdsl_bufferize.testing.shrink import shrink
from xdsl_bufferize.utils.pipeline_errors import pipeline_error_line


@functools.cache
def _context() -> Context:
    return make_context()


@functools.cache
def _passes() -> dict[str, Callable[[], type[ModulePass]]]:
    return dict(Universe.get_multiverse().all_passes)


def parse_module(text: str) -> ModuleOp:
    """Parse `text` with a context built once per process."""
    return _parse_module(text, ctx=_context())


def apply_pipeline(module: ModuleOp, pipeline: str) -> ModuleOp:
    """A clone of `module` transformed by `pipeline` (any pass of the multiverse).

    Raises `UsageError` for an unknown pass or bad options."""
    clone = module.clone()
    try:
        passes = PassPipeline.parse_spec(_passes(), pipeline)
    except (Exception, ArgSpecParseError) as e:
        raise UsageError(pipeline_error_line(e, _passes())) from e
    passes.apply(_context(), clone)
    return clone


class CaseTimeout(Exception):
    """A case ran longer than its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise `CaseTimeout` in the main thread after `seconds` (no limit if <= 0)."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        raise CaseTimeout(f"timed out after {seconds}s")

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass(frozen=True)
class Verdict:
    """How one program fared under a pipeline: `kind` is None when it passed."""

    kind: str | None
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.kind is not None


def leaks_matter(pipeline: str) -> bool:
    """Whether the pipeline is expected to free every allocation."""
    return "dealloc" in pipeline or "comprehensive-bufferize" in pipeline


STATIC_KINDS = ("crash:", "pass-error", "verify", "roundtrip")
"""Failure kinds decided without running the transformed program."""


def classify(
    text: str,
    pipeline: str,
    leaks_are_failures: bool | None = None,
    timeout: float = 20.0,
    expect: str | None = None,
) -> Verdict:
    """Run `@main` of `text` before and after `pipeline` and judge the pipeline.

    With `expect` (a failure kind, when shrinking), a verdict that cannot be of that
    kind may be returned early without running everything. Raises `UsageError` for a
    pipeline naming an unknown pass.
    """
    if leaks_are_failures is None:
        leaks_are_failures = leaks_matter(pipeline)
    try:
        with time_limit(timeout):
            return _classify(text, pipeline, leaks_are_failures, expect)
    except CaseTimeout as e:
        return Verdict("timeout", str(e))


def _static_verdict(module: ModuleOp, pipeline: str) -> tuple[Verdict, ModuleOp | None]:
    try:
        transformed = apply_pipeline(module, pipeline)
    except UsageError:
        raise
    except CaseTimeout:
        raise
    except DiagnosticException as e:
        return Verdict("pass-error", _first_line(e)), None
    except Exception as e:
        return Verdict(
            f"crash:{type(e).__name__}", f"{_first_line(e)} {_where(e)}"
        ), None
    try:
        transformed.verify()
    except Exception as e:
        return Verdict("verify", _first_line(e)), None
    try:
        parse_module(str(transformed))
    except CaseTimeout:
        raise
    except Exception as e:
        return Verdict("roundtrip", f"{type(e).__name__}: {_first_line(e)}"), None
    return Verdict(None), transformed


def _classify(
    text: str, pipeline: str, leaks_are_failures: bool, expect: str | None
) -> Verdict:
    try:
        module = parse_module(text)
        module.verify()
    except Exception as e:
        return Verdict("invalid-input", f"{type(e).__name__}: {_first_line(e)}")
    static: tuple[Verdict, ModuleOp | None] | None = None
    if expect is not None and expect.startswith(STATIC_KINDS):
        static = _static_verdict(module, pipeline)
        if static[0].kind != expect:
            return static[0]
    try:
        before = run(module, "main", [])
    except UsageError:
        raise
    except CaseTimeout:
        raise
    except Exception as e:
        return Verdict(
            "invalid-input", f"executor: {type(e).__name__}: {_first_line(e)}"
        )
    if before.results is not None and undefined_results(before.results):
        # Generated programs never compute NaN: an undefined operation (uninitialised
        # reads are findings of their own, below), so its results mean nothing.
        return Verdict("invalid-input", "input run: a result is NaN (undefined value)")
    input_findings = [f for f in before.findings if f.kind != FindingKind.LEAK]
    if before.error is not None or input_findings:
        what = before.error or str(input_findings[0])
        return Verdict("invalid-input", f"input run: {what}")
    verdict, transformed = static or _static_verdict(module, pipeline)
    if transformed is None:
        return verdict
    try:
        after = run(transformed, "main", [])
    except CaseTimeout:
        raise
    except Exception as e:
        return Verdict(f"executor-crash:{type(e).__name__}", _first_line(e))
    if after.error is not None:
        return Verdict("run-error", after.error.splitlines()[0])
    findings = [
        f for f in after.findings if leaks_are_failures or f.kind != FindingKind.LEAK
    ]
    if findings:
        return Verdict(f"finding:{findings[0].kind.value}", str(findings[0]))
    assert before.results is not None and after.results is not None
    mismatches = compare_results(before.results, after.results)
    if mismatches:
        return Verdict("mismatch", mismatches[0])
    return Verdict(None)


def _where(e: BaseException) -> str:
    """`(at file:line in function)` of the innermost frame of `e`'s traceback."""
    frames = traceback.extract_tb(e.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    path = last.filename
    if "site-packages/" in path:
        path = path.split("site-packages/", 1)[1]
    elif "xdsl_bufferize/" in path:
        path = "xdsl_bufferize/" + path.split("xdsl_bufferize/", 1)[1]
    return f"(at {path}:{last.lineno} in {last.name})"


def _first_line(e: BaseException) -> str:
    lines = [line for line in str(e).strip().splitlines() if line.strip()]
    # xDSL diagnostics print the IR first; the message is on a line with "|".
    for line in lines:
        stripped = line.strip().strip("|").strip()
        if line.strip().startswith("|") and stripped:
            return stripped
    return lines[0] if lines else type(e).__name__


@dataclass
class CaseResult:
    """The outcome of one generated program."""

    seed: int
    verdict: Verdict
    reproducer: str | None = None
    """The shrunk failing program (None when the case passed)."""
    seconds: float = 0.0


@dataclass(frozen=True)
class _Job:
    seed: int
    pipeline: str
    config: GeneratorConfig
    do_shrink: bool
    timeout: float
    shrink_tests: int
    shrink_seconds: float


def _run_job(job: _Job) -> CaseResult:
    start = time.monotonic()
    try:
        text = generate_program(job.seed, job.config)
    except Exception as e:
        verdict = Verdict(f"generator-crash:{type(e).__name__}", _first_line(e))
        return CaseResult(job.seed, verdict, None, time.monotonic() - start)
    verdict = classify(text, job.pipeline, timeout=job.timeout)
    reproducer = None
    if verdict.failed:
        reproducer = text
        if job.do_shrink and verdict.kind not in ("timeout",):
            kind = verdict.kind

            def still_fails(candidate: str) -> bool:
                verdict = classify(
                    candidate, job.pipeline, timeout=job.timeout, expect=kind
                )
                return verdict.kind == kind

            reproducer = shrink(
                text,
                still_fails,
                max_tests=job.shrink_tests,
                time_limit=job.shrink_seconds,
            )
            if reproducer != text:
                # Report the reproducer's own detail (same kind, maybe other values).
                small = classify(reproducer, job.pipeline, timeout=job.timeout)
                if small.kind == kind:
                    verdict = small
    return CaseResult(job.seed, verdict, reproducer, time.monotonic() - start)


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:60]


def write_reproducer(
    out_dir: Path, pipeline: str, result: CaseResult, origin: str
) -> Path:
    """Write a failing case's reproducer with a header saying how it fails."""
    assert result.verdict.kind is not None
    out_dir.mkdir(parents=True, exist_ok=True)
    name = f"{slug(pipeline)}__{slug(result.verdict.kind)}__{origin}{result.seed}.mlir"
    path = out_dir / name
    header = [
        "// Reproducer found by xdsl-bufferize-fuzz.",
        f"// pipeline: {pipeline}",
        f"// kind: {result.verdict.kind}",
        f"// detail: {result.verdict.detail}".replace("\n", " "),
        f"// origin: {origin} {result.seed}",
        "",
    ]
    # A generator crash has no program: the header (kind, detail, seed) is the report.
    body = result.reproducer or "// (no program: the generator crashed)"
    path.write_text("\n".join(header) + body.rstrip() + "\n")
    return path


def read_header(path: Path) -> dict[str, str]:
    """The `// key: value` header of a reproducer written by `write_reproducer`."""
    out: dict[str, str] = {}
    for line in path.read_text().splitlines():
        m = re.match(r"//\s*(pipeline|kind|detail|origin|status):\s*(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
        elif line.strip() and not line.startswith("//"):
            break
    return out


@dataclass
class Summary:
    """Counts of one fuzzing run and the reproducers it wrote."""

    programs: int
    failures: list[CaseResult]
    paths: list[Path]
    seconds: float

    def line(self) -> str:
        kinds: dict[str, int] = {}
        for f in self.failures:
            assert f.verdict.kind is not None
            kinds[f.verdict.kind] = kinds.get(f.verdict.kind, 0) + 1
        extra = ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items()))
        return (
            f"{self.programs} programs, {len(self.failures)} failures"
            + (f" ({extra})" if extra else "")
            + f" in {self.seconds:.1f}s"
        )


Progress = Callable[[int, int, int], None]
"""Told (cases done, cases in all, failures so far) after each case."""


class ProgressPrinter:
    """Prints `done/total <what>, N failure(s), R/s` on stderr, at most every
    `interval` seconds and after the last case."""

    def __init__(
        self, what: str, interval: float = 2.0, stream: TextIO | None = None
    ) -> None:
        self.what = what
        self.interval = interval
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.last = self.start

    def __call__(self, done: int, total: int, failures: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < self.interval:
            return
        self.last = now
        rate = done / max(now - self.start, 1e-9)
        print(
            f"fuzz: {done}/{total} {self.what}, {failures} failure(s), {rate:.1f}/s",
            file=self.stream,
            flush=True,
        )


def fuzz_programs(
    count: int,
    seed: int,
    pipeline: str,
    config: GeneratorConfig | None = None,
    jobs: int = 1,
    out_dir: Path | None = None,
    do_shrink: bool = True,
    timeout: float = 20.0,
    shrink_tests: int = 200,
    shrink_seconds: float = 90.0,
    progress: Progress | None = None,
) -> Summary:
    """Generate `count` programs from `seed` on, check each under `pipeline`;
    `progress` is told after each program."""
    start = time.monotonic()
    config = config or config_for_pipeline(pipeline)
    # Fail early, in this process, on an unknown pass.
    apply_pipeline(parse_module("builtin.module {}"), pipeline)
    work = [
        _Job(
            seed + i, pipeline, config, do_shrink, timeout, shrink_tests, shrink_seconds
        )
        for i in range(count)
    ]
    results: list[CaseResult] = []
    failures: list[CaseResult] = []

    def collect(result: CaseResult) -> None:
        results.append(result)
        if result.verdict.failed:
            failures.append(result)
        if progress is not None:
            progress(len(results), count, len(failures))

    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for result in pool.imap(_run_job, work, chunksize=4):
                collect(result)
    else:
        for job in work:
            collect(_run_job(job))
    paths: list[Path] = []
    if out_dir is not None:
        paths = [write_reproducer(out_dir, pipeline, f, "seed") for f in failures]
    return Summary(count, failures, paths, time.monotonic() - start)


def _generator_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="xdsl-bufferize-fuzz",
        description="Differential fuzzing of a pass pipeline on generated programs "
        "(use `xdsl-bufferize-fuzz mutate --help` for the mutation fuzzer, "
        "`xdsl-bufferize-fuzz replay FILE...` to re-check reproducers, "
        "`xdsl-bufferize-fuzz mlir-compare --help` to compare in-place decisions with "
        "upstream MLIR's).",
    )
    p.add_argument("--count", type=int, default=100, help="programs to generate")
    p.add_argument("--seed", type=int, default=0, help="seed of the first program")
    p.add_argument(
        "--pipeline", "-p", required=True, help="pass pipeline (xdsl-opt syntax)"
    )
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    p.add_argument(
        "--out", type=Path, default=Path("fuzz-out"), help="reproducer folder"
    )
    p.add_argument(
        "--kind",
        choices=["tensor", "memref"],
        help="program kind (default: chosen from the pipeline)",
    )
    p.add_argument(
        "--features",
        default="",
        help="feature spec, e.g. '-while,+nonequivalent_yields,max_ops=5'",
    )
    p.add_argument(
        "--shrink-seconds", type=float, default=90.0, help="time limit of each shrink"
    )
    p.add_argument(
        "--no-shrink", action="store_true", help="keep failing programs whole"
    )
    p.add_argument("--timeout", type=float, default=20.0, help="seconds per case")
    p.add_argument(
        "--print", action="store_true", help="print the programs, do not run"
    )
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p


def main_generate(argv: Sequence[str]) -> int:
    args = _generator_parser().parse_args(argv)
    config = config_for_pipeline(args.pipeline)
    if args.kind is not None:
        config = GeneratorConfig(
            kind=args.kind, function_boundaries=config.function_boundaries
        )
    try:
        config = apply_feature_spec(config, args.features)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.print:
        for i in range(args.count):
            print(generate_program(args.seed + i, config))
        return 0
    try:
        summary = fuzz_programs(
            args.count,
            args.seed,
            args.pipeline,
            config,
            jobs=args.jobs,
            out_dir=args.out,
            do_shrink=not args.no_shrink,
            timeout=args.timeout,
            shrink_seconds=args.shrink_seconds,
            progress=None if args.quiet else ProgressPrinter("programs"),
        )
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(summary.line())
    for f, path in zip(summary.failures, summary.paths, strict=False):
        print(f"  {path}: {f.verdict.kind}: {f.verdict.detail}")
    return 1 if summary.failures else 0


def main_replay(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="xdsl-bufferize-fuzz replay",
        description="Re-check reproducers (pipeline from their header unless given).",
    )
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--pipeline", "-p", default=None)
    args = p.parse_args(argv)
    failing = 0
    for path in args.files:
        header = read_header(path)
        pipeline = args.pipeline or header.get("pipeline")
        if not pipeline:
            print(f"{path}: no pipeline given", file=sys.stderr)
            return 2
        if "edits:" in header.get("origin", ""):
            # A mutation-fuzzer reproducer: xdsl-opt must end with 0 or 1, no crash.
            from xdsl_bufferize.testing.mutate import opt_failed, run_opt_inprocess

            result = run_opt_inprocess(path.read_text(), pipeline)
            failed = opt_failed(result)
            status = f"crash: {result.crash or result.exit_code}" if failed else "ok"
        else:
            try:
                verdict = classify(path.read_text(), pipeline)
            except UsageError as e:
                print(f"{path}: {e}", file=sys.stderr)
                return 2
            failed = verdict.failed
            status = "ok" if not failed else f"{verdict.kind}: {verdict.detail}"
        print(f"{path}: {status}")
        failing += failed
    print(f"{len(args.files)} programs, {failing} failures")
    return 1 if failing else 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "mutate":
        from xdsl_bufferize.testing.mutate import main_mutate

        return main_mutate(argv[1:])
    if argv and argv[0] == "replay":
        return main_replay(argv[1:])
    if argv and argv[0] == "mlir-compare":
        from xdsl_bufferize.testing.mlir_compare import main as main_compare

        return main_compare(argv[1:])
    return main_generate(argv)


if __name__ == "__main__":
    sys.exit(main())
