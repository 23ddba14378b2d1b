"""The element-moving ops run whole (issue #26 point 1): `tensor.pad`, `tensor.concat`,
slices reaching outside or with negative strides, `vector.transfer_read/write` (on
views, with permutation maps, masks, in_bounds) and `vector.load/store`, each checked
against an independent numpy computation; none of them falls back."""

from __future__ import annotations

import numpy as np

from tests.execution.exec_helpers import run_src
from xdsl_bufferize.execution.runner import Outcome


def _clean(outcome: Outcome) -> tuple[object, ...]:
    assert outcome.error is None, outcome.error
    assert outcome.findings == [], [str(f) for f in outcome.findings]
    assert outcome.fallbacks == {}
    assert outcome.results is not None
    return outcome.results


def test_pad_with_a_constant_matches_numpy() -> None:
    rng = np.random.default_rng(0)
    a = rng.integers(-9, 9, size=(3, 4)).astype(np.int32)
    (result,) = _clean(
        run_src(
            """
    func.func @main(%a: tensor<3x4xi32>, %h: index) -> tensor<?x7xi32> {
      %cst = arith.constant 42 : i32
      %p = tensor.pad %a low[1, 2] high[%h, 1] {
      ^bb0(%i: index, %j: index):
        tensor.yield %cst : i32
      } : tensor<3x4xi32> to tensor<?x7xi32>
      func.return %p : tensor<?x7xi32>
    }
    """,
            args=(a.tolist(), 2),
        )
    )
    expected = np.pad(a, ((1, 2), (2, 1)), constant_values=42)
    assert result.shape == expected.shape  # pyright: ignore[reportAttributeAccessIssue]
    assert result.data == expected.reshape(-1).tolist()  # pyright: ignore[reportAttributeAccessIssue]


def test_pad_with_a_value_from_the_indices_runs_whole() -> None:
    outcome = run_src(
        """
    func.func @main(%a: tensor<2x2xindex>) -> tensor<4x3xindex> {
      %p = tensor.pad %a low[1, 0] high[1, 1] {
      ^bb0(%i: index, %j: index):
        %c10 = arith.constant 10 : index
        %t = arith.muli %i, %c10 : index
        %v = arith.addi %t, %j : index
        tensor.yield %v : index
      } : tensor<2x2xindex> to tensor<4x3xindex>
      func.return %p : tensor<4x3xindex>
    }
    """,
        args=([[7, 8], [5, 6]],),
    )
    assert outcome.results is not None
    assert outcome.results[0].data == [0, 1, 2, 7, 8, 12, 5, 6, 22, 30, 31, 32]
    assert outcome.fallbacks == {}


def test_pad_with_a_region_numpy_cannot_run_still_runs_and_says_so() -> None:
    outcome = run_src(
        """
    func.func @main(%a: tensor<2xindex>) -> tensor<4xindex> {
      %p = tensor.pad %a low[1] high[1] {
      ^bb0(%i: index):
        %c2 = arith.constant 2 : index
        %h = arith.divsi %i, %c2 : index
        tensor.yield %h : index
      } : tensor<2xindex> to tensor<4xindex>
      func.return %p : tensor<4xindex>
    }
    """,
        args=([7, 8],),
    )
    assert outcome.results is not None
    assert outcome.results[0].data == [0, 7, 8, 1]
    assert outcome.fallbacks == {
        "tensor.pad": "a padding value computed from the indices "
        "(arith.divsi in the payload)"
    }


def test_concat_matches_numpy() -> None:
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 3)).astype(np.float32)
    b = rng.standard_normal((2, 1)).astype(np.float32)
    c = rng.standard_normal((2, 2)).astype(np.float32)
    (result,) = _clean(
        run_src(
            """
    func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x2xf32>) -> tensor<2x6xf32> {
      %r = tensor.concat dim(1) %a, %b, %c : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
      func.return %r : tensor<2x6xf32>
    }
    """,
            args=(a.tolist(), b.tolist(), c.tolist()),
        )
    )
    expected = np.concatenate([a, b, c], axis=1)
    assert result.data == expected.reshape(-1).tolist()  # pyright: ignore[reportAttributeAccessIssue]


