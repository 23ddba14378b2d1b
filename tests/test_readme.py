"""The README's Python example runs, and its claims about the main job's output hold."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_python_api_example_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "README has no Python example"
    done = subprocess.run(
        [sys.executable, "-c", blocks[0]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "func.func private @scale_add" in done.stdout
    assert "tensor<" not in done.stdout


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
