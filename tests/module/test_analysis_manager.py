"""ModuleAnalyses (analysis/manager.py): module analyses computed once and kept while
the stages of comprehensive-bufferize preserve them; outputs unchanged."""

from __future__ import annotations

import importlib

import pytest
from xdsl.dialects import func

from bench.generate import generate
from xdsl_bufferize.analysis import freed_arguments as freed_module
from xdsl_bufferize.analysis.freed_arguments import FreedArguments
from xdsl_bufferize.analysis.manager import (
    ALL,
    CALL_GRAPH,
    FORWARDING,
    FREED_ARGUMENTS,
    NONE,
    ModuleAnalyses,
)
from xdsl_bufferize.execution.runner import apply_pipeline, parse_module

FREES_ITS_ARGUMENT = """
func.func private @consume(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func private @pass(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}
func.func @main() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  func.call @consume(%a) : (memref<4xf32>) -> ()
  %r = func.call @pass(%b) : (memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}
"""


def test_analyses_are_kept_until_not_preserved() -> None:
    module = parse_module(FREES_ITS_ARGUMENT)
    analyses = ModuleAnalyses(module)
    graph = analyses.call_graph()
    freed = analyses.freed_arguments()
    forwarding = analyses.forwarding()
    consume, pass_ = (
        op
        for op in module.walk()
        if isinstance(op, func.FuncOp) and op.sym_name.data in ("consume", "pass")
    )
    assert freed.must[consume] == frozenset({0})
    assert forwarding.forwarded_results(pass_) == {0: 0}
    # The freed arguments and the forwarding analysis use the kept call graph.
    assert dict(analyses.computed) == {
        CALL_GRAPH: 1,
        FREED_ARGUMENTS: 1,
        FORWARDING: 1,
    }
    analyses.preserve(ALL)
    assert analyses.call_graph() is graph
    assert analyses.freed_arguments() is freed
    assert analyses.forwarding() is forwarding
    analyses.preserve([FREED_ARGUMENTS])
    assert analyses.freed_arguments() is freed
    assert analyses.call_graph() is not graph
    analyses.preserve(NONE)
    assert analyses.freed_arguments() is not freed
    assert analyses.forwarding() is not forwarding
    assert dict(analyses.computed) == {
        CALL_GRAPH: 3,
        FREED_ARGUMENTS: 2,
        FORWARDING: 2,
    }


PLANNING = "comprehensive-bufferize{plan-memory=true promote-buffers-to-stack=true}"


@pytest.mark.parametrize("family", ["calls", "control"])
def test_memory_planning_computes_freed_arguments_once(
    family: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deallocation computes the freed arguments once; callee-scratch hoisting and
    planning share one more (hoisting preserves it): two, where each stage used to
    compute its own (three)."""
    computed: list[int] = []
    original = freed_module.freed_arguments

    def counting(*args: object, **kwargs: object) -> FreedArguments:
        computed.append(1)
        return original(*args, **kwargs)  # pyright: ignore[reportArgumentType]

    for name in (
        "xdsl_bufferize.analysis.manager",
        "xdsl_bufferize.analysis.ownership.collect",
        "xdsl_bufferize.bufferization.memory_planning",
        "xdsl_bufferize.analysis.memory_planning_uses",
    ):
        holder = importlib.import_module(name)
        monkeypatch.setattr(holder, "freed_arguments", counting)
    text = generate(family, 300, seed=0).text
    shared = str(apply_pipeline(parse_module(text), PLANNING))
    assert len(computed) == 2
    # Every request computed anew: the same program.
    monkeypatch.setattr(ModuleAnalyses, "preserve", ModuleAnalyses.forget)
    fresh = ModuleAnalyses.forget

    def forgetting(method: str) -> object:
        kept = getattr(ModuleAnalyses, method)

        def fresh_each_time(self: ModuleAnalyses) -> object:
            fresh(self)
            return kept(self)

        return fresh_each_time

    for method in ("call_graph", "freed_arguments", "forwarding"):
        monkeypatch.setattr(ModuleAnalyses, method, forgetting(method))
    assert str(apply_pipeline(parse_module(text), PLANNING)) == shared
