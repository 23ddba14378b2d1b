"""The differential check of our in-place analysis against upstream MLIR's.

The comparison logic is tested without MLIR; the comparison itself runs where the
optional `finch-mlir` wheel is installed (as in CI) and is skipped elsewhere.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from xdsl_bufferize.testing.fuzz import main as fuzz_main
from xdsl_bufferize.testing.mlir_compare import (
    DEFAULT_OPTIONS,
    CompareResult,
    OpDecisions,
    Summary,
    compare_decisions,
    compare_generated,
    compare_program,
    execute,
    mlir_spelling,
    options_text,
    split_inputs,
)

ONE_SHOT_INPUTS = Path(__file__).parents[1] / "filecheck" / "one-shot-bufferize"

WRITE_INTO_CAPTURED_IN_LOOP = """
func.func @main() -> (tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> (tensor<4xf32>) {
    %u = tensor.insert %f into %t[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
"""


def _ops(*entries: tuple[str, tuple[str, ...] | None]) -> list[OpDecisions]:
    return [OpDecisions(i, name, words) for i, (name, words) in enumerate(entries)]


def test_compare_decisions_counts_each_operand() -> None:
    ours = _ops(
        ("builtin.module", None),
        ("func.func", None),
        ("linalg.fill", ("none", "true")),
        ("tensor.insert", ("none", "true", "none")),
        ("linalg.generic", ("true", "false")),
        ("func.return", ("true",)),
    )
    mlir = _ops(
        ("builtin.module", None),
        ("func.func", None),
        ("linalg.fill", ("none", "true")),
        ("tensor.insert", ("none", "false", "none")),
        ("linalg.generic", ("true", "true")),
        ("func.return", ("true",)),
    )
    result = compare_decisions("t", ours, mlir)
    assert result.agree == 6
    assert [(d.op, d.operand) for d in result.ours_more] == [("tensor.insert", 1)]
    assert [(d.op, d.operand) for d in result.ours_less] == [("linalg.generic", 1)]
    assert not result.other and result.unmatched_ops == 0
    assert str(result.ours_more[0]) == (
        "tensor.insert (op #3) operand #1: ours true, MLIR false"
    )


def test_compare_decisions_skips_ops_one_side_drops() -> None:
    ours = _ops(
        ("builtin.module", None),
        ("tensor_ext.generate", ("none",)),
        ("tensor.insert", ("none", "true", "none")),
    )
    mlir = _ops(("builtin.module", None), ("tensor.insert", ("none", "true", "none")))
    result = compare_decisions("t", ours, mlir)
    assert result.agree == 3 and result.unmatched_ops == 1


def test_summary_lines() -> None:
    ours = _ops(("tensor.insert", ("none", "true", "none")))
    mlir = _ops(("tensor.insert", ("none", "false", "none")))
    wrong = compare_decisions("w", ours, mlir)
    wrong.execution = "wrong: result #0 differs"
    lines = Summary([wrong, CompareResult("e", status="mlir-error")]).lines()
    assert lines[0] == "2 programs: 1 compared, 1 MLIR errors, 0 our errors"
    assert "2 agree (66.67%), 1 ours more in place, 0 ours less" in lines[1]
    assert "(1 wrong, 0 not executable)" in lines[2]
    assert lines[3].startswith("  WRONG w: wrong")


def test_spellings() -> None:
    assert options_text(DEFAULT_OPTIONS, True) == (
        "one-shot-bufferize{test-analysis-only=true bufferize-function-boundaries=true "
        "allow-return-allocs-from-loops=true}"
    )
    text = "  } -> tensor<4xf32>, tensor<4xf32>\n  } -> tensor<4xf32>\n"
    assert mlir_spelling(text) == (
        "  } -> (tensor<4xf32>, tensor<4xf32>)\n  } -> tensor<4xf32>\n"
    )
    chunks = split_inputs(ONE_SHOT_INPUTS / "scf.mlir")
    assert chunks and all("func.func" in text for _, text, _ in chunks)


def test_module_does_not_import_mlir() -> None:
    code = (
        "import sys, xdsl_bufferize.testing.mlir_compare; "
        "assert 'mlir_finch' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_known_miscompile_is_flagged_or_fixed() -> None:
    pytest.importorskip("mlir_finch")
    result = compare_program("loop", WRITE_INTO_CAPTURED_IN_LOOP)
    assert result.status == "compared", result.detail
    # MLIR puts the insert out of place: ours either agrees or is shown wrong.
    assert not result.ours_more or result.wrong, result.execution


def test_agreement_with_mlir() -> None:
    """Generated programs and the one-shot-bufferize test inputs: every program MLIR
    analyses is compared, and no extra in-place decision of ours changes results."""
    pytest.importorskip("mlir_finch")
    results = [r for r, _ in compare_generated(12, 0)]
    assert all(r.status == "compared" for r in results), [
        (r.name, r.detail) for r in results if r.status != "compared"
    ]
    for path in sorted(ONE_SHOT_INPUTS.glob("*.mlir")):
        for name, text, options in split_inputs(path):
            results.append(compare_program(name, text, options))
    summary = Summary(results)
    print("\n".join(summary.lines()))
    done = [r for r in results if r.status == "compared"]
    assert len(done) >= 60
    assert sum(r.agree for r in done) >= 0.9 * sum(r.compared for r in done)
    assert not [r for r in done if r.wrong], "\n".join(summary.lines())


def test_agreement_with_mlir_on_adversarial_programs() -> None:
    """Adversarial shapes (issue #12): MLIR accepts every program (they are valid),
    and no extra in-place decision of ours changes results (seeds 15, 21 and 24 had
    such decisions before the analysis was fixed)."""
    pytest.importorskip("mlir_finch")
    # Without scf.forall, whose programs are checked by execution (the race detector,
    # the #16 campaigns): the seeds keep the programs this test was written for. (With
    # it, seed 22 is a program upstream MLIR's analysis refuses: a
    # materialize_in_destination whose result a nested loop writes, "cannot avoid RaW
    # conflict", a limit of MLIR's heuristic, not of the program.)
    results = [r for r, _ in compare_generated(14, 12, features="+adversarial,-forall")]
    assert all(r.status == "compared" for r in results), [
        (r.name, r.detail) for r in results if r.status != "compared"
    ]
    wrong = [f"{r.name}: {r.execution}" for r in results if r.wrong]
    assert not wrong, wrong


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mlir_finch")
    path = tmp_path / "loop.mlir"
    path.write_text(WRITE_INTO_CAPTURED_IN_LOOP)
    code = fuzz_main(
        ["mlir-compare", "--count", "1", "--inputs", str(path), "--out", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert out.startswith("2 programs: 2 compared"), out
    # Exit 1 and the program written to --out while the loop miscompile is unfixed.
    assert code == (1 if "WRONG loop.mlir#0" in out else 0), out
    assert (tmp_path / "mlirdiff_loop_mlir_0.mlir").exists() == (code == 1)


CONDITION_FORWARDS_CAPTURED = """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %a = arith.constant -2.0 : f32
  %b = arith.constant -1.0 : f32
  %c = arith.constant -1.5 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %t = linalg.fill ins(%a : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %u = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<4x4xf32>) {
  ^bb0(%o: f32):
    linalg.yield %b : f32
  } -> tensor<4x4xf32>
  %w:2 = scf.while (%x = %t, %k = %zero) : (tensor<4x4xf32>, i32) -> (tensor<4x4xf32>, i32) {
    %go = arith.cmpi slt, %k, %two : i32
    scf.condition(%go) %t, %k : tensor<4x4xf32>, i32
  } do {
  ^bb0(%y: tensor<4x4xf32>, %j: i32):
    %f = linalg.fill ins(%c : f32) outs(%y : tensor<4x4xf32>) -> tensor<4x4xf32>
    %n = arith.addi %j, %one : i32
    scf.yield %u, %n : tensor<4x4xf32>, i32
  }
  %r = tensor.extract %w#0[%c0, %c1] : tensor<4x4xf32>
  func.return %r : f32
}
"""


def test_wrong_rewrites_on_equal_decisions_are_reported_apart() -> None:
    wrong = compare_decisions("w", _ops(("linalg.fill", ("none", "true"))), _ops())
    wrong.execution = "wrong: result #0 differs"
    lines = Summary([wrong]).lines()
    assert lines[3].startswith("1 wrong without any extra in-place decision"), lines


def test_run_all_executes_programs_with_equal_decisions() -> None:
    """Issue #12 class 3: `scf.condition` forwarding a captured value that the after
    region overwrites in place; both analyses decide alike, the rewrite must copy."""
    pytest.importorskip("mlir_finch")
    result = compare_program("while", CONDITION_FORWARDS_CAPTURED, run_all=True)
    assert result.status == "compared", result.detail
    assert result.execution in ("ok",) or result.wrong, result.execution


def test_execute_does_not_call_undefined_results_ok() -> None:
    # `@kernel` returns 0/0 whatever its input: equal NaNs before and after the
    # pipeline prove nothing.
    text = """
func.func @kernel(%t: tensor<4xf32>) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %q = arith.divf %z, %z : f32
  %f = linalg.fill ins(%q : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
"""
    assert execute(text, DEFAULT_OPTIONS, ["kernel"]) == (
        "not run: @kernel: RESULTS UNDEFINED (NaN in result #0): nothing proven"
    )
    defined = text.replace(
        "%q = arith.divf %z, %z : f32", "%q = arith.addf %z, %z : f32"
    )
    assert execute(defined, DEFAULT_OPTIONS, ["kernel"]) == "ok"
