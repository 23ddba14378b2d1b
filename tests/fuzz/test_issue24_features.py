"""The generator's opt-in features of issue #24: `dynamic_reshape` (collapse /
expand of dynamically shaped arguments), `cf_tensor_args` (cf branches carrying
tensors), `memory_space` helpers returning tensors in space 1 and
`call_returned_args` (a helper returning its argument beside the result of a call
that returns that argument on some paths only), `loop_yields` (loops yielding
new tensors, outside values or constants back, on all paths or some) and
`execute_region_blocks` (an `scf.execute_region` of several blocks, branching and
merging tensors), `slice_casts` (a tile cast between its producer and its
insertion). Off by default
(every seed's program is what it was), on when enabled, and their programs keep
their results and free every buffer under both bufferization pipelines."""

from __future__ import annotations

import pytest

from xdsl_bufferize.testing.fuzz import classify
from xdsl_bufferize.testing.generate import (
    GeneratorConfig,
    apply_feature_spec,
    generate_program,
)

PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true},buffer-deallocation",
)
FEATURES = {
    "dynamic_reshape": ("tensor.collapse_shape %t", "tensor.expand_shape"),
    "cf_tensor_args": ("cf.br ^", "@cftensor"),
    "memory_space": ("call @space",),
    "call_returned_args": ("call @retboth", "call @pickarg"),
    "loop_yields": ("%yif", "%ynew"),
    "execute_region_blocks": ("scf.execute_region", "cf.cond_br %cond"),
    "slice_casts": ("%tc",),
}
SPEC_EXTRA = {"loop_yields": ",+nonequivalent_yields"}
"""What a feature needs besides itself (loops yielding new tensors back are
non-equivalent yields)."""


@pytest.mark.parametrize(
    "feature",
    [
        "dynamic_reshape",
        "cf_tensor_args",
        "call_returned_args",
        "loop_yields",
        "execute_region_blocks",
        "slice_casts",
    ],
)
def test_off_by_default(feature: str) -> None:
    assert not GeneratorConfig().enabled(feature)
    texts = "\n".join(generate_program(seed, GeneratorConfig()) for seed in range(10))
    assert all(marker not in texts for marker in FEATURES[feature])


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_on_it_makes_the_shape(feature: str) -> None:
    config = apply_feature_spec(
        GeneratorConfig(), f"+{feature}{SPEC_EXTRA.get(feature, '')}"
    )
    texts = "\n".join(generate_program(seed, config) for seed in range(20))
    assert all(marker in texts for marker in FEATURES[feature])


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("feature", sorted(FEATURES))
@pytest.mark.parametrize("seed", range(2))
def test_programs_keep_results_and_free_everything(
    seed: int, feature: str, pipeline: str
) -> None:
    config = apply_feature_spec(
        GeneratorConfig(), f"+{feature}{SPEC_EXTRA.get(feature, '')}"
    )
    text = generate_program(2430000 + seed, config)
    verdict = classify(text, pipeline)
    assert verdict.kind is None, verdict
