"""The subset insertion models (insert_slice, materialize_in_destination)."""

from __future__ import annotations

from xdsl.dialects import tensor

from xdsl_bufferize.interfaces.subset_insertion import subset_insertion_model

from .simple_states import find_op, parse_module  # pyright: ignore[reportMissingImports]

PROGRAM = """
func.func @main(%d: tensor<8x12xf32>, %m: memref<4x4xf32>, %o: index) -> tensor<8x12xf32> {
  %cst = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %i = tensor.insert_slice %f into %d[%o, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x12xf32>
  bufferization.materialize_in_destination %f in restrict writable %m : (tensor<4x4xf32>, memref<4x4xf32>) -> ()
  %e2 = tensor.empty() : tensor<8x12xf32>
  %t = bufferization.materialize_in_destination %i in %e2 : (tensor<8x12xf32>, tensor<8x12xf32>) -> tensor<8x12xf32>
  return %t : tensor<8x12xf32>
}
"""


def test_insert_slice_extracts_the_slice_it_inserts_into() -> None:
    module = parse_module(PROGRAM)
    insert = find_op(module, "tensor.insert_slice")
    fill = find_op(module, "linalg.fill")
    assert isinstance(insert, tensor.InsertSliceOp)
    model = subset_insertion_model(insert)
    assert model is not None and model.is_subset_insertion(insert)
    assert model.source_operand(insert).value is insert.source
    assert model.destination_operand(insert).value is insert.dest
    assert model.values_needed_for_extraction(insert) == [
        insert.dest,
        insert.offsets[0],
    ]
    value, new_op = model.build_subset_extraction(insert, fill)
    assert isinstance(new_op, tensor.ExtractSliceOp)
    assert value is new_op.result and new_op.next_op is fill
    assert new_op.source is insert.dest and new_op.result.type == insert.source.type
    assert new_op.static_offsets == insert.static_offsets
    assert list(new_op.offsets) == list(insert.offsets)
    assert new_op.static_sizes == insert.static_sizes
    assert new_op.static_strides == insert.static_strides


def test_materialize_in_destination_is_a_subset_insertion_into_tensors_only() -> None:
    module = parse_module(PROGRAM)
    into_memref = find_op(module, "bufferization.materialize_in_destination")
    into_tensor = find_op(module, "bufferization.materialize_in_destination", 1)
    empties = [find_op(module, "tensor.empty", i) for i in range(2)]
    model = subset_insertion_model(into_tensor)
    assert model is not None
    assert not model.is_subset_insertion(into_memref)
    assert model.is_subset_insertion(into_tensor)
    assert not model.accepts(into_tensor, empties[0].results[0])
    assert model.accepts(into_tensor, empties[1].results[0])
    dest = into_tensor.operands[1]
    assert model.values_needed_for_extraction(into_tensor) == [dest]
    assert model.build_subset_extraction(into_tensor, into_tensor) == (dest, None)


def test_other_ops_have_no_subset_insertion_model() -> None:
    module = parse_module(PROGRAM)
    assert subset_insertion_model(find_op(module, "linalg.fill")) is None
