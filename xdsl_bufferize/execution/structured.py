"""Structured ops run whole: the vectorized path of `ops_linalg.run_structured`.

The iteration space of a structured op splits into the dimensions every output map
names (the output dims: distinct points write distinct output elements) and the others
(reduction dims). The payload (`payload.compile_payload`) is evaluated once per point
of the reduction dims, in row-major order, over all output-dim points at once (numpy
broadcasting over index grids); each output element therefore sees the very updates,
in the very order, of the point-by-point engine, so results are bit-identical. Operand
elements are gathered through the indexing maps (affine sums and products of dims and
constants) from numpy arrays: a tensor's, or a strided view of a memref's buffer.

`run_vectorized` returns None when the op must run point by point: a payload it cannot
compile (the reason is recorded per op name), maps it cannot evaluate, accesses outside
an operand (the point-by-point engine reports them), a memref view reaching outside its
buffer, an output read through another operand of the same buffer (except the same
view through the same map, with no reduction dim), or a parallel loop being checked
for races (which needs each element's accesses).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.ir import Block, BlockArgument, Operation
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)

from xdsl_bufferize.execution.arrays import is_native, numpy_dtype, strided, view_extent
from xdsl_bufferize.execution.memory import MemoryTracker
from xdsl_bufferize.execution.payload import OuterFn, Payload, compile_payload
from xdsl_bufferize.execution.values import ArrayValue, MemRefView, iter_indices

VECTORIZE = True
"""Run structured ops whole when possible (False: always point by point, to compare
the two engines in tests)."""

_PAYLOADS: dict[int, tuple[Block, Payload | str]] = {}


def payload_of(block: Block) -> Payload | str:
    """The compiled payload of `block` (cached per block)."""
    cached = _PAYLOADS.get(id(block))
    if cached is None or cached[0] is not block:
        cached = (block, compile_payload(block))
        _PAYLOADS[id(block)] = cached
    return cached[1]


def _affine(expr: AffineExpr, dims: Sequence[Any]) -> Any:
    if isinstance(expr, AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, AffineConstantExpr):
        return expr.value
    if isinstance(expr, AffineBinaryOpExpr):
        lhs, rhs = _affine(expr.lhs, dims), _affine(expr.rhs, dims)
        if expr.kind is AffineBinaryOpKind.Add:
            return lhs + rhs
        if expr.kind is AffineBinaryOpKind.Mul:
            return lhs * rhs
    raise _NotVectorizable(f"affine expression {expr}")


class _NotVectorizable(Exception):
    pass


def _source_array(value: Any, dtype: np.dtype[Any]) -> Any:
    if isinstance(value, ArrayValue):
        return value.array(dtype)
    if isinstance(value, MemRefView):
        return strided(value.buffer.data, value.offset, value.sizes, value.strides)
    return np.asarray(value, dtype=dtype)


def run_vectorized(
    mem: MemoryTracker,
    op_name: str,
    n_inputs: int,
    args: Sequence[Any],
    maps: Sequence[AffineMap],
    block: Block,
    ranges: Sequence[int],
    fallbacks: dict[str, str],
    outer: OuterFn,
) -> tuple[bool, list[Any]]:
    """Run the op whole; (False, []) if it must run point by point (see the module
    docstring). The op's memref operands must have been checked live. On success, the
    new output arrays of its tensor outputs (memref outputs are written in place)."""
    try:
        return True, _run(mem, n_inputs, args, maps, block, ranges, outer)
    except _NotVectorizable as e:
        fallbacks.setdefault(op_name, str(e))
        return False, []


def _run(
    mem: MemoryTracker,
    n_inputs: int,
    args: Sequence[Any],
    maps: Sequence[AffineMap],
    block: Block,
    ranges: Sequence[int],
    outer: OuterFn,
) -> list[Any]:
    if not VECTORIZE:
        raise _NotVectorizable("vectorization switched off")
    if mem.parallel_loops:
        raise _NotVectorizable("inside a parallel loop checked for races")
    payload = payload_of(block)
    if isinstance(payload, str):
        raise _NotVectorizable(payload)
    n_dims = len(ranges)
    out_maps = maps[n_inputs:]
    out_dims: list[int] | None = None
    for amap in out_maps:
        if not all(isinstance(e, AffineDimExpr) for e in amap.results):
            raise _NotVectorizable("an output map that is not a projection")
        positions = [e.position for e in amap.results if isinstance(e, AffineDimExpr)]
        if len(set(positions)) != len(positions):
            raise _NotVectorizable("an output map naming a dim twice")
        if out_dims is None:
            out_dims = sorted(positions)
        elif sorted(positions) != out_dims:
            raise _NotVectorizable("outputs over different dims")
    parallel = out_dims or []
    reduction = [d for d in range(n_dims) if d not in parallel]
    if any(r == 0 for r in ranges):
        raise _NotVectorizable("an empty iteration space")
    # Element types: the block's arguments (a `linalg.map` body has none for its
    # output: the yielded value's type then).
    types = [arg.type for arg in block.args]
    terminator = block.last_op
    assert terminator is not None
    types += [v.type for v in terminator.operands][len(types) - n_inputs :]
    if len(types) != len(args):
        raise _NotVectorizable("a payload block not matching the operands")
    dtypes = [numpy_dtype(t) for t in types]
    if any(not is_native(t) for t in dtypes):
        raise _NotVectorizable("an element type numpy does not compute")
    # Memrefs: views inside their buffers; outputs not read through other operands.
    out_buffers: dict[int, int] = {}
    for k, value in enumerate(args[n_inputs:], start=n_inputs):
        if isinstance(value, MemRefView):
            if value.buffer.id in out_buffers:
                raise _NotVectorizable("two outputs in one buffer")
            out_buffers[value.buffer.id] = k
    for k, value in enumerate(args):
        if not isinstance(value, MemRefView):
            continue
        low, high = view_extent(value.offset, value.sizes, value.strides)
        if low < 0 or high >= len(value.buffer.data):
            raise _NotVectorizable("a view reaching outside its buffer")
        owner = out_buffers.get(value.buffer.id)
        if k < n_inputs and owner is not None:
            other = args[owner]
            same = (
                other.offset == value.offset
                and other.sizes == value.sizes
                and other.strides == value.strides
                and maps[owner] == maps[k]
            )
            if not same or reduction:
                raise _NotVectorizable("an input aliasing an output")
    # Index grids: one axis per output dim (in dim order), reduction dims are scalars.
    grid = tuple(ranges[d] for d in parallel)
    dims: list[Any] = [0] * n_dims
    for axis, d in enumerate(parallel):
        shape = [1] * len(parallel)
        shape[axis] = ranges[d]
        dims[d] = np.arange(ranges[d], dtype=np.int64).reshape(shape)
    sources = [_source_array(v, t) for v, t in zip(args, dtypes, strict=True)]

    def indices(k: int) -> tuple[Any, ...]:
        return tuple(_affine(e, dims) for e in maps[k].results)

    # Bounds of every access (interval arithmetic over the iteration space).
    for k, value in enumerate(args):
        if not isinstance(value, ArrayValue | MemRefView):
            continue
        shape = value.shape if isinstance(value, ArrayValue) else value.sizes
        for j, expr in enumerate(maps[k].results):
            low, high = _interval(expr, ranges)
            if low < 0 or high >= shape[j]:
                raise _NotVectorizable("an access outside an operand")

    def gather(k: int) -> Any:
        value = args[k]
        if not isinstance(value, ArrayValue | MemRefView):
            return sources[k]
        return sources[k][indices(k)]

    op = _op_of(block)
    forwarded = forwarded_operands(block)
    if forwarded is not None and reduction:
        forwarded = None
    if forwarded is None:
        _check_reads(mem, op, args, block, indices, dims, reduction, ranges)

    # Inputs that do not depend on reduction dims are gathered once.
    fixed: dict[int, Any] = {}
    for k in range(n_inputs):
        used = _dims_used(maps[k])
        if not used & set(reduction):
            fixed[k] = gather(k)
    outs = [
        np.broadcast_to(gather(k), grid).astype(dtypes[k])
        for k in range(n_inputs, len(args))
    ]

    def index(d: int) -> Any:
        return dims[d]

    with np.errstate(all="ignore"):
        for point in iter_indices([ranges[d] for d in reduction]):
            for d, i in zip(reduction, point, strict=True):
                dims[d] = i
            inputs = [fixed[k] if k in fixed else gather(k) for k in range(n_inputs)]
            yielded = payload((inputs + outs)[: len(block.args)], index, outer)
            outs = [
                np.broadcast_to(np.asarray(y), grid).astype(dtypes[n_inputs + j])
                for j, y in enumerate(yielded)
            ]
    # Write the outputs (dims of the grid are in dim order; the output map picks
    # them in its own order).
    results: list[Any] = []
    for d in reduction:
        dims[d] = 0
    for j, k in enumerate(range(n_inputs, len(args))):
        value = args[k]
        target_idx = indices(k)
        flags = True
        if forwarded is not None and forwarded[j] != k:
            flags = _flags(mem, args[forwarded[j]], indices(forwarded[j]))
        if isinstance(value, MemRefView):
            if mem.check_writable(value, op):
                target = strided(
                    value.buffer.data, value.offset, value.sizes, value.strides
                )
                target[target_idx] = outs[j]
                if forwarded is None or forwarded[j] != k:
                    rows = mem.init_rows(value)
                    rows[target_idx] = np.asarray(flags)[..., None]
        elif isinstance(value, ArrayValue):
            array = np.array(value.array(dtypes[k]))
            array[target_idx] = outs[j]
            init = None
            if value.init is not None or flags is not True:
                init = np.array(value.initialised())
                init[target_idx] = flags
            origin = value.origin
            if forwarded is not None and isinstance(args[forwarded[j]], ArrayValue):
                origin = args[forwarded[j]].origin or origin
            results.append(ArrayValue(value.shape, array, init, origin))
    return results


def forwarded_operands(block: Block) -> list[int] | None:
    """If the payload only yields its block arguments (a copy, transpose,
    broadcast, fill), the operand each yielded value comes from."""
    term = block.last_op
    if term is None or term is not block.first_op:
        return None
    out: list[int] = []
    for operand in term.operands:
        if not isinstance(operand, BlockArgument) or operand.block is not block:
            return None
        out.append(operand.index)
    return out


def _flags(mem: MemoryTracker, value: Any, index: tuple[Any, ...]) -> Any:
    """Which elements of operand `value` at `index` (index grids) were written
    (True for a scalar or a fully written tensor)."""
    if isinstance(value, MemRefView):
        return mem.initialised(value)[index]
    if isinstance(value, ArrayValue) and value.init is not None:
        return value.init[index]
    return True


def _check_reads(
    mem: MemoryTracker,
    op: Operation,
    args: Sequence[Any],
    block: Block,
    indices: Callable[[int], tuple[Any, ...]],
    dims: list[Any],
    reduction: Sequence[int],
    ranges: Sequence[int],
) -> None:
    """Report the operands whose block argument the payload uses (it reads them)
    at elements nothing wrote, over the elements the iteration space reaches."""
    for k, arg in enumerate(block.args):
        value = args[k]
        if not arg.uses or not isinstance(value, ArrayValue | MemRefView):
            continue
        if isinstance(value, ArrayValue):
            if value.init is None:
                continue
            shape = value.shape
        else:
            if mem.initialised(value).all():
                continue
            shape = value.sizes
        touched = np.zeros(shape, dtype=bool)
        for point in iter_indices([ranges[d] for d in reduction]):
            for d, i in zip(reduction, point, strict=True):
                dims[d] = i
            touched[indices(k)] = True
        if isinstance(value, ArrayValue):
            mem.check_tensor_initialised(value, op, touched)
        else:
            mem.check_initialised(value, op, touched)


def _op_of(block: Block) -> Any:
    parent = block.parent_op()
    assert parent is not None
    return parent


def _dims_used(amap: AffineMap) -> set[int]:
    used: set[int] = set()

    def walk(e: AffineExpr) -> None:
        if isinstance(e, AffineDimExpr):
            used.add(e.position)
        elif isinstance(e, AffineBinaryOpExpr):
            walk(e.lhs)
            walk(e.rhs)

    for e in amap.results:
        walk(e)
    return used


def _interval(expr: AffineExpr, ranges: Sequence[int]) -> tuple[int, int]:
    """Bounds of `expr` over the iteration space (exact when each dim occurs once)."""
    if isinstance(expr, AffineDimExpr):
        return 0, ranges[expr.position] - 1
    if isinstance(expr, AffineConstantExpr):
        return expr.value, expr.value
    if isinstance(expr, AffineBinaryOpExpr):
        (a, b), (c, d) = _interval(expr.lhs, ranges), _interval(expr.rhs, ranges)
        if expr.kind is AffineBinaryOpKind.Add:
            return a + c, b + d
        if expr.kind is AffineBinaryOpKind.Mul:
            corners = (a * c, a * d, b * c, b * d)
            return min(corners), max(corners)
    raise _NotVectorizable(f"affine expression {expr}")


def run_index_region(
    block: Block, shape: Sequence[int], outer: OuterFn
) -> np.ndarray[Any, Any] | str:
    """The value a region computing one element from its indices (the body of a
    `tensor.generate`, or of a `tensor.pad`) yields at every index of `shape`, as an
    array of that shape evaluated at once, or the reason it must run per element."""
    if not VECTORIZE:
        return "vectorization switched off"
    payload = payload_of(block)
    if isinstance(payload, str):
        return payload
    terminator = block.last_op
    if terminator is None or len(terminator.operands) != 1:
        return "a region not yielding one value"
    dtype = numpy_dtype(terminator.operands[0].type)
    if not is_native(dtype):
        return f"an element type numpy does not compute ({dtype})"
    grids = list(np.indices(tuple(shape), dtype=np.int64))

    def index(d: int) -> Any:
        raise _NotVectorizable("linalg.index outside a linalg op")

    try:
        with np.errstate(all="ignore"):
            (value,) = payload(grids, index, outer)
    except _NotVectorizable as e:
        return str(e)
    return np.broadcast_to(np.asarray(value), tuple(shape)).astype(dtype)
