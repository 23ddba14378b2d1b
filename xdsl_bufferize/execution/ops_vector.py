"""Implementations of `vector` transfers, loads, stores and masks on tensors and memrefs,
and of `vector.contract` (numpy, the whole contraction at once).

Vectors are flat tuples of scalars in row-major order. A transfer reads or writes
through the `MemoryTracker` (use after free, out of bounds, writes into constants);
lanes outside the source or destination are padded on read and dropped on write unless
the op declares them in bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects import vector
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    IntegerAttr,
    VectorType,
)
from xdsl.dialects.vector import CombiningKindFlag
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    impl,
    register_impls,
)
from xdsl.ir import Attribute
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr

from xdsl_bufferize.dialects.vector_contract import ContractionOp, element_of, shape_of
from xdsl_bufferize.dialects.vector_mask import MaskOp
from xdsl_bufferize.execution.memory import (
    ExecutionError,
)
from xdsl_bufferize.execution.ops_memref import _interp, _view  # pyright: ignore[reportPrivateUsage]
from xdsl_bufferize.execution.values import (
    ArrayValue,
    int_width,
    iter_indices,
    normalize,
    num_elements,
)

_COMBINE: dict[CombiningKindFlag, np.ufunc] = {
    CombiningKindFlag.ADD: np.add,
    CombiningKindFlag.MUL: np.multiply,
    CombiningKindFlag.MINSI: np.minimum,
    CombiningKindFlag.MAXSI: np.maximum,
    CombiningKindFlag.MINUI: np.minimum,
    CombiningKindFlag.MAXUI: np.maximum,
    CombiningKindFlag.MINIMUMF: np.minimum,
    CombiningKindFlag.MAXIMUMF: np.maximum,
    CombiningKindFlag.MINNUMF: np.fmin,
    CombiningKindFlag.MAXNUMF: np.fmax,
    CombiningKindFlag.AND: np.bitwise_and,
    CombiningKindFlag.OR: np.bitwise_or,
    CombiningKindFlag.XOR: np.bitwise_xor,
}
"""The binary function of each combining kind (a numpy ufunc: `.reduce` combines
along axes)."""


def _wrap(values: Any, width: int, unsigned: bool) -> Any:
    """int64 `values` wrapped to `width` bits, signed (or unsigned) two's complement."""
    if width >= 64:
        return values.view(np.uint64) if unsigned else values
    masked = values & ((1 << width) - 1)
    if unsigned:
        return masked
    return np.where(masked >= 1 << (width - 1), masked - (1 << width), masked)


def contract(op: ContractionOp, lhs: Any, rhs: Any, acc: Any) -> Any:
    """`vector.contract` of flat row-major vectors (a scalar accumulator for a full
    reduction): the products over all loops (operands promoted to the accumulator's
    element type), combined with `kind` over the reduction loops, then with `acc`."""
    element = element_of(op.acc.type)
    is_float = isinstance(element, AnyFloat)
    dtype = np.dtype(np.float64) if is_float else np.dtype(np.int64)
    kind = op.kind.data
    unsigned = kind in (CombiningKindFlag.MINUI, CombiningKindFlag.MAXUI)
    width = int_width(element)

    def array(value: Any, t: Attribute) -> Any:
        return np.asarray(value, dtype=dtype).reshape(shape_of(t))

    letters = "abcdefghijklmnopqrstuvwxyz"
    loops = len(op.iterator_types.data)
    subscripts = [
        "".join(letters[cast(AffineDimExpr, e).position] for e in m.results)
        for m in op.maps
    ]
    product = np.einsum(
        f"{subscripts[0]},{subscripts[1]}->{letters[:loops]}",
        array(lhs, op.lhs.type),
        array(rhs, op.rhs.type),
    )
    if not is_float:
        product = _wrap(product, width, unsigned)
    ufunc = _COMBINE[kind]
    reduced = tuple(d for d, red in enumerate(op.reductions) if red)
    combined = ufunc.reduce(product, axis=reduced) if reduced else product
    kept = [d for d in range(loops) if not op.reductions[d]]
    combined = np.transpose(
        combined, [kept.index(letters.index(c)) for c in subscripts[2]]
    )
    accumulator = array(acc, op.acc.type)
    if not is_float:
        accumulator = _wrap(accumulator, width, unsigned)
    result = [
        normalize(v, element) for v in ufunc(accumulator, combined).ravel().tolist()
    ]
    return tuple(result) if isinstance(op.acc.type, VectorType) else result[0]


