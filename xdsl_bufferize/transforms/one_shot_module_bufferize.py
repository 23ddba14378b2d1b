"""Memref types at function boundaries (`function-boundary-type-conversion`).

A tensor argument or result of a `func.func` becomes a memref of the same shape and
element type. Its layout follows the option, as in MLIR:

* `fully-dynamic-layout-map`: `strided<[?, ..., ?], offset: ?>` -- any view may be
  passed / returned;
* `identity-layout-map`: the identity layout -- callers must pass contiguous buffers
  (a `memref.cast` or a copy at the call), results are cast to it;
* `infer-layout-map` (default): arguments fully dynamic; each result gets the layout
  its returned buffer has after the body is bufferized (casts at the return are looked
  through).

An argument attribute `bufferization.buffer_layout` (a strided layout or affine map)
overrides the layout of that argument.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    MemRefLayoutAttr,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.ir import Attribute

from xdsl_bufferize.analysis.module_analysis import (
    BUFFER_LAYOUT_ATTR,
    arg_attr,
    fail_at,
)
from xdsl_bufferize.interfaces.bufferizable import LayoutMapOption

BufferType = MemRefType[Attribute] | UnrankedMemRefType[Attribute]
"""A ranked or unranked memref type."""


def fully_dynamic_layout(rank: int) -> StridedLayoutAttr:
    """`strided<[?, ...], offset: ?>` of the given rank."""
    return StridedLayoutAttr([None] * rank, None)


def boundary_buffer_type(
    tensor_type: Attribute, option: LayoutMapOption, memory_space: Attribute | None
) -> BufferType:
    """The memref type a tensor type becomes at a function boundary when no buffer is
    known (arguments; results under a non-inferred option)."""
    space: Attribute = memory_space if memory_space is not None else NoneAttr()
    if isinstance(tensor_type, UnrankedTensorType):
        return UnrankedMemRefType.from_type(tensor_type.element_type, space)  # pyright: ignore[reportUnknownMemberType]
    assert isinstance(tensor_type, TensorType)
    shape = tensor_type.get_shape()
    layout: Attribute = NoneAttr()
    if option is not LayoutMapOption.IDENTITY_LAYOUT_MAP:
        layout = fully_dynamic_layout(len(shape))
    return MemRefType(tensor_type.element_type, shape, layout, space)  # pyright: ignore[reportArgumentType]


def argument_buffer_type(
    function: func.FuncOp, index: int, option: LayoutMapOption
) -> BufferType:
    """The memref type of tensor argument `index` of `function`."""
    tensor_type = function.function_type.inputs.data[index]
    buffer_type = boundary_buffer_type(tensor_type, option, None)
    layout = arg_attr(function, index, BUFFER_LAYOUT_ATTR)
    if layout is None:
        return buffer_type
    if not isinstance(buffer_type, MemRefType) or not isinstance(
        layout, MemRefLayoutAttr
    ):
        fail_at(
            function,
            f"argument #{index}: '{BUFFER_LAYOUT_ATTR}' must be a memref layout "
            f"(strided<...> or affine map) on a ranked tensor, got {layout}",
        )
    return MemRefType(
        buffer_type.element_type,
        buffer_type.get_shape(),
        layout,  # pyright: ignore[reportArgumentType]
        buffer_type.memory_space,
    )


def result_buffer_type(
    function: func.FuncOp, index: int, option: LayoutMapOption
) -> BufferType:
    """The memref type of tensor result `index` when the option fixes it (identity
    or fully dynamic layout)."""
    tensor_type = function.function_type.outputs.data[index]
    return boundary_buffer_type(tensor_type, option, None)
