"""The model corpus (tests/corpus/models/): programs made by a real frontend, with the
framework's own numbers beside them, measured with the reference executor.

`measure_ours` runs a model's `@main` before and after `comprehensive-bufferize`;
`measure_mlir` runs upstream MLIR's pipeline (one-shot-bufferize with function boundaries
and ownership-based deallocation) on the same text and runs its output with the same
executor. Both compare with the framework's numbers and report heap allocations and
copies. Used by tests/corpus/test_models.py and scripts/corpus_table.py.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xdsl_bufferize.execution import (
    MemoryStats,
    Outcome,
    check_pipeline,
    parse_module,
    run,
)
from xdsl_bufferize.execution.values import ArrayValue

MODELS = Path(__file__).resolve().parent / "models"
PIPELINE = "comprehensive-bufferize"
RTOL = 1e-4
ATOL = 1e-5
"""f32 tolerance against the framework's numbers (different summation orders and
libm functions: a few ulps, more after a softmax or a recurrence)."""

LOOSER: dict[str, float] = {
    "gelu_tanh": 1e-3,
}
"""Relative tolerances wider than `RTOL`, where the converted program itself computes
another function than the framework: torch-mlir's lowering of ONNX's tanh-approximated
Gelu uses 0.797724 for sqrt(2/pi) = 0.7978846 (a relative error of 2e-4). The
program before and after bufferization must still agree to `RTOL`."""


def model_names() -> list[str]:
    return sorted(path.stem for path in MODELS.glob("*.mlir"))


def source(name: str) -> str:
    return (MODELS / f"{name}.mlir").read_text()


def expected(name: str) -> dict[str, Any]:
    return json.loads((MODELS / f"{name}.json").read_text())


def _flat(value: object) -> list[float]:
    if isinstance(value, ArrayValue):
        return [float(x) for x in value.data]
    if isinstance(value, (int, float)):
        return [float(value)]
    raise TypeError(f"unexpected result {value!r}")


def differences(name: str, results: tuple[Any, ...] | None) -> list[str]:
    """Where `results` differ from the framework's numbers (empty: equal within f32
    tolerance)."""
    want = expected(name)["outputs"]
    if results is None:
        return ["no results"]
    if len(results) != len(want):
        return [f"{len(results)} results, the framework has {len(want)}"]
    found: list[str] = []
    for index, (got, ref) in enumerate(zip(results, want, strict=True)):
        values = _flat(got)
        if isinstance(got, ArrayValue) and list(got.shape) != ref["shape"]:
            found.append(f"result {index}: shape {got.shape}, expected {ref['shape']}")
            continue
        for i, (a, b) in enumerate(zip(values, ref["data"], strict=True)):
            if not math.isclose(a, b, rel_tol=LOOSER.get(name, RTOL), abs_tol=ATOL):
                found.append(f"result {index}[{i}]: {a} != {b}")
    return found


@dataclass
class Measured:
    """One side's run of one model: counts, or why there are none."""

    stats: MemoryStats | None = None
    problems: list[str] = field(default_factory=lambda: list[str]())
    note: str | None = None
    """How the counts were obtained, where that is not the default."""

    @property
    def ok(self) -> bool:
        return self.stats is not None and not self.problems


def _checked(name: str, outcome: Outcome) -> Measured:
    problems = [str(f) for f in outcome.findings]
    if outcome.error is not None:
        problems.append(f"run failed: {outcome.error}")
    problems += differences(name, outcome.results)
    return Measured(outcome.stats, problems)


@dataclass
class OursRun:
    """The input program and our output, each run and compared with the framework."""

    before: Measured
    after: Measured
    pipeline_error: str | None = None
    mismatches: list[str] = field(default_factory=lambda: list[str]())


def measure_ours(name: str) -> OursRun:
    """Parse the model (raises if xDSL cannot read it), run it before and after
    `comprehensive-bufferize`, and compare both runs with the framework's numbers."""
    module = parse_module(source(name), f"{name}.mlir")
    report = check_pipeline(module, PIPELINE, "main", [], rtol=RTOL, atol=ATOL)
    before = _checked(name, report.before)
    if report.after is None:
        return OursRun(before, Measured(), report.pipeline_error)
    return OursRun(before, _checked(name, report.after), None, report.mismatches)


def mlir_available() -> bool:
    try:
        from bench import mlir_side
    except ImportError:
        return False
    return mlir_side.available()


MLIR_FULL_LOOPS = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries "
    "allow-return-allocs-from-loops}, "
    "ownership-based-buffer-deallocation, canonicalize, "
    "buffer-deallocation-simplification, bufferization-lower-deallocations)"
)
"""Upstream's full pipeline (bench/mlir_side.py's `MLIR_FULL`) with loops allowed to
yield new buffers: the finch-mlir wheel's one-shot-bufferize refuses a loop whose
yielded tensor is not equivalent to its iter_arg unless asked (later MLIR always
allows it); used only where the default refuses."""


def measure_mlir(name: str) -> Measured:
    """Upstream MLIR's bufferization and deallocation of the model, its output run by
    our executor (upstream's execution engine counts nothing) and compared with the
    framework's numbers."""
    from bench import mlir_side

    upstream = mlir_side.run_pipeline(source(name), mlir_side.MLIR_FULL)
    note = None
    if (
        upstream.output is None
        and "is not equivalent to the corresponding iter bbArg"
        in (upstream.error or "")
    ):
        note = f"needs allow-return-allocs-from-loops ({upstream.error})"
        upstream = mlir_side.run_pipeline(source(name), MLIR_FULL_LOOPS)
    if upstream.output is None:
        return Measured(None, [f"upstream pipeline failed: {upstream.error}"], note)
    try:
        module = parse_module(upstream.output, f"{name}.upstream.mlir")
    except Exception as exc:  # noqa: BLE001 - xDSL may not read every upstream op
        first = str(exc).strip().splitlines()
        return Measured(
            None, [f"xDSL cannot read upstream's output: {first[:1]}"], note
        )
    measured = _checked(name, run(module, "main", []))
    measured.note = note
    return measured
