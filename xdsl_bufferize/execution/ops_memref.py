"""Implementations of the `memref` dialect (`bufferization` and `gpu` allocation:
`ops_bufferization.py`; `vector` transfers: `ops_vector.py`).

Memrefs are `MemRefView`s onto tracked buffers: view ops (`subview`, `cast`,
`reinterpret_cast`, `expand_shape`, `collapse_shape`, `extract_strided_metadata`) compute a
new offset, sizes and strides on the same buffer exactly as MLIR's strided layouts do, so
copies between arbitrary strided views behave as in MLIR. The base buffer that
`extract_strided_metadata` returns stands for the whole allocation (freeing it frees the
buffer, as MLIR's lowered deallocation does), and `extract_aligned_pointer_as_index` gives
each allocation's fake base address. Every access goes through the
`MemoryTracker` (use after free, out of bounds, writes into constants). `memref.alloca`
memory dies when its function (or `memref.alloca_scope`) returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    SymbolRefAttr,
    TensorType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.dialects.memref_realloc import ReallocOp
from xdsl_bufferize.execution.interpreter import ExecutionInterpreter
from xdsl_bufferize.execution.memory import (
    AllocKind,
    ExecutionError,
    FindingKind,
)
from xdsl_bufferize.execution.ops_arith import constant_value
from xdsl_bufferize.execution.ops_tensor import (
    check_shape,
    collapsed_shape,
    dropped_unit_dims,
    mixed_values,
)
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    contiguous_strides,
    int_values,
    num_elements,
    static_shape,
)


def _interp(interpreter: Interpreter) -> ExecutionInterpreter:
    assert isinstance(interpreter, ExecutionInterpreter)
    return interpreter


def _view(value: Any) -> MemRefView:
    if not isinstance(value, MemRefView):
        raise ExecutionError(f"expected a memref value, got {type(value).__name__}")
    return value


def allocate(
    interpreter: Interpreter,
    op: Operation,
    t: MemRefType,
    dynamic: Sequence[int],
    kind: AllocKind,
) -> MemRefView:
    """A new tracked buffer for `t`, honouring a static strided layout if it has one."""
    mem = _interp(interpreter).memory
    shape = static_shape(t, dynamic)
    if any(s < 0 for s in shape):
        raise ExecutionError(f"negative size in {list(shape)}")
    view = mem.allocate(t.get_element_type(), shape, kind, op)
    if not isinstance(t.layout, NoneAttr):
        strides = t.get_strides()
        offset = t.get_offset()
        if (
            strides is not None
            and offset is not None
            and all(s is not None for s in strides)
            and (offset != 0 or tuple(strides) != contiguous_strides(shape))
        ):
            static_strides = tuple(cast(int, s) for s in strides)
            extent = (
                offset
                + sum((n - 1) * s for n, s in zip(shape, static_strides, strict=False))
                + 1
            )
            buffer = view.buffer
            mem.resize(buffer, extent)
            view = MemRefView(buffer, offset, shape, static_strides)
            buffer.base_view = view
    if kind is AllocKind.STACK and _interp(interpreter).frames:
        _interp(interpreter).frames[-1].stack_buffers.append(view.buffer)
    return view


def check_layout(view: MemRefView, t: Attribute, what: str) -> None:
    """Fail if a view contradicts the static sizes, offset or strides of type `t`."""
    if not isinstance(t, MemRefType):
        return
    check_shape(view.sizes, t, what)
    if isinstance(t.layout, NoneAttr):
        expected = contiguous_strides(view.sizes)
        if any(
            n != 1 and s != e
            for n, s, e in zip(view.sizes, view.strides, expected, strict=False)
        ):
            raise ExecutionError(
                f"{what}: view with strides {list(view.strides)} is not {t}"
            )
        return
    strides = t.get_strides()
    offset = t.get_offset()
    if strides is not None:
        for n, actual, expected in zip(view.sizes, view.strides, strides, strict=False):
            if expected is not None and n != 1 and actual != expected:
                raise ExecutionError(
                    f"{what}: view with strides {list(view.strides)} is not {t}"
                )
    if offset is not None and offset != view.offset:
        raise ExecutionError(f"{what}: view with offset {view.offset} is not {t}")


def make_subview(
    interpreter: Interpreter,
    op: Operation,
    source: MemRefView,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    static_sizes: Sequence[int],
    result_type: MemRefType,
) -> MemRefView:
    mem = _interp(interpreter).memory
    if len(offsets) != source.rank:
        raise ExecutionError(f"{len(offsets)} offsets for a rank-{source.rank} memref")
    for dim, (o, n, s, limit) in enumerate(
        zip(offsets, sizes, strides, source.sizes, strict=False)
    ):
        if n > 0 and not (0 <= o < limit and 0 <= o + (n - 1) * s < limit):
            mem.report(
                FindingKind.OUT_OF_BOUNDS,
                f"{op.name} (offsets {list(offsets)}, sizes {list(sizes)}, strides "
                f"{list(strides)}) exceeds its source view of sizes {list(source.sizes)} "
                f"in dimension {dim}",
                op,
                source.buffer,
            )
            break
    new_offset = source.offset + sum(
        o * s for o, s in zip(offsets, source.strides, strict=False)
    )
    new_strides = [s * t for s, t in zip(source.strides, strides, strict=False)]
    dropped = dropped_unit_dims(static_sizes, result_type.get_shape())
    view = MemRefView(
        source.buffer,
        new_offset,
        tuple(n for i, n in enumerate(sizes) if i not in dropped),
        tuple(s for i, s in enumerate(new_strides) if i not in dropped),
    )
    mem.check_view_within(source, view, op)
    return view


def expand_view(
    source: MemRefView, reassociation: Attribute, shape: Sequence[int]
) -> MemRefView:
    groups = cast(ArrayAttr[ArrayAttr[IntegerAttr]], reassociation)
    strides: list[int] = [0] * len(shape)
    for src_dim, group in enumerate(groups.data):
        dims = [cast(IntegerAttr, d).value.data for d in group.data]
        if num_elements([shape[d] for d in dims]) != source.sizes[src_dim]:
            raise ExecutionError(
                f"cannot expand dimension {src_dim} of size {source.sizes[src_dim]} "
                f"into {[shape[d] for d in dims]}"
            )
        acc = source.strides[src_dim]
        for d in reversed(dims):
            strides[d] = acc
            acc *= shape[d]
    return MemRefView(source.buffer, source.offset, tuple(shape), tuple(strides))


def collapse_view(source: MemRefView, reassociation: Attribute) -> MemRefView:
    groups = cast(ArrayAttr[ArrayAttr[IntegerAttr]], reassociation)
    sizes = collapsed_shape(source.sizes, reassociation)
    strides: list[int] = []
    for group in groups.data:
        dims = [cast(IntegerAttr, d).value.data for d in group.data]
        real = [d for d in dims if source.sizes[d] != 1]
        for outer, inner in zip(real, real[1:], strict=False):
            if source.strides[outer] != source.strides[inner] * source.sizes[inner]:
                raise ExecutionError(
                    f"cannot collapse non-contiguous dimensions {dims} (sizes "
                    f"{list(source.sizes)}, strides {list(source.strides)})"
                )
        strides.append(source.strides[real[-1]] if real else 1)
    return MemRefView(source.buffer, source.offset, sizes, tuple(strides))


@register_impls
class MemRefFunctions(InterpreterFunctions):
    """The `memref` dialect."""

    @impl(memref.AllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: memref.AllocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = cast(MemRefType, op.memref.type)
        return (
            allocate(interpreter, op, t, args[: len(op.dynamic_sizes)], AllocKind.HEAP),
        )

    @impl(ReallocOp)
    def run_realloc(
        self, interpreter: Interpreter, op: ReallocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """A new heap buffer holding the source's leading elements; frees the source."""
        mem = _interp(interpreter).memory
        source = _view(args[0])
        data = mem.read_array(source, op).reshape(-1)
        init = mem.initialised(source).reshape(-1)
        mem.record_copy(source)
        t = cast(MemRefType, op.result.type)
        view = allocate(interpreter, op, t, args[1:], AllocKind.HEAP)
        count = min(len(data), view.sizes[0] if view.sizes else 0)
        mem.write_all(view, data[:count], op, init[:count])
        mem.free(source, op)
        return (view,)

    @impl(memref.AllocaOp)
    def run_alloca(
        self, interpreter: Interpreter, op: memref.AllocaOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = cast(MemRefType, op.memref.type)
        return (
            allocate(
                interpreter, op, t, args[: len(op.dynamic_sizes)], AllocKind.STACK
            ),
        )

    @impl(memref.AllocaScopeOp)
    def run_alloca_scope(
        self, interpreter: Interpreter, op: memref.AllocaScopeOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        interp = _interp(interpreter)
        frame = interp.frames[-1] if interp.frames else None
        mark = len(frame.stack_buffers) if frame is not None else 0
        try:
            return interpreter.run_ssacfg_region(op.scope, (), "memref.alloca_scope")
        finally:
            if frame is not None:
                interp.memory.release_stack(
                    frame.stack_buffers[mark:], "memref.alloca_scope"
                )
                del frame.stack_buffers[mark:]

    @impl_terminator(memref.AllocaScopeReturnOp)
    def run_alloca_scope_return(
        self,
        interpreter: Interpreter,
        op: memref.AllocaScopeReturnOp,
        args: tuple[Any, ...],
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()

    @impl(memref.DeallocOp)
    def run_dealloc(
        self, interpreter: Interpreter, op: memref.DeallocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        _interp(interpreter).memory.free(_view(args[0]), op)
        return ()

    @impl(memref.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: memref.LoadOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        view, *indices = args
        return (_interp(interpreter).memory.load(_view(view), indices, op),)

    @impl(memref.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: memref.StoreOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, view, *indices = args
        _interp(interpreter).memory.store(_view(view), indices, value, op)
        return ()

    @impl(memref.SubviewOp)
    def run_subview(
        self, interpreter: Interpreter, op: memref.SubviewOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source = _view(args[0])
        n_off, n_size = len(op.offsets), len(op.sizes)
        offsets = mixed_values(op.static_offsets, args[1 : 1 + n_off])
        sizes = mixed_values(op.static_sizes, args[1 + n_off : 1 + n_off + n_size])
        strides = mixed_values(op.static_strides, args[1 + n_off + n_size :])
        static_sizes = int_values(op.static_sizes)
        return (
            make_subview(
                interpreter,
                op,
                source,
                offsets,
                sizes,
                strides,
                static_sizes,
                cast(MemRefType, op.result.type),
            ),
        )

    @impl(memref.ReinterpretCastOp)
    def run_reinterpret_cast(
        self,
        interpreter: Interpreter,
        op: memref.ReinterpretCastOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        source = _view(args[0])
        n_off, n_size = len(op.offsets), len(op.sizes)
        offsets = mixed_values(op.static_offsets, args[1 : 1 + n_off])
        sizes = mixed_values(op.static_sizes, args[1 + n_off : 1 + n_off + n_size])
        strides = mixed_values(op.static_strides, args[1 + n_off + n_size :])
        view = MemRefView(source.buffer, offsets[0], tuple(sizes), tuple(strides))
        _interp(interpreter).memory.check_view_within(source, view, op)
        return (view,)

    @impl(memref.CastOp)
    def run_cast(
        self, interpreter: Interpreter, op: memref.CastOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        view = _view(args[0])
        check_layout(view, op.dest.type, "memref.cast")
        return (view,)

    @impl(memref.MemorySpaceCastOp)
    def run_memory_space_cast(
        self,
        interpreter: Interpreter,
        op: memref.MemorySpaceCastOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        return (_view(args[0]),)

    @impl(memref.AssumeAlignmentOp)
    def run_assume_alignment(
        self,
        interpreter: Interpreter,
        op: memref.AssumeAlignmentOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        return (_view(args[0]),)

    @impl(memref.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: memref.ExpandShapeOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source = _view(args[0])
        _interp(interpreter).memory.check_live(source, op, "takes a view of")
        shape = mixed_values(op.static_output_shape, args[1:])
        return (expand_view(source, op.reassociation, shape),)

    @impl(memref.CollapseShapeOp)
    def run_collapse_shape(
        self,
        interpreter: Interpreter,
        op: memref.CollapseShapeOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        source = _view(args[0])
        _interp(interpreter).memory.check_live(source, op, "takes a view of")
        return (collapse_view(source, op.reassociation),)

    @impl(memref.CopyOp)
    def run_copy(
        self, interpreter: Interpreter, op: memref.CopyOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        source, dest = _view(args[0]), _view(args[1])
        if source.sizes != dest.sizes:
            raise ExecutionError(
                f"copy between shapes {list(source.sizes)} and {list(dest.sizes)}"
            )
        mem = _interp(interpreter).memory
        data = mem.read_array(source, op)
        mem.write_all(dest, data, op, mem.initialised(source))
        mem.record_copy(source)
        return ()

    @impl(memref.DimOp)
    def run_dim(
        self, interpreter: Interpreter, op: memref.DimOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        view, index = _view(args[0]), args[1]
        if not 0 <= index < view.rank:
            raise ExecutionError(f"dimension {index} of a rank-{view.rank} memref")
        return (view.sizes[index],)

    @impl(memref.RankOp)
    def run_rank(
        self, interpreter: Interpreter, op: memref.RankOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (_view(args[0]).rank,)

    @impl(memref.ExtractStridedMetaDataOp)
    def run_extract_strided_metadata(
        self,
        interpreter: Interpreter,
        op: memref.ExtractStridedMetaDataOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        view = _view(args[0])
        base = MemRefView(view.buffer, 0, (), (), is_allocated_base=True)
        return (base, view.offset, *view.sizes, *view.strides)

    @impl(memref.ExtractAlignedPointerAsIndexOp)
    def run_extract_aligned_pointer_as_index(
        self,
        interpreter: Interpreter,
        op: memref.ExtractAlignedPointerAsIndexOp,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        # As in MLIR, the aligned pointer is the buffer's base: every view of one
        # allocation (subviews, casts, its extracted base buffer) gives the same
        # address; the view's offset is not part of it.
        return (_view(args[0]).buffer.address,)

    @impl(memref.GetGlobalOp)
    def run_get_global(
        self, interpreter: Interpreter, op: memref.GetGlobalOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        interp = _interp(interpreter)
        name = cast(SymbolRefAttr, op.name_).string_value()
        if name not in interp.globals:
            glob = interp.lookup_symbol(name)
            if not isinstance(glob, memref.GlobalOp):
                raise ExecutionError(f"@{name} is not a memref.global")
            t = glob.type
            kind = AllocKind.CONSTANT_GLOBAL if glob.constant else AllocKind.GLOBAL
            shape = tuple(t.get_shape())
            data: list[int | float] | None = None
            if isinstance(glob.initial_value, DenseIntOrFPElementsAttr):
                tensor_type = TensorType(t.get_element_type(), shape)
                value = constant_value(glob.initial_value, tensor_type)
                data = list(cast(ArrayValue, value).data)
            interp.globals[name] = interp.memory.allocate(
                t.get_element_type(), shape, kind, glob, data
            )
        return (interp.globals[name],)

    @impl(memref.ViewOp)
    def run_view(
        self, interpreter: Interpreter, op: memref.ViewOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        # A typed buffer stored in the bytes of the i8 source (an arena slot): views
        # at overlapping bytes share memory, as they do once lowered.
        result_type = cast(MemRefType, op.result.type)
        shape = static_shape(result_type, args[2:])
        if any(s < 0 for s in shape):
            raise ExecutionError(f"negative size in {list(shape)}")
        view = _interp(interpreter).memory.place_slot(
            _view(args[0]), args[1], result_type.get_element_type(), shape, op
        )
        return (view,)
