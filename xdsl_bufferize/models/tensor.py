"""Bufferization models of the `tensor` dialect (and of `tensor_ext.generate`).

Each model answers, for one op, what its buffer form reads and writes and which
results share memory with which operand, and rewrites the op to memref form:

* `cast` reads and writes nothing; its result is equivalent to the source buffer
  (`memref.cast`, strided layout computed from the buffer type of the source). The
  slicing ops (`extract_slice`, `insert_slice`) have their models in
  `tensor_slice`, the reshaping ops (`collapse_shape`, `expand_shape`, `reshape`)
  in `tensor_reshape`;
* element accesses (`extract`, `insert`, `dim`) become `memref.load` / `memref.store` /
  `memref.dim`; `insert` writes its destination in place, its result is equivalent;
* ops creating a tensor from scratch (`empty`, `from_elements`, `splat`, `generate`,
  `pad`, `concat`) bufferize to a new allocation, filled by stores, a loop nest
  running the body, `linalg.fill` or copies into subviews.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from xdsl.dialects import arith, memref, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    NoneAttr,
    UnrankedTensorType,
)
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.dialects.tensor_ext import GenerateOp, ParallelInsertSliceOp
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    NoMemoryAccessModel,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.interfaces.subset_insertion import (
    register_subset_insertion_model,
)
from xdsl_bufferize.models.tensor_reshape import (
    CollapseShapeOpModel,
    ExpandShapeOpModel,
    ReshapeOpModel,
)
from xdsl_bufferize.models.tensor_slice import (
    ExtractSliceOpModel,
    InsertSliceOpModel,
    InsertSliceSubsetModel,
    ParallelInsertSliceOpModel,
)
from xdsl_bufferize.utils.indices import (
    Mixed,
    as_value,
    buffer_sizes,
    build_copy,
    build_index,
    build_loop_nest,
    build_subview,
    dynamic_sizes_of,
    mixed_values,
    tensor_type_of,
)
from xdsl_bufferize.utils.ir import BufferType, unranked_buffer_type
from xdsl_bufferize.utils.memref_layout import (
    has_identity_layout,
    make_memref_type,
    strides_and_offset,
)

# ---------------------------------------------------------------------------
# Models.
# ---------------------------------------------------------------------------


class _AllocatingModel(BufferizableOpModel):
    """Base for ops whose result is a new buffer; their tensor operands are only
    read."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferizes_to_allocation(self, op: Operation, value: SSAValue) -> bool:
        return value in op.results


