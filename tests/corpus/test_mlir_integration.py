"""MLIR's CPU integration tests with our bufferization in place of MLIR's (optional).

Runs only when `MLIR_INTEGRATION_TESTS` names a copy of llvm-project's
`mlir/test/Integration` (the tests are not part of this repository) and the finch-mlir
wheel imports. For each test whose RUN lines bufferize,
scripts/run_mlir_integration_tests.py runs our `comprehensive-bufferize`, then
upstream's lowering and JIT, and checks the output with the test's own CHECK lines;
it does the same with upstream's one-shot-bufferize. Wherever MLIR's own pipeline
passes, ours must pass too (a test MLIR's pipeline fails, from version skew between
the test text and the wheel, is skipped with MLIR's reason).

    MLIR_INTEGRATION_TESTS=/path/to/mlir/test/Integration pytest tests/corpus
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.corpus.corpus import mlir_available

SCRIPT = (
    Path(__file__).resolve().parents[2] / "scripts" / "run_mlir_integration_tests.py"
)
ROOT = os.environ.get("MLIR_INTEGRATION_TESTS", "")

KNOWN_FAILURES: dict[str, str] = {}
"""Tests MLIR's pipeline passes and ours fails, with why (scripts/run_mlir_integration
_tests.py on the test texts of llvm-project's main, finch-mlir 0.0.2)."""


def _script() -> ModuleType:
    """scripts/run_mlir_integration_tests.py, loaded once as a module."""
    name = "run_mlir_integration_tests"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ENABLED = bool(ROOT) and Path(ROOT).is_dir() and mlir_available()


def _tests() -> list[object]:
    if not ENABLED:
        return []
    paths: list[Path] = _script().find_tests(Path(ROOT))
    return [
        pytest.param(
            path,
            id=path.name,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[path.name])]
            if path.name in KNOWN_FAILURES
            else [],
        )
        for path in paths
    ]


pytestmark = pytest.mark.skipif(
    not ENABLED,
    reason="set MLIR_INTEGRATION_TESTS to mlir/test/Integration (needs finch-mlir)",
)


def test_the_runner_prints_memrefs_as_mlir_does() -> None:
    """The script's stand-in for MLIR's `printMemrefF32` (the wheel has no runner
    utils) prints the header and nested rows the tests' CHECK lines expect."""
    import ctypes

    script = _script()
    data = (ctypes.c_float * 6)(1.5, 2.0, 3.0, 4.0, 5.0, 6e-7)
    descriptor = (ctypes.c_int64 * 7)(0, ctypes.addressof(data), 0, 2, 3, 3, 1)
    text: str = script.format_memref(2, ctypes.addressof(descriptor), "F32")
    header, body = text.split("\n", 1)
    assert header.startswith("Unranked Memref base@ = 0x")
    assert header.endswith(
        "rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = "
    )
    assert body.split() == ["[[1.5,", "2,", "3],", "[4,", "5,", "6e-07]]"]


@pytest.mark.parametrize("path", _tests())
def test_ours_passes_where_mlir_passes(path: Path) -> None:
    script = _script()
    result = script.run_test(path, script.OURS, script.available_passes())
    if result is None:
        pytest.skip("does not bufferize")
    if not result.mlir.passed:
        pytest.skip(f"MLIR's own pipeline fails: {result.mlir.reason}")
    assert result.ours.passed, result.ours.reason
