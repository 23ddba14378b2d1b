"""Run our passes on upstream MLIR's bufferization test inputs; upstream MLIR judges
the outputs.

    python scripts/run_upstream_bufferization_tests.py DIR [--only NAME] [--json FILE]
        [--all-runs] [--timeout SECONDS] [--pipeline PIPELINE]

DIR is a copy of llvm-project's `mlir/test` (or any folder below it) holding MLIR's
bufferization tests: `Dialect/Bufferization/Transforms/*.mlir` (one-shot-bufferize*,
one-shot-module-bufferize*, empty-tensor elimination, buffer deallocation) and the
`one-shot-bufferize*.mlir` / `bufferize*.mlir` files of the other dialects; every
`*.mlir` below DIR is read. The tests are not part of this repository. Needs the
finch-mlir wheel (`mlir_finch`).

Each file is split on `// -----`; each case runs under each distinct `mlir-opt`
pipeline of the file's RUN lines (runs differing only in `analysis-fuzzer-seed`
count once unless `--all-runs`), spelled for xDSL: anchors (`func.func(...)`)
flattened, options of MLIR's older spelling renamed (`allow-return-allocs` is today's
`allow-return-allocs-from-loops`), MLIR's removed per-dialect passes
(`tensor-bufferize`, ...) run as today's tests of those files do
(`REMOVED_PASSES`); or under the one `--pipeline` given. Our side runs in process (xDSL's parser with every
dialect of the installed universes, as `xdsl-opt` does); each case gets one verdict:

* **verified**: our output, printed as `xdsl-opt` prints it, parses and verifies in
  upstream MLIR (`mlir_finch.ir.Module.parse`, then `verify`);
* **rejected**: upstream MLIR rejects our output (its message; also when xDSL's own
  verifier rejects it);
* **refused**: our pass stops with a diagnostic (`located` when it names a
  `file:line:col`); expected where the case has an `expected-error`;
* **unreadable**: xDSL cannot read the input, or its verifier rejects it (which op or
  syntax);
* **unsupported**: the pipeline names a pass or an option we do not have;
* **traceback**: a Python exception escaped (always a bug);
* **timeout**.

Where upstream MLIR runs the same pipeline on the case too (`mlir_finch.passmanager`,
in a worker process: a crash of the wheel costs the case its counts, not the run),
the allocations (`memref.alloc`/`alloca`) and copies (`memref.copy`, `linalg.copy`,
`bufferization.clone`) of the two outputs are counted. Prints one line per file (the
verdicts), then every case that is not verified or refused-as-expected, then the
totals; `--json FILE` writes every case.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path and not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT))  # this checkout's package, unless PYTHONPATH says
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from run_mlir_integration_tests import (  # noqa: E402
    _leaf_names,  # pyright: ignore[reportPrivateUsage]
    _logical_lines,  # pyright: ignore[reportPrivateUsage]
    _opt_elements,  # pyright: ignore[reportPrivateUsage]
    _pass_name,  # pyright: ignore[reportPrivateUsage]
    to_xdsl_spelling,
)

VERDICTS = (
    "verified",
    "rejected",
    "refused",
    "unreadable",
    "unsupported",
    "traceback",
    "timeout",
)
MLIR_OPT_FLAGS = {
    "split-input-file",
    "verify-diagnostics",
    "allow-unregistered-dialect",
    "o",
    "canonicalize-max-iterations",
}
"""`mlir-opt` flags that are not passes."""
RENAMED_OPTIONS = {
    "allow-return-allocs": "allow-return-allocs-from-loops",
}
"""Options of MLIR's older spelling (test texts of earlier releases) and today's name,
for both sides."""
DROPPED_OPTIONS = {"create-deallocs"}
REMOVED_PASSES = {
    name: ("one-shot-bufferize", [("allow-unknown-ops", ""), ("copy-before-write", "")])
    for name in (
        "tensor-bufferize",
        "scf-bufferize",
        "linalg-bufferize",
        "arith-bufferize",
    )
}
"""MLIR's per-dialect bufferization passes (removed in 2024) and what today's tests of
the same files run instead: one-shot-bufferize of every op, each write into a copy,
unknown ops behind `to_tensor` / `to_buffer` (for both sides)."""
"""Options MLIR removed whose effect today's pipelines spell as separate passes."""
OPTIONAL_PASSES = {"buffer-deallocation-simplification", "expand-realloc"}
"""Passes left out of our side when xDSL's universe lacks them: they simplify
deallocation ops or expand `memref.realloc` (our deallocation has a model for it), so
the output is still ours to judge; the verdict's record names them."""
FUNC_ANCHORED = {"buffer-deallocation"}
"""Passes upstream runs on `func.func` only (anchored there on the MLIR side)."""
ALLOC_OPS = ("memref.alloc", "memref.alloca")
COPY_OPS = ("memref.copy", "linalg.copy", "bufferization.clone")


