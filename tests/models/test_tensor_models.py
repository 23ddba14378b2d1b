"""The tensor models: read/write/aliasing answers, buffer types and rewrites."""

from __future__ import annotations

from xdsl.dialects import memref, scf
from xdsl.dialects.builtin import MemRefType, StridedLayoutAttr
from xdsl.printer import Printer

from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState
from xdsl_bufferize.interfaces.bufferizable import (
    BufferizationOptions,
    BufferRelation,
    OpOperand,
    bufferizable_model,
)

from .simple_states import (  # pyright: ignore[reportMissingImports]
    InPlaceAnalysis,
    SimpleBufferization,
    bufferize_in_place,
    find_op,
    parse_module,
)

SLICES = """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %s = tensor.extract_slice %f[%c1, 4] [4, 4] [1, 1] : tensor<8x12xf32> to tensor<4x4xf32>
  %g = linalg.fill ins(%cst : f32) outs(%s : tensor<4x4xf32>) -> tensor<4x4xf32>
  %i = tensor.insert_slice %g into %f[%c1, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  %j = tensor.insert_slice %g into %i[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  %k = tensor.insert %cst into %j[%c0, %c0] : tensor<8x12xf32>
  %r = tensor.extract %k[%c0, %c0] : tensor<8x12xf32>
  return %r : f32
}
"""


def _text(module: object) -> str:
    from io import StringIO

    out = StringIO()
    Printer(stream=out).print_op(module)  # pyright: ignore[reportArgumentType]
    return out.getvalue()


def test_slice_queries() -> None:
    module = parse_module(SLICES)
    state = InPlaceAnalysis(module)
    extract = find_op(module, "tensor.extract_slice")
    model = bufferizable_model(extract)
    assert model is not None
    source = OpOperand(extract, 0)
    assert not model.bufferizes_to_memory_read(extract, source, state)
    assert not model.bufferizes_to_memory_write(extract, source, state)
    (alias,) = model.get_aliasing_values(extract, source, state)
    assert alias.value is extract.results[0]
    assert alias.relation is BufferRelation.UNKNOWN

    insert = find_op(module, "tensor.insert_slice")
    model = bufferizable_model(insert)
    assert model is not None
    src, dest = OpOperand(insert, 0), OpOperand(insert, 1)
    assert model.bufferizes_to_memory_read(insert, src, state)
    assert model.bufferizes_to_memory_read(insert, dest, state)
    assert not model.bufferizes_to_memory_write(insert, src, state)
    assert model.bufferizes_to_memory_write(insert, dest, state)
    assert model.get_aliasing_values(insert, src, state) == ()
    (alias,) = model.get_aliasing_values(insert, dest, state)
    assert alias.relation is BufferRelation.EQUIVALENT
    # The fill into the matching slice does not conflict with the dest read, and
    # the source read does not conflict with the dest write.
    fill = find_op(module, "linalg.fill", 1)
    assert model.is_not_conflicting(insert, dest, OpOperand(fill, 1), state)
    assert model.is_not_conflicting(insert, src, dest, state)
    # The second insert_slice writes elsewhere: no special knowledge.
    other = find_op(module, "tensor.insert_slice", 1)
    assert (
        model.is_not_conflicting(other, OpOperand(other, 0), OpOperand(other, 1), state)
        is None
    )

    insert_op = find_op(module, "tensor.insert")
    model = bufferizable_model(insert_op)
    assert model is not None
    (alias,) = model.get_aliasing_values(insert_op, OpOperand(insert_op, 1), state)
    assert alias.relation is BufferRelation.EQUIVALENT
    assert model.bufferizes_to_memory_write(insert_op, OpOperand(insert_op, 1), state)


