"""The shared copy builder: `memref.copy` operands always have one shape."""

from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    StridedLayoutAttr,
    f32,
)
from xdsl.ir import Block

from xdsl_bufferize.interfaces.memref_copy import copy_ops


def _block(*types: MemRefType) -> Block:
    return Block(arg_types=types)


def test_same_shape_is_a_plain_copy() -> None:
    block = _block(MemRefType(f32, [4]), MemRefType(f32, [4]))
    ops = copy_ops(block.args[0], block.args[1])
    assert len(ops) == 1
    copy = ops[0]
    assert isinstance(copy, memref.CopyOp)
    assert copy.source is block.args[0] and copy.destination is block.args[1]


def test_static_source_cast_to_dynamic_target_shape() -> None:
    layout = StridedLayoutAttr([1], DYNAMIC_INDEX)
    block = _block(MemRefType(f32, [2, 3]), MemRefType(f32, [DYNAMIC_INDEX, 3]))
    source, target = block.args
    cast, copy = copy_ops(source, target)
    assert isinstance(cast, memref.CastOp) and isinstance(copy, memref.CopyOp)
    assert cast.source is source
    assert cast.dest.type == MemRefType(f32, [DYNAMIC_INDEX, 3])
    assert copy.source is cast.dest and copy.destination is target
    copy.verify()

    strided = _block(
        MemRefType(f32, [2], layout=layout), MemRefType(f32, [DYNAMIC_INDEX])
    )
    cast, _ = copy_ops(strided.args[0], strided.args[1])
    assert isinstance(cast, memref.CastOp)
    # The cast keeps the source's layout; only the shape changes.
    assert cast.dest.type == MemRefType(f32, [DYNAMIC_INDEX], layout=layout)


def test_dynamic_source_cast_to_static_target_shape() -> None:
    block = _block(MemRefType(f32, [DYNAMIC_INDEX]), MemRefType(f32, [5]))
    cast, copy = copy_ops(block.args[0], block.args[1])
    assert isinstance(cast, memref.CastOp) and isinstance(copy, memref.CopyOp)
    assert cast.dest.type == MemRefType(f32, [5])
    copy.verify()