class EmptyOpModel(_AllocatingModel):
    """tensor.empty: becomes a new allocation (memref.alloc), or nothing if unused;
    its contents are undefined."""

    def result_bufferizes_to_memory_write(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.EmptyOp)
        if not op.tensor.uses:
            rewriter.erase(op)
            return
        buffer = state.allocate(
            rewriter, tensor_type_of(op.tensor), list(op.dynamic_sizes)
        )
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class ExtractOpModel(BufferizableOpModel):
    """tensor.extract: becomes memref.load; reads its tensor."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ExtractOp)
        buffer = state.get_buffer(rewriter, op.tensor)
        load = memref.LoadOp.get(buffer, list(op.indices))
        rewriter.insert(load, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [load.res])


class InsertOpModel(BufferizableOpModel):
    """tensor.insert: becomes memref.store into its dest, in place; the result is
    equivalent to the dest."""

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.InsertOp)
        if operand.value is op.dest and operand.index == 1:
            return (AliasingValue(op.result, BufferRelation.EQUIVALENT),)
        return ()

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.InsertOp)
        buffer = state.get_buffer(rewriter, op.dest)
        store = memref.StoreOp.get(op.scalar, buffer, list(op.indices))
        rewriter.insert(store, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class DimOpModel(NoMemoryAccessModel):
    """tensor.dim: becomes memref.dim; reads only the shape, not the contents
    (ranked or unranked)."""

    supports_unranked = True

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.DimOp)
        buffer = state.get_buffer(rewriter, op.source)
        dim = memref.DimOp(buffer, op.index)
        rewriter.insert(dim, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [dim.result])


class CastOpModel(NoMemoryAccessModel):
    """tensor.cast: becomes memref.cast; the result is equivalent to the source.
    Ranked to unranked gives `memref<*xT>`; unranked to ranked the fully dynamic
    layout (nothing is known of the buffer's strides), as in MLIR."""

    supports_unranked = True

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        assert isinstance(op, tensor.CastOp)
        return (AliasingValue(op.dest, BufferRelation.EQUIVALENT),)

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> BufferType | None:
        assert isinstance(op, tensor.CastOp)
        dest_type = op.dest.type
        if isinstance(dest_type, UnrankedTensorType) or isinstance(
            op.source.type, UnrankedTensorType
        ):
            space = state.get_base_buffer_type(op.source).memory_space
            if isinstance(dest_type, UnrankedTensorType):
                return unranked_buffer_type(dest_type, space)  # pyright: ignore[reportUnknownArgumentType]
            ranked = tensor_type_of(op.dest)
            shape = ranked.get_shape()
            strides = [None] * len(shape)
            return make_memref_type(
                ranked.get_element_type(), shape, strides, None, space
            )
        source_type = state.get_buffer_type(op.source)
        result_type = tensor_type_of(op.dest)
        shape = result_type.get_shape()
        if has_identity_layout(source_type) and (
            DYNAMIC_INDEX not in source_type.get_shape()
            or isinstance(source_type.layout, NoneAttr)
        ):
            return make_memref_type(
                result_type.get_element_type(),
                shape,
                None,
                0,
                source_type.memory_space,
            )
        strides, offset = strides_and_offset(source_type)
        return make_memref_type(
            result_type.get_element_type(),
            shape,
            strides,
            offset,
            source_type.memory_space,
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.CastOp)
        source = state.get_buffer(rewriter, op.source)
        result_type = self.buffer_type(op, op.dest, state)
        assert result_type is not None
        if result_type == source.type:
            state.replace_op_with_bufferized_values(rewriter, op, [source])
            return
        cast_op = memref.CastOp.get(source, result_type)
        rewriter.insert(cast_op, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [cast_op.dest])


class FromElementsOpModel(_AllocatingModel):
    """tensor.from_elements: becomes a new allocation and one memref.store per
    element."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.FromElementsOp)
        result_type = tensor_type_of(op.result)
        shape = result_type.get_shape()
        buffer = state.allocate(rewriter, result_type, [])
        constants: dict[int, SSAValue] = {}

        def index(value: int) -> SSAValue:
            if value not in constants:
                constants[value] = build_index(rewriter, op, value)
            return constants[value]

        for flat, element in enumerate(op.elements):
            indices: list[SSAValue] = []
            rest = flat
            for size in reversed(shape):
                indices.append(index(rest % size))
                rest //= size
            store = memref.StoreOp.get(element, buffer, list(reversed(indices)))
            rewriter.insert(store, InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class SplatOpModel(_AllocatingModel):
    """tensor.splat: becomes a new allocation filled with linalg.fill."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.SplatOp)
        buffer = state.allocate(
            rewriter, tensor_type_of(op.result), list(op.dynamicSizes)
        )
        rewriter.insert(FillOp([op.input], [buffer], []), InsertPoint.before(op))
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


def _inline_element_body(
    rewriter: PatternRewriter,
    region_op: Operation,
    buffer: SSAValue,
    upper_bounds: Sequence[SSAValue],
    store_indices: Callable[[list[SSAValue]], list[SSAValue]] | None = None,
) -> None:
    """Move the single-block body of `region_op` (one index argument per dim,
    ending in tensor.yield) into a loop nest over `upper_bounds`, storing each
    yielded value into `buffer`."""
    block = region_op.regions[0].block

    def body(rw: PatternRewriter, before: Operation, ivs: list[SSAValue]) -> None:
        yield_op = block.last_op
        assert isinstance(yield_op, tensor.YieldOp)
        rw.inline_block(block, InsertPoint.before(before), ivs)
        indices = store_indices(ivs) if store_indices is not None else ivs
        store = memref.StoreOp.get(yield_op.arguments[0], buffer, indices)
        rw.replace(yield_op, store, [])

    build_loop_nest(rewriter, region_op, upper_bounds, body)


class GenerateOpModel(_AllocatingModel):
    """tensor_ext.generate: becomes a new allocation and a scf.for nest running the
    body at each index and storing what it yields."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, GenerateOp)
        result_type = tensor_type_of(op.result)
        buffer = state.allocate(rewriter, result_type, list(op.dynamic_extents))
        dynamic = iter(op.dynamic_extents)
        bounds = [
            next(dynamic) if size == DYNAMIC_INDEX else build_index(rewriter, op, size)
            for size in result_type.get_shape()
        ]
        _inline_element_body(rewriter, op, buffer, bounds)
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class PadOpModel(_AllocatingModel):
    """tensor.pad: becomes a new allocation, filled with the padding value
    (linalg.fill, or the body run per element), then the source copied into its
    interior subview."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.PadOp)
        result_type = tensor_type_of(op.result)
        source = state.get_buffer(rewriter, op.source)
        low = mixed_values(op.static_low, op.low)
        high = mixed_values(op.static_high, op.high)
        source_sizes = buffer_sizes(rewriter, op, source)
        result_sizes: list[Mixed] = []
        for lo, hi, size, result_size in zip(
            low, high, source_sizes, result_type.get_shape(), strict=True
        ):
            if result_size != DYNAMIC_INDEX:
                result_sizes.append(result_size)
                continue
            total = as_value(rewriter, op, size)
            for pad in (lo, hi):
                add = arith.AddiOp(total, as_value(rewriter, op, pad))
                rewriter.insert(add, InsertPoint.before(op))
                total = add.result
            result_sizes.append(total)
        buffer = state.allocate(
            rewriter,
            result_type,
            dynamic_sizes_of(rewriter, op, result_type.get_shape(), result_sizes),
        )
        block = op.region.block
        yield_op = block.last_op
        assert isinstance(yield_op, tensor.YieldOp)
        padding = yield_op.arguments[0]
        defined_inside = (
            isinstance(padding, BlockArgument) and padding.block is block
        ) or (isinstance(padding, OpResult) and padding.op.parent_block() is block)
        if not defined_inside:
            # The padding value is defined outside the body: a plain fill.
            rewriter.insert(FillOp([padding], [buffer], []), InsertPoint.before(op))
        else:
            bounds = [as_value(rewriter, op, s) for s in result_sizes]
            _inline_element_body(rewriter, op, buffer, bounds)
        interior = build_subview(
            rewriter,
            op,
            buffer,
            low,
            source_sizes,
            [1] * len(low),
            cast(MemRefType[Attribute], source.type).get_shape(),
        )
        build_copy(rewriter, op, source, interior)
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


class ConcatOpModel(_AllocatingModel):
    """tensor.concat: becomes a new allocation and one memref.copy per input into
    its subview along the concatenated dimension."""

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, tensor.ConcatOp)
        result_type = tensor_type_of(op.result)
        concat_dim = op.dim.value.data
        buffers = [state.get_buffer(rewriter, v) for v in op.inputs]
        first_sizes = buffer_sizes(rewriter, op, buffers[0])
        result_sizes: list[Mixed] = []
        all_sizes = [first_sizes] + [buffer_sizes(rewriter, op, b) for b in buffers[1:]]
        for dim, size in enumerate(result_type.get_shape()):
            if size != DYNAMIC_INDEX:
                result_sizes.append(size)
            elif dim != concat_dim:
                result_sizes.append(first_sizes[dim])
            else:
                total = as_value(rewriter, op, all_sizes[0][dim])
                for sizes in all_sizes[1:]:
                    add = arith.AddiOp(total, as_value(rewriter, op, sizes[dim]))
                    rewriter.insert(add, InsertPoint.before(op))
                    total = add.result
                result_sizes.append(total)
        buffer = state.allocate(
            rewriter,
            result_type,
            dynamic_sizes_of(rewriter, op, result_type.get_shape(), result_sizes),
        )
        offset: Mixed = 0
        rank = len(result_type.get_shape())
        for input_buffer, sizes in zip(buffers, all_sizes, strict=True):
            offsets: list[Mixed] = [0] * rank
            offsets[concat_dim] = offset
            target = build_subview(
                rewriter,
                op,
                buffer,
                offsets,
                sizes,
                [1] * rank,
                cast(MemRefType[Attribute], input_buffer.type).get_shape(),
            )
            build_copy(rewriter, op, input_buffer, target)
            step = sizes[concat_dim]
            if isinstance(offset, int) and isinstance(step, int):
                offset = offset + step
            else:
                add = arith.AddiOp(
                    as_value(rewriter, op, offset), as_value(rewriter, op, step)
                )
                rewriter.insert(add, InsertPoint.before(op))
                offset = add.result
        state.replace_op_with_bufferized_values(rewriter, op, [buffer])


