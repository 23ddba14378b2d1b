"""The generator's opt-in `named_structured` feature: off by default (every seed's
program is what it was without it), on with `+named_structured`, where it makes MLIR's
named contraction, pooling and convolution ops (`dialects/linalg_named.py`) with
strides and dilations, and its programs keep their results and free every buffer
under both bufferization pipelines."""

from __future__ import annotations

import re

import pytest

from xdsl_bufferize.testing.fuzz import classify
from xdsl_bufferize.testing.generate import (
    GeneratorConfig,
    apply_feature_spec,
    generate_program,
)

NAMED = apply_feature_spec(GeneratorConfig(), "+named_structured")
PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true "
    "allow-return-allocs-from-loops=true},buffer-deallocation",
)
OPS = {
    "batch_matmul",
    "matvec",
    "vecmat",
    "batch_matvec",
    "pooling_nhwc_max",
    "pooling_nhwc_min",
    "pooling_nhwc_sum",
    "pooling_nchw_max",
    "conv_1d",
    "conv_1d_nwc_wcf",
    "conv_2d_nhwc_hwcf",
    "depthwise_conv_2d_nhwc_hwc",
}


def test_off_by_default() -> None:
    assert not GeneratorConfig().enabled("named_structured")
    texts = "\n".join(generate_program(seed, GeneratorConfig()) for seed in range(20))
    assert not OPS & set(re.findall(r"linalg\.(\w+)", texts))


def test_on_it_makes_every_op_with_strides() -> None:
    texts = "\n".join(generate_program(seed, NAMED) for seed in range(60))
    assert set(re.findall(r"linalg\.(\w+)", texts)) >= OPS
    assert re.search(r"strides = dense<\[(2, \d|\d, 2)\]> : tensor<2xi64>", texts)
    assert re.search(r"dilations = dense<\[(2, \d|\d, 2)\]> : tensor<2xi64>", texts)


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("seed", [2400000, 2400001, 2400003, 2400005])
def test_programs_keep_results_and_free_everything(seed: int, pipeline: str) -> None:
    text = generate_program(seed, NAMED)
    assert OPS & set(re.findall(r"linalg\.(\w+)", text))
    verdict = classify(text, pipeline)
    assert verdict.kind is None, verdict
