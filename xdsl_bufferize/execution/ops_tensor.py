"""Implementations of the `tensor` dialect on immutable `ArrayValue`s.

Every op builds a new array; nothing is ever updated in place, so a tensor keeps its
value for as long as it lives, which is the semantics bufferization must preserve.
Out-of-bounds `tensor.extract`/`insert` and slices reaching outside their tensor are
reported as out-of-bounds findings. `tensor.generate` is not in xDSL 0.75: it is
implemented by op name, for `tensor.generate` and for our `tensor_ext.generate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    ArrayAttr,
    IntegerAttr,
    ShapedType,
    TensorType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    OpImplResult,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from xdsl_bufferize.dialects.tensor_ext import ParallelInsertSliceOp, RankOp
from xdsl_bufferize.execution.interpreter import (
    ExecutionInterpreter,
    register_named_impl,
)
from xdsl_bufferize.execution.memory import ExecutionError, FindingKind, fresh_tensor
from xdsl_bufferize.execution.payload import OuterFn
from xdsl_bufferize.execution.structured import run_index_region
from xdsl_bufferize.execution.values import (
    ArrayValue,
    default_element,
    element_type_of,
    int_values,
    is_dynamic,
    iter_indices,
    num_elements,
    static_shape,
)


def _interp(interpreter: Interpreter) -> ExecutionInterpreter:
    assert isinstance(interpreter, ExecutionInterpreter)
    return interpreter


def mixed_values(static: Attribute, dynamic: Sequence[int]) -> list[int]:
    """Static values with each dynamic marker replaced by the next dynamic operand."""
    dyn = iter(dynamic)
    return [next(dyn) if is_dynamic(v) else v for v in int_values(static)]


def dropped_unit_dims(
    static_sizes: Sequence[int], reduced_shape: Sequence[int]
) -> set[int]:
    """Which unit dimensions of a slice a rank-reducing result type drops (as MLIR
    computes it: greedily match result dimensions, drop unmatched unit sizes)."""
    dropped: set[int] = set()
    j = 0
    for i, size in enumerate(static_sizes):
        if j < len(reduced_shape) and size == reduced_shape[j]:
            j += 1
        elif size == 1:
            dropped.add(i)
        else:
            raise ExecutionError(
                f"cannot drop dimension {i} of size {size} to get shape "
                f"{list(reduced_shape)}"
            )
    if j != len(reduced_shape):
        raise ExecutionError(
            f"slice sizes {list(static_sizes)} do not reduce to {list(reduced_shape)}"
        )
    return dropped


def check_shape(value_shape: Sequence[int], t: Attribute, what: str) -> None:
    """Fail if a runtime shape contradicts the static dimensions of type `t`."""
    if not isinstance(t, ShapedType):
        return
    shape = t.get_shape()
    if len(shape) != len(value_shape) or any(
        not is_dynamic(s) and s != v for s, v in zip(shape, value_shape, strict=False)
    ):
        raise ExecutionError(f"{what}: runtime shape {list(value_shape)} is not {t}")


def _report_oob(interpreter: Interpreter, op: Operation, message: str) -> None:
    _interp(interpreter).memory.report(FindingKind.OUT_OF_BOUNDS, message, op, None)


def slice_index(
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> tuple[slice, ...] | None:
    """The slice as a numpy index, if it is non-empty, inside `shape` and has
    positive strides (else None: callers take the element-by-element path)."""
    if not (len(shape) == len(offsets) == len(sizes) == len(strides)):
        return None
    index: list[slice] = []
    for dim, offset, size, stride in zip(shape, offsets, sizes, strides, strict=True):
        last = offset + (size - 1) * stride
        if size <= 0 or stride <= 0 or offset < 0 or last >= dim:
            return None
        index.append(slice(offset, last + 1, stride))
    return tuple(index)


def slice_grid(
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The row-major position in a tensor of `shape` of each element of a slice (an
    array of the slice's sizes), and which of them lie inside the tensor."""
    flat = np.zeros(tuple(sizes), dtype=np.int64)
    valid = np.ones(tuple(sizes), dtype=bool)
    mult = num_elements(shape)
    for dim, (extent, offset, size, stride) in enumerate(
        zip(shape, offsets, sizes, strides, strict=True)
    ):
        mult //= max(extent, 1)
        axis = [1] * len(sizes)
        axis[dim] = size
        idx = (offset + np.arange(size, dtype=np.int64) * stride).reshape(axis)
        flat = flat + idx * mult
        valid = valid & (idx >= 0) & (idx < extent)
    return flat, valid


