"""What the README's set-up command and docs/concepts.md say of the main job on
`examples/tiled_matmul.mlir`: the kernel needs no allocation and no copy, and the
executor finds the results equal and nothing leaked."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_main_job_kernel_has_no_alloc_or_copy() -> None:
    out = subprocess.run(
        ["xdsl-opt", "-p", "comprehensive-bufferize", "examples/tiled_matmul.mlir"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    kernel = out.stdout.split("func.func @main")[0]
    assert "@matmul_tiled" in kernel
    assert "memref.alloc" not in kernel
    assert "memref.copy" not in kernel
    assert "linalg.matmul" in kernel


def test_main_job_check_line() -> None:
    out = subprocess.run(
        [
            "xdsl-bufferize-check",
            "examples/tiled_matmul.mlir",
            "--pipeline",
            "comprehensive-bufferize",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "results match; 0 finding(s)" in out.stdout
