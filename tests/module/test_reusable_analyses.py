"""ReusableAnalyses: eliminate-empty-tensors hands its last analysis to one-shot.

A record is valid while its function was not changed and none of its callees was
analysed again later; reuse must never change a decision, so comprehensive-bufferize
prints the same program with and without it."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from bench.generate import generate
from xdsl_bufferize.analysis.call_graph import build_call_graph
from xdsl_bufferize.analysis.empty_tensor import in_place_oracle
from xdsl_bufferize.analysis.module_analysis import (
    ModuleAnalysisState,
    ReusableAnalyses,
)
from xdsl_bufferize.execution.runner import apply_pipeline, parse_module
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisHeuristic,
    BufferizationOptions,
)

CHAIN = """
func.func private @leaf(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %r = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @mid(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @leaf(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @top(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @mid(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def _functions(module: ModuleOp) -> dict[str, func.FuncOp]:
    return {op.sym_name.data: op for op in module.walk() if isinstance(op, func.FuncOp)}


def _names(records: Mapping[func.FuncOp, object]) -> set[str]:
    return {f.sym_name.data for f in records}


def test_records_follow_changes_and_later_runs() -> None:
    module = parse_module(CHAIN)
    options = BufferizationOptions(bufferize_function_boundaries=True)
    keep = ReusableAnalyses(options)
    assert in_place_oracle(module, options, keep=keep) is not None
    graph = build_call_graph(module)
    functions = _functions(module)
    assert _names(keep.valid_records(graph, options)) == {"leaf", "mid", "top"}

    # A change in a callee invalidates it and every caller above it.
    keep.invalidate(functions["leaf"])
    assert keep.valid_records(graph, options) == {}

    # Analysing @mid again (with its callee) makes both valid, but @top was
    # analysed with the older summary of @mid: it stays out.
    assert in_place_oracle(module, options, [functions["mid"]], keep) is not None
    assert _names(keep.valid_records(graph, options)) == {"leaf", "mid"}

    # Other options: nothing is reusable.
    other = BufferizationOptions(
        bufferize_function_boundaries=True,
        analysis_heuristic=AnalysisHeuristic.TOP_DOWN,
    )
    assert keep.valid_records(graph, other) == {}

    # A change outside any function forgets everything.
    keep.invalidate(None)
    assert keep.valid_records(graph, options) == {}


@pytest.mark.parametrize("family", ["elementwise", "calls", "control", "tiled"])
@pytest.mark.parametrize("seed", [0, 1])
def test_reuse_changes_no_decision(
    family: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = generate(family, 300, seed=seed).text
    with_reuse = str(apply_pipeline(parse_module(text), "comprehensive-bufferize"))
    monkeypatch.setattr(ReusableAnalyses, "valid_records", lambda *_: {})
    without = str(apply_pipeline(parse_module(text), "comprehensive-bufferize"))
    assert with_reuse == without


def test_call_graph_built_once_for_elimination_and_one_shot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """comprehensive-bufferize builds the module's call graph once for
    eliminate-empty-tensors (every round) and one-shot; `clear` forgets it."""
    import xdsl_bufferize.analysis.empty_tensor as empty_tensor
    import xdsl_bufferize.analysis.module_analysis as module_analysis
    import xdsl_bufferize.bufferization.module_driver as module_driver

    built: list[ModuleOp] = []

    def counting(module: ModuleOp):  # noqa: ANN202 -- the wrapped builder's type
        built.append(module)
        return build_call_graph(module)

    for holder in (empty_tensor, module_analysis, module_driver):
        monkeypatch.setattr(holder, "build_call_graph", counting)
    text = generate("calls", 300, seed=0).text
    apply_pipeline(parse_module(text), "comprehensive-bufferize")
    assert len(built) == 1

    module = parse_module(CHAIN)
    options = BufferizationOptions(bufferize_function_boundaries=True)
    keep = ReusableAnalyses(options)
    graph = keep.call_graph(module)
    assert keep.call_graph(module) is graph
    assert in_place_oracle(module, options, keep=keep) is not None
    assert keep.graph is graph
    keep.invalidate(None)
    assert keep.graph is None
    assert keep.call_graph(module) is not graph


def test_oracle_analyses_again_only_changed_functions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later in-place oracle (eliminate-empty-tensors' next round) reuses the
    analyses of the functions unchanged since: only the changed one is analysed
    again, not its callees."""
    module = parse_module(CHAIN)
    options = BufferizationOptions(bufferize_function_boundaries=True)
    keep = ReusableAnalyses(options)
    assert in_place_oracle(module, options, keep=keep) is not None
    functions = _functions(module)
    analysed: list[str] = []
    original = ModuleAnalysisState.analyze

    def counting(state: ModuleAnalysisState) -> None:
        analysed.append(state.function.sym_name.data)
        original(state)

    monkeypatch.setattr(ModuleAnalysisState, "analyze", counting)
    keep.invalidate(functions["mid"])
    assert in_place_oracle(module, options, [functions["mid"]], keep) is not None
    assert analysed == ["mid"]
    graph = build_call_graph(module)
    assert _names(keep.valid_records(graph, options)) == {"leaf", "mid"}
