"""eliminate-empty-tensors does not apply a dead-input reuse whose input is read
later in the op's block (`analysis/empty_tensor.py` `ReadsAfter`): the one-shot
analysis would find a read-after-write conflict whatever else it decides, so the
rewrite would be undone after an analysis of its function. Skipping it saves that
analysis and changes no decision: the next input is tried in the next round, as
when the rewrite is undone."""

from __future__ import annotations

import pytest

from bench.generate import generate
from xdsl_bufferize.analysis.empty_tensor import ChainState, ReadsAfter
from xdsl_bufferize.analysis.module_analysis import ModuleAnalysisState
from xdsl_bufferize.bufferization.empty_tensor_elimination import (
    eliminate_empty_tensors,
)
from xdsl_bufferize.execution.runner import apply_pipeline, parse_module

READ_LATER = """
func.func @main(%s: f32, %u: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e0 = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%s : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %y = linalg.fill ins(%u : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %z = linalg.add ins(%x, %y : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.extract %x[%c0] : tensor<4xf32>
  return %z, %r : tensor<4xf32>, f32
}
"""


def _never_doomed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReadsAfter, "__call__", lambda *_: False)


def test_reads_after() -> None:
    module = parse_module(READ_LATER)
    ops = {
        op.results[0].name_hint: op
        for op in module.walk()
        if op.results and op.results[0].name_hint
    }
    reads_after = ReadsAfter(ChainState())
    add = ops["z"]
    assert reads_after(ops["x"].results[0], add)  # tensor.extract %x after it
    assert not reads_after(ops["y"].results[0], add)  # read by the add only
    # The extract is the last reader of %x: nothing reads it after that.
    assert not reads_after(ops["x"].results[0], ops["r"])


def _analyses(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], str]:
    analysed: list[str] = []
    original = ModuleAnalysisState.analyze

    def counting(state: ModuleAnalysisState) -> None:
        analysed.append(state.function.sym_name.data)
        original(state)

    with monkeypatch.context() as patch:
        patch.setattr(ModuleAnalysisState, "analyze", counting)
        output = str(apply_pipeline(parse_module(text), "comprehensive-bufferize"))
    return analysed, output


def test_doomed_reuse_is_not_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    """`%x` is read by the extract after the add: reusing it is never kept. The
    add then reuses `%y` (its other input), kept; @main is analysed once (the
    round reusing `%y`, whose analysis one-shot takes over), not twice."""
    analysed, output = _analyses(READ_LATER, monkeypatch)
    assert analysed == ["main"]
    module = parse_module(READ_LATER)
    assert eliminate_empty_tensors(module) == 1
    add = next(op for op in module.walk() if op.name == "linalg.add")
    assert add.operands[2] is add.operands[1]  # outs(%y)

    _never_doomed(monkeypatch)
    analysed_before, output_before = _analyses(READ_LATER, monkeypatch)
    assert analysed_before == ["main", "main"]
    assert output == output_before


@pytest.mark.parametrize("family", ["elementwise", "calls", "control", "tiled"])
@pytest.mark.parametrize("seed", [0, 1])
def test_skipping_changes_no_decision(
    family: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = generate(family, 300, seed=seed).text
    analysed, output = _analyses(text, monkeypatch)
    _never_doomed(monkeypatch)
    analysed_before, output_before = _analyses(text, monkeypatch)
    assert output == output_before
    assert len(analysed) <= len(analysed_before)