def test_extract_slice_buffer_type_is_strided() -> None:
    module = parse_module(SLICES)
    state = SimpleBufferization(InPlaceAnalysis(module))
    extract = find_op(module, "tensor.extract_slice")
    buffer_type = state.get_buffer_type(extract.results[0])
    assert isinstance(buffer_type, MemRefType)
    layout = buffer_type.layout
    assert isinstance(layout, StridedLayoutAttr)
    assert list(layout.get_strides()) == [12, 1]
    assert layout.get_offset() is None  # %c1 is an SSA offset: dynamic


def test_insert_slice_of_matching_slice_makes_no_copy() -> None:
    module = parse_module(SLICES)
    bufferize_in_place(module)
    module.verify()
    copies = [op for op in module.walk() if isinstance(op, memref.CopyOp)]
    # Only the second insert_slice (at [0, 0], a different slice) copies.
    assert len(copies) == 1
    subviews = [op for op in module.walk() if isinstance(op, memref.SubviewOp)]
    assert [list(v.static_offsets.get_values()) for v in subviews] == [
        [-9223372036854775808, 4],
        [0, 0],
    ]
    text = _text(module)
    assert "tensor." not in text
    assert "memref.store %cst" in text


TILED = """
func.func @main(%o: index) -> tensor<8x12xf32> {
  %cst = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<8x12xf32>
  %t = linalg.fill ins(%cst : f32) outs(%e0 : tensor<8x12xf32>) -> tensor<8x12xf32>
  %s = tensor.extract_slice %t[%o, 4] [4, 4] [1, 1] : tensor<8x12xf32> to tensor<4x4xf32>
  %g = linalg.fill ins(%cst : f32) outs(%s : tensor<4x4xf32>) -> tensor<4x4xf32>
  %i = tensor.insert_slice %g into %t[%o, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %h = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %j = tensor.insert_slice %h into %i[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  return %j : tensor<8x12xf32>
}
"""


def test_insert_slice_records_its_self_copy_decision_in_the_analysis() -> None:
    module = parse_module(TILED)
    state = OneShotAnalysisState(module, BufferizationOptions())
    state.analyze()
    matching = find_op(module, "tensor.insert_slice")
    other = find_op(module, "tensor.insert_slice", 1)
    assert state.decision(matching) is None
    assert state.verify() == []
    # The first writes back the slice its source was computed in (no copy); the
    # second writes another slice of the dest.
    assert state.decision(matching) is True
    assert state.decision(other) is False
    # Another analysis of the same ops keeps its own decisions.
    assert (
        OneShotAnalysisState(module, BufferizationOptions()).decision(matching) is None
    )


ALLOCATING = """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %p = tensor.pad %f low[1, %c2] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<3x?xf32>
  %p2 = tensor.pad %f low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %v = arith.sitofp %ii : i32 to f32
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  %cc = tensor.concat dim(1) %f, %f : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %fe = tensor.from_elements %cst, %cst, %cst, %cst : tensor<2x2xf32>
  %sp = tensor.splat %cst[%c2] : tensor<?x2xf32>
  %g = tensor_ext.generate %c2 {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %j : index to i32
    %v = arith.sitofp %ii : i32 to f32
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  %r0 = tensor.extract %p[%c0, %c0] : tensor<3x?xf32>
  %r1 = tensor.extract %p2[%c0, %c0] : tensor<4x5xf32>
  %r2 = tensor.extract %cc[%c0, %c0] : tensor<2x6xf32>
  %r3 = tensor.extract %fe[%c0, %c0] : tensor<2x2xf32>
  %r4 = tensor.extract %sp[%c0, %c0] : tensor<?x2xf32>
  %r5 = tensor.extract %g[%c0, %c0] : tensor<?x3xf32>
  return %r0 : f32
}
"""


