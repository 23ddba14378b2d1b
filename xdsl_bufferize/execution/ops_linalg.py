"""Implementations of `linalg` ops, on tensors and on memrefs.

All structured ops (`linalg.generic`, the named ops xDSL defines: fill, copy, matmul,
transpose, the convolutions, pooling and elementwise ops, and `linalg.dot` /
`linalg.batch_reduce_matmul` of `dialects/linalg_ext.py`) run through one engine: the
loop ranges come from the operand shapes through the indexing maps, the iteration space
is walked in row-major order, and the body region combines the operand elements at each
point (`linalg.index` reads the point). On tensors the outputs start as copies of the
`outs` values and become the results (destination-passing style); on memrefs the body
writes the `outs` buffers in place. A body that only forwards block arguments (fill,
copy, transpose) is evaluated without running the region. `linalg.broadcast` and
`linalg.reduce` and `linalg.map` have their own small implementations. `linalg.copy` between memrefs
counts as a copy in the run's memory statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects.linalg import Linalg
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Operation, Region
from xdsl.ir.affine import AffineDimExpr, AffineMap

from xdsl_bufferize.dialects.linalg_ext import MapOp
from xdsl_bufferize.dialects.upstream import register_upstream_ops
from xdsl_bufferize.execution.interpreter import ExecutionInterpreter
from xdsl_bufferize.execution.memory import ExecutionError, FindingKind, MemoryTracker
from xdsl_bufferize.execution.ops_control import compile_map
from xdsl_bufferize.execution.structured import forwarded_operands, run_vectorized
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    default_element,
    int_values,
    iter_indices,
)


def _interp(interpreter: Interpreter) -> ExecutionInterpreter:
    assert isinstance(interpreter, ExecutionInterpreter)
    return interpreter


def _shape(value: Any) -> tuple[int, ...]:
    if isinstance(value, ArrayValue):
        return value.shape
    if isinstance(value, MemRefView):
        return value.sizes
    return ()


class _Operand:
    """Element access to one operand of a structured op (scalar, tensor or memref).

    A `used` operand is read by the payload: reading an element nothing wrote is a
    finding; an unused one is only moved (`written` gives its elements' flags, and
    `write` takes them)."""

    def __init__(
        self,
        value: Any,
        op: Operation,
        mem: MemoryTracker,
        copy_tensor: bool,
        checked: bool = False,
        used: bool = True,
    ) -> None:
        self.value = value
        self.op = op
        self.mem = mem
        self.used = used
        self.shape = _shape(value)
        self.is_scalar = not isinstance(value, ArrayValue | MemRefView)
        self.init: Any = None
        if isinstance(value, ArrayValue):
            self.data: list[Any] = list(value.data) if copy_tensor else value.data
            if value.init is not None:
                self.init = np.array(value.init) if copy_tensor else value.init
            mults: list[int] = []
            acc = 1
            for size in reversed(value.shape):
                mults.append(acc)
                acc *= size
            self.mults = tuple(reversed(mults))
        if isinstance(value, MemRefView) and not checked:
            mem.check_live(value, op, "accesses")

    def _pos(self, idx: Sequence[int]) -> int | None:
        if not all(0 <= i < n for i, n in zip(idx, self.shape, strict=False)):
            self.mem.report(
                FindingKind.OUT_OF_BOUNDS,
                f"{self.op.name} accesses {list(idx)} outside a tensor of shape "
                f"{list(self.shape)}",
                self.op,
                None,
            )
            return None
        return sum(i * m for i, m in zip(idx, self.mults, strict=False))

    def read(self, idx: Sequence[int], elem_default: Any) -> Any:
        if self.is_scalar:
            return self.value
        if isinstance(self.value, MemRefView):
            return self.mem.load(self.value, idx, self.op, self.used)
        pos = self._pos(idx)
        if pos is None:
            return elem_default
        if self.used and self.init is not None:
            self.mem.check_tensor_initialised(self.value, self.op, at=idx)
        return self.data[pos]

    def written(self, idx: Sequence[int]) -> bool:
        """Whether the element at `idx` was written (True for a scalar)."""
        if isinstance(self.value, MemRefView):
            return self.mem.is_written(self.value, idx)
        if self.init is None or not all(
            0 <= i < n for i, n in zip(idx, self.shape, strict=False)
        ):
            return True
        return bool(self.init[tuple(idx)])

    def write(self, idx: Sequence[int], element: Any, written: bool = True) -> None:
        if isinstance(self.value, MemRefView):
            self.mem.store(self.value, idx, element, self.op, written)
            return
        pos = self._pos(idx)
        if pos is not None:
            self.data[pos] = element
            if self.init is not None:
                self.init[tuple(idx)] = written
            elif not written:
                self.init = np.ones(self.shape, dtype=bool)
                self.init[tuple(idx)] = False

    def result(self) -> ArrayValue:
        assert isinstance(self.value, ArrayValue)
        return ArrayValue(self.value.shape, self.data, self.init, self.value.origin)


def run_structured(
    interpreter: Interpreter,
    op: Operation,
    n_inputs: int,
    args: Sequence[Any],
    maps: Sequence[AffineMap],
    body: Region,
) -> tuple[Any, ...]:
    """Run a structured op given its operands, indexing maps and body."""
    interp = _interp(interpreter)
    mem = interp.memory
    if len(maps) != len(args):
        raise ExecutionError(f"{len(maps)} indexing maps for {len(args)} operands")
    for value in args:
        if isinstance(value, MemRefView):
            mem.check_live(value, op, "accesses")
    n_loops = maps[0].num_dims if maps else 0
    ranges: list[int | None] = [None] * n_loops
    for value, amap in zip(args, maps, strict=False):
        if amap.num_symbols:
            raise ExecutionError("indexing maps with symbols are not supported")
        for j, expr in enumerate(amap.results):
            if isinstance(expr, AffineDimExpr) and ranges[expr.position] is None:
                ranges[expr.position] = _shape(value)[j]
    if any(r is None for r in ranges):
        raise ExecutionError(f"cannot infer the loop ranges from maps {list(maps)}")
    loop_ranges = cast(list[int], ranges)
    block = body.blocks.first
    assert block is not None
    done, results = run_vectorized(
        mem,
        op.name,
        n_inputs,
        args,
        maps,
        block,
        loop_ranges,
        interp.fallbacks,
        lambda v: interpreter.get_values((v,))[0],
    )
    if done:
        return tuple(results)
    forwarded = forwarded_operands(block)
    operands = [
        _Operand(
            v,
            op,
            mem,
            copy_tensor=i >= n_inputs,
            checked=True,
            used=forwarded is None and i < len(block.args) and bool(block.args[i].uses),
        )
        for i, v in enumerate(args)
    ]
    compiled = [compile_map(m) for m in maps]
    outputs = operands[n_inputs:]
    out_maps = compiled[n_inputs:]
    defaults = [default_element(arg.type) for arg in block.args]
    no_syms: tuple[int, ...] = ()
    interp.linalg_indices.append(())
    try:
        for point in iter_indices(loop_ranges):
            interp.linalg_indices[-1] = point
            elements = [
                o.read(f(point, no_syms), d)
                for o, f, d in zip(operands, compiled, defaults, strict=False)
            ]
            written = [True] * len(outputs)
            if forwarded is not None:
                yielded: Sequence[Any] = [elements[k] for k in forwarded]
                written = [
                    operands[k].written(compiled[k](point, no_syms)) for k in forwarded
                ]
            else:
                yielded = interpreter.run_ssacfg_region(body, tuple(elements), op.name)
            for out, f, value, flag in zip(
                outputs, out_maps, yielded, written, strict=True
            ):
                out.write(f(point, no_syms), value, flag)
    finally:
        interp.linalg_indices.pop()
    return tuple(o.result() for o in outputs if isinstance(o.value, ArrayValue))


def _try_whole(
    interpreter: Interpreter,
    op: Operation,
    args: Sequence[Any],
    maps: Sequence[AffineMap],
    body: Region | None,
) -> tuple[bool, list[Any]]:
    """Run a one-output op (map, reduce, broadcast) whole, through the maps of its
    iteration space; (False, []) to run it point by point."""
    interp = _interp(interpreter)
    for value in args:
        if isinstance(value, MemRefView):
            interp.memory.check_live(value, op, "accesses")
    ranges: list[int] = [0] * (maps[0].num_dims if maps else 0)
    for value, amap in zip(args, maps, strict=True):
        for j, expr in enumerate(amap.results):
            if isinstance(expr, AffineDimExpr):
                ranges[expr.position] = _shape(value)[j]
    block = body.blocks.first if body is not None else None
    if block is None or not isinstance(block.last_op, linalg.YieldOp):
        interp.fallbacks.setdefault(op.name, "no payload block")
        return False, []
    return run_vectorized(
        interp.memory,
        op.name,
        len(args) - 1,
        args,
        maps,
        block,
        ranges,
        interp.fallbacks,
        lambda v: interpreter.get_values((v,))[0],
    )


@register_impls
class LinalgFunctions(InterpreterFunctions):
    """The `linalg` dialect."""

    @impl(linalg.IndexOp)
    def run_index(
        self, interpreter: Interpreter, op: linalg.IndexOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        interp = _interp(interpreter)
        if not interp.linalg_indices:
            raise ExecutionError("linalg.index outside a linalg op")
        return (interp.linalg_indices[-1][op.dim.value.data],)

    @impl_terminator(linalg.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: linalg.YieldOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()

    @impl(linalg.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: linalg.BroadcastOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source, init = args
        mem = _interp(interpreter).memory
        dims = set(int_values(op.dimensions))
        rank = len(_shape(init))
        kept = [d for d in range(rank) if d not in dims]
        maps = [AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in kept))]
        maps.append(AffineMap.identity(rank))
        done, results = _try_whole(interpreter, op, args, maps, op.hidden_region)
        if done:
            return tuple(results)
        src = _Operand(source, op, mem, copy_tensor=False, checked=True, used=False)
        out = _Operand(init, op, mem, copy_tensor=True, checked=True)
        for idx in iter_indices(out.shape):
            kept = tuple(i for d, i in enumerate(idx) if d not in dims)
            out.write(idx, src.read(kept, None), src.written(kept))
        return (out.result(),) if isinstance(init, ArrayValue) else ()

    @impl(MapOp)
    def run_map(
        self, interpreter: Interpreter, op: MapOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        *inputs, init = args
        mem = _interp(interpreter).memory
        rank = len(_shape(init))
        maps = [AffineMap.identity(rank)] * len(args)
        done, results = _try_whole(interpreter, op, args, maps, op.mapper)
        if done:
            return tuple(results)
        block = op.mapper.block
        sources = [
            _Operand(v, op, mem, copy_tensor=False, checked=True, used=bool(a.uses))
            for v, a in zip(inputs, block.args, strict=False)
        ]
        out = _Operand(init, op, mem, copy_tensor=True, checked=True, used=False)
        for idx in iter_indices(out.shape):
            elements = tuple(source.read(idx, None) for source in sources)
            (value,) = interpreter.run_ssacfg_region(op.mapper, elements, op.name)
            out.write(idx, value)
        return (out.result(),) if isinstance(init, ArrayValue) else ()

    @impl(linalg.ReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: linalg.ReduceOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source, init = args
        mem = _interp(interpreter).memory
        dims = set(int_values(op.dimensions))
        rank = len(_shape(source))
        kept = [d for d in range(rank) if d not in dims]
        maps = [AffineMap.identity(rank)]
        maps.append(AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in kept)))
        done, results = _try_whole(interpreter, op, args, maps, op.region)
        if done:
            return tuple(results)
        args_used = [bool(a.uses) for a in op.region.block.args]
        src = _Operand(source, op, mem, False, checked=True, used=args_used[0])
        out = _Operand(init, op, mem, True, checked=True, used=args_used[1])
        for idx in iter_indices(src.shape):
            kept = tuple(i for d, i in enumerate(idx) if d not in dims)
            (value,) = interpreter.run_ssacfg_region(
                op.region, (src.read(idx, None), out.read(kept, None)), op.name
            )
            out.write(kept, value)
        return (out.result(),) if isinstance(init, ArrayValue) else ()


def _structured_impl(
    self: InterpreterFunctions,
    interpreter: Interpreter,
    op: LinalgStructuredOperation,
    args: tuple[Any, ...],
) -> tuple[Any, ...]:
    maps = [m.data for m in op.get_indexing_maps()]
    if isinstance(op, linalg.CopyOp) and isinstance(args[-1], MemRefView):
        source = args[0]
        if isinstance(source, MemRefView):
            _interp(interpreter).memory.record_copy(source)
    return run_structured(interpreter, op, len(op.inputs), args, maps, op.body)


def _register_structured() -> None:
    """Run every structured linalg op class of xDSL's `linalg` dialect (with the ops
    `dialects/upstream.py` adds to it) through the common engine."""
    register_upstream_ops()
    for cls in Linalg.operations:
        if not issubclass(cls, LinalgStructuredOperation):
            continue
        setattr(
            LinalgFunctions,
            f"run_{cls.name.replace('.', '_')}",
            impl(cls)(_structured_impl),
        )


_register_structured()
register_impls(LinalgFunctions)
