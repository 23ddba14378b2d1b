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
from xdsl.ir import Attribute, Operation, SSAValue

from xdsl_bufferize.dialects.tensor_ext import ParallelInsertSliceOp, RankOp
from xdsl_bufferize.execution.interpreter import (
    ExecutionInterpreter,
    register_named_impl,
)
from xdsl_bufferize.execution.memory import ExecutionError, FindingKind, fresh_tensor
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


def slice_positions(
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> list[tuple[int, ...]] | None:
    """Source indices of a slice in row-major order, or None if any is out of bounds."""
    out: list[tuple[int, ...]] = []
    for idx in iter_indices(sizes):
        src = tuple(o + i * s for o, i, s in zip(offsets, idx, strides, strict=False))
        if not all(0 <= x < n for x, n in zip(src, shape, strict=False)):
            return None
        out.append(src)
    return out


def _reshape(value: ArrayValue, shape: Sequence[int], what: str) -> ArrayValue:
    if num_elements(shape) != len(value.data):
        raise ExecutionError(
            f"{what}: cannot reshape {list(value.shape)} into {list(shape)}"
        )
    return ArrayValue(tuple(shape), value.data)


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
    index = slice_index(dest.shape, offsets, sizes, strides)
    if index is not None:
        array = np.array(dest.array())
        array[index] = source.array(array.dtype).reshape(sizes)
        return ArrayValue(dest.shape, array)
    data = list(dest.data)
    positions = slice_positions(dest.shape, offsets, sizes, strides)
    if positions is None:
        _report_oob(
            interpreter,
            op,
            f"slice (offsets {offsets}, sizes {sizes}, strides {strides}) reaches "
            f"outside a tensor of shape {list(dest.shape)}",
        )
        for idx, value in zip(iter_indices(sizes), source.data, strict=False):
            p = tuple(o + i * s for o, i, s in zip(offsets, idx, strides, strict=False))
            if dest.in_bounds(p):
                data[dest.flat_index(p)] = value
    else:
        for p, value in zip(positions, source.data, strict=False):
            data[dest.flat_index(p)] = value
    return ArrayValue(dest.shape, data)


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
        else:
            data[dest.flat_index(indices)] = scalar
        return (ArrayValue(dest.shape, data),)

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
        index = slice_index(source.shape, offsets, sizes, strides)
        positions = (
            None
            if index is not None
            else slice_positions(source.shape, offsets, sizes, strides)
        )
        elem = element_type_of(op.result.type)
        data: Any
        if index is not None:
            data = source.array()[index].reshape(-1)
        elif positions is None:
            _report_oob(
                interpreter,
                op,
                f"slice (offsets {offsets}, sizes {sizes}, strides {strides}) reaches "
                f"outside a tensor of shape {list(source.shape)}",
            )
            data = [
                source.get(p) if source.in_bounds(p) else default_element(elem)
                for p in (
                    tuple(
                        o + i * s
                        for o, i, s in zip(offsets, idx, strides, strict=False)
                    )
                    for idx in iter_indices(sizes)
                )
            ]
        else:
            data = [source.data[source.flat_index(p)] for p in positions]
        result_type = cast(TensorType[Attribute], op.result.type)
        dropped = dropped_unit_dims(
            int_values(op.static_sizes),
            result_type.get_shape(),
        )
        shape = tuple(s for i, s in enumerate(sizes) if i not in dropped)
        return (ArrayValue(shape, data),)

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
        data: list[int | float] = []
        for idx in iter_indices(shape):
            src = tuple(i - lo for i, lo in zip(idx, low, strict=False))
            if source.in_bounds(src):
                data.append(source.get(src))
            else:
                (value,) = interpreter.run_ssacfg_region(op.region, idx, "tensor.pad")
                data.append(value)
        return (ArrayValue(shape, data),)

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
        first = parts[0]
        shape = list(first.shape)
        shape[dim] = sum(p.shape[dim] for p in parts)
        data: list[int | float] = []
        for idx in iter_indices(shape):
            pos = idx[dim]
            for part in parts:
                if pos < part.shape[dim]:
                    data.append(part.get((*idx[:dim], pos, *idx[dim + 1 :])))
                    break
                pos -= part.shape[dim]
        return (ArrayValue(tuple(shape), data),)

    @impl_terminator(tensor.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: tensor.YieldOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()


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
    data: list[int | float] = []
    for idx in iter_indices(shape):
        (value,) = interpreter.run_ssacfg_region(op.regions[0], idx, "tensor.generate")
        data.append(value)
    return OpImplResult((ArrayValue(shape, data),), None)


register_named_impl("tensor.generate", run_generate)
register_named_impl("tensor_ext.generate", run_generate)