def _reshape(value: ArrayValue, shape: Sequence[int], what: str) -> ArrayValue:
    if num_elements(shape) != num_elements(value.shape):
        raise ExecutionError(
            f"{what}: cannot reshape {list(value.shape)} into {list(shape)}"
        )
    init = None if value.init is None else value.init.reshape(tuple(shape))
    return value.with_data(tuple(shape), value.data, init)


def collapsed_shape(shape: Sequence[int], reassociation: Attribute) -> tuple[int, ...]:
    groups = cast(ArrayAttr[ArrayAttr[IntegerAttr]], reassociation)
    out: list[int] = []
    for group in groups.data:
        out.append(
            num_elements([shape[cast(IntegerAttr, d).value.data] for d in group.data])
        )
    return tuple(out)


def slice_parameters(
    op: Operation, args: Sequence[Any]
) -> tuple[list[int], list[int], list[int]]:
    """(offsets, sizes, strides) of a slice op (`tensor.insert_slice`,
    `tensor.parallel_insert_slice`, ...) whose operands are source, dest, then the
    dynamic offsets, sizes and strides, given the operands' values."""
    assert isinstance(op, tensor.InsertSliceOp | ParallelInsertSliceOp)
    n_off, n_size = len(op.offsets), len(op.sizes)
    props = op.properties
    offsets = mixed_values(props["static_offsets"], args[2 : 2 + n_off])
    sizes = mixed_values(props["static_sizes"], args[2 + n_off : 2 + n_off + n_size])
    strides = mixed_values(props["static_strides"], args[2 + n_off + n_size :])
    return offsets, sizes, strides


def insert_slice(
    interpreter: Interpreter, op: Operation, args: Sequence[Any]
) -> ArrayValue:
    """The destination tensor with the source inserted at the op's slice (operands as
    for `slice_parameters`); a slice reaching outside is an out-of-bounds finding."""
    source, dest = args[0], args[1]
    assert isinstance(source, ArrayValue)
    assert isinstance(dest, ArrayValue)
    offsets, sizes, strides = slice_parameters(op, args)
    if num_elements(sizes) != num_elements(source.shape):
        raise ExecutionError(
            f"source of shape {list(source.shape)} does not fill a slice of sizes "
            f"{sizes}"
        )
    array = np.array(dest.array())
    values = source.array(array.dtype).reshape(sizes)
    init = None
    if dest.init is not None or source.init is not None:
        init = np.array(dest.initialised())
    index = slice_index(dest.shape, offsets, sizes, strides)
    if index is not None:
        array[index] = values
        if init is not None:
            init[index] = source.initialised().reshape(sizes)
    else:
        flat, valid = slice_grid(dest.shape, offsets, sizes, strides)
        if not valid.all():
            _report_oob(
                interpreter,
                op,
                f"slice (offsets {offsets}, sizes {sizes}, strides {strides}) reaches "
                f"outside a tensor of shape {list(dest.shape)}",
            )
        array.reshape(-1)[flat[valid]] = values[valid]
        if init is not None:
            init.reshape(-1)[flat[valid]] = source.initialised().reshape(sizes)[valid]
    origin = source.origin if source.init is not None else dest.origin
    return ArrayValue(dest.shape, array, init, origin)