@dataclass
class Run:
    """One pipeline of a file's RUN lines, in both spellings."""

    ours: str
    """xdsl-opt's `-p` text."""
    mlir: str
    """The wheel's `builtin.module(...)` text."""
    unsupported: str = ""
    """Why our side cannot run it (a pass we lack), or empty."""
    dropped: list[str] = field(default_factory=lambda: list[str]())
    """`OPTIONAL_PASSES` left out of our side."""


@dataclass
class CaseResult:
    """The verdict on one case under one pipeline."""

    file: str
    index: int
    function: str
    pipeline: str
    verdict: str
    message: str = ""
    expects_error: bool = False
    located: bool = False
    counts: dict[str, dict[str, int]] = field(
        default_factory=lambda: dict[str, dict[str, int]]()
    )
    """`{"ours": {"alloc": n, "copy": m}, "mlir": {...}}` where both sides ran."""
    mlir_error: str = ""
    dropped: list[str] = field(default_factory=lambda: list[str]())
    """Passes of the RUN line left out of our side (`OPTIONAL_PASSES`)."""

    @property
    def name(self) -> str:
        return f"{self.file}#{self.index}"

    @property
    def expected(self) -> bool:
        """Verified, or refused where MLIR refuses too."""
        return self.verdict == "verified" or (
            self.verdict == "refused" and self.expects_error
        )


LIST_COMMA = "\x01"
"""Stands for a comma inside a pass option's value (a list: `dialect-filter=a,b`)
while the RUN line is split into passes."""


def _protect_list_commas(command: str) -> str:
    """`command` with the commas inside `-pass="options"` values replaced by
    `LIST_COMMA` (pass-pipeline texts keep theirs)."""
    return re.sub(
        r'(-(?!-?pass-pipeline)[\w-]+=)"([^"]*)"',
        lambda m: f'{m[1]}"{m[2].replace(",", LIST_COMMA)}"',
        command,
    )


def _element_options(element: str) -> tuple[str, list[tuple[str, str]]]:
    """A pipeline element's pass name and its options (`{a b=c}`), in order."""
    name = _pass_name(element)
    match = re.search(r"\{(.*)\}\s*$", element, re.S)
    options: list[tuple[str, str]] = []
    if match:
        for word in re.findall(r"[\w-]+(?:=(?:\"[^\"]*\"|'[^']*'|[^\s]+))?", match[1]):
            key, _, value = word.partition("=")
            options.append((key, value.strip("\"'").replace(LIST_COMMA, ",")))
    return name, options


def _spell(name: str, options: list[tuple[str, str]], renamed: bool) -> str:
    items: list[str] = []
    for key, value in options:
        if renamed and key in DROPPED_OPTIONS:
            continue
        key = RENAMED_OPTIONS.get(key, key) if renamed else key
        items.append(f"{key}={value}" if value else key)
    return f"{name}{{{' '.join(items)}}}" if items else name


