"""Bounded differential fuzzing batches through the passes of the project.

Each batch generates programs for its pipeline (tensor programs for bufferization,
memref programs for buffer-deallocation alone), runs them before and after the pipeline
and expects no failure. Reproduce a reported seed with
`xdsl-bufferize-fuzz --count 1 --seed SEED --pipeline PIPELINE` (shrinks and writes the
reproducer). Scale the batch sizes with XDSL_BUFFERIZE_FUZZ_SCALE (default 1).
"""

import os

import pytest

from xdsl_bufferize.execution.fuzz import fuzz_programs

SCALE = float(os.environ.get("XDSL_BUFFERIZE_FUZZ_SCALE", "1"))

KNOWN_BUGS = (
    "pass bugs found by the fuzzer are pinned by tests/fuzz/regressions "
    "(test_fuzz_regressions.py); remove this mark once those pass"
)

BATCHES = [
    pytest.param(
        "one-shot-bufferize", 60, 10_000, marks=pytest.mark.xfail(reason=KNOWN_BUGS)
    ),
    *(
        pytest.param(
            f"one-shot-bufferize{{analysis-heuristic=fuzzer analysis-fuzzer-seed={k}}}",
            25,
            20_000 + 100 * k,
            marks=pytest.mark.xfail(reason=KNOWN_BUGS),
        )
        for k in (1, 2, 3, 4)
    ),
    pytest.param(
        "one-shot-bufferize{bufferize-function-boundaries=true}",
        50,
        30_000,
        marks=pytest.mark.xfail(reason=KNOWN_BUGS),
    ),
    pytest.param(
        "comprehensive-bufferize",
        60,
        40_000,
        marks=pytest.mark.xfail(reason=KNOWN_BUGS),
    ),
    pytest.param(
        "buffer-deallocation", 60, 50_000, marks=pytest.mark.xfail(reason=KNOWN_BUGS)
    ),
]


@pytest.mark.parametrize(("pipeline", "count", "seed"), BATCHES)
def test_generated_programs_survive(pipeline: str, count: int, seed: int) -> None:
    n = max(1, int(count * SCALE))
    summary = fuzz_programs(n, seed, pipeline, jobs=2, do_shrink=False, timeout=30)
    report = "\n".join(
        f"seed {f.seed}: {f.verdict.kind}: {f.verdict.detail}" for f in summary.failures
    )
    assert not summary.failures, f"{pipeline}: {summary.line()}\n{report}"
