"""one-shot-bufferize's `unknown-type-conversion` (the buffer type of tensors no model
gives a buffer): both layouts run to the same results as the tensor program, with
no leak and no double free. The unknown op is `arith.addf` on tensors (no
bufferization model, but the executor runs it)."""

from __future__ import annotations

import pytest

from xdsl_bufferize.execution import apply_pipeline, check_pipeline, parse_module

SRC = """
func.func @main(%A : tensor<8xf32>, %i : index, %s : f32) -> (f32, tensor<8xf32>) {
  %u = arith.addf %A, %A : tensor<8xf32>
  %0 = tensor.extract %u[%i] : tensor<8xf32>
  %e = tensor.extract_slice %u[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %1 = tensor.insert %s into %u[%i] : tensor<8xf32>
  %2 = tensor.insert_slice %e into %1[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %v = arith.mulf %2, %2 : tensor<8xf32>
  %3 = tensor.extract %v[%i] : tensor<8xf32>
  %4 = arith.addf %0, %3 : f32
  return %4, %2 : f32, tensor<8xf32>
}
"""

INPUTS = [[float(x) for x in range(8)], 3, 7.0]

LAYOUTS = {
    "fully-dynamic-layout-map": "memref<8xf32, strided<[?], offset: ?>>",
    "identity-layout-map": "memref<8xf32>",
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("boundaries", [False, True])
def test_unknown_type_conversion_executes(layout: str, boundaries: bool) -> None:
    one_shot = (
        "one-shot-bufferize{allow-unknown-ops=true "
        f"unknown-type-conversion={layout} "
        f"bufferize-function-boundaries={str(boundaries).lower()}}}"
    )
    module = parse_module(SRC, "unknown.mlir")
    text = str(apply_pipeline(module, one_shot))
    # The buffers of both unknown ops' results have the option's layout.
    assert text.count(f"tensor<8xf32> to {LAYOUTS[layout]}") == 2, text
    pipeline = f"{one_shot},buffer-deallocation-pipeline"
    report = check_pipeline(module, pipeline, "main", INPUTS)
    assert report.pipeline_error is None, report.pipeline_error
    assert report.mismatches == [], report.mismatches
    after = report.after
    assert after is not None
    # Nothing leaked or freed twice, no other finding.
    assert after.findings == [], [str(f) for f in after.findings]
    assert report.ok
    assert after.results is not None
    assert after.results[0] == pytest.approx(6.0 + 10.0 * 10.0)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("boundaries", [False, True])
def test_to_tensor_of_a_strided_buffer_reads_it_without_a_copy(
    layout: str, boundaries: bool
) -> None:
    """A `to_tensor` left at an unknown op wraps a buffer of any layout as it is (our
    to_tensor verifies as MLIR's does): no contiguous copy is made for it. The two
    copies left are the out-of-place insert of the argument and the return's."""
    pipeline = (
        "one-shot-bufferize{allow-unknown-ops=true "
        f"unknown-type-conversion={layout} "
        f"bufferize-function-boundaries={str(boundaries).lower()}}},"
        "buffer-deallocation-pipeline"
    )
    report = check_pipeline(parse_module(SRC, "unknown.mlir"), pipeline, "main", INPUTS)
    assert report.ok, (report.mismatches, report.pipeline_error)
    after = report.after
    assert after is not None
    assert (after.stats.allocs, after.stats.copies) == (1, 2)
