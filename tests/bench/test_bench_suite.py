"""The benchmark suite at its smallest size: generated programs parse in xDSL and
upstream MLIR, our pipeline's outputs run correctly, and the quick run completes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from xdsl.context import Context

from bench import mlir_side, quality, speed, xdsl_side
from bench.dynamic import run_with_stats
from bench.generate import FAMILIES, generate
from bench.report import one_shot_target
from bench.run import main as bench_main

HAVE_MLIR = importlib.util.find_spec("mlir_finch") is not None


@pytest.fixture(scope="module")
def ctx() -> Context:
    return xdsl_side.make_context()


@pytest.mark.parametrize("family", FAMILIES)
def test_generated_module_parses_in_xdsl(family: str, ctx: Context) -> None:
    g = generate(family, 100)
    module = xdsl_side.parse(ctx, g.text)
    module.verify()
    assert xdsl_side.written_op_count(module) == g.ops
    assert 80 <= g.ops <= 130
    assert g.tensor_ops > 10


@pytest.mark.parametrize("family", FAMILIES)
def test_generated_module_grows_to_size(family: str) -> None:
    g = generate(family, 1000)
    assert 950 <= g.ops <= 1050
    assert generate(family, 1000).text == g.text  # deterministic
    assert generate(family, 1000, seed=1).text != g.text


@pytest.mark.skipif(not HAVE_MLIR, reason="mlir_finch (the 'mlir' extra) not installed")
@pytest.mark.parametrize("family", FAMILIES)
def test_generated_module_parses_and_bufferizes_in_mlir(family: str) -> None:
    g = generate(family, 100)
    assert mlir_side.parse_only(g.text) >= 0.0
    run = mlir_side.run_pipeline(g.text, mlir_side.MLIR_FULL)
    assert run.error is None
    assert run.output is not None
    assert "tensor.empty" not in run.output


@pytest.mark.parametrize("family", FAMILIES)
def test_tensor_program_runs_and_returns_scalars(family: str, ctx: Context) -> None:
    g = generate(family, 100)
    outcome = run_with_stats(xdsl_side.parse(ctx, g.text))
    assert outcome.ok, (outcome.error, outcome.findings)
    assert outcome.results is not None
    assert len(outcome.results) == g.results
    assert all(isinstance(v, float) for v in outcome.results)
    assert outcome.stats.allocs == 0  # a tensor program allocates no buffer


@pytest.mark.parametrize("family", FAMILIES)
def test_our_pipeline_output_is_correct(family: str, ctx: Context) -> None:
    case = quality.Case(f"gen/{family}-100", "generated", generate(family, 100).text)
    row = quality.evaluate(case, ctx, with_mlir=False)
    assert row.reference is not None
    assert row.ours.final is not None, row.ours.notes
    assert row.ours.final.tensor_ops_left == 0
    assert row.ours.correct, row.ours.notes
    assert row.ours.dynamic is not None
    assert row.ours.final.deallocs >= row.ours.final.allocs


def test_dynamic_stats_count_allocations_and_copies(ctx: Context) -> None:
    text = """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %a = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
      %b = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf64>
      %one = arith.constant 1.0 : f32
      memref.store %one, %a[%c0] : memref<4xf32>
      "memref.copy"(%a, %a) : (memref<4xf32>, memref<4xf32>) -> ()
      %v = memref.load %a[%c0] : memref<4xf32>
      "memref.dealloc"(%a) : (memref<4xf32>) -> ()
      "memref.dealloc"(%b) : (memref<4xf64>) -> ()
      func.return %v : f32
    }
    """
    outcome = run_with_stats(xdsl_side.parse(ctx, text))
    assert outcome.ok, (outcome.error, outcome.findings)
    stats = outcome.stats
    assert (stats.allocs, stats.bytes_allocated) == (2, 16 + 32)
    assert (stats.copies, stats.bytes_copied) == (1, 16)
    assert (stats.peak_live_bytes, stats.live_bytes) == (48, 0)


def test_growth_exponent_of_linear_and_quadratic_times() -> None:
    rows: list[speed.SpeedRow] = []
    for ops in (1000, 3000, 10000):
        row = speed.SpeedRow("x", ops, ops, ops, 1)
        row.parse = [ops * 1e-5]
        row.ours["comprehensive"] = [(ops * 1e-4) ** 2]
        rows.append(row)
    lin = speed.growth_exponent(rows, "parse")
    quad = speed.growth_exponent(rows, "comprehensive")
    assert lin is not None
    assert abs(lin - 1.0) < 1e-9
    assert quad is not None
    assert abs(quad - 2.0) < 1e-9


def test_quick_run_writes_results(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    args = ["--quick", "--families", "elementwise", "--out", str(out)]
    if not HAVE_MLIR:
        args.append("--no-mlir")
    assert bench_main(args) == 0
    text = out.read_text()
    assert "python -m bench.run --quick" in text
    assert "| elementwise |" in text
    assert "gen/elementwise-100-s0" in text
    # a run of one family reports on that family only
    assert "gen/tiled-100-s0" not in text
    growth = next(ln for ln in text.splitlines() if ln.startswith("- growth of"))
    assert "elementwise" in growth
    assert "tiled" not in growth


def test_upstream_skipped_when_its_quadratic_extrapolation_exceeds_the_limit() -> None:
    prev = speed.SpeedRow("chain", 3000, 3000, 1000, 1)
    prev.mlir_one_shot = [10.0]
    prev.mlir_full = [12.0]
    assert speed.mlir_skip(None, 10000, 200.0) is None
    assert speed.mlir_skip(prev, 3000, 200.0) is None
    why = speed.mlir_skip(prev, 30000, 200.0)
    assert why is not None
    assert why.startswith("skipped: mlir_one_shot 10.0 s at 3000 ops predicts ~1000 s")
    bigger = speed.SpeedRow("chain", 30000, 30000, 10000, 1)
    bigger.mlir_errors["all"] = why
    assert speed.mlir_skip(bigger, 100000, 1e9) == why


def test_one_shot_target_names_each_large_case() -> None:
    rows: list[speed.SpeedRow] = []
    for family, ours, theirs in (("chain", 3.0, 9.0), ("tiled", 5.0, 2.0)):
        row = speed.SpeedRow(family, 10000, 10000, 5000, 1)
        row.ours["one_shot"] = [ours]
        row.mlir_one_shot = [theirs]
        rows.append(row)
    small = speed.SpeedRow("chain", 1000, 1000, 500, 1)
    small.ours["one_shot"] = [9.0]
    small.mlir_one_shot = [1.0]
    line = one_shot_target([*rows, small])
    assert "**partly met**" in line
    assert "faster: chain@10000;" in line
    assert "not faster: tiled@10000;" in line
    assert "**met**" in one_shot_target(rows[:1])
    assert "**NOT met**" in one_shot_target(rows[1:])


def test_chain_family_is_one_long_dependence_chain() -> None:
    text = generate("chain", 1000).text
    lines = [ln.strip() for ln in text.splitlines() if "linalg." in ln and " = " in ln]
    steps = [ln for ln in lines if " ins(" in ln]
    assert len(steps) > 150
    # every step reads (as an input or as its accumulator) the value of the step before
    linked = sum(
        1
        for prev, cur in zip(steps, steps[1:], strict=False)
        if re.search(re.escape(prev.split(" = ")[0]) + r"\b", cur.split(" = ", 1)[1])
    )
    assert linked == len(steps) - 1