def test_allocating_ops_become_allocations() -> None:
    module = parse_module(ALLOCATING)
    state = InPlaceAnalysis(module)
    for name in (
        "tensor.empty",
        "tensor.pad",
        "tensor.concat",
        "tensor.from_elements",
        "tensor.splat",
        "tensor_ext.generate",
    ):
        op = find_op(module, name)
        model = bufferizable_model(op)
        assert model is not None
        assert model.bufferizes_to_allocation(op, op.results[0]), name
        for index, value in enumerate(op.operands):
            if value.type.name == "tensor":  # pyright: ignore[reportAttributeAccessIssue]
                operand = OpOperand(op, index)
                assert model.bufferizes_to_memory_read(op, operand, state)
                assert not model.bufferizes_to_memory_write(op, operand, state)
                assert model.get_aliasing_values(op, operand, state) == ()
    bufferize_in_place(module)
    module.verify()
    allocs = [op for op in module.walk() if isinstance(op, memref.AllocOp)]
    # empty, pad, pad, concat, from_elements, splat, generate
    assert len(allocs) == 7
    # two pads and two concat inputs copy their source into an interior subview
    assert len([op for op in module.walk() if isinstance(op, memref.CopyOp)]) == 4
    # the pad with a body and the generate run it in a 2-deep loop nest
    assert len([op for op in module.walk() if isinstance(op, scf.ForOp)]) == 4
    assert len([op for op in module.walk() if isinstance(op, memref.StoreOp)]) == 6
    text = _text(module)
    assert "tensor." not in text.replace("tensor<", "")
    assert "memref.alloc(%c2) : memref<?x3xf32>" in text


VIEWS = """
func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %co = tensor.collapse_shape %f [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %ex = tensor.expand_shape %co [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %ca = tensor.cast %f : tensor<2x3xf32> to tensor<?x3xf32>
  %d = tensor.dim %ca, %c0 : tensor<?x3xf32>
  %sl = tensor.extract_slice %f[0, 1] [2, 2] [1, 1] : tensor<2x3xf32> to tensor<2x2xf32>
  %cs = tensor.collapse_shape %sl [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %ss = tensor.expand_shape %sl [[0], [1, 2]] output_shape [2, 1, 2] : tensor<2x2xf32> into tensor<2x1x2xf32>
  %row = tensor.extract_slice %f[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
  %r = tensor.extract %ss[%c0, %c0, %c0] : tensor<2x1x2xf32>
  %r2 = tensor.extract %cs[%c0] : tensor<4xf32>
  %r3 = tensor.extract %ex[%c0, %c0] : tensor<3x2xf32>
  %r4 = tensor.extract %row[%c0] : tensor<3xf32>
  return %d : index
}
"""


def test_views_alias_their_source() -> None:
    module = parse_module(VIEWS)
    state = InPlaceAnalysis(module)
    for name in ("tensor.collapse_shape", "tensor.expand_shape", "tensor.cast"):
        op = find_op(module, name)
        model = bufferizable_model(op)
        assert model is not None
        source = OpOperand(op, 0)
        assert not model.bufferizes_to_memory_read(op, source, state)
        assert not model.bufferizes_to_memory_write(op, source, state)
        (alias,) = model.get_aliasing_values(op, source, state)
        assert alias.relation is BufferRelation.EQUIVALENT
    dim = find_op(module, "tensor.dim")
    model = bufferizable_model(dim)
    assert model is not None
    assert not model.bufferizes_to_memory_read(dim, OpOperand(dim, 0), state)

    bufferize_in_place(module)
    module.verify()
    text = _text(module)
    assert (
        "memref.collapse_shape %0 [[0 : i64, 1 : i64]] : memref<2x3xf32> into memref<6xf32>"
        in text
    )
    assert "into memref<3x2xf32>" in text
    assert '"memref.cast"(%0) : (memref<2x3xf32>) -> memref<?x3xf32>' in text
    # A strided 2x2 slice of a 2x3 buffer cannot be collapsed: copied first.
    assert len([op for op in module.walk() if isinstance(op, memref.CopyOp)]) == 1
    # Expanding a strided slice keeps strides; a rank-reducing row slice drops one.
    assert "memref<2x1x2xf32, strided<[3, 2, 1], offset: 1>>" in text
    assert "to memref<3xf32, strided<[1], offset: 3>>" in text
