"""MLIR's spellings of ops xDSL 0.75 lacks parse unchanged, print as MLIR reads them,
and run in the reference executor (`dialects/upstream.py`)."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import ModuleOp

from xdsl_bufferize.execution import ArrayValue, parse_module
from xdsl_bufferize.execution.interpreter import ExecutionInterpreter
from xdsl_bufferize.execution.memory import FindingKind

from ..execution.exec_helpers import results_of, run_src
from .cli import assert_diagnostic, xdsl_opt

# Written in upstream MLIR's syntax (checked below with upstream MLIR's parser).
UPSTREAM = """
func.func @ops(%t: tensor<8x4xf32>, %a: tensor<8xf32>, %b: tensor<8xf32>, %d: index) -> (tensor<8x4xf32>, tensor<8xf32>, tensor<f32>, tensor<?x3xf32>, tensor<4xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %r = scf.forall (%i, %j) in (8, 2) shared_outs(%o = %t) -> (tensor<8x4xf32>) {
    %off = arith.muli %j, %c0 : index
    %s = tensor.extract_slice %o[%i, %off] [1, 2] [1, 1] : tensor<8x4xf32> to tensor<1x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %off] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<8x4xf32>
    }
  }
  %r2 = scf.forall (%i) = (0) to (%d) step (2) shared_outs(%o = %a) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
    }
  } {mapping = []}
  %e = tensor.empty() : tensor<8xf32>
  %mp = linalg.map ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      %p = arith.mulf %s, %s : f32
      linalg.yield %p : f32
    }
  %mp2 = linalg.map { arith.mulf } ins(%mp, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
  %z = tensor.empty() : tensor<f32>
  %dt = linalg.dot ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%z : tensor<f32>) -> tensor<f32>
  %g = tensor.generate %d {
  ^bb0(%i: index, %j: index):
    tensor.yield %f0 : f32
  } : tensor<?x3xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %red = linalg.reduce { arith.addf } ins(%t : tensor<8x4xf32>) outs(%e4 : tensor<4xf32>) dimensions = [0]
  return %r, %mp2, %dt, %g, %red, %r2 : tensor<8x4xf32>, tensor<8xf32>, tensor<f32>, tensor<?x3xf32>, tensor<4xf32>, tensor<8xf32>
}
func.func @masked(%m: memref<16xf32>, %mask: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %v = vector.mask %mask, %pt { vector.transfer_read %m[%c0], %p : memref<16xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  vector.mask %mask { vector.transfer_write %v, %m[%c0] : vector<16xf32>, memref<16xf32> } : vector<16xi1>
  return %v : vector<16xf32>
}
func.func @brm(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
"""

OP_NAMES = (
    "scf.forall",
    "scf.forall.in_parallel",
    "tensor.parallel_insert_slice",
    "linalg.map",
    "linalg.dot",
    "tensor.generate",
    "linalg.reduce",
    "vector.mask",
    "linalg.batch_reduce_matmul",
)


def _print(module: ModuleOp) -> str:
    return str(module)


def test_upstream_text_parses_and_round_trips() -> None:
    module = parse_module(UPSTREAM, "upstream.mlir")
    names = {op.name for op in module.walk()}
    assert set(OP_NAMES) <= names
    printed = _print(module)
    again = parse_module(printed, "printed.mlir")
    assert _print(again) == printed
    # MLIR's short forms are printed back as MLIR prints them.
    assert "linalg.map { arith.mulf } ins(" in printed
    assert "scf.forall (%i, %j) in (8, 2) shared_outs(%o = %t)" in printed
    assert "= (0) to (%d) step (2)" in printed
    assert "} {mapping = []}" in printed


def test_upstream_mlir_reads_the_input_and_our_output() -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    printed = _print(parse_module(UPSTREAM, "upstream.mlir"))
    for text in (UPSTREAM, printed):
        with mlir_ir.Context():
            module = mlir_ir.Module.parse(text)
            assert module.operation.verify()


def test_xdsl_opt_reads_the_spellings() -> None:
    done = xdsl_opt(UPSTREAM)
    assert done.returncode == 0, done.stderr
    for name in OP_NAMES:
        assert f" {name} " in done.stdout


def test_tensor_ext_generate_stays_an_alias() -> None:
    src = """
    func.func @main() -> tensor<3xi32> {
      %g = tensor_ext.generate {
      ^bb0(%i: index):
        %v = arith.index_cast %i : index to i32
        tensor.yield %v : i32
      } : tensor<3xi32>
      func.return %g : tensor<3xi32>
    }
    """
    assert "tensor_ext.generate" in _print(parse_module(src, "alias.mlir"))
    (g,) = results_of(src)
    assert g == ArrayValue((3,), [0, 1, 2])


def test_execution_of_the_new_ops() -> None:
    src = """
    func.func @main() -> (tensor<4x2xf32>, tensor<4xf32>, tensor<f32>, tensor<2x2xf32>, tensor<3xf32>, tensor<2xf32>) {
      %f1 = arith.constant 1.0 : f32
      %f2 = arith.constant 2.0 : f32
      %zero = arith.constant 0.0 : f32
      %t = tensor.empty() : tensor<4x2xf32>
      %init = linalg.fill ins(%f1 : f32) outs(%t : tensor<4x2xf32>) -> tensor<4x2xf32>
      %r = scf.forall (%i, %j) in (4, 2) shared_outs(%o = %init) -> (tensor<4x2xf32>) {
        %ii = arith.index_cast %i : index to i64
        %jj = arith.index_cast %j : index to i64
        %s = arith.muli %ii, %jj : i64
        %v = arith.sitofp %s : i64 to f32
        %old = tensor.extract %o[%i, %j] : tensor<4x2xf32>
        %w = arith.addf %v, %old : f32
        %piece = tensor.from_elements %w : tensor<1x1xf32>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %piece into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<4x2xf32>
        }
      }
      %a = tensor.from_elements %f1, %f2, %f1, %f2 : tensor<4xf32>
      %e = tensor.empty() : tensor<4xf32>
      %m = linalg.map { arith.mulf } ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
      %z0 = tensor.empty() : tensor<f32>
      %z = linalg.fill ins(%zero : f32) outs(%z0 : tensor<f32>) -> tensor<f32>
      %d = linalg.dot ins(%a, %m : tensor<4xf32>, tensor<4xf32>) outs(%z : tensor<f32>) -> tensor<f32>
      %b = tensor.from_elements %f1, %f2, %f1, %f2, %f1, %f2, %f1, %f2 : tensor<2x2x2xf32>
      %c0t = tensor.empty() : tensor<2x2xf32>
      %cz = linalg.fill ins(%zero : f32) outs(%c0t : tensor<2x2xf32>) -> tensor<2x2xf32>
      %bm = linalg.batch_reduce_matmul ins(%b, %b : tensor<2x2x2xf32>, tensor<2x2x2xf32>) outs(%cz : tensor<2x2xf32>) -> tensor<2x2xf32>
      %c3 = arith.constant 3 : index
      %g = tensor.generate %c3 {
      ^bb0(%i: index):
        %ii = arith.index_cast %i : index to i64
        %v = arith.sitofp %ii : i64 to f32
        tensor.yield %v : f32
      } : tensor<?xf32>
      %gs = tensor.cast %g : tensor<?xf32> to tensor<3xf32>
      %t2 = tensor.empty() : tensor<2xf32>
      %rz = linalg.fill ins(%zero : f32) outs(%t2 : tensor<2xf32>) -> tensor<2xf32>
      %rd = linalg.reduce { arith.addf } ins(%bm : tensor<2x2xf32>) outs(%rz : tensor<2xf32>) dimensions = [1]
      func.return %r, %m, %d, %bm, %gs, %rd : tensor<4x2xf32>, tensor<4xf32>, tensor<f32>, tensor<2x2xf32>, tensor<3xf32>, tensor<2xf32>
    }
    """
    r, m, d, bm, g, rd = results_of(src)
    assert r == ArrayValue((4, 2), [1.0, 1.0, 1.0, 2.0, 1.0, 3.0, 1.0, 4.0])
    assert m == ArrayValue((4,), [1.0, 4.0, 1.0, 4.0])
    assert d == ArrayValue((), [18.0])
    assert bm == ArrayValue((2, 2), [6.0, 12.0, 6.0, 12.0])
    assert g == ArrayValue((3,), [0.0, 1.0, 2.0])
    assert rd == ArrayValue((2,), [18.0, 18.0])


def test_execution_of_vector_mask() -> None:
    src = """
    func.func @main() -> (vector<4xf32>, vector<4xf32>, f32, f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %p = arith.constant -1.0 : f32
      %f5 = arith.constant 5.0 : f32
      %m = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f5 : f32) outs(%m : memref<4xf32>)
      %mask = vector.create_mask %c2 : vector<4xi1>
      %v = vector.mask %mask { vector.transfer_read %m[%c0], %p : memref<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
      %pt = vector.broadcast %p : f32 to vector<4xf32>
      %w = arith.addf %pt, %pt : vector<4xf32>
      %v2 = vector.mask %mask, %w { vector.transfer_read %m[%c0], %p : memref<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
      vector.mask %mask { vector.transfer_write %w, %m[%c0] : vector<4xf32>, memref<4xf32> } : vector<4xi1>
      %x = memref.load %m[%c1] : memref<4xf32>
      %y = memref.load %m[%c2] : memref<4xf32>
      memref.dealloc %m : memref<4xf32>
      func.return %v, %v2, %x, %y : vector<4xf32>, vector<4xf32>, f32, f32
    }
    """
    v, v2, x, y = results_of(src)
    assert v == (5.0, 5.0, -1.0, -1.0)
    assert v2 == (5.0, 5.0, -2.0, -2.0)
    assert (x, y) == (-2.0, 5.0)


def test_parallel_iterations_run_in_a_shuffled_order() -> None:
    # Each iteration stores its index into one shared buffer (a race): the value left
    # is that of the iteration the executor ran last, which is not the last index.
    src = """
    func.func @main() -> index {
      %c0 = arith.constant 0 : index
      %buf = memref.alloc() : memref<1xindex>
      scf.forall (%i) in (8) {
        memref.store %i, %buf[%c0] : memref<1xindex>
      }
      %last = memref.load %buf[%c0] : memref<1xindex>
      memref.dealloc %buf : memref<1xindex>
      func.return %last : index
    }
    """
    order = ExecutionInterpreter(ModuleOp([])).parallel_order([(i,) for i in range(8)])
    assert sorted(order) == [(i,) for i in range(8)]
    assert order != sorted(order)
    outcome = run_src(src)
    assert outcome.results is not None
    (last,) = outcome.results
    assert last == order[-1][0]
    assert last != 7
    # ...and the race itself is reported.
    assert {f.kind for f in outcome.findings} == {FindingKind.DATA_RACE}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            """
            func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
              %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
              }
              func.return %r : tensor<4xf32>
            }
            """,
            "one result type per shared output",
        ),
        (
            """
            func.func @f(%t: tensor<4xf32>, %s: tensor<1xf32>) {
              tensor.parallel_insert_slice %s into %t[0] [1] [1] : tensor<1xf32> into tensor<4xf32>
              func.return
            }
            """,
            "'tensor.parallel_insert_slice' expects parent op 'scf.forall.in_parallel'",
        ),
        (
            """
            func.func @f(%a: tensor<4xf32>, %e: tensor<3xf32>) -> tensor<3xf32> {
              %m = linalg.map { arith.negf } ins(%a : tensor<4xf32>) outs(%e : tensor<3xf32>)
              func.return %m : tensor<3xf32>
            }
            """,
            "linalg.map: input shape [4] differs from the init shape [3]",
        ),
    ],
)
def test_bad_input_gets_a_located_diagnostic(text: str, message: str) -> None:
    assert_diagnostic(text, message)


def test_data_race_between_parallel_iterations_is_a_finding() -> None:
    # Every iteration fills the one buffer allocated before the loop, then reads
    # it: whatever order the executor runs them in, another iteration may run
    # between the fill and the load. Disjoint writes (the row of %out) are no race,
    # nor is the buffer each iteration allocates for itself.
    src = """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %shared = memref.alloc() : memref<2xf32>
      %out = memref.alloc() : memref<4xf32>
      scf.forall (%i) in (4) {
        %ii = arith.index_cast %i : index to i64
        %v = arith.sitofp %ii : i64 to f32
        %own = memref.alloc() : memref<2xf32>
        linalg.fill ins(%v : f32) outs(%own : memref<2xf32>)
        %y = memref.load %own[%c0] : memref<2xf32>
        memref.dealloc %own : memref<2xf32>
        linalg.fill ins(%y : f32) outs(%shared : memref<2xf32>)
        %x = memref.load %shared[%c0] : memref<2xf32>
        memref.store %x, %out[%i] : memref<4xf32>
      }
      %r = memref.load %out[%c0] : memref<4xf32>
      memref.dealloc %shared : memref<2xf32>
      memref.dealloc %out : memref<4xf32>
      func.return %r : f32
    }
    """
    outcome = run_src(src)
    kinds = {f.kind for f in outcome.findings}
    assert kinds == {FindingKind.DATA_RACE}
    races = [f for f in outcome.findings if f.kind is FindingKind.DATA_RACE]
    assert all("heap buffer #0" in f.message for f in races)
