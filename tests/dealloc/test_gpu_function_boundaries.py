"""gpu.alloc buffers that cross a function boundary (returned by a callee, then
owned by the caller) must be freed with gpu.dealloc: the ownership analysis records,
per function result, the allocator of the buffers it returns (`collect._result_models`),
and the reference executor reports a host free of a gpu buffer as invalid."""

from __future__ import annotations

from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.execution.runner import run
from xdsl_bufferize.transforms.buffer_deallocation import deallocate

RETURNED_GPU_BUFFER = """
func.func private @make(%v: f32) -> memref<4xf32, 1 : i64> {
  %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32, 1 : i64>)
  func.return %a : memref<4xf32, 1 : i64>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = func.call @make(%one) : (f32) -> memref<4xf32, 1 : i64>
  %x = memref.load %m[%c0] : memref<4xf32, 1 : i64>
  func.return %x : f32
}
"""


HOST_FREE_OF_GPU_BUFFER = """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %a = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32, 1 : i64>
  %x = memref.load %a[%c0] : memref<4xf32, 1 : i64>
  memref.dealloc %a : memref<4xf32, 1 : i64>
  func.return %x : f32
}
"""


def test_host_free_of_gpu_buffer_is_reported() -> None:
    after = run(parse_module(HOST_FREE_OF_GPU_BUFFER), "main", ())
    assert after.error is None, after.error
    assert any(
        "only gpu.dealloc may free" in str(finding) for finding in after.findings
    )


def test_returned_gpu_buffer_freed_by_gpu_dealloc() -> None:
    module = parse_module(RETURNED_GPU_BUFFER)
    deallocate(module)
    module.verify()
    text = str(module)
    assert "gpu.dealloc" in text and "memref.dealloc" not in text, text
    after = run(module, "main", ())
    assert after.error is None, after.error
    assert after.findings == [], text