@register_impls
class TensorFunctions(InterpreterFunctions):
    """The `tensor` dialect."""

    @impl(tensor.EmptyOp)
    def run_empty(
        self, interpreter: Interpreter, op: tensor.EmptyOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = cast(TensorType[Attribute], op.tensor.type)
        shape = static_shape(t, args)
        return (fresh_tensor(interpreter, op, t.element_type, shape),)

    @impl(tensor.ExtractOp)
    def run_extract(
        self, interpreter: Interpreter, op: tensor.ExtractOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, *indices = args
        assert isinstance(value, ArrayValue)
        if not value.in_bounds(indices):
            _report_oob(
                interpreter,
                op,
                f"tensor.extract at {indices} outside a tensor of shape {list(value.shape)}",
            )
            return (default_element(element_type_of(op.result.type)),)
        _interp(interpreter).memory.check_tensor_initialised(value, op, at=indices)
        return (value.get(indices),)

    @impl(tensor.InsertOp)
    def run_insert(
        self, interpreter: Interpreter, op: tensor.InsertOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        scalar, dest, *indices = args
        assert isinstance(dest, ArrayValue)
        data = list(dest.data)
        if not dest.in_bounds(indices):
            _report_oob(
                interpreter,
                op,
                f"tensor.insert at {indices} outside a tensor of shape {list(dest.shape)}",
            )
            return (dest.with_data(dest.shape, data, dest.init),)
        data[dest.flat_index(indices)] = scalar
        init = None
        if dest.init is not None:
            init = np.array(dest.init)
            init[tuple(indices)] = True
        return (dest.with_data(dest.shape, data, init),)

    @impl(tensor.ExtractSliceOp)
    def run_extract_slice(
        self, interpreter: Interpreter, op: tensor.ExtractSliceOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source = args[0]
        assert isinstance(source, ArrayValue)
        n_off, n_size = len(op.offsets), len(op.sizes)
        offsets = mixed_values(op.static_offsets, args[1 : 1 + n_off])
        sizes = mixed_values(op.static_sizes, args[1 + n_off : 1 + n_off + n_size])
        strides = mixed_values(op.static_strides, args[1 + n_off + n_size :])
        elem = element_type_of(op.result.type)
        array = source.array()
        init: np.ndarray[Any, Any] | None = None
        index = slice_index(source.shape, offsets, sizes, strides)
        if index is not None:
            data = array[index]
            if source.init is not None:
                init = source.init[index]
        else:
            flat, valid = slice_grid(source.shape, offsets, sizes, strides)
            if not valid.all():
                _report_oob(
                    interpreter,
                    op,
                    f"slice (offsets {offsets}, sizes {sizes}, strides {strides}) "
                    f"reaches outside a tensor of shape {list(source.shape)}",
                )
            data = np.full(tuple(sizes), default_element(elem), dtype=object)
            data[valid] = array.reshape(-1)[flat[valid]]
            data = data.astype(array.dtype) if array.dtype != object else data
            if source.init is not None:
                init = np.ones(tuple(sizes), dtype=bool)
                init[valid] = source.init.reshape(-1)[flat[valid]]
        result_type = cast(TensorType[Attribute], op.result.type)
        dropped = dropped_unit_dims(
            int_values(op.static_sizes),
            result_type.get_shape(),
        )
        shape = tuple(s for i, s in enumerate(sizes) if i not in dropped)
        data = data.reshape(shape)
        return (
            source.with_data(
                shape, data, None if init is None else init.reshape(shape)
            ),
        )

    @impl(tensor.InsertSliceOp)
    def run_insert_slice(
        self, interpreter: Interpreter, op: tensor.InsertSliceOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (insert_slice(interpreter, op, args),)

    @impl(tensor.DimOp)
    def run_dim(
        self, interpreter: Interpreter, op: tensor.DimOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, index = args
        assert isinstance(value, ArrayValue)
        if not 0 <= index < value.rank:
            raise ExecutionError(f"dimension {index} of a rank-{value.rank} tensor")
        return (value.shape[index],)

    @impl(RankOp)
    def run_rank(
        self, interpreter: Interpreter, op: RankOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value = args[0]
        assert isinstance(value, ArrayValue)
        return (value.rank,)

    @impl(tensor.CastOp)
    def run_cast(
        self, interpreter: Interpreter, op: tensor.CastOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value = args[0]
        assert isinstance(value, ArrayValue)
        check_shape(value.shape, op.dest.type, "tensor.cast")
        return (value,)

    @impl(tensor.FromElementsOp)
    def run_from_elements(
        self, interpreter: Interpreter, op: tensor.FromElementsOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = cast(TensorType[Attribute], op.result.type)
        return (ArrayValue(tuple(t.get_shape()), list(args)),)

    @impl(tensor.SplatOp)
    def run_splat(
        self, interpreter: Interpreter, op: tensor.SplatOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, *dynamic = args
        shape = static_shape(cast(TensorType[Attribute], op.result.type), dynamic)
        t = cast(TensorType[Attribute], op.result.type)
        return (fresh_tensor(interpreter, op, t.element_type, shape, value),)

    @impl(tensor.PadOp)
    def run_pad(
        self, interpreter: Interpreter, op: tensor.PadOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source = args[0]
        assert isinstance(source, ArrayValue)
        n_low = len(op.low)
        low = mixed_values(op.static_low, args[1 : 1 + n_low])
        high = mixed_values(op.static_high, args[1 + n_low :])
        shape = tuple(
            lo + s + hi for lo, s, hi in zip(low, source.shape, high, strict=False)
        )
        check_shape(shape, op.result.type, "tensor.pad")
        block = op.region.blocks.first
        reason = "a padding value computed from the indices"
        if min(low + high, default=0) < 0 or block is None:
            return (_pad_by_element(interpreter, op, source, low, shape, reason),)
        array = source.array()
        if _uses_block_args(block):
            # The padding value depends on the indices: computed at every index at
            # once if the region compiles to array operations.
            whole = run_index_region(block, shape, _outer(interpreter))
            if isinstance(whole, str):
                reason += f" ({whole})"
                return (_pad_by_element(interpreter, op, source, low, shape, reason),)
            result = np.array(whole)
            array = source.array(result.dtype)
        else:
            # The padding value does not depend on the indices: compute it once.
            (value,) = interpreter.run_ssacfg_region(
                op.region, tuple(0 for _ in shape), "tensor.pad"
            )
            try:
                result = np.full(shape, value, dtype=array.dtype)
            except (OverflowError, ValueError):
                result = np.full(shape, value, dtype=object)
        inner = tuple(
            slice(lo, lo + n) for lo, n in zip(low, source.shape, strict=True)
        )
        result[inner] = array
        init = None
        if source.init is not None:
            init = np.ones(shape, dtype=bool)
            init[inner] = source.init
        return (source.with_data(shape, result, init),)

    @impl(tensor.CollapseShapeOp)
    def run_collapse_shape(
        self,
        interpreter: Interpreter,
        op: tensor.CollapseShapeOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        value = args[0]
        assert isinstance(value, ArrayValue)
        shape = collapsed_shape(value.shape, op.reassociation)
        return (_reshape(value, shape, "tensor.collapse_shape"),)

    @impl(tensor.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: tensor.ExpandShapeOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, *dynamic = args
        assert isinstance(value, ArrayValue)
        shape = mixed_values(op.static_output_shape, dynamic)
        return (_reshape(value, shape, "tensor.expand_shape"),)

    @impl(tensor.ReshapeOp)
    def run_reshape(
        self, interpreter: Interpreter, op: tensor.ReshapeOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, shape = args
        assert isinstance(value, ArrayValue)
        assert isinstance(shape, ArrayValue)
        return (_reshape(value, [int(s) for s in shape.data], "tensor.reshape"),)

    @impl(tensor.ConcatOp)
    def run_concat(
        self, interpreter: Interpreter, op: tensor.ConcatOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        dim = op.dim.value.data
        parts = cast(tuple[ArrayValue, ...], args)
        shape = list(parts[0].shape)
        shape[dim] = sum(p.shape[dim] for p in parts)
        dtype = np.result_type(*(p.array().dtype for p in parts))
        data = np.concatenate([p.array(dtype) for p in parts], axis=dim)
        init = None
        if any(p.init is not None for p in parts):
            init = np.concatenate([p.initialised() for p in parts], axis=dim)
        origin = next((p.origin for p in parts if p.init is not None), "")
        return (ArrayValue(tuple(shape), data, init, origin),)

    @impl_terminator(tensor.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: tensor.YieldOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()


def _uses_block_args(block: Block) -> bool:
    return any(arg.uses for arg in block.args)


def _pad_by_element(
    interpreter: Interpreter,
    op: tensor.PadOp,
    source: ArrayValue,
    low: Sequence[int],
    shape: Sequence[int],
    reason: str,
) -> ArrayValue:
    """`tensor.pad` whose padding value depends on the indices (or with negative
    padding): the region runs for each element of the result outside the source."""
    _interp(interpreter).fallbacks.setdefault(op.name, reason)
    data: list[int | float] = []
    init: list[bool] = []
    flags = source.initialised()
    for idx in iter_indices(shape):
        src = tuple(i - lo for i, lo in zip(idx, low, strict=False))
        if source.in_bounds(src):
            data.append(source.get(src))
            init.append(bool(flags[src]))
        else:
            (value,) = interpreter.run_ssacfg_region(op.region, idx, "tensor.pad")
            data.append(value)
            init.append(True)
    mask = np.array(init, dtype=bool).reshape(shape)
    return source.with_data(shape, data, mask)


def run_generate(
    interpreter: ExecutionInterpreter, op: Operation, args: tuple[Any, ...]
) -> OpImplResult:
    """`tensor.generate`: the region computes each element from its indices."""
    if len(op.results) != 1 or len(op.regions) != 1:
        raise ExecutionError("expected one result and one region")
    result: SSAValue = op.results[0]
    t = result.type
    if not isinstance(t, TensorType):
        raise ExecutionError("expected a tensor result")
    shape = static_shape(cast(TensorType[Attribute], t), args)
    block = op.regions[0].blocks.first
    if block is not None:
        whole = run_index_region(block, shape, _outer(interpreter))
        if not isinstance(whole, str):
            return OpImplResult((ArrayValue(shape, whole),), None)
        interpreter.fallbacks.setdefault(op.name, whole)
    data: list[int | float] = []
    for idx in iter_indices(shape):
        (value,) = interpreter.run_ssacfg_region(op.regions[0], idx, "tensor.generate")
        data.append(value)
    return OpImplResult((ArrayValue(shape, data),), None)


def _outer(interpreter: Interpreter) -> OuterFn:
    """The values of SSA values a region captures, for a compiled payload."""
    return lambda v: interpreter.get_values((v,))[0]


register_named_impl("tensor.generate", run_generate)
register_named_impl("tensor_ext.generate", run_generate)
