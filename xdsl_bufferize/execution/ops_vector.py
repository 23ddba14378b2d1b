"""Implementations of `vector` transfers, loads, stores and masks on tensors and memrefs,
of `vector.contract` (numpy, the whole contraction at once) and of `vector.print` (no
text kept).

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
from xdsl.ir import Attribute, Operation
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr

from xdsl_bufferize.dialects.vector_contract import ContractionOp, element_of, shape_of
from xdsl_bufferize.dialects.vector_mask import MaskOp
from xdsl_bufferize.dialects.vector_print import PrintOp as VectorPrintOp
from xdsl_bufferize.execution.arrays import strided, view_extent
from xdsl_bufferize.execution.memory import ExecutionError, MemoryTracker
from xdsl_bufferize.execution.memory_model import store_array
from xdsl_bufferize.execution.ops_memref import _interp, _view  # pyright: ignore[reportPrivateUsage]
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    int_width,
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


def _transfer_grids(
    op: vector.TransferReadOp | vector.TransferWriteOp,
    indices: Sequence[int],
    vector_shape: Sequence[int],
) -> list[np.ndarray[Any, Any]]:
    """The source index of every lane of a transfer: one index array (of the
    vector's shape) per source dimension, following the permutation map (a constant
    0 result broadcasts along that vector dimension)."""
    amap = op.permutation_map.data
    lanes = np.indices(tuple(vector_shape), dtype=np.int64)
    grids = [np.full(tuple(vector_shape), i, dtype=np.int64) for i in indices]
    for j, expr in enumerate(amap.results):
        if isinstance(expr, AffineDimExpr):
            grids[expr.position] = grids[expr.position] + lanes[j]
        elif not (isinstance(expr, AffineConstantExpr) and expr.value == 0):
            raise ExecutionError(f"unsupported permutation map {amap}")
    return grids


def _in_bounds_flags(op: vector.TransferReadOp | vector.TransferWriteOp) -> list[bool]:
    attr = op.properties.get("in_bounds")
    if isinstance(attr, ArrayAttr):
        return [isinstance(b, IntegerAttr) and b.value.data != 0 for b in attr.data]
    return []


def _inside(
    grids: Sequence[np.ndarray[Any, Any]], shape: Sequence[int], lanes: Sequence[int]
) -> np.ndarray[Any, Any]:
    """Which lanes index inside `shape`."""
    inside = np.ones(tuple(lanes), dtype=bool)
    for g, n in zip(grids, shape, strict=True):
        inside &= (g >= 0) & (g < n)
    return inside


def _active(mask: Sequence[Any] | None, shape: Sequence[int]) -> np.ndarray[Any, Any]:
    """The lanes a vector mask enables (all without a mask)."""
    if mask is None:
        return np.ones(tuple(shape), dtype=bool)
    return np.array([bool(m) for m in mask], dtype=bool).reshape(tuple(shape))


def _lanes_at_once(
    mem: MemoryTracker, view: MemRefView, inside: np.ndarray[Any, Any], lanes: Any
) -> bool:
    """Whether the `lanes` of a transfer on `view` can be accessed at once: all
    inside the view, the view inside its buffer, no race check running (else the
    lanes go one by one through the tracker, which reports each access)."""
    if mem.parallel_loops or not (inside | ~lanes).all():
        return False
    if num_elements(view.sizes) == 0:
        return not lanes.any()
    low, high = view_extent(view.offset, view.sizes, view.strides)
    return low >= 0 and high < len(view.buffer.data)


def transfer_read(
    interpreter: Interpreter,
    op: vector.TransferReadOp,
    args: Sequence[Any],
    mask: Sequence[Any] | None,
    passthru: Sequence[Any] | None,
) -> tuple[Any, ...]:
    """`vector.transfer_read` under `mask`: a masked-off lane reads nothing and yields
    the passthru lane, else the padding; a lane outside the source (not declared in
    bounds) yields the padding. Lanes are read at once (numpy); one by one through
    the tracker while a parallel loop is checked for races or a lane leaves memory."""
    source = args[0]
    n_idx = len(op.indices)
    indices = args[1 : 1 + n_idx]
    padding = args[1 + n_idx]
    vtype = cast(VectorType[Attribute], op.result.type)
    shape = tuple(vtype.get_shape())
    mem = _interp(interpreter).memory
    grids = _transfer_grids(op, indices, shape)
    active = _active(mask, shape)
    out: list[Any] = [padding] * active.size
    if passthru is not None and not active.all():
        # masked-off lanes yield the passthru lane
        out = np.where(
            active.reshape(-1),
            np.array(out, dtype=object),
            np.array(passthru, dtype=object),
        ).tolist()
    if not isinstance(source, ArrayValue):
        view = _view(source)
        inside = _inside(grids, view.sizes, shape)
        lanes = active & (inside | all(_in_bounds_flags(op)))
        read_lanes(mem, op, view, grids, lanes, out)
        return tuple(out)
    lanes = active & _inside(grids, source.shape, shape)
    if lanes.any():
        picked = tuple(g[lanes] for g in grids)
        array = source.array()
        _put(out, lanes, array[picked])
        region = np.zeros(array.shape, dtype=bool)
        region[picked] = True
        mem.check_tensor_initialised(source, op, region)
    return tuple(out)


def _put(out: list[Any], lanes: np.ndarray[Any, Any], values: Any) -> None:
    """Set the elements of `out` (row-major lanes) at the lanes set in `lanes` to
    `values` (one per such lane, in order), as Python numbers."""
    if lanes.all():
        out[:] = values.tolist()
        return
    for k, value in zip(np.flatnonzero(lanes).tolist(), values.tolist(), strict=True):
        out[k] = value


def read_lanes(
    mem: MemoryTracker,
    op: Operation,
    view: MemRefView,
    grids: Sequence[np.ndarray[Any, Any]],
    lanes: np.ndarray[Any, Any],
    out: list[Any],
) -> None:
    """Set `out[k]` to the element of `view` at lane k's indices (`grids`) for each
    lane k set in `lanes`: all at once, or lane by lane through the tracker (see
    `_lanes_at_once`). Elements nothing wrote are a finding."""
    inside = _inside(grids, view.sizes, lanes.shape)
    if not _lanes_at_once(mem, view, inside, lanes):
        flat = [g.reshape(-1).tolist() for g in grids]
        for k in np.flatnonzero(lanes).tolist():
            out[k] = mem.load(view, [f[k] for f in flat], op)
        return
    if not lanes.any():
        return
    mem.check_live(view, op, "reads")
    array = strided(view.buffer.data, view.offset, view.sizes, view.strides)
    picked = tuple(g[lanes] for g in grids)
    _put(out, lanes, array[picked])
    region = np.zeros(view.sizes, dtype=bool)
    region[picked] = True
    mem.check_initialised(view, op, region)


def write_lanes(
    mem: MemoryTracker,
    op: Operation,
    view: MemRefView,
    grids: Sequence[np.ndarray[Any, Any]],
    lanes: np.ndarray[Any, Any],
    values: Sequence[Any],
) -> None:
    """Write lane k of `values` into `view` at its indices (`grids`) for each lane k
    set in `lanes`, as `read_lanes` reads."""
    inside = _inside(grids, view.sizes, lanes.shape)
    if not _lanes_at_once(mem, view, inside, lanes):
        flat = [g.reshape(-1).tolist() for g in grids]
        for k in np.flatnonzero(lanes).tolist():
            mem.store(view, [f[k] for f in flat], values[k], op)
        return
    if not lanes.any():
        return
    mem.check_live(view, op, "writes")
    if mem.check_writable(view, op):
        picked = tuple(g[lanes] for g in grids)
        target = strided(view.buffer.data, view.offset, view.sizes, view.strides)
        target[picked] = _lane_values(values, lanes.shape, target.dtype)[lanes]
        mem.init_rows(view)[picked] = True


def transfer_write(
    interpreter: Interpreter,
    op: vector.TransferWriteOp,
    args: Sequence[Any],
    mask: Sequence[Any] | None,
) -> tuple[Any, ...]:
    """`vector.transfer_write` under `mask` (masked-off lanes are not written, nor
    lanes outside a tensor, or outside a memref unless declared in bounds): the new
    tensor, or nothing for a memref. Lanes are written at once, as reads are."""
    values, dest = args[0], args[1]
    n_idx = len(op.indices)
    indices = args[2 : 2 + n_idx]
    vtype = cast(VectorType[Attribute], op.vector.type)
    shape = tuple(vtype.get_shape())
    grids = _transfer_grids(op, indices, shape)
    active = _active(mask, shape)
    mem = _interp(interpreter).memory
    if isinstance(dest, ArrayValue):
        lanes = active & _inside(grids, dest.shape, shape)
        array = np.array(dest.array())
        picked = tuple(g[lanes] for g in grids)
        array[picked] = _lane_values(values, shape, array.dtype)[lanes]
        init = None
        if dest.init is not None:
            init = np.array(dest.init)
            init[picked] = True
        return (dest.with_data(dest.shape, array, init),)
    view = _view(dest)
    inside = _inside(grids, view.sizes, shape)
    lanes = active & (inside | all(_in_bounds_flags(op)))
    write_lanes(mem, op, view, grids, lanes, values)
    return ()


def _load_grids(
    indices: Sequence[int], shape: Sequence[int]
) -> list[np.ndarray[Any, Any]]:
    """The memref indices of every lane of a `vector.load` / `store` at `indices`:
    the vector covers the trailing dimensions."""
    lanes = np.indices(tuple(shape), dtype=np.int64)
    lead = len(indices) - len(shape)
    grids = [np.full(tuple(shape), i, dtype=np.int64) for i in indices]
    for j in range(len(shape)):
        grids[lead + j] = grids[lead + j] + lanes[j]
    return grids


def _lane_values(
    values: Sequence[Any], shape: Sequence[int], dtype: np.dtype[Any]
) -> np.ndarray[Any, Any]:
    """A vector's lanes as an array of its shape, in the dtype of the memory it goes
    to (integers wrapped to their width)."""
    return store_array(list(values), dtype).reshape(tuple(shape))


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
        shape = tuple(cast(VectorType[Attribute], op.results[0].type).get_shape())
        mask = np.ones(shape, dtype=bool)
        for dim, (size, bound) in enumerate(zip(shape, args, strict=True)):
            lanes = [1] * len(shape)
            lanes[dim] = size
            mask &= (np.arange(size) < bound).reshape(lanes)
        return (tuple(mask.reshape(-1).tolist()),)

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
        shape = tuple(cast(VectorType[Attribute], op.result.type).get_shape())
        out: list[Any] = [None] * num_elements(shape)
        lanes = np.ones(shape, dtype=bool)
        read_lanes(
            _interp(interpreter).memory,
            op,
            _view(view),
            _load_grids(indices, shape),
            lanes,
            out,
        )
        return (tuple(out),)

    @impl(vector.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: vector.StoreOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        values, view, *indices = args
        shape = tuple(cast(VectorType[Attribute], op.vector.type).get_shape())
        lanes = np.ones(shape, dtype=bool)
        write_lanes(
            _interp(interpreter).memory,
            op,
            _view(view),
            _load_grids(indices, shape),
            lanes,
            values,
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

    @impl(VectorPrintOp)
    def run_print(
        self, interpreter: Interpreter, op: VectorPrintOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        # The value was computed (and its reads checked) already; the executor
        # compares results and memory, not printed text, so nothing is kept.
        return ()
