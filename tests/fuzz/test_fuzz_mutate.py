"""The mutation fuzzer: inputs, edits, crash detection, and a bounded batch."""

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.xdsl_opt_main import xDSLOptMain

from xdsl_bufferize.testing.mutate import (
    fuzz_mutations,
    load_inputs,
    mutate,
    opt_failed,
    our_passes,
    run_line_pipelines,
    run_opt_inprocess,
    run_opt_subprocess,
)

FILECHECK = Path(__file__).parent.parent / "filecheck"

VALID = """func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32
  func.return %b : f32
}
"""


@dataclass(frozen=True)
class CrashingPass(ModulePass):
    """A pass that always raises a plain Python exception."""

    name = "test-fuzz-crash"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise ZeroDivisionError("planted")


def test_inputs_are_split_and_pipelines_read(tmp_path: Path) -> None:
    (tmp_path / "a.mlir").write_text(
        "// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries=true}'"
        " | filecheck %s\n// RUN: xdsl-opt %s -p buffer-deallocation | filecheck %s\n"
        "func.func @x() {\n  func.return\n}\n// CHECK: x\n// -----\n"
        "func.func @y() {\n  func.return\n}\n"
    )
    chunks = load_inputs(tmp_path)
    assert [c.index for c in chunks] == [0, 1]
    assert "@y" in chunks[1].text and "CHECK" not in chunks[0].text
    assert chunks[0].pipelines == (
        "one-shot-bufferize{bufferize-function-boundaries=true}",
        "buffer-deallocation",
    )
    assert run_line_pipelines("// RUN: xdsl-opt -p cse,dce %s") == ["cse,dce"]


def test_mutations_are_deterministic_and_edit() -> None:
    a = [mutate(VALID, random.Random(s)) for s in range(20)]
    b = [mutate(VALID, random.Random(s)) for s in range(20)]
    assert a == b
    assert sum(text != VALID for text, _ in a) >= 15


def test_our_passes_are_known() -> None:
    assert "one-shot-bufferize" in our_passes()
    assert "buffer-deallocation" in our_passes()


def test_inprocess_runs_report_exit_and_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    ok = run_opt_inprocess(VALID, "cse")
    assert not opt_failed(ok) and "arith.addf" in ok.output
    bad = run_opt_inprocess(VALID.replace("%a, %a", "%a, %zz"), "cse")
    assert not opt_failed(bad) and "zz" in bad.output
    # A bad option is one line and exit 1 on the command line: no crash here either.
    option = run_opt_inprocess(VALID, "comprehensive-bufferize{dialect-filter=tensor}")
    assert not opt_failed(option) and option.exit_code == 1
    assert "option dialect-filter is not supported" in option.output
    original = xDSLOptMain.register_all_passes

    def register(self: xDSLOptMain) -> None:
        original(self)
        self.register_pass(CrashingPass.name, lambda: CrashingPass)

    monkeypatch.setattr(xDSLOptMain, "register_all_passes", register)
    crash = run_opt_inprocess(VALID, CrashingPass.name)
    assert opt_failed(crash) and crash.crash is not None
    assert crash.crash.startswith("ZeroDivisionError")


def test_subprocess_agrees_on_a_bad_input() -> None:
    text = VALID.replace("f32 {", "f32 {\n  %q = arith.mulf %a, %b : f32")
    sub = run_opt_subprocess(text, "one-shot-bufferize")
    assert not opt_failed(sub), sub.output
    assert not opt_failed(run_opt_inprocess(text, "one-shot-bufferize"))


def test_mutation_batch(tmp_path: Path) -> None:
    summary = fuzz_mutations(FILECHECK, 25, 7, subprocess_every=25, out_dir=tmp_path)
    report = "\n".join(f"{f.pipeline}: {f.crash} ({f.edits})" for f in summary.failures)
    assert not summary.subprocess_disagreements, summary.subprocess_disagreements
    assert not summary.failures, f"{summary.line()}\n{report}"
