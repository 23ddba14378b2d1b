"""The generator's opt-in `memory_space` feature: off by default (every seed's program
is what it was without it), on with `+memory_space`, where it makes tensors in
memory space 1 that bufferization keeps in that space, and its programs keep their
results and free every buffer under both bufferization pipelines."""

from __future__ import annotations

import pytest

from xdsl_bufferize.testing.fuzz import classify
from xdsl_bufferize.testing.generate import (
    GeneratorConfig,
    apply_feature_spec,
    generate_program,
)

MEMORY_SPACE = apply_feature_spec(GeneratorConfig(), "+memory_space")
PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true},buffer-deallocation",
)


def test_off_by_default() -> None:
    assert not GeneratorConfig().enabled("memory_space")
    texts = "\n".join(generate_program(seed, GeneratorConfig()) for seed in range(20))
    assert "memory_space" not in texts


def test_on_it_makes_tensors_in_space_one() -> None:
    texts = "\n".join(generate_program(seed, MEMORY_SPACE) for seed in range(20))
    assert "bufferization.alloc_tensor() {memory_space = 1 : i64}" in texts
    assert "copy(" in texts and "{memory_space = 1 : i64} :" in texts


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("seed", range(4))
def test_programs_keep_results_and_free_everything(seed: int, pipeline: str) -> None:
    text = generate_program(1650000 + seed, MEMORY_SPACE)
    verdict = classify(text, pipeline)
    assert verdict.kind is None, verdict
