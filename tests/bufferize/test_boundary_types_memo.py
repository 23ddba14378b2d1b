"""Boundary buffer types are memoized values (issue 27): a repeated query returns
the type built the first time, equal to a freshly built one, for every layout option
and for a forced `bufferization.buffer_layout`."""

from __future__ import annotations

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    AffineMapAttr,
    FunctionType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
    UnrankedTensorType,
    f32,
)
from xdsl.ir.affine import AffineMap

from xdsl_bufferize.analysis.func_attrs import BUFFER_LAYOUT_ATTR, set_arg_attr
from xdsl_bufferize.bufferization.boundary_types import (
    argument_buffer_type,
    boundary_buffer_type,
)
from xdsl_bufferize.interfaces.bufferizable import LayoutMapOption


@pytest.mark.parametrize("option", list(LayoutMapOption))
def test_boundary_type_is_memoized(option: LayoutMapOption) -> None:
    tensor_type = TensorType(f32, [4, 2])
    first = boundary_buffer_type(tensor_type, option, None)
    again = boundary_buffer_type(TensorType(f32, [4, 2]), option, None)
    assert again is first
    assert isinstance(first, MemRefType)
    expected_layout = (
        NoneAttr()
        if option is LayoutMapOption.IDENTITY_LAYOUT_MAP
        else StridedLayoutAttr([None, None], None)
    )
    assert first == MemRefType(f32, [4, 2], expected_layout)
    # Another shape is another type, not the memoized one.
    assert boundary_buffer_type(TensorType(f32, [4, 3]), option, None) != first


def test_unranked_boundary_type() -> None:
    option = LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP
    first = boundary_buffer_type(UnrankedTensorType(f32), option, None)
    assert boundary_buffer_type(UnrankedTensorType(f32), option, None) is first


def test_forced_layout_argument_types() -> None:
    tensor_type = TensorType(f32, [4, 2])
    function = func.FuncOp("f", FunctionType.from_lists([tensor_type] * 3, []))
    strided = StridedLayoutAttr([2, 1], 3)
    set_arg_attr(function, 0, BUFFER_LAYOUT_ATTR, strided)
    set_arg_attr(function, 1, BUFFER_LAYOUT_ATTR, AffineMapAttr(AffineMap.identity(2)))
    option = LayoutMapOption.IDENTITY_LAYOUT_MAP
    forced = argument_buffer_type(function, 0, option)
    assert forced == MemRefType(f32, [4, 2], strided)
    assert argument_buffer_type(function, 0, option) is forced
    # An identity affine map is dropped, as MLIR does.
    assert argument_buffer_type(function, 1, option) == MemRefType(f32, [4, 2])
    assert argument_buffer_type(function, 2, option) == MemRefType(f32, [4, 2])