def test_slices_with_negative_strides_match_numpy() -> None:
    a = np.arange(10, dtype=np.int64)
    d = np.zeros(10, dtype=np.int64)
    extracted, inserted = _clean(
        run_src(
            """
    func.func @main(%a: tensor<10xi64>, %d: tensor<10xi64>) -> (tensor<4xi64>, tensor<10xi64>) {
      %s = tensor.extract_slice %a[8] [4] [-2] : tensor<10xi64> to tensor<4xi64>
      %i = tensor.insert_slice %s into %d[9] [4] [-3] : tensor<4xi64> into tensor<10xi64>
      func.return %s, %i : tensor<4xi64>, tensor<10xi64>
    }
    """,
            args=(a.tolist(), d.tolist()),
        )
    )
    slice_ = a[8:0:-2]
    expected = d.copy()
    expected[9::-3] = slice_
    assert extracted.data == slice_.tolist()  # pyright: ignore[reportAttributeAccessIssue]
    assert inserted.data == expected.tolist()  # pyright: ignore[reportAttributeAccessIssue]


TRANSFERS = """
func.func @main(%m: memref<6x8xf32>, %i: index, %j: index, %n: index) -> (vector<3x4xf32>, vector<4x3xf32>, memref<6x8xf32>) {
  %pad = arith.constant -7.0 : f32
  %sub = memref.subview %m[1, 2] [4, 5] [1, 1] : memref<6x8xf32> to memref<4x5xf32, strided<[8, 1], offset: 10>>
  %mask = vector.create_mask %n, %n : vector<3x4xi1>
  %r = vector.transfer_read %sub[%i, %j], %pad, %mask : memref<4x5xf32, strided<[8, 1], offset: 10>>, vector<3x4xf32>
  %t = vector.transfer_read %sub[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x5xf32, strided<[8, 1], offset: 10>>, vector<4x3xf32>
  vector.transfer_write %r, %sub[%j, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<3x4xf32>, memref<4x5xf32, strided<[8, 1], offset: 10>>
  func.return %r, %t, %m : vector<3x4xf32>, vector<4x3xf32>, memref<6x8xf32>
}
"""


def _transfer_read(
    source: np.ndarray, i: int, j: int, shape: tuple[int, int], transpose: bool
) -> np.ndarray:
    out = np.full(shape, -7.0, dtype=np.float32)
    for a in range(shape[0]):
        for b in range(shape[1]):
            r, c = (i + b, j + a) if transpose else (i + a, j + b)
            if r < source.shape[0] and c < source.shape[1]:
                out[a, b] = source[r, c]
    return out


def test_transfers_on_a_view_with_masks_and_permutations_match_numpy() -> None:
    m = np.arange(48, dtype=np.float32).reshape(6, 8)
    for i, j, n in ((0, 0, 4), (2, 3, 2), (1, 1, 3)):
        read, transposed, memory = _clean(
            run_src(TRANSFERS, args=(m.tolist(), i, j, n))
        )
        sub = m[1:5, 2:7]
        expected = _transfer_read(sub, i, j, (3, 4), transpose=False)
        lanes = np.zeros((3, 4), dtype=bool)
        lanes[:n, :n] = True
        expected = np.where(lanes, expected, np.float32(-7.0))
        assert list(read) == expected.reshape(-1).tolist()  # pyright: ignore[reportArgumentType]
        expected_t = _transfer_read(sub, i, j, (4, 3), transpose=True)
        assert list(transposed) == expected_t.reshape(-1).tolist()  # pyright: ignore[reportArgumentType]
        written = m.copy()
        view = written[1:5, 2:7]
        for a in range(3):
            for b in range(4):
                r, c = j + b, i + a
                if r < 4 and c < 5:
                    view[r, c] = expected[a, b]
        assert memory.data == written.reshape(-1).tolist()  # pyright: ignore[reportAttributeAccessIssue]


def test_vector_load_and_store_match_numpy() -> None:
    m = np.arange(12, dtype=np.int32).reshape(3, 4)
    loaded, memory = _clean(
        run_src(
            """
    func.func @main(%m: memref<3x4xi32>) -> (vector<2xi32>, memref<3x4xi32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %v = vector.load %m[%c1, %c2] : memref<3x4xi32>, vector<2xi32>
      vector.store %v, %m[%c2, %c0] : memref<3x4xi32>, vector<2xi32>
      func.return %v, %m : vector<2xi32>, memref<3x4xi32>
    }
    """,
            args=(m.tolist(),),
        )
    )
    expected = m.copy()
    expected[2, 0:2] = m[1, 2:4]
    assert list(loaded) == m[1, 2:4].tolist()  # pyright: ignore[reportArgumentType]
    assert memory.data == expected.reshape(-1).tolist()  # pyright: ignore[reportAttributeAccessIssue]
