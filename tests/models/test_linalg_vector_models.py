"""The linalg and vector models: DPS reads/writes, elementwise access, rewrites."""

from __future__ import annotations

from xdsl.dialects import vector
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Operation

from xdsl_bufferize.interfaces.bufferizable import (
    BufferRelation,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.models.linalg import LINALG_DPS_OPS

from .simple_states import (  # pyright: ignore[reportMissingImports]
    InPlaceAnalysis,
    bufferize_in_place,
    find_op,
    parse_module,
)

PROGRAM = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %a = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %b = linalg.fill ins(%cst : f32) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x4xf32>) outs(%m : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %g2 = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x4xf32>) outs(%m : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x4xf32>
  %t = linalg.transpose ins(%g : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) permutation = [1, 0]
  %add = linalg.add ins(%t, %g : tensor<4x4xf32>, tensor<4x4xf32>) outs(%t : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %red = linalg.reduce ins(%add : tensor<4x4xf32>) outs(%e1 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %bc = linalg.broadcast ins(%red : tensor<4xf32>) outs(%add : tensor<4x4xf32>) dimensions = [1]
  %v = vector.transfer_read %bc[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<4x4xf32>, vector<4x4xf32>
  %w = vector.transfer_write %v, %b[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x4xf32>
  %v2 = vector.transfer_read %w[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<4x4xf32>, vector<2x2xf32>
  %w2 = vector.transfer_write %v2, %w[%c0, %c0] {in_bounds = [true, true]} : vector<2x2xf32>, tensor<4x4xf32>
  %r = tensor.extract %w2[%c0, %c0] : tensor<4x4xf32>
  return %r : f32
}
"""


def registered_model(op_type: type[Operation]) -> object:
    """The model of the ops of an op class (asked of a bare op of that class)."""
    return bufferizable_model(op_type.create())


def _reads_writes(op: Operation, state: InPlaceAnalysis) -> list[tuple[bool, bool]]:
    model = bufferizable_model(op)
    assert model is not None
    return [
        (
            model.bufferizes_to_memory_read(op, OpOperand(op, i), state),
            model.bufferizes_to_memory_write(op, OpOperand(op, i), state),
        )
        for i in range(len(op.operands))
    ]


def test_every_linalg_op_has_the_model() -> None:
    parse_module("builtin.module {}")
    from xdsl.dialects.linalg import Linalg

    structured = [
        op
        for op in Linalg.operations
        if op.name not in ("linalg.yield", "linalg.index")
    ]
    # Each op of the dialect (xDSL's, and those dialects/upstream.py adds or widens)
    # is, or subclasses, one op of the table.
    assert {
        next(t for t in op.__mro__ if t in LINALG_DPS_OPS).name for op in structured
    } == {op.name for op in LINALG_DPS_OPS}
    for op_type in LINALG_DPS_OPS:
        assert registered_model(op_type) is not None


def test_dps_reads_and_writes() -> None:
    module = parse_module(PROGRAM)
    state = InPlaceAnalysis(module)
    fill = find_op(module, "linalg.fill")
    # the scalar is read; the destination is written, not read
    assert _reads_writes(fill, state) == [(True, False), (False, True)]
    matmul = find_op(module, "linalg.matmul")
    # matmul accumulates into its output: read and written
    assert _reads_writes(matmul, state) == [(True, False), (True, False), (True, True)]
    copying = find_op(module, "linalg.generic", 1)
    assert _reads_writes(copying, state) == [(True, False), (False, True)]
    for name in ("linalg.transpose", "linalg.broadcast"):
        assert _reads_writes(find_op(module, name), state) == [
            (True, False),
            (False, True),
        ]
    assert _reads_writes(find_op(module, "linalg.reduce"), state) == [
        (True, False),
        (True, True),
    ]
    model = bufferizable_model(matmul)
    assert model is not None
    (alias,) = model.get_aliasing_values(matmul, OpOperand(matmul, 2), state)
    assert alias.value is matmul.results[0]
    assert alias.relation is BufferRelation.EQUIVALENT
    assert model.get_aliasing_values(matmul, OpOperand(matmul, 0), state) == ()


def test_elementwise_access() -> None:
    module = parse_module(PROGRAM)
    identity = find_op(module, "linalg.generic")
    transposed = find_op(module, "linalg.generic", 1)
    matmul = find_op(module, "linalg.matmul")
    add = find_op(module, "linalg.add")
    model = bufferizable_model(identity)
    assert model is not None
    both = [OpOperand(identity, 0), OpOperand(identity, 1)]
    assert model.bufferizes_to_elementwise_access(identity, both)
    assert isinstance(transposed, GenericOp)
    assert not model.bufferizes_to_elementwise_access(
        transposed, [OpOperand(transposed, 0), OpOperand(transposed, 1)]
    )
    assert not model.bufferizes_to_elementwise_access(
        matmul, [OpOperand(matmul, 0), OpOperand(matmul, 2)]
    )
    assert model.bufferizes_to_elementwise_access(
        add, [OpOperand(add, 0), OpOperand(add, 1), OpOperand(add, 2)]
    )


def test_vector_transfers() -> None:
    module = parse_module(PROGRAM)
    state = InPlaceAnalysis(module)
    read = find_op(module, "vector.transfer_read")
    assert _reads_writes(read, state)[0] == (True, False)
    full = find_op(module, "vector.transfer_write")
    partial = find_op(module, "vector.transfer_write", 1)
    # A 4x4 vector at [0, 0] covers the whole 4x4 tensor: the dest is not read.
    assert _reads_writes(full, state)[1] == (False, True)
    assert _reads_writes(partial, state)[1] == (True, True)
    model = bufferizable_model(full)
    assert model is not None
    (alias,) = model.get_aliasing_values(full, OpOperand(full, 1), state)
    assert alias.relation is BufferRelation.EQUIVALENT


def test_bufferized_on_memrefs() -> None:
    module = parse_module(PROGRAM)
    bufferize_in_place(module)
    module.verify()
    for op in module.walk():
        assert all(r.type.name != "tensor" for r in op.results)  # pyright: ignore[reportAttributeAccessIssue]
        if op.name.startswith("linalg.") and op.name not in (
            "linalg.yield",
            "linalg.index",
        ):
            assert not op.results
            assert all(v.type.name != "tensor" for v in op.operands)  # pyright: ignore[reportAttributeAccessIssue]
    writes = [op for op in module.walk() if isinstance(op, vector.TransferWriteOp)]
    assert len(writes) == 2
    assert all(w.result is None for w in writes)
