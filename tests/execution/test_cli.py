"""The `xdsl-bufferize-check` command line: output lines and exit codes (subprocess)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CLEAN = """
func.func @main(%x: f32, %t: tensor<2x2xf32>) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %y = arith.addf %x, %x : f32
  %e = tensor.extract %t[%c1, %c1] : tensor<2x2xf32>
  func.return %y, %e : f32, f32
}
"""

LEAK = """
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  func.return
}
"""

FAILING = """
func.func @main(%a: i32) -> i32 {
  %z = arith.constant 0 : i32
  %d = arith.divsi %a, %z : i32
  func.return %d : i32
}
"""

RECURSION = """
func.func @f(%n: i32) -> i32 {
  %r = func.call @f(%n) : (i32) -> i32
  func.return %r : i32
}
func.func @main() -> i32 {
  %c = arith.constant 1 : i32
  %r = func.call @f(%c) : (i32) -> i32
  func.return %r : i32
}
"""


def _check(tmp_path: Path, src: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "prog.mlir"
    path.write_text(src)
    return subprocess.run(
        [sys.executable, "-m", "xdsl_bufferize.execution", str(path), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_clean_run_with_args(tmp_path: Path) -> None:
    proc = _check(tmp_path, CLEAN, "--args", "1.25", "2x2xf32:[1,2,3,4]")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["@main returned (2.5, 4.0); 0 finding(s)"]


def test_clean_run_before_and_after_pipeline(tmp_path: Path) -> None:
    proc = _check(
        tmp_path, CLEAN, "--pipeline", "canonicalize,cse", "--random-inputs", "2"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 4
    assert all("results match; 0 finding(s)" in line for line in lines[::2])
    assert all(
        line.startswith(f"run {n}/2: @main before: 0 allocs (0 B), 0 copies (0 B)")
        for n, line in zip((1, 2), lines[1::2], strict=True)
    )


def test_finding_exits_1_with_one_line_per_finding(tmp_path: Path) -> None:
    proc = _check(tmp_path, LEAK)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(
        "leak: heap buffer #0 of 4 elements is never freed [memref.alloc at "
    )
    assert lines[0].endswith("prog.mlir:3:3 in @main]")
    assert lines[1] == "@main returned (); 1 finding(s)"


def test_runtime_failure_exits_1(tmp_path: Path) -> None:
    proc = _check(tmp_path, FAILING, "--args", "3")
    assert proc.returncode == 1
    assert "runtime error: integer division by zero [arith.divsi at" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_runaway_recursion_exits_1(tmp_path: Path) -> None:
    proc = _check(tmp_path, RECURSION, "--max-call-depth", "50")
    assert proc.returncode == 1
    assert "call depth exceeds 50" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.parametrize(
    ("src", "args", "message"),
    [
        ("func.func @main( {", (), "cannot parse"),
        (CLEAN, ("--entry", "nope"), "no function @nope"),
        (CLEAN, (), "@main takes 2 arguments, 0 given"),
        (CLEAN, ("--args", "1.0", "3x3xf32:random"), "does not fit"),
        (CLEAN, ("--args", "1.0", "2x2xf32:[1,2]"), "2 values for shape"),
        (CLEAN, ("--bogus",), "unrecognized arguments: --bogus"),
        (
            CLEAN,
            ("--pipeline", "no-such-pass", "--random-inputs", "1"),
            "unknown pass 'no-such-pass'",
        ),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    tmp_path: Path, src: str, args: tuple[str, ...], message: str
) -> None:
    proc = _check(tmp_path, src, *args)
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert message in lines[0]
    assert proc.stdout == ""


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "xdsl_bufferize.execution",
            str(tmp_path / "missing.mlir"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("xdsl-bufferize-check: error: cannot read")
