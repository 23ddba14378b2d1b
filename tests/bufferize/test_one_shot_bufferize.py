"""End-to-end tests of one-shot-bufferize: decisions, scaling, execution."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.dialects import bufferization, memref
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.linalg.ops import GenericOp

from xdsl_bufferize.bufferization.driver import analyze, one_shot_bufferize
from xdsl_bufferize.execution.runner import check_pipeline, parse_module
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisHeuristic,
    BufferizationOptions,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.mlir"))
WORKLOADS = sorted((Path(__file__).resolve().parents[1] / "workloads").glob("*.mlir"))
FILECHECK = ROOT / "tests" / "filecheck" / "one-shot-bufferize"


def chain(n: int) -> str:
    """A function with `n` elementwise linalg.generic ops, each in place on the last."""
    lines = [
        "#map = affine_map<(d0) -> (d0)>",
        "func.func @main() -> f32 {",
        "  %c0 = arith.constant 0 : index",
        "  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>",
        "  %e = tensor.empty() : tensor<4xf32>",
        "  %x0 = linalg.copy ins(%c : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>",
    ]
    for i in range(n):
        lines.append(
            f"  %x{i + 1} = linalg.generic {{indexing_maps = [#map, #map, #map], "
            'iterator_types = ["parallel"]} '
            f"ins(%x{i}, %c : tensor<4xf32>, tensor<4xf32>) outs(%x{i} : tensor<4xf32>) {{\n"
            "  ^bb0(%a: f32, %b: f32, %o: f32):\n"
            "    %s = arith.addf %a, %b : f32\n"
            "    linalg.yield %s : f32\n"
            "  } -> tensor<4xf32>"
        )
    lines.append(f"  %r = tensor.extract %x{n}[%c0] : tensor<4xf32>")
    lines.append("  func.return %r : f32\n}")
    return "\n".join(lines)


def _count(module: ModuleOp, op_type: type) -> int:
    return sum(1 for op in module.walk() if isinstance(op, op_type))


def _no_tensors(module: ModuleOp) -> bool:
    for op in module.walk():
        if any(isinstance(r.type, TensorType) for r in op.results):
            return False
        for region in op.regions:
            for block in region.blocks:
                if op.name != "func.func" and any(
                    isinstance(a.type, TensorType) for a in block.args
                ):
                    return False
    return True


@pytest.mark.parametrize("n", [2000, 4000])
def test_long_elementwise_chain(n: int) -> None:
    module = parse_module(chain(n))
    stats = one_shot_bufferize(module, BufferizationOptions())
    module.verify()
    assert stats.out_of_place == 0
    assert stats.in_place == 3 * n + 3
    assert stats.allocations == 1
    assert stats.copies == 0
    assert _count(module, GenericOp) == n
    assert _count(module, memref.AllocOp) == 1
    assert _count(module, memref.CopyOp) == 0
    assert _count(module, bufferization.ToTensorOp) == 0
    assert _no_tensors(module)


def test_chain_result_matches_executor() -> None:
    module = parse_module(chain(20))
    report = check_pipeline(module, "one-shot-bufferize,buffer-deallocation")
    assert report.ok, report
    assert report.before.results == (21.0,)


def test_analysis_decisions_are_data() -> None:
    source = """
    func.func @f(%f: f32, %i: index) -> (f32, f32) {
      %e = tensor.empty() : tensor<4xf32>
      %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %a = tensor.insert %f into %t[%i] : tensor<4xf32>
      %old = tensor.extract %t[%i] : tensor<4xf32>
      %new = tensor.extract %a[%i] : tensor<4xf32>
      func.return %old, %new : f32, f32
    }
    """
    module = parse_module(source)
    state = analyze(module, BufferizationOptions())
    conflicts = list(state.conflicts.items())
    assert len(conflicts) == 1
    operand, conflict = conflicts[0]
    assert operand.owner.name == "tensor.insert"
    assert conflict.kind == "read-after-write"
    assert conflict.read is not None
    assert conflict.read.owner.name == "tensor.extract"
    assert "tensor.extract" in conflict.describe()


@dataclass(frozen=True)
class MainInput:
    """One program with a `@main`: a whole file, or one `// -----` chunk of it."""

    name: str
    text: str


def _main_inputs() -> list[MainInput]:
    inputs = [MainInput(p.name, p.read_text()) for p in [*EXAMPLES, *WORKLOADS]]
    for path in sorted(FILECHECK.glob("*.mlir")):
        chunks = path.read_text().split("// -----")
        for index, chunk in enumerate(chunks):
            if "@main" in chunk:
                suffix = f"#{index}" if len(chunks) > 1 else ""
                inputs.append(MainInput(path.name + suffix, chunk))
    return inputs


# The workloads include loops that swap buffers (06): they need
# allow-return-allocs-from-loops, as in MLIR.
LOOPS = "allow-return-allocs-from-loops=true"
PIPELINES = [
    f"one-shot-bufferize{{{LOOPS}}}",
    f"one-shot-bufferize{{{LOOPS} analysis-heuristic=top-down}}",
    f"one-shot-bufferize{{{LOOPS} copy-before-write=true}}",
    *(
        f"one-shot-bufferize{{{LOOPS} analysis-heuristic=fuzzer "
        f"analysis-fuzzer-seed={s}}}"
        for s in (1, 2, 3)
    ),
]


@pytest.mark.parametrize("program", _main_inputs(), ids=lambda p: p.name)
def test_executes_like_the_tensor_program(program: MainInput) -> None:
    module = parse_module(program.text)
    report = check_pipeline(module, PIPELINES[0])
    assert report.pipeline_error is None, report.pipeline_error
    assert report.after is not None
    assert report.after.error is None, report.after.error
    assert not report.mismatches, report.mismatches
    assert all(f.kind.value == "leak" for _, f in report.findings), report.findings


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("program", _main_inputs(), ids=lambda p: p.name)
def test_with_deallocation_every_heuristic(program: MainInput, pipeline: str) -> None:
    module = parse_module(program.text)
    report = check_pipeline(module, pipeline + ",buffer-deallocation")
    assert report.ok, (report.pipeline_error, report.mismatches, report.findings)


def test_fuzzer_heuristic_is_an_option() -> None:
    assert AnalysisHeuristic("fuzzer") is AnalysisHeuristic.FUZZER
