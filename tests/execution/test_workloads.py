"""Every shared workload runs on the executor and gives the @main results of its README."""

from __future__ import annotations

from pathlib import Path

import pytest

from xdsl_bufferize.execution import parse_module, run, values_close

WORKLOADS = Path(__file__).resolve().parents[1] / "workloads"

EXPECTED: dict[str, list[float]] = {
    "01_mlp_layer.mlir": [1.225, 1.075, 0.0, 1.475, -0.25, 2.0],
    "02_conv2d_relu_pool.mlir": [4.1, 2.975, 3.425, 3.55, 2.225, -1.0],
    "03_tiled_matmul.mlir": [0.125, 0.125, 0.75, 0.875, 0.0],
    "04_softmax_rows.mlir": [0.009365339, 0.1554327, 0.1558961, 1.2, 1.0, 6],
    "05_layer_norm.mlir": [
        -1.28169425284274,
        0.660313962063532,
        -0.199609413582517,
        3.875,
        0.737500094972349,
        2.5,
        0.25,
    ],
    "06_heat_stencil_pingpong.mlir": [0.6899347, 0.2736616, 0.1076009, 1.0, 0.5, 0.3],
    "07_jacobi_solver_while.mlir": [0.3976129, -0.01340188, 0.1809271, 0.5, 16, -2.0],
    "08_multi_function_inplace.mlir": [20.25, 6.0, 6.0, 14.0, 3.0, 3.0],
    "09_prefix_sum.mlir": [32, 7, 3, 0.0, 4.75, 1.0, 7.5, 12],
    "10_attention_block.mlir": [
        0.09159887,
        0.2386709,
        0.1171642,
        0.1808534,
        0.9,
        -0.4,
    ],
    "11_mlp_two_layer_dynamic.mlir": [
        0.03789063,
        0.4234375,
        0.3917969,
        1.375,
        -0.25,
        0.0,
        5,
        3,
    ],
    "12_laplace_jacobi_snapshot.mlir": [
        0.4444848,
        0.6642509,
        0.3432465,
        1.249313e-05,
        0.6,
        12,
    ],
    "13_tiled_matmul_dynamic.mlir": [-0.25, -0.25, -0.5, 1.75, 0.0],
}


@pytest.mark.skipif(not WORKLOADS.is_dir(), reason="shared workloads not present")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_workload_results(name: str) -> None:
    path = WORKLOADS / name
    module = parse_module(path.read_text(), str(path))
    outcome = run(module)
    assert outcome.error is None
    assert outcome.findings == []
    assert outcome.results is not None
    expected = EXPECTED[name]
    assert len(outcome.results) == len(expected)
    for got, want in zip(outcome.results, expected, strict=False):
        # README values are printed with 7 significant digits.
        assert values_close(got, want, rtol=1e-5, atol=1e-6), (got, want)
        assert isinstance(got, int) == isinstance(want, int) or isinstance(got, float)
