"""`xdsl-bufferize-check` at real sizes (issue #26): --max-bytes stops a run with one
line naming the op, its location and the bytes; long runs report progress on stderr;
the summary never says "results match" when a run failed or a result is undefined."""

from __future__ import annotations

from pathlib import Path

import pytest

from xdsl_bufferize.execution import cli, interpreter
from xdsl_bufferize.execution.memory import MemoryStats
from xdsl_bufferize.execution.runner import Outcome, verdict


def _check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], src: str, *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "input.mlir"
    path.write_text(src)
    status = cli._main([str(path), *args])  # pyright: ignore[reportPrivateUsage]
    out = capsys.readouterr()
    return status, out.out, out.err


HUGE = """func.func @main() -> tensor<100000x100000xf32> {
  %e = tensor.empty() : tensor<100000x100000xf32>
  return %e : tensor<100000x100000xf32>
}
"""


def test_a_huge_tensor_stops_both_runs_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _check(
        tmp_path, capsys, HUGE, "--pipeline", "comprehensive-bufferize"
    )
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == (
        "[before] runtime error: tensor.empty needs 40000000000 bytes, more than the "
        "limit of 4294967296 bytes (--max-bytes) "
        f"[tensor.empty at {tmp_path / 'input.mlir'}:2:3 in @main]"
    )
    assert lines[1].startswith("[after] runtime error: memref.alloc needs 40000000000")
    assert "both runs failed" in lines[2]
    assert "results match" not in out


def test_max_bytes_counts_live_heap_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = """func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<128xf32>
  %b = memref.alloc() : memref<128xf32>
  %one = arith.constant 1.0 : f32
  memref.store %one, %a[%c0] : memref<128xf32>
  %v = memref.load %a[%c0] : memref<128xf32>
  memref.dealloc %a : memref<128xf32>
  memref.dealloc %b : memref<128xf32>
  return %v : f32
}
"""
    status, out, _ = _check(tmp_path, capsys, src, "--max-bytes", "1000")
    assert status == 1
    assert out.startswith(
        "runtime error: memref.alloc needs 512 bytes (with 512 bytes live), more than "
        "the limit of 1000 bytes (--max-bytes) [memref.alloc at "
    )
    assert ":4:3 in @main]" in out
    status, out, _ = _check(tmp_path, capsys, src, "--max-bytes", "1K")
    assert (status, "runtime error" in out) == (0, False)


def test_a_bad_byte_count_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _check(tmp_path, capsys, HUGE, "--max-bytes", "lots")
    assert exit_info.value.code == 2


def test_undefined_results_prove_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = """func.func @main() -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %nan = arith.divf %z, %z : f32
  %e = tensor.splat %nan : tensor<4xf32>
  return %e : tensor<4xf32>
}
"""
    status, out, _ = _check(
        tmp_path, capsys, src, "--pipeline", "comprehensive-bufferize"
    )
    assert status == 1
    assert "RESULTS UNDEFINED (NaN in result #0): nothing proven" in out
    assert "results match" not in out


def test_uninitialised_reads_of_the_input_program_prove_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An integer result: no NaN shows it, and both runs agree (0 + x).
    src = """func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %o : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
"""
    status, out, _ = _check(
        tmp_path,
        capsys,
        src,
        "--pipeline",
        "comprehensive-bufferize",
        "--args",
        "4xi32:[1,2,3,4]",
    )
    assert status == 1
    lines = out.splitlines()
    assert lines[0].startswith(
        "[before] uninitialised-read: linalg.generic reads 4 element(s) of a tensor "
        "that nothing wrote (first at index [0] of shape [4]; contents of tensor.empty "
        "at "
    )
    assert lines[0].endswith(":3:3 in @main]")
    assert lines[1].startswith(
        "[after] uninitialised-read: linalg.generic reads 4 element(s) of heap buffer"
    )
    assert (
        "RESULTS UNDEFINED (the run before the pipeline reads contents nothing "
        "wrote): nothing proven; 2 finding(s)" in lines[2]
    )
    assert "results match" not in out


def _outcome(ok: bool, value: float = 1.0) -> Outcome:
    if ok:
        return Outcome((value,), [], None, MemoryStats())
    return Outcome(None, [], "boom", MemoryStats())


def test_verdict_names_the_failing_run() -> None:
    assert verdict(_outcome(False), _outcome(False), []) == "both runs failed"
    assert verdict(_outcome(False), _outcome(True), []) == (
        "the run before the pipeline failed"
    )
    assert verdict(_outcome(True), _outcome(False), []) == (
        "the run after the pipeline failed"
    )
    assert verdict(_outcome(True), _outcome(True), []) == "results match"
    assert verdict(_outcome(True), _outcome(True), ["x"]) == "RESULTS DIFFER"
    assert verdict(_outcome(True, float("nan")), _outcome(True), []).startswith(
        "RESULTS UNDEFINED"
    )


def test_long_runs_report_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(interpreter, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(interpreter, "PROGRESS_EVERY", 0.0)
    src = """func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3000 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}
"""
    status, out, err = _check(
        tmp_path, capsys, src, "--pipeline", "comprehensive-bufferize"
    )
    assert status == 0
    assert "results match" in out
    assert "xdsl-bufferize-check: [before] 1024 ops executed, " in err
    assert "xdsl-bufferize-check: [after] 1024 ops executed, " in err
