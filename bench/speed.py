"""Compile-time measurements: xDSL parse, our passes, upstream MLIR's pipelines."""

from __future__ import annotations

import gc
import math
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from bench import mlir_side, xdsl_side
from bench.generate import GeneratedModule, generate
from bench.mlir_worker import call_worker

OUR_STAGES: tuple[str, ...] = ("one_shot", "dealloc", "comprehensive")
"""Our timed passes, in order: one-shot (function boundaries), buffer-deallocation on
its output, and comprehensive-bufferize on a fresh copy of the input."""

SPECS: dict[str, str] = {
    "one_shot": xdsl_side.ONE_SHOT,
    "dealloc": xdsl_side.DEALLOC,
    "comprehensive": xdsl_side.COMPREHENSIVE,
}


@dataclass
class SpeedRow:
    """All timings (seconds) of one family at one size."""

    family: str
    target: int
    ops: int
    tensor_ops: int
    repeats: int
    parse: list[float] = field(default_factory=lambda: list[float]())
    ours: dict[str, list[float]] = field(
        default_factory=lambda: {k: list[float]() for k in OUR_STAGES}
    )
    our_errors: dict[str, str] = field(default_factory=lambda: dict[str, str]())
    """Stage -> why it has no time (pass missing, failed, skipped)."""
    mlir_parse: list[float] = field(default_factory=lambda: list[float]())
    mlir_one_shot: list[float] = field(default_factory=lambda: list[float]())
    mlir_full: list[float] = field(default_factory=lambda: list[float]())
    mlir_errors: dict[str, str] = field(default_factory=lambda: dict[str, str]())

    def median(self, key: str) -> float | None:
        values = {
            "parse": self.parse,
            "mlir_parse": self.mlir_parse,
            "mlir_one_shot": self.mlir_one_shot,
            "mlir_full": self.mlir_full,
        }.get(key, self.ours.get(key, []))
        return statistics.median(values) if values else None


def _timed(fn: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _apply(ctx: Context, spec: str, module: ModuleOp) -> None:
    xdsl_side.pipeline(spec).apply(ctx, module)


def _short(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0] if lines else ''}"[:240]


def measure(
    family: str,
    target: int,
    repeats: int,
    ctx: Context,
    previous: SpeedRow | None = None,
    max_pass_s: float = 300.0,
    with_mlir: bool = True,
    log: Callable[[str], None] = print,
) -> SpeedRow:
    """Time one generated module: `repeats` runs of each stage in this process (MLIR
    in a child process). A stage whose time, extrapolated quadratically from the
    previous size, would exceed `max_pass_s` is skipped and recorded as such."""
    gen: GeneratedModule = generate(family, target)
    row = SpeedRow(family, target, gen.ops, gen.tensor_ops, repeats)
    missing = {k: xdsl_side.pass_missing(s) for k, s in SPECS.items()}
    for stage, why in missing.items():
        if why is not None:
            row.our_errors[stage] = f"pass not available ({why})"
        elif previous is not None:
            prev = previous.median(stage)
            if prev is not None and previous.ops > 0:
                skip = _quadratic_skip(prev, previous.ops, gen.ops, max_pass_s)
                if skip is not None:
                    row.our_errors[stage] = skip
            elif (
                stage in previous.our_errors and "skipped" in previous.our_errors[stage]
            ):
                row.our_errors[stage] = previous.our_errors[stage]
    for rep in range(repeats):
        module: ModuleOp | None = None

        def do_parse() -> None:
            nonlocal module
            module = xdsl_side.parse(ctx, gen.text)

        row.parse.append(_timed(do_parse))
        assert module is not None
        fresh = module.clone() if "comprehensive" not in row.our_errors else None
        for stage in ("one_shot", "dealloc"):
            if stage in row.our_errors:
                continue
            if stage == "dealloc" and "one_shot" in row.our_errors:
                row.our_errors[stage] = "needs one-shot-bufferize output"
                continue
            target_module = module
            try:
                row.ours[stage].append(
                    _timed(lambda s=stage, m=target_module: _apply(ctx, SPECS[s], m))
                )
            except Exception as exc:  # noqa: BLE001 - record the measured gap
                row.our_errors[stage] = "failed: " + _short(exc)
        if fresh is not None and "comprehensive" not in row.our_errors:
            try:
                row.ours["comprehensive"].append(
                    _timed(lambda m=fresh: _apply(ctx, SPECS["comprehensive"], m))
                )
            except Exception as exc:  # noqa: BLE001 - record the measured gap
                row.our_errors["comprehensive"] = "failed: " + _short(exc)
        log(
            f"  {family} {gen.ops} ops rep {rep + 1}/{repeats}: parse "
            f"{row.parse[-1]:.3f}s "
            + " ".join(
                f"{k} {row.ours[k][-1]:.3f}s"
                for k in OUR_STAGES
                if len(row.ours[k]) == rep + 1
            )
        )
    skip_why = mlir_skip(previous, gen.ops, max_pass_s) if with_mlir else None
    if skip_why is not None:
        row.mlir_errors["all"] = skip_why
    elif with_mlir and mlir_side.available():
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"{family}_{target}.mlir"
            path.write_text(gen.text)
            answer = call_worker(["speed", str(path), str(repeats)], timeout_s=1800)
        if answer.data is None:
            row.mlir_errors["all"] = answer.failure or "unknown failure"
        else:
            row.mlir_parse = list(answer.data["parse"])
            row.mlir_one_shot = list(answer.data["one_shot"])
            row.mlir_full = list(answer.data["full"])
            for key in ("one_shot", "full"):
                if answer.data[f"{key}_error"]:
                    row.mlir_errors[key] = str(answer.data[f"{key}_error"])
    elif with_mlir:
        row.mlir_errors["all"] = "mlir_finch not installed"
    return row


def mlir_skip(previous: SpeedRow | None, ops: int, max_pass_s: float) -> str | None:
    """Why upstream is not run at `ops` (its quadratic extrapolation from the
    previous size exceeds `max_pass_s`, or it was skipped there), else None."""
    if previous is None or previous.ops <= 0:
        return None
    if "skipped" in previous.mlir_errors.get("all", ""):
        return previous.mlir_errors["all"]
    for key in ("mlir_one_shot", "mlir_full"):
        prev = previous.median(key)
        if prev is None:
            continue
        skip = _quadratic_skip(prev, previous.ops, ops, max_pass_s, f"{key} ")
        if skip is not None:
            return skip
    return None


def _quadratic_skip(
    prev_s: float, prev_ops: int, ops: int, max_pass_s: float, what: str = ""
) -> str | None:
    """Why a stage that took `prev_s` at `prev_ops` is skipped at `ops` (its
    quadratic extrapolation exceeds `max_pass_s`), else None."""
    predicted = prev_s * (ops / prev_ops) ** 2
    if predicted <= max_pass_s:
        return None
    return (
        f"skipped: {what}{prev_s:.1f} s at {prev_ops} ops predicts "
        f"~{predicted:.0f} s (quadratic)"
    )


def growth_exponent(
    rows: list[SpeedRow], key: str, min_ops: int = 1000
) -> float | None:
    """Least-squares slope of log(median time) against log(ops), sizes >= `min_ops`."""
    points = [
        (math.log(r.ops), math.log(t))
        for r in rows
        if r.ops >= min_ops and (t := r.median(key)) is not None and t > 0
    ]
    if len(points) < 2:
        return None
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    sxx = sum((p[0] - mx) ** 2 for p in points)
    if sxx == 0:
        return None
    return sum((p[0] - mx) * (p[1] - my) for p in points) / sxx