def _transfer_positions(
    op: vector.TransferReadOp | vector.TransferWriteOp,
    indices: Sequence[int],
    vector_shape: Sequence[int],
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(vector index, source index) pairs of a transfer, following its permutation map."""
    amap = op.permutation_map.data
    pairs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for vidx in iter_indices(vector_shape):
        src = list(indices)
        for j, expr in enumerate(amap.results):
            if isinstance(expr, AffineDimExpr):
                src[expr.position] += vidx[j]
            elif not (isinstance(expr, AffineConstantExpr) and expr.value == 0):
                raise ExecutionError(f"unsupported permutation map {amap}")
        pairs.append((vidx, tuple(src)))
    return pairs


def _in_bounds_flags(op: vector.TransferReadOp | vector.TransferWriteOp) -> list[bool]:
    attr = op.properties.get("in_bounds")
    if isinstance(attr, ArrayAttr):
        return [isinstance(b, IntegerAttr) and b.value.data != 0 for b in attr.data]
    return []


def _within(index: Sequence[int], shape: Sequence[int]) -> bool:
    return all(0 <= i < n for i, n in zip(index, shape, strict=False))


def transfer_read(
    interpreter: Interpreter,
    op: vector.TransferReadOp,
    args: Sequence[Any],
    mask: Sequence[Any] | None,
    passthru: Sequence[Any] | None,
) -> tuple[Any, ...]:
    """`vector.transfer_read` under `mask`: a masked-off lane reads nothing and yields
    the passthru lane, else the padding."""
    source = args[0]
    n_idx = len(op.indices)
    indices = args[1 : 1 + n_idx]
    padding = args[1 + n_idx]
    vtype = cast(VectorType[Attribute], op.result.type)
    shape = tuple(vtype.get_shape())
    mem = _interp(interpreter).memory
    out: list[Any] = []
    for k, (_, src) in enumerate(_transfer_positions(op, indices, shape)):
        if mask is not None and not mask[k]:
            out.append(padding if passthru is None else passthru[k])
        elif isinstance(source, ArrayValue):
            out.append(source.get(src) if source.in_bounds(src) else padding)
        else:
            view = _view(source)
            if _within(src, view.sizes) or all(_in_bounds_flags(op)):
                out.append(mem.load(view, src, op))
            else:
                out.append(padding)
    return tuple(out)


def transfer_write(
    interpreter: Interpreter,
    op: vector.TransferWriteOp,
    args: Sequence[Any],
    mask: Sequence[Any] | None,
) -> tuple[Any, ...]:
    """`vector.transfer_write` under `mask` (masked-off lanes are not written): the new
    tensor, or nothing for a memref."""
    values, dest = args[0], args[1]
    n_idx = len(op.indices)
    indices = args[2 : 2 + n_idx]
    vtype = cast(VectorType[Attribute], op.vector.type)
    shape = tuple(vtype.get_shape())
    pairs = _transfer_positions(op, indices, shape)
    mem = _interp(interpreter).memory
    if isinstance(dest, ArrayValue):
        data = list(dest.data)
        for k, (_, src) in enumerate(pairs):
            if (mask is None or mask[k]) and dest.in_bounds(src):
                data[dest.flat_index(src)] = values[k]
        return (ArrayValue(dest.shape, data),)
    view = _view(dest)
    for k, (_, src) in enumerate(pairs):
        if mask is not None and not mask[k]:
            continue
        if _within(src, view.sizes) or all(_in_bounds_flags(op)):
            mem.store(view, src, values[k], op)
    return ()


@register_impls
class VectorFunctions(InterpreterFunctions):
    """`vector` transfers, loads, stores and broadcasts (vectors are flat tuples)."""

    @impl(vector.TransferReadOp)
    def run_transfer_read(
        self, interpreter: Interpreter, op: vector.TransferReadOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        n_idx = len(op.indices)
        mask = args[2 + n_idx] if op.mask is not None else None
        return (transfer_read(interpreter, op, args, mask, None),)

    @impl(vector.TransferWriteOp)
    def run_transfer_write(
        self,
        interpreter: Interpreter,
        op: vector.TransferWriteOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        n_idx = len(op.indices)
        mask = args[2 + n_idx] if op.mask is not None else None
        return transfer_write(interpreter, op, args, mask)

    @impl(vector.CreateMaskOp)
    def run_create_mask(
        self, interpreter: Interpreter, op: vector.CreateMaskOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        shape = cast(VectorType[Attribute], op.results[0].type).get_shape()
        return (
            tuple(
                all(i < bound for i, bound in zip(idx, args, strict=True))
                for idx in iter_indices(shape)
            ),
        )

    @impl(MaskOp)
    def run_mask(
        self, interpreter: Interpreter, op: MaskOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        mask, passthru = args[0], (args[1] if len(args) > 1 else None)
        inner = op.masked_op
        if inner is None:
            return ()
        if getattr(inner, "mask", None) is not None:
            raise ExecutionError(f"{inner.name} under vector.mask has its own mask")
        values = interpreter.get_values(inner.operands)
        if isinstance(inner, vector.TransferReadOp):
            return (transfer_read(interpreter, inner, values, mask, passthru),)
        if isinstance(inner, vector.TransferWriteOp):
            return transfer_write(interpreter, inner, values, mask)
        raise ExecutionError(f"vector.mask of {inner.name} is not supported")

    @impl(vector.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: vector.LoadOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        view, *indices = args
        view = _view(view)
        shape = tuple(cast(VectorType[Attribute], op.result.type).get_shape())
        mem = _interp(interpreter).memory
        base = list(indices)
        lead = len(base) - len(shape)
        out = [
            mem.load(
                view,
                (
                    *base[:lead],
                    *(b + i for b, i in zip(base[lead:], idx, strict=False)),
                ),
                op,
            )
            for idx in iter_indices(shape)
        ]
        return (tuple(out),)

    @impl(vector.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: vector.StoreOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        values, view, *indices = args
        view = _view(view)
        shape = tuple(cast(VectorType[Attribute], op.vector.type).get_shape())
        mem = _interp(interpreter).memory
        base = list(indices)
        lead = len(base) - len(shape)
        for k, idx in enumerate(iter_indices(shape)):
            mem.store(
                view,
                (
                    *base[:lead],
                    *(b + i for b, i in zip(base[lead:], idx, strict=False)),
                ),
                values[k],
                op,
            )
        return ()

    @impl(ContractionOp)
    def run_contract(
        self, interpreter: Interpreter, op: ContractionOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (contract(op, *args),)

    @impl(vector.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: vector.BroadcastOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value = args[0]
        count = num_elements(cast(VectorType[Attribute], op.vector.type).get_shape())
        if isinstance(value, tuple):
            if len(value) == 0 or count % len(value):
                raise ExecutionError("unsupported vector broadcast")
            return (value * (count // len(value)),)
        return ((value,) * count,)