def register_tensor_models() -> None:
    """Register the bufferization models of the tensor dialect (and
    tensor_ext.generate)."""
    register_bufferizable_model(tensor.EmptyOp, EmptyOpModel())
    register_bufferizable_model(tensor.ExtractOp, ExtractOpModel())
    register_bufferizable_model(tensor.InsertOp, InsertOpModel())
    register_bufferizable_model(tensor.ExtractSliceOp, ExtractSliceOpModel())
    register_bufferizable_model(tensor.InsertSliceOp, InsertSliceOpModel())
    register_subset_insertion_model(tensor.InsertSliceOp, InsertSliceSubsetModel())
    register_bufferizable_model(ParallelInsertSliceOp, ParallelInsertSliceOpModel())
    register_subset_insertion_model(ParallelInsertSliceOp, InsertSliceSubsetModel())
    register_bufferizable_model(tensor.DimOp, DimOpModel())
    register_bufferizable_model(tensor.CastOp, CastOpModel())
    register_bufferizable_model(tensor.FromElementsOp, FromElementsOpModel())
    register_bufferizable_model(tensor.SplatOp, SplatOpModel())
    register_bufferizable_model(GenerateOp, GenerateOpModel())
    register_bufferizable_model(tensor.PadOp, PadOpModel())
    register_bufferizable_model(tensor.ConcatOp, ConcatOpModel())
    register_bufferizable_model(tensor.CollapseShapeOp, CollapseShapeOpModel())
    register_bufferizable_model(tensor.ExpandShapeOp, ExpandShapeOpModel())
    register_bufferizable_model(tensor.ReshapeOp, ReshapeOpModel())
