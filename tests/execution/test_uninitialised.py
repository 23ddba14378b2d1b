"""Reads of contents nothing wrote are findings (issue #26 point 4), in tensor and
buffer programs; moving such contents (copies, slices, casts) is not a read."""

from __future__ import annotations

import pytest

from tests.execution.exec_helpers import run_src
from xdsl_bufferize.execution import check_pipeline, parse_module
from xdsl_bufferize.execution.memory import FindingKind
from xdsl_bufferize.execution.runner import Outcome


def _uninit(outcome: Outcome) -> list[str]:
    assert outcome.error is None, outcome.error
    return [
        str(f) for f in outcome.findings if f.kind is FindingKind.UNINITIALISED_READ
    ]


def test_extract_from_an_empty_integer_tensor() -> None:
    outcome = run_src(
        """
    func.func @main(%i: index) -> i32 {
      %e = tensor.empty() : tensor<4xi32>
      %x = tensor.extract %e[%i] : tensor<4xi32>
      func.return %x : i32
    }
    """,
        args=(2,),
    )
    assert outcome.results == (0,)
    assert _uninit(outcome) == [
        "uninitialised-read: tensor.extract reads 1 element(s) of a tensor that "
        "nothing wrote (first at index [2] of shape [4]; contents of tensor.empty at "
        "test.mlir:3:7 in @main) [tensor.extract at test.mlir:4:7 in @main]"
    ]


