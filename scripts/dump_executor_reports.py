"""Dump the reference executor's reports on every existing input, to compare two versions.

The gate of issue #26: the executor may be rewritten only if every existing executor,
checker and fuzz-regression input gives the same verdicts and figures. This script
records, one JSON object per line, sorted:

- every `Outcome` the in-process tests build (pytest runs the executor-based test files
  with this module as a plugin; each outcome is keyed by the test's node id and its
  position in the test): results, findings, runtime error, memory statistics;
- the output and exit status of every `xdsl-bufferize-check` RUN line of the lit tests
  (run in-process through the CLI's `_main`);
- `check_pipeline('comprehensive-bufferize')` on every workload (tests/workloads) and
  example (examples/), and `classify` on every fuzz regression with its header's
  pipeline.

Usage: python scripts/dump_executor_reports.py OUT.jsonl [--skip-pytest]
Compare two dumps with `diff`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

PYTEST_FILES = [
    "tests/execution",
    "tests/fuzz/test_fuzz_regressions.py",
    "tests/module/test_comprehensive_execution.py",
    "tests/dealloc/test_execution.py",
    "tests/models/test_execution.py",
    "tests/bufferize/test_analysis_execution.py",
    "tests/transforms/test_memory_passes.py",
    "tests/transforms/test_static_memory_planning.py",
    "tests/transforms/test_buffer_saving.py",
    "tests/module/test_inplace_variants.py",
    "tests/dealloc/test_flags.py",
    "tests/dealloc/test_after_canonicalize.py",
    "tests/dealloc/test_gpu_function_boundaries.py",
    "tests/execution/test_lowered_deallocation.py",
    "tests/bufferize/test_one_shot_bufferize.py",
]

_records: list[dict[str, Any]] = []
_current = ["<none>"]
_counter: dict[str, int] = {}


def _value(v: Any) -> Any:
    from xdsl_bufferize.execution.values import ArrayValue

    if isinstance(v, ArrayValue):
        text = repr([float(x) if isinstance(x, float) else int(x) for x in v.data])
        return {
            "shape": list(v.shape),
            "sha1": hashlib.sha1(text.encode()).hexdigest()[:16],
            "head": text[:200],
        }
    if isinstance(v, tuple):
        return [_value(x) for x in v]  # pyright: ignore[reportUnknownVariableType]
    if isinstance(v, float):
        return repr(float(v))
    if isinstance(v, int):
        return int(v)
    return repr(v)


def outcome_record(outcome: Any) -> dict[str, Any]:
    stats = outcome.stats
    return {
        "results": None
        if outcome.results is None
        else [_value(r) for r in outcome.results],
        "findings": [str(f) for f in outcome.findings],
        "error": outcome.error,
        "stats": {k: getattr(stats, k) for k in sorted(vars(stats))},
    }


# -- pytest plugin --------------------------------------------------------------------


def pytest_configure(config: Any) -> None:
    from xdsl_bufferize.execution import runner

    original = runner.Outcome.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        key = _current[0]
        n = _counter.get(key, 0)
        _counter[key] = n + 1
        _records.append(
            {"source": "pytest", "key": f"{key}#{n}", **outcome_record(self)}
        )

    runner.Outcome.__init__ = init  # pyright: ignore[reportAttributeAccessIssue]


def pytest_runtest_setup(item: Any) -> None:
    _current[0] = item.nodeid


# -- direct inputs --------------------------------------------------------------------


def _lit_runs() -> list[dict[str, Any]]:
    from xdsl_bufferize.execution import cli

    out: list[dict[str, Any]] = []
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        for line in path.read_text().splitlines():
            if "RUN:" not in line or "xdsl-bufferize-check" not in line:
                continue
            command = line.split("RUN:", 1)[1].split("|")[0].strip()
            argv = shlex.split(command.replace("%s", str(path)))
            if argv[0] != "xdsl-bufferize-check" or "not" in argv[:1]:
                argv = argv[argv.index("xdsl-bufferize-check") :]
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                try:
                    status = cli._main(argv[1:])  # pyright: ignore[reportPrivateUsage]
                except SystemExit as e:
                    status = e.code
            out.append(
                {
                    "source": "lit",
                    "key": f"{path.relative_to(ROOT)}: {command}",
                    "status": status,
                    "stdout": stdout.getvalue().replace(str(ROOT), "<root>"),
                    "stderr": stderr.getvalue().replace(str(ROOT), "<root>"),
                }
            )
    return out


def _pipeline_runs() -> list[dict[str, Any]]:
    from xdsl_bufferize.execution.runner import check_pipeline, parse_module
    from xdsl_bufferize.testing.fuzz import classify, read_header

    out: list[dict[str, Any]] = []
    for folder in ("tests/workloads", "examples"):
        for path in sorted((ROOT / folder).glob("*.mlir")):
            module = parse_module(path.read_text(), path.name)
            report = check_pipeline(module, "comprehensive-bufferize")
            out.append(
                {
                    "source": "pipeline",
                    "key": f"{folder}/{path.name}",
                    "before": outcome_record(report.before),
                    "after": None
                    if report.after is None
                    else outcome_record(report.after),
                    "mismatches": report.mismatches,
                    "pipeline_error": report.pipeline_error,
                }
            )
    for path in sorted((ROOT / "tests" / "fuzz" / "regressions").glob("*.mlir")):
        header = read_header(path)
        verdict = classify(path.read_text(), header["pipeline"])
        out.append(
            {
                "source": "regression",
                "key": path.name,
                "kind": verdict.kind,
                "detail": verdict.detail,
            }
        )
    return out


def main(argv: list[str]) -> int:
    import pytest

    target = Path(argv[0])
    records: list[dict[str, Any]] = []
    if "--skip-pytest" not in argv:
        files = [f for f in PYTEST_FILES if (ROOT / f).exists()]
        pytest.main(
            ["-q", "--no-header", "-p", "no:cacheprovider", "-p", __name__]
            + [str(ROOT / f) for f in dict.fromkeys(files)]
        )
        records += _records
    records += _lit_runs()
    records += _pipeline_runs()
    lines = sorted(json.dumps(r, sort_keys=True) for r in records)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} reports written to {target}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main(sys.argv[1:]))
