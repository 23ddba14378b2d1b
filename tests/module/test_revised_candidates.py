"""eliminate-empty-tensors undoes a dead-input reuse that the one-shot analysis
put out of place, and decides that operand again in the kept analysis
(`ReusableAnalyses.revise`, `OneShotAnalysisState.redecide`) instead of dropping the
analysis of its function: one-shot then bufferizes with the analysis the
elimination made, and the output is the one a new analysis gives."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from xdsl.dialects import func

from bench.generate import generate
from xdsl_bufferize.analysis.module_analysis import (
    ModuleAnalysisState,
    ReusableAnalyses,
)
from xdsl_bufferize.execution.runner import (
    apply_pipeline,
    check_pipeline,
    parse_module,
)
from xdsl_bufferize.interfaces.bufferizable import OpOperand
from xdsl_bufferize.testing.generate import (
    GeneratorConfig,
    apply_feature_spec,
    generate_program,
)

# %x is read again inside the execute_region (not an op of @main's block, so the
# reuse is tried): the analysis puts outs(%x) out of place, the undo gives the
# generic its empty tensor back, in place.
READ_IN_REGION = """
func.func @main(%s: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e0 = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%s : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  %r = scf.execute_region -> f32 {
    %v = tensor.extract %x[%c0] : tensor<4xf32>
    scf.yield %v : f32
  }
  return %z, %r : tensor<4xf32>, f32
}
"""

# The generic runs in a parallel region and its empty tensor is defined outside:
# undone, its operand is out of place again, so @main is analysed anew.
PARALLEL = """
func.func @main(%s: f32) -> tensor<4x4xf32> {
  %e0 = tensor.empty() : tensor<4x4xf32>
  %x = linalg.fill ins(%s : f32) outs(%e0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %out = tensor.empty() : tensor<4x4xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4x4xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
    %z = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%row : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32):
      %n = arith.negf %a : f32
      linalg.yield %n : f32
    } -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %z into %o[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<4x4xf32>
    }
  }
  return %r : tensor<4x4xf32>
}
"""


def _run(
    text: str, monkeypatch: pytest.MonkeyPatch, revise: bool
) -> tuple[list[str], int, str]:
    """(functions analysed, revisions kept, output) of comprehensive-bufferize."""
    analysed: list[str] = []
    kept: list[int] = [0]
    analyze = ModuleAnalysisState.analyze
    original_revise = ReusableAnalyses.revise

    def counting(state: ModuleAnalysisState) -> None:
        analysed.append(state.function.sym_name.data)
        analyze(state)

    def revising(
        self: ReusableAnalyses, function: func.FuncOp, operands: Sequence[OpOperand]
    ) -> None:
        if revise:
            original_revise(self, function, operands)
            kept[0] += function not in self.dirty
        else:
            self.invalidate(function)

    with monkeypatch.context() as patch:
        patch.setattr(ModuleAnalysisState, "analyze", counting)
        patch.setattr(ReusableAnalyses, "revise", revising)
        output = str(apply_pipeline(parse_module(text), "comprehensive-bufferize"))
    return analysed, kept[0], output


def _assert_executes(text: str) -> None:
    """The program before and after comprehensive-bufferize (kept analyses and
    all) computes the same defined results, with no memory finding."""
    report = check_pipeline(parse_module(text), "comprehensive-bufferize")
    assert report.ok, (report.verdict, report.findings, report.pipeline_error)


def test_undone_reuse_keeps_the_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    analysed, kept, output = _run(READ_IN_REGION, monkeypatch, revise=True)
    assert (analysed, kept) == (["main"], 1)
    fresh, _, fresh_output = _run(READ_IN_REGION, monkeypatch, revise=False)
    assert fresh == ["main", "main"]
    assert output == fresh_output
    # the generic writes its own allocation, %x stays intact for the region
    assert output.count("memref.alloc()") == 2
    assert "outs(%1 : memref<4xf32>)" in output
    _assert_executes(READ_IN_REGION)


def test_out_of_place_again_analyses_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    analysed, kept, output = _run(PARALLEL, monkeypatch, revise=True)
    assert kept == 0
    fresh, _, fresh_output = _run(PARALLEL, monkeypatch, revise=False)
    assert analysed == fresh
    assert output == fresh_output
    _assert_executes(PARALLEL)


@pytest.mark.parametrize(
    ("family", "saves"), [("elementwise", True), ("calls", True), ("control", False)]
)
def test_bench_families(
    family: str, saves: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Elementwise and calls revert dead-input reuses in their last round: @main
    is analysed once less, and nothing else changes. On control an earlier
    decision went through the undone operand while it was undecided
    (`undecided_links`): @main is analysed anew, as before."""
    text = generate(family, 2000).text
    analysed, kept, output = _run(text, monkeypatch, revise=True)
    fresh, _, fresh_output = _run(text, monkeypatch, revise=False)
    assert (kept >= 1) == saves
    assert analysed.count("main") == fresh.count("main") - saves
    assert output == fresh_output


@pytest.mark.parametrize("seed", range(5000, 5040))
def test_generated_programs(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = generate_program(seed, apply_feature_spec(GeneratorConfig(), "+loop_yields"))
    _, _, output = _run(text, monkeypatch, revise=True)
    _, _, fresh_output = _run(text, monkeypatch, revise=False)
    assert output == fresh_output


@pytest.mark.parametrize(
    ("family", "ops", "seed"), [("control", 1000, 2), ("control", 2000, 1)]
)
def test_unmet_chains_keep_the_analysis(
    family: str, ops: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chain of equivalent values walked through an undone operand while it was
    undecided, without meeting its target (`unmet_links`): given the empty tensor
    back, which had no use, the walk would meet nothing either, so the revision is
    exact and @main is analysed once less than anew."""
    text = generate(family, ops, seed).text
    unmet: list[bool] = []
    original_redecide = ModuleAnalysisState.redecide

    def redeciding(state: ModuleAnalysisState, operand: OpOperand) -> bool:
        unmet.append(
            operand in state.unmet_links and operand not in state.undecided_links
        )
        return original_redecide(state, operand)

    with monkeypatch.context() as patch:
        patch.setattr(ModuleAnalysisState, "redecide", redeciding)
        analysed, kept, output = _run(text, monkeypatch, revise=True)
    fresh, _, fresh_output = _run(text, monkeypatch, revise=False)
    assert any(unmet)
    assert kept >= 1
    assert analysed.count("main") < fresh.count("main")
    assert output == fresh_output
    _assert_executes(text)
