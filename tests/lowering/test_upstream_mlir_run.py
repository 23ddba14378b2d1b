"""Our output lowers to LLVM and runs in upstream MLIR (optional: needs the `finch-mlir`
wheel), with the results of our reference executor.

`examples/run_with_mlir.py` (shown in docs/lowering.md) bufferizes each program with
`comprehensive-bufferize{memcpy-op="linalg.copy"}`, lowers it with upstream MLIR's pass
manager and runs `@main` with MLIR's execution engine; it exits 0 only when the results
equal our executor's on the tensor program.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "run_with_mlir.py"
PROGRAMS = [
    *sorted((ROOT / "examples").glob("*.mlir")),
    *sorted((ROOT / "tests" / "lowering" / "programs").glob("*.mlir")),
    *sorted((ROOT / "tests" / "workloads").glob("*.mlir")),
]


def test_every_program_is_collected() -> None:
    assert len(PROGRAMS) == 4 + 4 + 13


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_upstream_mlir_runs_our_output(path: Path) -> None:
    pytest.importorskip("mlir_finch.execution_engine")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "results match"
    jit = lines[-3].removeprefix("upstream MLIR (JIT): ")
    ours = lines[-2].removeprefix("reference executor:  ")
    assert jit == ours != "None"
