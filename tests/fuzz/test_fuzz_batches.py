"""Bounded differential fuzzing batches through the passes of the project.

Each batch generates programs for its pipeline (tensor programs for bufferization,
memref programs for buffer-deallocation alone), runs them before and after the pipeline
and expects no failure. Reproduce a reported seed with
`xdsl-bufferize-fuzz --count 1 --seed SEED --pipeline PIPELINE --features
max_ops=5,max_dim=6,max_helpers=2` (shrinks and writes the reproducer). Scale the batch sizes with XDSL_BUFFERIZE_FUZZ_SCALE (default 1).
"""

import os
from dataclasses import replace

import pytest

from xdsl_bufferize.testing.fuzz import fuzz_programs
from xdsl_bufferize.testing.generate import apply_feature_spec, config_for_pipeline

SCALE = float(os.environ.get("XDSL_BUFFERIZE_FUZZ_SCALE", "1"))

# Without allow-return-allocs-from-loops, one-shot-bufferize rejects (as MLIR does)
# a loop whose yield the analysis puts out of place: generated programs may have one.
LOOPS = "allow-return-allocs-from-loops=true"
BATCHES = [
    pytest.param(f"one-shot-bufferize{{{LOOPS}}}", 50, 10_000),
    *(
        pytest.param(
            f"one-shot-bufferize{{{LOOPS} analysis-heuristic=fuzzer "
            f"analysis-fuzzer-seed={k}}}",
            15,
            20_000 + 100 * k,
        )
        for k in (1, 2, 3, 4)
    ),
    pytest.param(
        f"one-shot-bufferize{{{LOOPS} bufferize-function-boundaries=true}}", 40, 30_000
    ),
    pytest.param("comprehensive-bufferize", 50, 40_000),
    pytest.param("buffer-deallocation", 50, 50_000),
]


def _assert_batch_survives(
    pipeline: str, count: int, seed: int, features: str = ""
) -> None:
    """Fuzz `count` (scaled) small programs for `pipeline` from `seed`, with the
    opt-in `features` (a feature spec, empty for the defaults); expect no failure."""
    n = max(1, int(count * SCALE))
    # Small programs keep the batch fast; the CLI's defaults make larger ones.
    config = replace(config_for_pipeline(pipeline), max_ops=5, max_dim=6, max_helpers=2)
    if features:
        config = apply_feature_spec(config, features)
    summary = fuzz_programs(
        n, seed, pipeline, config, jobs=2, do_shrink=False, timeout=30
    )
    report = "\n".join(
        f"seed {f.seed}: {f.verdict.kind}: {f.verdict.detail}" for f in summary.failures
    )
    assert not summary.failures, f"{pipeline}: {summary.line()}\n{report}"


@pytest.mark.parametrize(("pipeline", "count", "seed"), BATCHES)
def test_generated_programs_survive(pipeline: str, count: int, seed: int) -> None:
    _assert_batch_survives(pipeline, count, seed)


def test_region_op_programs_survive() -> None:
    """Programs with `affine.for` / `affine.if` carrying tensors, `vector.mask`
    around transfers and `scf.parallel` bodies on tensors (opt-in features)."""
    _assert_batch_survives(
        "comprehensive-bufferize", 30, 60_000, "+affine,+vector_mask,+scf_parallel"
    )


def test_programs_with_bufferization_deallocs_survive() -> None:
    """Memref programs whose own frees are sometimes `bufferization.dealloc` under a
    constant or runtime condition (opt-in feature): buffer-deallocation reads them as
    frees of the program, frees every buffer exactly once."""
    _assert_batch_survives("buffer-deallocation", 30, 61_000, "+bufferization_deallocs")


def test_programs_returning_reshapes_survive() -> None:
    """Memref programs whose helpers return whole reshapes of fresh buffers (opt-in
    feature): buffer-deallocation hands them over without a clone and frees each
    allocation once through the view."""
    _assert_batch_survives("buffer-deallocation", 30, 62_000, "+returned_reshapes")
