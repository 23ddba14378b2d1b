"""Output quality: allocations and copies of our bufferization against upstream MLIR's.

For each case (examples, workloads, test inputs with `@main`, generated programs):
static counts after one-shot bufferization alone and after the whole pipeline (ours:
`comprehensive-bufferize`; upstream: one-shot + ownership-based deallocation +
canonicalize + simplification + lowering), and dynamic counts from the reference
executor for both final outputs, with their results checked against the tensor program.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from bench import mlir_side, xdsl_side
from bench.dynamic import MemoryStats, StatsOutcome, run_with_stats
from bench.generate import FAMILIES, generate
from bench.mlir_worker import call_worker
from xdsl_bufferize.execution import compare_results

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Case:
    """One program to bufferize: where it comes from and its text."""

    name: str
    source: str
    """examples / workloads / tests / generated."""
    text: str


@dataclass
class Side:
    """One tool's result on a case."""

    one_shot: xdsl_side.StaticCounts | None = None
    final: xdsl_side.StaticCounts | None = None
    dynamic: MemoryStats | None = None
    correct: bool | None = None
    """Same results as the tensor program and no executor finding."""
    notes: list[str] = field(default_factory=lambda: list[str]())


@dataclass
class QualityRow:
    """Both tools on one case."""

    case: Case
    reference: tuple[Any, ...] | None = None
    ours: Side = field(default_factory=Side)
    mlir: Side = field(default_factory=Side)
    notes: list[str] = field(default_factory=lambda: list[str]())


def _has_main(text: str) -> bool:
    return re.search(r"func\.func\s+(public\s+)?@main\s*\(\s*\)", text) is not None


def collect_cases(
    generated_sizes: tuple[int, ...] = (100, 300),
    seeds: tuple[int, ...] = (0, 1),
    include_files: bool = True,
    families: Sequence[str] = FAMILIES,
) -> list[Case]:
    """Every case of the quality table (generated ones of `families` only)."""
    cases: list[Case] = []
    if include_files:
        for path in sorted((ROOT / "examples").glob("*.mlir")):
            cases.append(Case(f"examples/{path.name}", "examples", path.read_text()))
        workloads = ROOT / "tests" / "workloads"
        for path in sorted(workloads.glob("*.mlir")):
            cases.append(Case(f"workloads/{path.name}", "workloads", path.read_text()))
        for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
            text = path.read_text()
            chunks = re.split(r"^// -----.*$", text, flags=re.MULTILINE)
            for i, chunk in enumerate(chunks):
                if _has_main(chunk) and "expected-error" not in chunk:
                    rel = path.relative_to(ROOT)
                    suffix = f"#{i}" if len(chunks) > 1 else ""
                    cases.append(Case(f"{rel}{suffix}", "tests", chunk))
    for family in families:
        for size in generated_sizes:
            for seed in seeds:
                g = generate(family, size, seed)
                cases.append(Case(f"gen/{family}-{size}-s{seed}", "generated", g.text))
    return cases


def _check(
    outcome: StatsOutcome, reference: tuple[Any, ...] | None, side: Side, who: str
) -> None:
    side.dynamic = outcome.stats
    if outcome.error is not None:
        side.correct = False
        side.notes.append(f"{who} run failed: {outcome.error}"[:300])
        return
    problems: list[str] = [str(f) for f in outcome.findings]
    if reference is not None and outcome.results is not None:
        problems += compare_results(reference, outcome.results)
    side.correct = not problems
    if problems:
        side.notes.append(
            f"{who}: {len(problems)} problem(s), first: {problems[0]}"[:300]
        )


def our_final_spec() -> str:
    """Our whole pipeline: comprehensive-bufferize, or one-shot + deallocation."""
    if xdsl_side.pass_missing(xdsl_side.COMPREHENSIVE) is None:
        return xdsl_side.COMPREHENSIVE
    return f"{xdsl_side.ONE_SHOT},{xdsl_side.DEALLOC}"


def evaluate(case: Case, ctx: Context, with_mlir: bool = True) -> QualityRow:
    """Bufferize `case` with both tools, count and run."""
    row = QualityRow(case)
    try:
        module = xdsl_side.parse(ctx, case.text)
        module.verify()
    except Exception as exc:  # noqa: BLE001 - a case xDSL cannot read
        row.notes.append(f"xDSL cannot parse the input: {str(exc).splitlines()[0]}")
        return row
    before = run_with_stats(module)
    if before.error is not None:
        row.notes.append(f"tensor program does not run: {before.error}"[:300])
    else:
        row.reference = before.results
    _ours(row, module, ctx)
    if with_mlir:
        _mlir(row, ctx)
    return row


def _apply_clone(ctx: Context, module: ModuleOp, spec: str) -> ModuleOp:
    clone = module.clone()
    xdsl_side.pipeline(spec).apply(ctx, clone)
    return clone


def _ours(row: QualityRow, module: ModuleOp, ctx: Context) -> None:
    side = row.ours
    try:
        side.one_shot = xdsl_side.static_counts(
            _apply_clone(ctx, module, xdsl_side.ONE_SHOT)
        )
    except Exception as exc:  # noqa: BLE001 - record the measured gap
        side.notes.append(f"one-shot: {type(exc).__name__}: {str(exc)[:200]}")
    try:
        out = _apply_clone(ctx, module, our_final_spec())
    except Exception as exc:  # noqa: BLE001 - record the measured gap
        side.notes.append(f"pipeline: {type(exc).__name__}: {str(exc)[:200]}")
        side.correct = False
        return
    side.final = xdsl_side.static_counts(out)
    _check(run_with_stats(out), row.reference, side, "ours")


def _counts_from(entry: dict[str, Any]) -> xdsl_side.StaticCounts:
    triples = [(str(a), bool(b), bool(c)) for a, b, c in entry["triples"]]
    return xdsl_side.count_ops_by_name(triples)


def _mlir(row: QualityRow, ctx: Context) -> None:
    side = row.mlir
    if not mlir_side.available():
        side.notes.append("mlir_finch not installed")
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.mlir"
        path.write_text(row.case.text)
        answer = call_worker(["quality", str(path)], timeout_s=600)
    if answer.data is None:
        side.notes.append(answer.failure or "worker failed")
        return
    one_shot, full = answer.data["one_shot"], answer.data["full"]
    if one_shot["error"]:
        side.notes.append(f"one-shot failed: {one_shot['error']}"[:300])
    else:
        side.one_shot = _counts_from(one_shot)
    if full["error"]:
        side.notes.append(f"pipeline failed: {full['error']}"[:300])
        return
    side.final = _counts_from(full)
    try:
        out = xdsl_side.parse(ctx, full["output"])
    except Exception as exc:  # noqa: BLE001 - xDSL may not read upstream's output
        side.notes.append(
            f"xDSL cannot parse upstream's output: {str(exc).splitlines()[0][:200]}"
        )
        return
    _check(run_with_stats(out), row.reference, side, "upstream")


def evaluate_all(
    cases: list[Case],
    ctx: Context,
    with_mlir: bool = True,
    log: Callable[[str], None] = print,
) -> list[QualityRow]:
    rows: list[QualityRow] = []
    for case in cases:
        row = evaluate(case, ctx, with_mlir)
        log(f"  {case.name}: ours {row.ours.final} mlir {row.mlir.final}")
        rows.append(row)
    return rows
