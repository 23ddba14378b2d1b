"""The shrinker and the verdicts, on failures planted with a deliberately wrong pass."""

from dataclasses import dataclass
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.testing import fuzz
from xdsl_bufferize.testing.fuzz import (
    CaseResult,
    classify,
    parse_module,
    read_header,
    write_reproducer,
)
from xdsl_bufferize.testing.generate import GeneratorConfig, generate_program
from xdsl_bufferize.testing.shrink import program_size, shrink


@dataclass(frozen=True)
class SubForAddPass(ModulePass):
    """A wrong pass: every arith.addf becomes arith.subf."""

    name = "test-fuzz-sub-for-add"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for o in list(op.walk()):
            if isinstance(o, arith.AddfOp):
                new = arith.SubfOp(o.lhs, o.rhs)
                o.parent_block().insert_op_before(new, o)  # pyright: ignore[reportOptionalMemberAccess]
                o.result.replace_all_uses_with(new.result)
                o.detach()
                o.erase()


@dataclass(frozen=True)
class RejectCallsPass(ModulePass):
    """A pass that rejects any module with a call, and crashes on a while loop."""

    name = "test-fuzz-reject"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for o in op.walk():
            if o.name == "scf.while":
                raise KeyError("planted crash")
            if o.name == "func.call":
                raise PassFailedException("calls are not supported")


def _register() -> None:
    fuzz._passes()[SubForAddPass.name] = lambda: SubForAddPass
    fuzz._passes()[RejectCallsPass.name] = lambda: RejectCallsPass


def _program_with_addf() -> tuple[int, str]:
    for seed in range(100):
        text = generate_program(seed, GeneratorConfig(function_boundaries=False))
        if (
            classify(text, "test-fuzz-sub-for-add").kind == "mismatch"
            and text.count("\n") > 60
        ):
            return seed, text
    raise AssertionError("no generated program exposes the planted bug")


def test_verdicts() -> None:
    _register()
    text = generate_program(3, GeneratorConfig())
    assert classify(text, "canonicalize").kind is None
    assert classify("func.func @main() -> f32 {\n  %x = arith.addf %y", "cse").kind == (
        "invalid-input"
    )
    kinds = {
        classify(generate_program(s, GeneratorConfig()), "test-fuzz-reject").kind
        for s in range(12)
    }
    assert {"pass-error", "crash:KeyError"} <= kinds


def test_shrinker_reduces_a_planted_failure() -> None:
    _register()
    _, text = _program_with_addf()

    def still_fails(candidate: str) -> bool:
        return classify(candidate, "test-fuzz-sub-for-add", expect="mismatch").kind == (
            "mismatch"
        )

    small = shrink(text, still_fails, max_tests=80, time_limit=30)
    assert still_fails(small)
    assert program_size(small)[0] < program_size(text)[0] // 3
    assert "arith.addf" in small
    parse_module(small).verify()


def test_reproducer_files_round_trip(tmp_path: Path) -> None:
    _register()
    seed, text = _program_with_addf()
    verdict = classify(text, "test-fuzz-sub-for-add")
    path = write_reproducer(
        tmp_path, "test-fuzz-sub-for-add", CaseResult(seed, verdict, text), "seed"
    )
    header = read_header(path)
    assert header["pipeline"] == "test-fuzz-sub-for-add"
    assert header["kind"] == "mismatch"
    assert classify(path.read_text(), header["pipeline"]).kind == "mismatch"


def test_fuzz_programs_finds_and_shrinks(tmp_path: Path) -> None:
    _register()
    summary = fuzz.fuzz_programs(
        4,
        0,
        "test-fuzz-reject",
        GeneratorConfig(),
        jobs=1,
        out_dir=tmp_path,
        shrink_tests=10,
        shrink_seconds=2,
    )
    assert summary.failures
    assert summary.line().startswith(f"4 programs, {len(summary.failures)} failures")
    assert len(summary.paths) == len(summary.failures)
    for path, failure in zip(summary.paths, summary.failures, strict=True):
        assert read_header(path)["kind"] == failure.verdict.kind
