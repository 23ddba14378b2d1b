"""Memref types at function boundaries (MLIR's `function-boundary-type-conversion`).

`fully-dynamic-layout-map` gives `strided<[?, ..., ?], offset: ?>`;
`identity-layout-map` the identity layout; `infer-layout-map` (default) fully dynamic
arguments and results typed like their buffers. `bufferization.buffer_layout` on an
argument forces its layout. With the identity layout and `infer-private-layouts`,
each argument of a private function takes the most specific layout of the buffers
all its callers pass (`infer_private_layouts`).

A recursive function (in or calling into a cycle of calls, `CallGraph.recursive`)
may be called before it is bufferized, so its signature is decided up front from
the option alone (`ModuleBufferizationState.bufferized_function_type`): results
cannot be typed like their buffers, so `infer-layout-map` gives them the fully
dynamic layout (`fixed_layout_option`), and its arguments are never inferred from
the call sites.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    AffineMapAttr,
    FunctionType,
    MemRefLayoutAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
    UnrankedTensorType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineMap

from xdsl_bufferize.analysis.call_graph import CallGraph, escaped_symbols
from xdsl_bufferize.analysis.func_attrs import (
    BUFFER_LAYOUT_ATTR,
    arg_attr,
    set_arg_attr,
)
from xdsl_bufferize.analysis.module_analysis import ModuleAnalysisState
from xdsl_bufferize.bufferization.driver import OneShotBufferizationState
from xdsl_bufferize.interfaces.bufferizable import (
    BufferizationOptions,
    LayoutMapOption,
)
from xdsl_bufferize.interfaces.diagnostics import ONE_SHOT_STAGE, op_error
from xdsl_bufferize.utils.ir import (
    BufferType,
    has_tensor_signature,
    is_tensor_type,
    unranked_buffer_type,
)
from xdsl_bufferize.utils.memref_layout import (
    fully_dynamic_layout,
    identity_strides,
    strides_and_offset,
)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _memoized(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """`function` memoized on its (attribute) arguments; an attribute that cannot be
    hashed (a `Data` over a mutable value) is computed afresh."""
    cached = functools.lru_cache(maxsize=4096)(function)

    @functools.wraps(function)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            hash((args, tuple(kwargs.items())))
        except TypeError:
            return function(*args, **kwargs)
        return cached(*args, **kwargs)

    return wrapper


@_memoized
def boundary_buffer_type(
    tensor_type: Attribute, option: LayoutMapOption, memory_space: Attribute | None
) -> BufferType:
    """The memref type a tensor type becomes at a function boundary when no buffer is
    known (arguments; results under a non-inferred option). Memoized: a type is a
    value, and building one (with its verification) is what a query costs."""
    space: Attribute = memory_space if memory_space is not None else NoneAttr()
    if isinstance(tensor_type, UnrankedTensorType):
        return unranked_buffer_type(tensor_type, space)  # pyright: ignore[reportUnknownArgumentType]
    assert isinstance(tensor_type, TensorType)
    shape = tensor_type.get_shape()
    layout: Attribute = NoneAttr()
    if option is not LayoutMapOption.IDENTITY_LAYOUT_MAP:
        layout = fully_dynamic_layout(len(shape))
    return MemRefType(tensor_type.element_type, shape, layout, space)  # pyright: ignore[reportArgumentType]


@_memoized
def _with_forced_layout(
    buffer_type: MemRefType[Attribute], layout: MemRefLayoutAttr
) -> MemRefType[Attribute]:
    """`buffer_type` with the layout `bufferization.buffer_layout` forces (MLIR drops
    an identity affine map: the identity layout). Memoized like
    `boundary_buffer_type`."""
    new_layout: Attribute = layout
    if isinstance(layout, AffineMapAttr) and layout.data == AffineMap.identity(
        len(buffer_type.get_shape())
    ):
        new_layout = NoneAttr()
    return MemRefType(
        buffer_type.element_type,
        buffer_type.get_shape(),
        new_layout,  # pyright: ignore[reportArgumentType]
        buffer_type.memory_space,
    )


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
        raise op_error(
            ONE_SHOT_STAGE,
            function,
            f"argument #{index}: '{BUFFER_LAYOUT_ATTR}' must be a memref layout "
            f"(strided<...> or affine map) on a ranked tensor, got {layout}",
        )
    return _with_forced_layout(buffer_type, layout)  # pyright: ignore[reportUnknownArgumentType]


def result_buffer_type(
    function: func.FuncOp, index: int, option: LayoutMapOption
) -> BufferType:
    """The memref type of tensor result `index` when the option fixes it (identity
    or fully dynamic layout)."""
    tensor_type = function.function_type.outputs.data[index]
    return boundary_buffer_type(tensor_type, option, None)


def fixed_layout_option(option: LayoutMapOption) -> LayoutMapOption:
    """The option for a result type decided before its function is bufferized:
    `infer-layout-map` has no buffer to infer from, so it is fully dynamic."""
    if option is LayoutMapOption.INFER_LAYOUT_MAP:
        return LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP
    return option


class ModuleBufferizationState(OneShotBufferizationState):
    """Buffers of one function's tensors; its entry-block tensor arguments have the
    memref type of the function boundary."""

    def __init__(
        self,
        module: Operation,
        options: BufferizationOptions,
        analysis: ModuleAnalysisState,
    ) -> None:
        super().__init__(module, options, analysis)
        self.function = analysis.function

    def get_buffer_type(self, value: SSAValue) -> MemRefType[Attribute]:
        function = self.function
        if (
            isinstance(value, BlockArgument)
            and value.block is function.body.blocks.first
            and isinstance(value.type, TensorType)
        ):
            found = argument_buffer_type(
                function, value.index, self.options.function_boundary_type_conversion
            )
            if isinstance(found, MemRefType):
                return found  # pyright: ignore[reportUnknownVariableType]
        return super().get_buffer_type(value)

    def bufferized_function_type(self, function: func.FuncOp) -> FunctionType:
        """The memref signature of `function`: its own once bufferized; for a
        (recursive) function not bufferized yet, the one it will get: arguments as
        the option says, results with `fixed_layout_option`."""
        if not has_tensor_signature(function):
            return function.function_type
        option = self.options.function_boundary_type_conversion
        function_type = function.function_type
        inputs = [
            argument_buffer_type(function, i, option) if is_tensor_type(t) else t
            for i, t in enumerate(function_type.inputs.data)
        ]
        result_option = fixed_layout_option(option)
        outputs = [
            result_buffer_type(function, i, result_option) if is_tensor_type(t) else t
            for i, t in enumerate(function_type.outputs.data)
        ]
        return FunctionType.from_lists(inputs, outputs)


def join_layouts(
    shape: Sequence[int], types: Sequence[Attribute]
) -> StridedLayoutAttr | None:
    """The most specific layout that describes buffers of all `types` (None: the
    identity): a stride or the offset stays static where all agree, and is
    dynamic otherwise; fully dynamic if a type is not a strided memref."""
    if all(isinstance(t, MemRefType) and isinstance(t.layout, NoneAttr) for t in types):
        return None
    rank = len(shape)
    joined: list[int | None] | None = None
    offset: int | None = 0
    for buffer_type in types:
        if not isinstance(buffer_type, MemRefType) or not isinstance(
            buffer_type.layout, NoneAttr | StridedLayoutAttr
        ):
            return fully_dynamic_layout(rank)
        memref_type: MemRefType[Attribute] = buffer_type  # pyright: ignore[reportUnknownVariableType]
        strides, this_offset = strides_and_offset(memref_type)
        if len(strides) != rank:
            return fully_dynamic_layout(rank)
        if joined is None:
            joined, offset = list(strides), this_offset
            continue
        joined = [a if a == b else None for a, b in zip(joined, strides, strict=True)]
        offset = offset if offset == this_offset else None
    assert joined is not None
    if offset == 0 and joined == identity_strides(list(shape)) and None not in joined:
        return None
    return StridedLayoutAttr(joined, offset)


def infer_private_layouts(
    module: ModuleOp,
    graph: CallGraph,
    states: dict[func.FuncOp, ModuleAnalysisState],
    options: BufferizationOptions,
) -> set[func.FuncOp]:
    """With the identity layout at function boundaries: each tensor argument of a
    private function called only by `func.call` takes the most specific layout
    that describes the buffers all its callers pass (`join_layouts`; the identity
    when they all pass identity buffers), recorded as `bufferization.buffer_layout`.
    Callers come first, so a caller's own inferred arguments are known. Recursive
    functions (`CallGraph.recursive`) keep the identity: they have no caller-first
    place, and calls of them may be rewritten before them. Returns the functions
    with an inferred non-identity layout (their results are typed like their
    buffers, so a result equivalent to such an argument is no copy)."""
    inferred: set[func.FuncOp] = set()
    elsewhere = escaped_symbols(module)
    buffer_states: dict[func.FuncOp, ModuleBufferizationState] = {}
    for function in reversed(graph.order):
        calls = graph.callers.get(function, [])
        if (
            function.is_declaration
            or function in graph.recursive
            or not calls
            or function.sym_visibility is None
            or function.sym_visibility.data != "private"
            or function.sym_name.data in elsewhere
        ):
            continue
        for index, tensor_type in enumerate(function.function_type.inputs.data):
            if not isinstance(tensor_type, TensorType):
                continue
            if arg_attr(function, index, BUFFER_LAYOUT_ATTR) is not None:
                continue
            types: list[Attribute] = []
            for call in calls:
                caller = call.parent_op()
                while caller is not None and not isinstance(caller, func.FuncOp):
                    caller = caller.parent_op()
                if caller is None or caller not in states:
                    break
                if caller not in buffer_states:
                    buffer_states[caller] = ModuleBufferizationState(
                        module, options, states[caller]
                    )
                operand = call.arguments[index]
                types.append(buffer_states[caller].get_buffer_type(operand))
            else:
                shape = tensor_type.get_shape()  # pyright: ignore[reportUnknownMemberType,reportUnknownVariableType]
                layout = join_layouts(shape, types)  # pyright: ignore[reportUnknownArgumentType]
                if layout is not None:
                    set_arg_attr(function, index, BUFFER_LAYOUT_ATTR, layout)
                    inferred.add(function)
    return inferred
