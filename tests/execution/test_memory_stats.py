"""Memory statistics of a run (`Outcome.stats`): allocations, copies, frees, peak live
heap bytes, element sizes; and their line in `xdsl-bufferize-check`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from xdsl_bufferize.execution import (
    ArrayValue,
    MemoryStats,
    check_pipeline,
    parse_module,
)
from xdsl_bufferize.execution.cli import format_bytes, stats_text

from .exec_helpers import run_src


def _clean_stats(src: str, args: tuple[object, ...] = ()) -> MemoryStats:
    outcome = run_src(src, args=args)
    assert outcome.error is None, outcome.error
    assert outcome.findings == [], [str(f) for f in outcome.findings]
    return outcome.stats


def test_two_allocations_and_one_copy() -> None:
    stats = _clean_stats(
        """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
      "memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
      %v = memref.load %b[%c0] : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      memref.dealloc %b : memref<4xf32>
      func.return %v : f32
    }
    """
    )
    assert stats == MemoryStats(
        allocs=2,
        bytes_allocated=32,
        copies=1,
        bytes_copied=16,
        peak_live_bytes=32,
        frees=2,
        live_bytes=0,
        peak_total_bytes=32,
        function_calls=1,
        # %a is read by the copy after %b is allocated: both live at once.
        lower_bound_bytes=32,
    )


def test_peak_counts_only_live_buffers() -> None:
    stats = _clean_stats(
        """
    func.func @main() {
      %a = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      %b = memref.alloc() : memref<8xf64>
      %c = memref.alloc() : memref<2xf32>
      memref.dealloc %b : memref<8xf64>
      memref.dealloc %c : memref<2xf32>
      func.return
    }
    """
    )
    assert (stats.allocs, stats.bytes_allocated) == (3, 16 + 64 + 8)
    assert (stats.peak_live_bytes, stats.frees, stats.live_bytes) == (72, 3, 0)
    assert (stats.copies, stats.bytes_copied) == (0, 0)


def test_element_sizes() -> None:
    stats = _clean_stats(
        """
    func.func @main() {
      %a = memref.alloc() : memref<3xi1>
      %b = memref.alloc() : memref<3xi7>
      %c = memref.alloc() : memref<3xi33>
      %d = memref.alloc() : memref<3xindex>
      %e = memref.alloc() : memref<3xf16>
      %f = memref.alloc() : memref<3xf64>
      %g = memref.alloc() : memref<2x3xi32>
      memref.dealloc %a : memref<3xi1>
      memref.dealloc %b : memref<3xi7>
      memref.dealloc %c : memref<3xi33>
      memref.dealloc %d : memref<3xindex>
      memref.dealloc %e : memref<3xf16>
      memref.dealloc %f : memref<3xf64>
      memref.dealloc %g : memref<2x3xi32>
      func.return
    }
    """
    )
    assert stats.allocs == 7
    assert stats.bytes_allocated == 3 * (1 + 1 + 5 + 8 + 2 + 8) + 6 * 4
    assert stats.peak_live_bytes == stats.bytes_allocated


def test_clone_and_linalg_copy_count_tensor_copies_do_not() -> None:
    stats = _clean_stats(
        """
    func.func @main(%t: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>) {
      %a = memref.alloc() : memref<3xf32>
      %b = memref.alloc() : memref<3xf32>
      %one = arith.constant 1.0 : f32
      linalg.fill ins(%one : f32) outs(%a : memref<3xf32>)
      linalg.copy ins(%a : memref<3xf32>) outs(%b : memref<3xf32>)
      %c = bufferization.clone %b : memref<3xf32> to memref<3xf32>
      %e = tensor.empty() : tensor<2xf64>
      %tc = linalg.copy ins(%t : tensor<2xf64>) outs(%e : tensor<2xf64>) -> tensor<2xf64>
      %at = bufferization.alloc_tensor() copy(%t) : tensor<2xf64>
      memref.dealloc %a : memref<3xf32>
      memref.dealloc %b : memref<3xf32>
      memref.dealloc %c : memref<3xf32>
      func.return %tc, %at : tensor<2xf64>, tensor<2xf64>
    }
    """,
        args=(ArrayValue((2,), [1.0, 2.0]),),
    )
    # The clone is both an allocation and a copy; tensor-level copies touch no memory.
    assert (stats.allocs, stats.bytes_allocated) == (3, 36)
    assert (stats.copies, stats.bytes_copied) == (2, 24)
    assert (stats.peak_live_bytes, stats.frees, stats.live_bytes) == (36, 3, 0)


def test_strided_copy_counts_the_elements_copied() -> None:
    stats = _clean_stats(
        """
    func.func @main() {
      %a = memref.alloc() : memref<4x4xf64>
      %b = memref.alloc() : memref<2x2xf64>
      %zero = arith.constant 0.0 : f64
      linalg.fill ins(%zero : f64) outs(%a : memref<4x4xf64>)
      %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf64> to memref<2x2xf64, strided<[4, 1], offset: 5>>
      "memref.copy"(%s, %b) : (memref<2x2xf64, strided<[4, 1], offset: 5>>, memref<2x2xf64>) -> ()
      memref.dealloc %a : memref<4x4xf64>
      memref.dealloc %b : memref<2x2xf64>
      func.return
    }
    """
    )
    assert (stats.allocs, stats.bytes_allocated) == (2, 128 + 32)
    assert (stats.copies, stats.bytes_copied) == (1, 32)


def test_allocations_in_a_loop_count_each_execution() -> None:
    stats = _clean_stats(
        """
    func.func @main() {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      scf.for %i = %c0 to %c3 step %c1 {
        %a = memref.alloc() : memref<2xi32>
        memref.dealloc %a : memref<2xi32>
      }
      func.return
    }
    """
    )
    assert (stats.allocs, stats.bytes_allocated) == (3, 24)
    assert (stats.peak_live_bytes, stats.frees) == (8, 3)


def test_stack_and_caller_memory_are_not_heap_allocations() -> None:
    stats = _clean_stats(
        """
    func.func @main(%arg: memref<4xf32>) {
      %s = memref.alloca() : memref<5xf64>
      %g = memref.get_global @g : memref<2xi32>
      "memref.copy"(%arg, %arg) : (memref<4xf32>, memref<4xf32>) -> ()
      func.return
    }
    "memref.global"() <{sym_name = "g", type = memref<2xi32>, initial_value = dense<1> : tensor<2xi32>, sym_visibility = "private"}> : () -> ()
    """,
        args=(ArrayValue((4,), [1.0, 2.0, 3.0, 4.0]),),
    )
    assert (stats.allocs, stats.bytes_allocated, stats.peak_live_bytes) == (0, 0, 0)
    assert (stats.stack_allocs, stats.stack_bytes) == (1, 40)
    assert (stats.copies, stats.bytes_copied) == (1, 16)


def test_returned_and_leaked_buffers_stay_live_bad_frees_do_not_count() -> None:
    outcome = run_src(
        """
    func.func @main() -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      %b = memref.alloc() : memref<3xf32>
      %c = memref.alloc() : memref<4xf32>
      memref.dealloc %c : memref<4xf32>
      memref.dealloc %c : memref<4xf32>
      %s = memref.alloca() : memref<1xf32>
      memref.dealloc %s : memref<1xf32>
      %one = arith.constant 1.0 : f32
      linalg.fill ins(%one : f32) outs(%a : memref<2xf32>)
      func.return %a : memref<2xf32>
    }
    """
    )
    assert {f.kind.value for f in outcome.findings} == {
        "leak",
        "double-free",
        "invalid-free",
    }
    stats = outcome.stats
    assert (stats.allocs, stats.bytes_allocated) == (3, 36)
    assert (stats.frees, stats.live_bytes, stats.peak_live_bytes) == (1, 20, 36)


def test_failed_run_reports_stats_up_to_the_failure() -> None:
    outcome = run_src(
        """
    func.func @main(%n: i32) -> i32 {
      %a = memref.alloc() : memref<8xi32>
      %z = arith.constant 0 : i32
      %q = arith.divsi %n, %z : i32
      memref.dealloc %a : memref<8xi32>
      func.return %q : i32
    }
    """,
        args=(3,),
    )
    assert outcome.error is not None
    assert (outcome.stats.allocs, outcome.stats.bytes_allocated) == (1, 32)
    assert outcome.stats.frees == 0


def test_check_pipeline_reports_stats_of_both_runs() -> None:
    module = parse_module(
        """
    func.func @main(%t: tensor<4xf32>) -> tensor<4xf32> {
      %e = tensor.empty() : tensor<4xf32>
      %r = linalg.copy ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      func.return %r : tensor<4xf32>
    }
    """
    )
    report = check_pipeline(
        module,
        "one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation",
        inputs=[ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])],
    )
    assert report.ok, (report.pipeline_error, report.mismatches, report.findings)
    assert report.before.stats == MemoryStats(function_calls=1)
    assert report.after is not None
    after = report.after.stats
    # The result is a new 4xf32 buffer filled by one copy, returned to the caller.
    assert (after.allocs, after.bytes_allocated) == (1, 16)
    assert (after.copies, after.bytes_copied) == (1, 16)
    assert (after.peak_live_bytes, after.live_bytes) == (16, 16)


def test_stats_text_and_byte_formatting() -> None:
    assert format_bytes(0) == "0 B"
    assert format_bytes(1023) == "1023 B"
    assert format_bytes(1228) == "1.2 KiB"
    assert format_bytes(3 * 1024 * 1024) == "3.0 MiB"
    stats = MemoryStats(
        allocs=4, bytes_allocated=1228, copies=1, bytes_copied=256, peak_live_bytes=800
    )
    assert stats_text(stats) == (
        "4 allocs (1.2 KiB), 1 copy (256 B), 0 frees, peak 800 B, lower bound 0 B"
    )
    one = MemoryStats(
        allocs=1,
        bytes_allocated=64,
        copies=2,
        frees=1,
        arena_allocs=1,
        arena_bytes=64,
        lower_bound_bytes=48,
    )
    assert stats_text(one) == (
        "1 alloc (64 B; 1 arena, 64 B), 2 copies (0 B), 1 free, peak 0 B, "
        "lower bound 48 B"
    )


def test_cli_prints_stats_of_both_runs(tmp_path: Path) -> None:
    path = tmp_path / "prog.mlir"
    path.write_text(
        """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  "memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
  %v = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %v : f32
}
"""
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "xdsl_bufferize.execution",
            str(path),
            "--pipeline",
            "canonicalize",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == [
        "@main before (1.0), after (1.0): results match; 0 finding(s)",
        "@main before: 2 allocs (32 B), 1 copy (16 B), 2 frees, peak 32 B, "
        "lower bound 32 B; "
        "after: 2 allocs (32 B), 1 copy (16 B), 2 frees, peak 32 B, "
        "lower bound 32 B",
    ]
