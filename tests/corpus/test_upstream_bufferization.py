"""Our passes on upstream MLIR's bufferization test inputs; upstream MLIR must accept
every output (optional).

The corpus test runs only when `MLIR_BUFFERIZATION_TESTS` names a copy of
llvm-project's `mlir/test` (or a folder below it holding the bufferization tests;
they are not part of this repository) and the finch-mlir wheel imports. Each case of
each file (split on `// -----`) runs under each pipeline of the file's RUN lines
through scripts/run_upstream_bufferization_tests.py: a Python traceback fails, and
so does an output upstream MLIR (or xDSL's verifier) rejects; a refusal with a
diagnostic, an input xDSL cannot read and a pipeline naming a pass or option value we
lack are reported by the script, not failed here.

    MLIR_BUFFERIZATION_TESTS=/path/to/llvm-project/mlir/test pytest \
        tests/corpus/test_upstream_bufferization.py

The tests of the script's own helpers run always.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.corpus.corpus import mlir_available

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
SCRIPT = SCRIPTS / "run_upstream_bufferization_tests.py"
ROOT = os.environ.get("MLIR_BUFFERIZATION_TESTS", "")

KNOWN_FAILURES: dict[tuple[str, str], str] = {}
"""Runs whose output upstream MLIR rejects today, by (case, a part of the pipeline
text; empty: every pipeline), with why (llvm-project's test texts as stored,
finch-mlir 0.0.2)."""


def _script() -> ModuleType:
    """scripts/run_upstream_bufferization_tests.py, loaded once as a module."""
    name = "run_upstream_bufferization_tests"
    if name in sys.modules:
        return sys.modules[name]
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ENABLED = bool(ROOT) and Path(ROOT).exists() and mlir_available()


def _known(name: str, pipeline: str) -> str | None:
    for (case, part), reason in KNOWN_FAILURES.items():
        if case == name and part in pipeline:
            return reason
    return None


def _runs() -> list[object]:
    if not ENABLED:
        return []
    script = _script()
    root = Path(ROOT)
    available = script.available_passes()
    params: list[object] = []
    for path in script.find_tests(root):
        text = path.read_text()
        name = str(path.relative_to(root)) if path != root else path.name
        for run in script.runs_of(text, available):
            for index, case in script.cases_of(text):
                if "func.func" not in case and "module" not in case:
                    continue
                reason = (
                    None if run.unsupported else _known(f"{name}#{index}", run.ours)
                )
                params.append(
                    pytest.param(
                        name,
                        index,
                        case,
                        run,
                        id=f"{name}#{index}:{run.ours}",
                        marks=[pytest.mark.xfail(strict=True, reason=reason)]
                        if reason
                        else [],
                    )
                )
    return params


@pytest.mark.skipif(
    not ENABLED,
    reason="set MLIR_BUFFERIZATION_TESTS to llvm-project's mlir/test (needs "
    "finch-mlir)",
)
@pytest.mark.parametrize(("name", "index", "text", "run"), _runs())
def test_upstream_accepts_our_output(
    name: str, index: int, text: str, run: object
) -> None:
    result = _script().run_case(name, index, text, run)
    assert result.verdict not in ("traceback", "rejected", "timeout"), (
        f"{result.verdict}: {result.message}"
    )


def test_runs_are_read_in_both_spellings() -> None:
    """A RUN line's options become xDSL's `-p` text and the wheel's pipeline: old
    option names renamed, removed passes replaced, `func.func` anchors flattened for
    us and added for upstream's function passes, list values kept whole, flags
    dropped, fuzzer seeds counted once."""
    script = _script()
    text = (
        '// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="'
        'allow-return-allocs bufferize-function-boundaries" '
        "-buffer-deallocation -split-input-file | FileCheck %s\n"
        '// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only '
        'analysis-fuzzer-seed=23" -split-input-file -o /dev/null\n'
        '// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only '
        'analysis-fuzzer-seed=59" -split-input-file -o /dev/null\n'
        "// RUN: mlir-opt %s -pass-pipeline='builtin.module(func.func("
        "canonicalize,cse))' | FileCheck %s\n"
        '// RUN: mlir-opt %s -one-shot-bufferize="dialect-filter=tensor,scf '
        'allow-unknown-ops" | FileCheck %s\n'
        "// RUN: mlir-opt %s -tensor-bufferize -cse | FileCheck %s\n"
    )
    runs = script.runs_of(text, {"one-shot-bufferize", "canonicalize", "cse"})
    assert [run.ours for run in runs] == [
        "one-shot-bufferize{allow-return-allocs-from-loops "
        "bufferize-function-boundaries},buffer-deallocation",
        "one-shot-bufferize{test-analysis-only analysis-fuzzer-seed=23}",
        "canonicalize,cse",
        "one-shot-bufferize{dialect-filter=tensor,scf allow-unknown-ops}",
        "one-shot-bufferize{allow-unknown-ops copy-before-write},cse",
    ]
    assert runs[0].mlir == (
        "builtin.module(one-shot-bufferize{allow-return-allocs-from-loops "
        "bufferize-function-boundaries},func.func(buffer-deallocation))"
    )
    assert runs[0].unsupported == "no pass buffer-deallocation in xDSL's universe"
    assert runs[1].unsupported == ""
    all_runs = script.runs_of(text, {"one-shot-bufferize"}, all_runs=True)
    assert len(all_runs) == 6


def test_cases_keep_their_line_numbers() -> None:
    """Each `// -----` case is padded so a diagnostic names the line of the file."""
    script = _script()
    text = "// RUN: x\nfunc.func @a()\n// -----\n\nfunc.func @b()\n"
    cases = list(script.cases_of(text))
    assert [index for index, _ in cases] == [0, 1]
    second = cases[1][1].splitlines()
    assert second.index("func.func @b()") == 4


def test_conversions_are_spelled_as_the_wheel_reads_them() -> None:
    """`to_buffer` / `to_tensor` in today's custom forms (two types) become the
    wheel's (`to_memref`, the buffer's type only); generic forms are renamed."""
    script = _script()
    text = (
        "%0 = bufferization.to_buffer %t read_only : tensor<?xf32> to "
        "memref<?xf32, strided<[?], offset: ?>>\n"
        "%1 = bufferization.to_tensor %m restrict writable : memref<4xf32> to "
        "tensor<4xf32>\n"
        '%2 = "bufferization.to_buffer"(%t) : (tensor<4xf32>) -> memref<4xf32>\n'
    )
    assert script.to_wheel_spelling(text).splitlines() == [
        "%0 = bufferization.to_memref %t read_only : memref<?xf32, strided<[?], "
        "offset: ?>>",
        "%1 = bufferization.to_tensor %m restrict writable : memref<4xf32>",
        '%2 = "bufferization.to_memref"(%t) : (tensor<4xf32>) -> memref<4xf32>',
    ]


def test_a_case_gets_a_verdict_and_counts(tmp_path: Path) -> None:
    """One case of our own through the script's whole path: verified by upstream
    MLIR, with allocations and copies counted on both sides; an unreadable op and a
    refusal are told apart from a traceback."""
    pytest.importorskip("mlir_finch.ir")
    script = _script()
    available = script.available_passes()
    text = (
        '// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" '
        "-split-input-file\n"
        "func.func @f(%t: tensor<4xf32> {bufferization.writable = false}, "
        "%i: index, %s: f32) -> (tensor<4xf32>, f32) {\n"
        "  %0 = tensor.insert %s into %t[%i] : tensor<4xf32>\n"
        "  %1 = tensor.extract %t[%i] : tensor<4xf32>\n"
        "  return %0, %1 : tensor<4xf32>, f32\n"
        "}\n"
        "// -----\n"
        "func.func @g() {\n"
        "  nosuch.op\n"
        "  return\n"
        "}\n"
        "// -----\n"
        "func.func @h(%t: tensor<4xf32>, "
        "%d: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {\n"
        "  %0 = bufferization.materialize_in_destination %t in %d : "
        "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n"
        "}\n"
    )
    path = tmp_path / "case.mlir"
    path.write_text(text)
    results = script.run_file(path, path, available, False, 60.0)
    assert [r.verdict for r in results] == ["verified", "unreadable", "refused"]
    assert results[0].counts == {
        "ours": {"alloc": 1, "copy": 1},
        "mlir": {"alloc": 1, "copy": 1},
    }
    assert results[1].message.startswith("case.mlir:")  # located in the file
    assert results[2].located


def test_a_crash_of_the_wheel_costs_the_case_its_counts_only() -> None:
    """Upstream's own pipeline runs in a worker process: where the wheel crashes
    (finch-mlir 0.0.2 dies in `one-shot-bufferize{dialect-filter=...}` on unregistered
    ops), the case gets the crash as its MLIR error and the next case runs."""
    pytest.importorskip("mlir_finch.ir")
    script = _script()
    text = (
        "func.func @f(%t: tensor<?xf32>) -> tensor<?xf32> {\n"
        '  %0 = "test.dummy_op"(%t) : (tensor<?xf32>) -> tensor<?xf32>\n'
        '  %1 = "test.another_dummy_op"(%0) : (tensor<?xf32>) -> tensor<?xf32>\n'
        "  return %1 : tensor<?xf32>\n"
        "}\n"
    )
    crashing = script.Run(
        "",
        "builtin.module(one-shot-bufferize{dialect-filter=tensor,bufferization "
        "allow-unknown-ops allow-return-allocs-from-loops},canonicalize)",
    )
    counts, error = script.upstream_run(text, crashing)
    assert counts is None
    assert "upstream MLIR crashed" in error
    plain = script.Run("", "builtin.module(one-shot-bufferize{allow-unknown-ops})")
    assert script.upstream_run(text, plain) == ({"alloc": 0, "copy": 0}, "")
