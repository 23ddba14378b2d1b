"""Implementations of the `bufferization` dialect and of `gpu` allocation.

`bufferization.alloc_tensor` makes a tensor whose contents nothing wrote (unless it
copies a tensor); `clone`, `to_tensor`, `to_buffer` and `materialize_in_destination`
move contents between tensors and tracked buffers with their written-flags (moving is
not reading: see `memory_access.py`). `gpu.alloc` / `gpu.dealloc` are heap memory like
`memref.alloc`, which only they may free.
"""

from __future__ import annotations

from typing import Any, cast

from xdsl.dialects import bufferization, gpu
from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    impl,
    register_impls,
)
from xdsl.ir import Attribute

from xdsl_bufferize.dialects.bufferization_dealloc import DeallocOp
from xdsl_bufferize.execution.arrays import numpy_dtype
from xdsl_bufferize.execution.memory import AllocKind, ExecutionError, fresh_tensor
from xdsl_bufferize.execution.ops_memref import (
    _interp,  # pyright: ignore[reportPrivateUsage]
    _view,  # pyright: ignore[reportPrivateUsage]
    allocate,
)
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    Token,
    static_shape,
)


@register_impls
class BufferizationFunctions(InterpreterFunctions):
    """The `bufferization` dialect."""

    @impl(bufferization.AllocTensorOp)
    def run_alloc_tensor(
        self,
        interpreter: Interpreter,
        op: bufferization.AllocTensorOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        dynamic = args[: len(op.dynamic_sizes)]
        if op.copy is not None:
            copied = args[len(op.dynamic_sizes)]
            assert isinstance(copied, ArrayValue)
            return (copied,)
        t = cast(TensorType[Attribute], op.tensor.type)
        shape = static_shape(t, dynamic)
        return (fresh_tensor(interpreter, op, t.element_type, shape),)

    @impl(bufferization.CloneOp)
    def run_clone(
        self, interpreter: Interpreter, op: bufferization.CloneOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        mem = _interp(interpreter).memory
        source = _view(args[0])
        data = mem.read_array(source, op)
        mem.record_copy(source)
        return (
            mem.allocate(
                source.buffer.element_type,
                source.sizes,
                AllocKind.HEAP,
                op,
                data,
                init=mem.initialised(source),
            ),
        )

    @impl(DeallocOp)
    def run_bufferization_dealloc(
        self, interpreter: Interpreter, op: DeallocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """Frees each memref's allocation whose condition holds, once per allocation,
        unless a retained memref points into it; each result tells whether a freed
        allocation's ownership moved to that retained memref (MLIR's semantics)."""
        count = len(op.memrefs)
        memrefs = [_view(a) for a in args[:count]]
        conditions = [bool(c) for c in args[count : 2 * count]]
        retained = [_view(a) for a in args[2 * count :]]
        kept = {id(r.buffer) for r in retained}
        freed: set[int] = set()
        for view, condition in zip(memrefs, conditions, strict=True):
            buffer = id(view.buffer)
            if condition and buffer not in kept and buffer not in freed:
                freed.add(buffer)
                base = MemRefView(view.buffer, 0, (), (), is_allocated_base=True)
                _interp(interpreter).memory.free(base, op)
        return tuple(
            any(
                c and m.buffer is r.buffer
                for m, c in zip(memrefs, conditions, strict=True)
            )
            for r in retained
        )

    @impl(bufferization.ToTensorOp)
    def run_to_tensor(
        self,
        interpreter: Interpreter,
        op: bufferization.ToTensorOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        source = _view(args[0])
        mem = _interp(interpreter).memory
        data = mem.read_array(source, op)
        init = mem.initialised(source)
        return (ArrayValue(source.sizes, data, init, source.buffer.describe()),)

    @impl(bufferization.ToBufferOp)
    def run_to_buffer(
        self,
        interpreter: Interpreter,
        op: bufferization.ToBufferOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        value = args[0]
        assert isinstance(value, ArrayValue)
        t = cast(MemRefType, op.memref.type)
        return (
            _interp(interpreter).memory.allocate(
                t.get_element_type(),
                value.shape,
                AllocKind.TENSOR,
                op,
                value.array(numpy_dtype(t.get_element_type())),
                init=value.init,
            ),
        )

    @impl(bufferization.MaterializeInDestinationOp)
    def run_materialize_in_destination(
        self,
        interpreter: Interpreter,
        op: bufferization.MaterializeInDestinationOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        source, dest = args
        assert isinstance(source, ArrayValue)
        if isinstance(dest, ArrayValue):
            if dest.shape != source.shape:
                raise ExecutionError(
                    f"source shape {list(source.shape)} differs from destination "
                    f"shape {list(dest.shape)}"
                )
            return (source,)
        view = _view(dest)
        if view.sizes != source.shape:
            raise ExecutionError(
                f"source shape {list(source.shape)} differs from destination "
                f"shape {list(view.sizes)}"
            )
        _interp(interpreter).memory.write_all(
            view, source.array(numpy_dtype(view.buffer.element_type)), op, source.init
        )
        return ()


@register_impls
class GpuMemoryFunctions(InterpreterFunctions):
    """`gpu.alloc` and `gpu.dealloc`: heap memory like `memref.alloc`."""

    @impl(gpu.AllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: gpu.AllocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        n_deps = len(op.asyncDependencies)
        dynamic = args[n_deps : n_deps + len(op.dynamicSizes)]
        t = cast(MemRefType, op.result.type)
        view = allocate(interpreter, op, t, dynamic, AllocKind.HEAP)
        return (view, Token()) if op.asyncToken is not None else (view,)

    @impl(gpu.DeallocOp)
    def run_dealloc(
        self, interpreter: Interpreter, op: gpu.DeallocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        _interp(interpreter).memory.free(_view(args[-1]), op)
        return (Token(),) if op.asyncToken is not None else ()
