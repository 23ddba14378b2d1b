"""static-memory-planning: placement, and execution proving slots do not clobber."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from xdsl_bufferize.analysis.memory_planning import (
    ARENA_ATTR,
    PlannedBuffer,
    place,
    plan_function,
)
from xdsl_bufferize.bufferization.memory_planning import apply_plan
from xdsl_bufferize.execution import check_pipeline, make_context, run
from xdsl_bufferize.execution import memory as executor_memory
from xdsl_bufferize.interfaces.diagnostics import InvalidOptionError
from xdsl_bufferize.transforms.comprehensive_bufferize import (
    ComprehensiveBufferizePass,
)
from xdsl_bufferize.transforms.static_memory_planning import (
    StaticMemoryPlanningPass,
)

ROOT = Path(__file__).resolve().parent.parent.parent
PROGRAM = (ROOT / "tests/filecheck/static-memory-planning/execution.mlir").read_text()


def test_the_arena_attribute_is_the_executors() -> None:
    assert ARENA_ATTR == executor_memory.ARENA_ATTR


def test_best_fit_reuses_the_smallest_gap() -> None:
    # big lives over everything; two small ones in turn; a medium one later that
    # fits in the bytes of the first small one only if placed there.
    big = PlannedBuffer(None, 64, 16, 0, 10, [])  # pyright: ignore[reportArgumentType]
    s1 = PlannedBuffer(None, 32, 16, 1, 3, [])  # pyright: ignore[reportArgumentType]
    s2 = PlannedBuffer(None, 16, 16, 2, 6, [])  # pyright: ignore[reportArgumentType]
    m = PlannedBuffer(None, 32, 16, 4, 8, [])  # pyright: ignore[reportArgumentType]
    size = place([big, s1, s2, m])
    assert big.offset == 0
    assert s1.offset == 64
    assert m.offset == 64  # s1 is dead by then
    assert s2.offset == 96
    assert size == 112


def test_alignment_rounds_offsets_up() -> None:
    a = PlannedBuffer(None, 20, 16, 0, 5, [])  # pyright: ignore[reportArgumentType]
    b = PlannedBuffer(None, 8, 64, 0, 5, [])  # pyright: ignore[reportArgumentType]
    assert place([a, b]) == 72
    assert (a.offset, b.offset) == (0, 64)


def test_slots_placed_together_would_clobber() -> None:
    """The execution test's buffers are live together: at one offset the results
    change, so the executor's check of the planned program is meaningful."""
    ctx = make_context()
    module = Parser(ctx, PROGRAM).parse_module()
    main = next(
        op
        for op in module.walk()
        if isinstance(op, func.FuncOp) and op.sym_name.data == "main"
    )
    reference = run(module.clone(), "main").results
    plan = plan_function(main)
    assert len(plan.buffers) == 4
    for buffer in plan.buffers:
        buffer.offset = 0
    plan.size = 16
    apply_plan(plan)
    outcome = run(module, "main")
    assert outcome.results is not None and reference is not None
    assert outcome.results != reference
    assert outcome.results[0] == 2.0  # %a reads the 2.0 written into %b


def test_planned_program_matches_and_calls_the_heap_once() -> None:
    ctx = make_context()
    module = Parser(ctx, PROGRAM).parse_module()
    report = check_pipeline(module, "static-memory-planning")
    assert report.ok, (report.mismatches, report.findings)
    assert report.after is not None
    stats = report.after.stats
    assert (stats.allocs, stats.arena_allocs, stats.frees) == (1, 1, 1)
    assert stats.peak_live_bytes == stats.lower_bound_bytes == 32


@pytest.mark.parametrize("value", [0, 3, -16, 24])
def test_bad_alignment_is_refused(value: int) -> None:
    with pytest.raises(InvalidOptionError, match="alignment"):
        StaticMemoryPlanningPass(alignment=value)
    with pytest.raises(InvalidOptionError, match="plan-memory-alignment"):
        ComprehensiveBufferizePass(plan_memory=True, plan_memory_alignment=value)


CALLS = (ROOT / "tests/filecheck/static-memory-planning/calls.mlir").read_text()


def _function(module: ModuleOp, name: str) -> func.FuncOp:
    return next(
        op
        for op in module.walk()
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )


def test_buffers_of_one_call_share_bytes_only_when_the_callee_allows() -> None:
    """In @main the callee is done with %in before it touches %out: one slot. In
    @clobber it writes %out before its last read of %in: two slots, and forcing one
    changes the results (so the execution test of calls.mlir is meaningful)."""
    ctx = make_context()
    module = Parser(ctx, CALLS).parse_module()
    main = plan_function(_function(module, "main"))
    assert [b.offset for b in main.buffers] == [0, 0]
    assert main.size == 32
    clobber = plan_function(_function(module, "clobber"))
    assert sorted(b.offset for b in clobber.buffers) == [0, 32]
    reference = run(module.clone(), "clobber").results
    for buffer in clobber.buffers:
        buffer.offset = 0
    clobber.size = 32
    apply_plan(clobber)
    outcome = run(module, "clobber")
    assert reference == (5.5, 1.5)
    assert outcome.results is not None and outcome.results != reference


PLACEMENT = (ROOT / "tests/filecheck/static-memory-planning/placement.mlir").read_text()


@pytest.mark.parametrize("chunk", PLACEMENT.split("// -----"))
def test_placement_cases_execute_unchanged(chunk: str) -> None:
    """Every function of placement.mlir gives the same results, with no memory
    finding the input did not have (@kept leaks by design), after planning (random
    inputs)."""
    ctx = make_context()
    module = Parser(ctx, chunk).parse_module()
    names = [
        op.sym_name.data
        for op in module.ops
        if isinstance(op, func.FuncOp) and op.body.blocks
    ]
    assert names
    for name in names:
        report = check_pipeline(module, "static-memory-planning", entry=name, seed=1)
        assert report.after is not None and not report.mismatches, (name, report)
        assert len(report.after.findings) <= len(report.before.findings), name
        assert report.ok or name == "kept", (name, report)