def runs_of(
    text: str, available: set[str], all_runs: bool = False, pipeline: str = ""
) -> list[Run]:
    """The distinct pipelines of the RUN lines of `text` (with `mlir-opt`), or the
    one `pipeline` (xDSL's spelling, for both sides) when given."""
    runs: list[Run] = []
    seen: set[str] = set()
    if pipeline:
        return [
            Run(pipeline, f"builtin.module({pipeline})", _pipeline_problem(pipeline))
        ]
    for line in _logical_lines(text, "RUN"):
        command = re.sub(r"(^|\|)\s*not\s+", r"\1 ", line)
        if "mlir-opt" not in command.split("|")[0]:
            continue
        elements = _opt_elements(_protect_list_commas(command.split("|")[0]))
        leaves: list[tuple[str, list[tuple[str, str]]]] = []
        for element in elements:
            if _pass_name(element) in MLIR_OPT_FLAGS or element.startswith("mlir-"):
                continue
            for leaf in _leaf_element_texts(element):
                name, options = _element_options(leaf)
                leaves.append(REMOVED_PASSES.get(name, (name, options)))
        if not leaves:
            continue
        dropped = [n for n, _ in leaves if n in OPTIONAL_PASSES and n not in available]
        ours = ",".join(_spell(n, o, True) for n, o in leaves if n not in dropped)
        mlir = ",".join(
            f"func.func({_spell(n, o, True)})"
            if n in FUNC_ANCHORED
            else _spell(n, o, True)
            for n, o in leaves
        )
        key = re.sub(r"analysis-fuzzer-seed=\d+", "analysis-fuzzer-seed=N", ours)
        if key in seen and not all_runs or ours in seen:
            continue
        seen |= {key, ours}
        missing = [n for n, _ in leaves if n not in available and n not in dropped]
        problem = f"no pass {', '.join(missing)} in xDSL's universe" if missing else ""
        problem = problem or _pipeline_problem(ours)
        runs.append(Run(ours, f"builtin.module({mlir})", problem, dropped))
    return runs


def _pipeline_problem(ours: str) -> str:
    """Why xDSL cannot build the pipeline `ours` (an option or value we lack), or
    empty."""
    from xdsl.passes import PassPipeline
    from xdsl.universe import Universe
    from xdsl.utils.exceptions import ArgSpecParseError

    from xdsl_bufferize.utils.pipeline_errors import pipeline_error_line

    passes = Universe.get_multiverse().all_passes
    try:
        PassPipeline.parse_spec(passes, ours)
    except (Exception, ArgSpecParseError) as e:
        return pipeline_error_line(e, passes)
    return ""


def _leaf_element_texts(element: str) -> list[str]:
    """The pass elements inside an anchored element (`func.func(a, b{x})`), texts
    with their options; the element itself when it is not anchored."""
    match = re.match(r"^([\w.]+)\((.*)\)$", element, re.S)
    if not match or "." not in match[1] and match[1] != "builtin.module":
        return [element]
    names = _leaf_names(element)
    inner = match[2]
    if len(names) == 1:
        return _leaf_element_texts(inner.strip())
    from run_mlir_integration_tests import (
        _split_pipeline,  # pyright: ignore[reportPrivateUsage]
    )

    return [t for sub in _split_pipeline(inner) for t in _leaf_element_texts(sub)]


def cases_of(text: str) -> Iterator[tuple[int, str]]:
    """The `// -----` cases of `text`, each padded with blank lines so that its
    lines keep their numbers in the file."""
    line = 0
    for index, chunk in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
        yield index, "\n" * line + chunk
        line += chunk.count("\n")


def _function(text: str) -> str:
    match = re.search(r"func\.func\s+(?:private\s+)?@([\w$.]+)", text)
    return match[1] if match else ""


