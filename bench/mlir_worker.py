"""Upstream MLIR measurements in a child process (a crash there must not end the run).

`python -m bench.mlir_worker speed FILE REPEATS` prints JSON
`{"parse": [...], "one_shot": [...], "full": [...], "one_shot_error", "full_error"}`
(seconds); `python -m bench.mlir_worker quality FILE` prints JSON with the generic-form
output and the counted ops of both pipelines; `python -m bench.mlir_worker memory FILE`
prints the generic-form output of each of upstream's memory pipelines.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import mlir_side


def _speed(text: str, repeats: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "parse": [],
        "one_shot": [],
        "full": [],
        "one_shot_error": None,
        "full_error": None,
    }
    for _ in range(repeats):
        run = mlir_side.run_pipeline(text, mlir_side.MLIR_ONE_SHOT, want_output=False)
        out["parse"].append(run.parse_s)
        if run.error is not None:
            out["one_shot_error"] = run.error
        else:
            out["one_shot"].append(run.pass_s)
        run = mlir_side.run_pipeline(text, mlir_side.MLIR_FULL, want_output=False)
        out["parse"].append(run.parse_s)
        if run.error is not None:
            out["full_error"] = run.error
        else:
            out["full"].append(run.pass_s)
    return out


def _quality(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, pipeline in (
        ("one_shot", mlir_side.MLIR_ONE_SHOT),
        ("full", mlir_side.MLIR_FULL),
    ):
        run = mlir_side.run_pipeline(text, pipeline)
        entry: dict[str, Any] = {"error": run.error, "output": run.output}
        if run.output is not None:
            entry["triples"] = mlir_side.static_triples(run.output)
        out[key] = entry
    return out


def _memory(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, pipeline in mlir_side.MLIR_MEMORY_PIPELINES.items():
        run = mlir_side.run_pipeline(text, pipeline)
        out[key] = {"error": run.error, "output": run.output}
    return out


def main(argv: list[str]) -> int:
    mode, path = argv[0], argv[1]
    text = Path(path).read_text()
    if mode == "speed":
        result = _speed(text, int(argv[2]))
    elif mode == "memory":
        result = _memory(text)
    else:
        result = _quality(text)
    json.dump(result, sys.stdout)
    return 0


@dataclass
class WorkerResult:
    """A child's JSON answer, or why there is none (crash, timeout)."""

    data: dict[str, Any] | None
    failure: str | None


def call_worker(args: list[str], timeout_s: float) -> WorkerResult:
    """Run the worker in a child process and decode its answer."""
    cmd = [sys.executable, "-m", "bench.mlir_worker", *args]
    root = Path(__file__).resolve().parent.parent
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout_s, cwd=root
        )
    except subprocess.TimeoutExpired:
        return WorkerResult(None, f"timeout after {timeout_s:.0f} s")
    if proc.returncode < 0:
        return WorkerResult(None, f"upstream MLIR crashed (signal {-proc.returncode})")
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-3:]
        return WorkerResult(None, "worker failed: " + " | ".join(tail)[:300])
    try:
        return WorkerResult(json.loads(proc.stdout), None)
    except json.JSONDecodeError as exc:
        return WorkerResult(None, f"bad worker output: {exc}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