MASKED = """
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %lo = arith.constant -1.0e30 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maxnumf %o, %lo : f32
    %s = arith.addf %x, %m : f32
    %z = arith.cmpf oeq, %x, %x : f32
    %y = arith.select %z, %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def test_a_masked_nan_is_still_an_uninitialised_read() -> None:
    # The payload reads the outs of a tensor.empty, but `select` drops the NaN:
    # the results are fine numbers, the read is a finding all the same.
    outcome = run_src(MASKED, args=([1.0, 2.0, 3.0, 4.0],))
    assert outcome.results is not None
    assert outcome.results[0].data == [1.0, 2.0, 3.0, 4.0]
    (finding,) = _uninit(outcome)
    assert "linalg.generic reads 4 element(s) of a tensor" in finding
    assert "contents of tensor.empty at test.mlir:4:3 in @main" in finding


def test_unused_outs_are_not_read_before_or_after_bufferization() -> None:
    src = """
    func.func @main(%a: tensor<2x3xi32>) -> (tensor<3x2xi32>, tensor<2x3xi32>) {
      %e = tensor.empty() : tensor<3x2xi32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xi32>) outs(%e : tensor<3x2xi32>) {
      ^bb0(%x: i32, %o: i32):
        %d = arith.addi %x, %x : i32
        linalg.yield %d : i32
      } -> tensor<3x2xi32>
      %f = tensor.empty() : tensor<2x3xi32>
      %t = linalg.transpose ins(%r : tensor<3x2xi32>) outs(%f : tensor<2x3xi32>) permutation = [1, 0]
      %u = tensor.empty() : tensor<3x2xi32>
      %c = linalg.copy ins(%r : tensor<3x2xi32>) outs(%u : tensor<3x2xi32>) -> tensor<3x2xi32>
      func.return %c, %t : tensor<3x2xi32>, tensor<2x3xi32>
    }
    """
    report = check_pipeline(
        parse_module(src, "test.mlir"),
        "comprehensive-bufferize",
        inputs=[[[1, 2, 3], [4, 5, 6]]],
    )
    assert report.findings == []
    assert report.ok
    assert report.after is not None and report.after.results is not None
    assert report.after.results[0].data == [2, 8, 4, 10, 6, 12]
    assert report.after.results[1].data == [2, 4, 6, 8, 10, 12]


def test_a_copy_moves_the_flags_and_the_read_of_the_copy_is_the_finding() -> None:
    src = """
    func.func @main(%i: index) -> i32 {
      %c0 = arith.constant 0 : index
      %v = arith.constant 7 : i32
      %a = memref.alloc() : memref<4xi32>
      %b = memref.alloc() : memref<4xi32>
      memref.store %v, %a[%c0] : memref<4xi32>
      "memref.copy"(%a, %b) : (memref<4xi32>, memref<4xi32>) -> ()
      %x = memref.load %b[%i] : memref<4xi32>
      memref.dealloc %a : memref<4xi32>
      memref.dealloc %b : memref<4xi32>
      func.return %x : i32
    }
    """
    assert _uninit(run_src(src, args=(0,))) == []
    assert _uninit(run_src(src, args=(3,))) == [
        "uninitialised-read: memref.load reads element [3] of heap buffer #1 "
        "(memref.alloc at test.mlir:6:7 in @main), which nothing wrote "
        "[memref.load at test.mlir:9:7 in @main]"
    ]


def test_slices_move_flags_and_reads_only_count_the_elements_reached() -> None:
    # Only the even elements are written (an insert_slice of stride 2); the generic
    # reads them through a map with a stride, the odd ones never.
    src = """
    func.func @main(%a: tensor<4xi32>, %k: index) -> (tensor<4xi32>, i32) {
      %e = tensor.empty() : tensor<8xi32>
      %w = tensor.insert_slice %a into %e[0] [4] [2] : tensor<4xi32> into tensor<8xi32>
      %o = tensor.empty() : tensor<4xi32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 * 2)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%w : tensor<8xi32>) outs(%o : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32):
        %d = arith.muli %x, %x : i32
        linalg.yield %d : i32
      } -> tensor<4xi32>
      %s = tensor.extract_slice %w[1] [3] [1] : tensor<8xi32> to tensor<3xi32>
      %x = tensor.extract %s[%k] : tensor<3xi32>
      func.return %r, %x : tensor<4xi32>, i32
    }
    """
    outcome = run_src(src, args=([1, 2, 3, 4], 1))
    assert outcome.results is not None
    assert outcome.results[0].data == [1, 4, 9, 16]
    assert outcome.results[1] == 2
    assert _uninit(outcome) == []
    (finding,) = _uninit(run_src(src, args=([1, 2, 3, 4], 2)))
    assert finding.startswith(
        "uninitialised-read: tensor.extract reads 1 element(s) of a tensor that "
        "nothing wrote (first at index [2] of shape [3]; contents of tensor.empty at "
        "test.mlir:3:7 in @main)"
    )


def test_returning_contents_nothing_wrote_is_a_finding() -> None:
    outcome = run_src(
        """
    func.func @main() -> memref<2x2xi64> {
      %c0 = arith.constant 0 : index
      %v = arith.constant 5 : i64
      %a = memref.alloc() : memref<2x2xi64>
      memref.store %v, %a[%c0, %c0] : memref<2x2xi64>
      func.return %a : memref<2x2xi64>
    }
    """
    )
    assert _uninit(outcome) == [
        "uninitialised-read: func.return returns 3 element(s) of heap buffer #0 "
        "(memref.alloc at test.mlir:5:7 in @main) that nothing wrote (first at index "
        "[0, 1] of a view of sizes [2, 2]) [func.return at test.mlir:7:7 in @main]"
    ]


def test_reduce_into_an_unfilled_alloc_tensor() -> None:
    src = """
    func.func @main(%a: tensor<3x4xi32>) -> tensor<3xi32> {
      %e = bufferization.alloc_tensor() : tensor<3xi32>
      %r = linalg.reduce ins(%a : tensor<3x4xi32>) outs(%e : tensor<3xi32>) dimensions = [1]
        (%x: i32, %acc: i32) {
          %s = arith.addi %x, %acc : i32
          linalg.yield %s : i32
        }
      func.return %r : tensor<3xi32>
    }
    """
    report = check_pipeline(
        parse_module(src, "test.mlir"), "comprehensive-bufferize", seed=1
    )
    assert [(run, f.kind, f.op_name) for run, f in report.findings] == [
        ("before", FindingKind.UNINITIALISED_READ, "linalg.reduce"),
        ("after", FindingKind.UNINITIALISED_READ, "linalg.reduce"),
    ]
    assert not report.ok


def test_the_point_by_point_engine_reports_the_same_reads() -> None:
    # arith.divsi is not vectorized: the payload runs point by point; a copy there
    # moves flags, the divide reads the unfilled outs.
    src = """
    func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
      %e = tensor.empty() : tensor<4xi32>
      %c = linalg.copy ins(%e : tensor<4xi32>) outs(%a : tensor<4xi32>) -> tensor<4xi32>
      %o = tensor.empty() : tensor<4xi32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%o : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32):
        %d = arith.divsi %y, %x : i32
        linalg.yield %x : i32
      } -> tensor<4xi32>
      func.return %r : tensor<4xi32>
    }
    """
    outcome = run_src(src, args=([1, 2, 3, 4],))
    assert outcome.fallbacks == {"linalg.generic": "arith.divsi in the payload"}
    (finding,) = _uninit(outcome)
    assert "[linalg.generic at test.mlir:6:7 in @main]" in finding
    assert "linalg.copy" not in finding


@pytest.mark.parametrize(("index", "expected"), [(0, 0), (1, 1)])
def test_arena_slots_share_the_flags_of_their_bytes(index: int, expected: int) -> None:
    # Two f32 slots at the same bytes: a store through one initialises the other.
    src = """
    func.func @main(%i: index) -> f32 {
      %c0 = arith.constant 0 : index
      %f = arith.constant 2.0 : f32
      %arena = memref.alloc() : memref<16xi8>
      %a = memref.view %arena[%c0][] : memref<16xi8> to memref<4xf32>
      %b = memref.view %arena[%c0][] : memref<16xi8> to memref<4xf32>
      memref.store %f, %a[%c0] : memref<4xf32>
      %x = memref.load %b[%i] : memref<4xf32>
      memref.dealloc %arena : memref<16xi8>
      func.return %x : f32
    }
    """
    assert len(_uninit(run_src(src, args=(index,)))) == expected


def test_transfer_read_checks_only_the_lanes_it_reads() -> None:
    src = """
    func.func @main(%n: index) -> vector<4xi32> {
      %c0 = arith.constant 0 : index
      %v = arith.constant 3 : i32
      %pad = arith.constant -1 : i32
      %a = memref.alloc() : memref<4xi32>
      memref.store %v, %a[%c0] : memref<4xi32>
      %m = vector.create_mask %n : vector<4xi1>
      %r = vector.transfer_read %a[%c0], %pad, %m : memref<4xi32>, vector<4xi32>
      memref.dealloc %a : memref<4xi32>
      func.return %r : vector<4xi32>
    }
    """
    clean = run_src(src, args=(1,))
    assert clean.results == ((3, -1, -1, -1),)
    assert _uninit(clean) == []
    (finding,) = _uninit(run_src(src, args=(3,)))
    assert "vector.transfer_read reads 2 element(s) of heap buffer #0" in finding


def test_an_uninitialised_read_only_after_the_pipeline_is_against_the_pipeline() -> (
    None
):
    # A pipeline that drops the store makes the output read memory nothing wrote.
    src = """
    func.func @main() -> i32 {
      %c0 = arith.constant 0 : index
      %v = arith.constant 4 : i32
      %a = memref.alloca() : memref<1xi32>
      memref.store %v, %a[%c0] : memref<1xi32>
      %x = memref.load %a[%c0] : memref<1xi32>
      func.return %x : i32
    }
    """
    module = parse_module(src, "test.mlir")
    before = run_src(src)
    assert _uninit(before) == []
    store = next(op for op in module.walk() if op.name == "memref.store")
    store.detach()
    store.erase()
    after = run_src(str(module))
    assert len(_uninit(after)) == 1