def _first_lines(text: str, count: int = 3) -> str:
    """A message on one line: xDSL's `file:line:col`, source line, carets and
    message become `file:line:col: message (at `source`)`."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) >= 4 and set(lines[2].strip()) == {"^"}:
        message = " ".join(line.strip() for line in lines[3:])
        return f"{lines[0].strip()}: {message} (at `{lines[1].strip()}`)"[:400]
    return " | ".join(line.strip() for line in lines[:count])[:400]


def _counts_xdsl(module: Any) -> dict[str, int]:
    names = Counter(op.name for op in module.walk())
    return {
        "alloc": sum(names[n] for n in ALLOC_OPS),
        "copy": sum(names[n] for n in COPY_OPS),
    }


def _counts_mlir(operation: Any) -> dict[str, int]:
    import mlir_finch.ir as ir

    names = Counter[str]()

    def count(op: Any) -> Any:
        names[str(op.name)] += 1
        return ir.WalkResult.ADVANCE  # pyright: ignore[reportAttributeAccessIssue]

    operation.walk(count)
    return {
        "alloc": sum(names[n] for n in ALLOC_OPS),
        "copy": sum(names[n] for n in COPY_OPS),
    }


def _mlir_message(exc: BaseException) -> str:
    diagnostics = getattr(exc, "error_diagnostics", None) or []
    parts: list[str] = []
    for diagnostic in diagnostics:
        parts.append(f"{diagnostic.location}: {diagnostic.message}")
        parts += [f"note: {n.message}" for n in getattr(diagnostic, "notes", [])]
    return _first_lines("\n".join(parts) or str(exc))


_CONVERSION = re.compile(
    r"^(?P<head>.*\bbufferization\.to_(?P<op>buffer|memref|tensor) [^:]*):\s*"
    r"(?P<source>.+?)\s+to\s+(?P<target>.+)$",
    re.M,
)


def to_wheel_spelling(text: str) -> str:
    """`text` with the tensor/buffer conversions as the finch-mlir wheel (MLIR of
    2024) spells them: `to_buffer` (MLIR's name since 2025, and xDSL's) is
    `to_memref`, and the custom forms name one type (the buffer's) where today's
    name both (`: memref<..> to tensor<..>`)."""
    text = text.replace('"bufferization.to_buffer"', '"bufferization.to_memref"')

    def one(match: re.Match[str]) -> str:
        head = match["head"].replace("to_buffer ", "to_memref ")
        buffer = match["source"] if match["op"] == "tensor" else match["target"]
        return f"{head}: {buffer}"

    return _CONVERSION.sub(one, text)


def upstream_verifies(text: str) -> str:
    """Empty if upstream MLIR parses and verifies `text`, else its message."""
    import mlir_finch.ir as ir

    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        try:
            module = ir.Module.parse(to_wheel_spelling(text))
            module.operation.verify()
        except Exception as exc:  # noqa: BLE001 - reported
            return _mlir_message(exc)
    return ""


def _upstream_counts(text: str, pipeline: str) -> tuple[dict[str, int] | None, str]:
    """Upstream MLIR's counts on `text` under `pipeline` (runs in the worker)."""
    import mlir_finch.ir as ir
    import mlir_finch.passmanager as pm

    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        try:
            module = ir.Module.parse(to_wheel_spelling(text))
            pm.PassManager.parse(pipeline).run(module.operation)
        except Exception as exc:  # noqa: BLE001 - reported
            return None, _mlir_message(exc)
        return _counts_mlir(module.operation), ""


_WORKER: list[Any] = []
"""The process upstream's own pipelines run in (made on first use, made again after
it dies): the wheel crashes on some of them (a segmentation fault in
`one-shot-bufferize{dialect-filter=...}` on unregistered ops), which must cost that
case its counts, not the whole run."""


def upstream_run(text: str, run: Run) -> tuple[dict[str, int] | None, str]:
    """Upstream MLIR's counts on the case under the run's pipeline, or its error
    (also when the wheel crashes on it)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if not _WORKER:
        context = multiprocessing.get_context("spawn")
        _WORKER.append(ProcessPoolExecutor(max_workers=1, mp_context=context))
    try:
        return _WORKER[0].submit(_upstream_counts, text, run.mlir).result()
    except BrokenProcessPool:
        _WORKER.pop().shutdown(wait=False, cancel_futures=True)
        return None, "upstream MLIR crashed running the pipeline (the worker died)"


def _printed(module: Any) -> str:
    from xdsl.printer import Printer

    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def run_case(
    file: str, index: int, text: str, run: Run, timeout: float = 60.0
) -> CaseResult:
    """Our pipeline on one case; the verdict (see the module docstring)."""
    from xdsl.utils.exceptions import (
        DiagnosticException,
        ParseError,
        PassFailedException,
        VerifyException,
    )

    try:  # the fuzzing tools' package (xdsl_bufferize.testing, formerly in execution)
        from xdsl_bufferize.testing.fuzz import (  # pyright: ignore
            CaseTimeout,
            time_limit,
        )
    except ImportError:
        from xdsl_bufferize.execution.fuzz import CaseTimeout, time_limit
    from xdsl_bufferize.execution.runner import apply_pipeline, make_context
    from xdsl_bufferize.utils.locations import LocatingParser

    result = CaseResult(
        file, index, _function(text), run.ours, "verified", "", "expected-error" in text
    )
    result.dropped = run.dropped
    if run.unsupported:
        result.verdict, result.message = "unsupported", run.unsupported
        return result
    ctx = make_context()
    ctx.allow_unregistered = True  # MLIR's test dialect, `-allow-unregistered-dialect`
    stage = "reading"
    try:
        with time_limit(timeout):
            module = LocatingParser(ctx, to_xdsl_spelling(text), file).parse_module()
            module.verify()
            stage = "pipeline"
            output = apply_pipeline(module, run.ours, ctx)
            stage = "output"
            output.verify()
    except CaseTimeout as exc:
        result.verdict, result.message = "timeout", str(exc)
        return result
    except (ParseError, VerifyException, DiagnosticException, PassFailedException) as e:
        message = _first_lines(str(e))
        if stage == "reading":
            result.verdict = "unreadable"
        elif stage == "output":
            result.verdict = "rejected"
            message = f"xDSL's verifier: {message}"
        else:
            result.verdict = "refused"
            result.located = bool(re.search(rf"{re.escape(file)}:\d+:\d+", str(e)))
        result.message = message
        return result
    except Exception as exc:  # noqa: BLE001 - the verdict
        if type(exc).__name__ == "UsageError":
            result.verdict, result.message = "unsupported", _first_lines(str(exc))
            return result
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(frame.filename).parent.name}/{Path(frame.filename).name}"
        result.verdict = "traceback"
        result.message = (
            f"{type(exc).__name__}: {_first_lines(str(exc), 1)} "
            f"(at {where}:{frame.lineno}, {stage})"
        )
        return result
    rejection = upstream_verifies(_printed(output))
    if rejection:
        result.verdict, result.message = "rejected", rejection
    mlir_counts, result.mlir_error = upstream_run(text, run)
    if mlir_counts is not None:
        result.counts = {"ours": _counts_xdsl(output), "mlir": mlir_counts}
    return result


def available_passes() -> set[str]:
    from xdsl.universe import Universe

    return set(Universe.get_multiverse().all_passes)


def find_tests(root: Path) -> list[Path]:
    return sorted(root.rglob("*.mlir")) if root.is_dir() else [root]


def run_file(
    path: Path,
    root: Path,
    available: set[str],
    all_runs: bool,
    timeout: float,
    pipeline: str = "",
) -> list[CaseResult]:
    text = path.read_text()
    name = str(path.relative_to(root)) if path != root else path.name
    results: list[CaseResult] = []
    for run in runs_of(text, available, all_runs, pipeline):
        for index, case in cases_of(text):
            if "func.func" not in case and "module" not in case:
                continue
            results.append(run_case(name, index, case, run, timeout))
    return results


def summary_lines(results: list[CaseResult]) -> list[str]:
    """The totals: verdicts, refusals MLIR shares, allocation and copy counts."""
    verdicts = Counter(r.verdict for r in results)
    shared = sum(r.verdict == "refused" and r.expects_error for r in results)
    beyond = sum(r.verdict == "verified" and r.expects_error for r in results)
    unlocated = sum(r.verdict == "refused" and not r.located for r in results)
    both = [r for r in results if r.counts]
    ours = Counter[str]()
    mlir = Counter[str]()
    more = 0
    for r in both:
        ours.update(r.counts["ours"])
        mlir.update(r.counts["mlir"])
        more += any(
            r.counts["ours"][k] > r.counts["mlir"][k] for k in ("alloc", "copy")
        )
    return [
        f"{len(results)} runs: "
        + ", ".join(f"{verdicts[v]} {v}" for v in VERDICTS if verdicts[v]),
        f"refused: {shared} where MLIR refuses too (expected-error), "
        f"{verdicts['refused'] - shared} where MLIR does not; {unlocated} without a "
        f"file:line:col; verified where MLIR refuses (expected-error): {beyond}",
        f"both sides ran on {len(both)}: allocations ours {ours['alloc']} / MLIR "
        f"{mlir['alloc']}, copies ours {ours['copy']} / MLIR {mlir['copy']}; "
        f"{more} runs with more allocations or copies than MLIR",
    ]


def listing(results: list[CaseResult]) -> list[str]:
    """Every case not verified nor refused-as-expected, once per verdict and
    message (with the pipelines it was seen under), then every run with more
    allocations or copies than MLIR's."""
    seen: dict[tuple[str, str, str], list[str]] = {}
    for r in results:
        if not r.expected:
            seen.setdefault((r.verdict, f"{r.name} @{r.function}", r.message), [])
            seen[(r.verdict, f"{r.name} @{r.function}", r.message)].append(r.pipeline)
    lines = [f"{'verdict':<12} case: message"] if seen else []
    for (verdict, case, message), pipelines in seen.items():
        lines.append(f"{verdict:<12} {case}: {message}")
        lines.append(f"{'':<12} under {'; '.join(pipelines)}")
    for r in results:
        if r.counts and any(
            r.counts["ours"][k] > r.counts["mlir"][k] for k in ("alloc", "copy")
        ):
            ours, mlir = r.counts["ours"], r.counts["mlir"]
            lines.append(
                f"{'more':<12} {r.name} @{r.function}: allocations {ours['alloc']} "
                f"(MLIR {mlir['alloc']}), copies {ours['copy']} (MLIR {mlir['copy']}) "
                f"under {r.pipeline}"
            )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--all-runs", action="store_true")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument(
        "--pipeline",
        default="",
        help="run every case under this pipeline (xDSL's spelling) instead of its "
        "file's RUN lines; MLIR runs it too where the wheel reads it",
    )
    args = parser.parse_args(argv)
    available = available_passes()
    results: list[CaseResult] = []
    root: Path = args.dir
    for path in find_tests(root):
        if args.only and not any(o in str(path) for o in args.only):
            continue
        found = run_file(
            path, root, available, args.all_runs, args.timeout, args.pipeline
        )
        results += found
        verdicts = Counter(r.verdict for r in found)
        shown = ", ".join(f"{verdicts[v]} {v}" for v in VERDICTS if verdicts[v])
        label = path.relative_to(root) if path != root else path.name
        print(f"{label}: {shown or 'no mlir-opt runs'}", flush=True)
    print()
    for line in listing(results):
        print(line)
    print()
    for line in summary_lines(results):
        print(line)
    if args.json:
        args.json.write_text(
            json.dumps([asdict(r) | {"name": r.name} for r in results], indent=1)
        )
    bad = sum(r.verdict in ("traceback", "rejected") for r in results)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
