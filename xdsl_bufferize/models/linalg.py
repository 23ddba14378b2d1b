"""Bufferization models of the `linalg` dialect.

Every linalg structured op is in destination-passing style: it computes into its
`outs` operands and its tensor results are the updated `outs`. One model covers
`linalg.generic` and every named op xDSL defines (elementwise ops, fill, copy,
matmul, transpose, conv and pooling ops, broadcast, reduce):

* an `ins` operand is read; an `outs` operand is written, and read only if the payload
  uses its block argument (a `linalg.fill` or a `linalg.copy` does not read its
  destination, a `linalg.matmul` accumulates into it);
* result `i` is equivalent to `outs[i]` when that operand bufferizes in place;
* the op accesses its operands element by element (so reading and writing the same
  buffer inside the op is harmless) when all its loops are parallel and the operands
  in question are indexed by one and the same permutation map;
* the buffer form is the same op rebuilt on the memrefs of its operands, with the same
  payload region and no results.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from xdsl.dialects.builtin import AffineMapAttr, DenseArrayBase, ShapedType, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
)
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import IRDLOperation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from xdsl_bufferize.dialects.linalg_ext import (
    BatchReduceMatmulOp,
    DotOp,
    MapOp,
    ReduceOp,
)
from xdsl_bufferize.dialects.linalg_named import NAMED_OP_CLASSES
from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)

_INPUTS_OF_SEGMENTS: dict[bytes, int] = {}
"""`ins` count per raw `operandSegmentSizes` payload (a handful of distinct ones)."""


@cache
def _is_structured(op_type: type[Operation]) -> bool:
    return issubclass(op_type, LinalgStructuredOperation)


@cache
def _is_plain_elementwise(op_type: type[Operation]) -> bool:
    """Whether `op_type` is a named elementwise op with xDSL's default iterator
    types (all parallel) and indexing maps (one identity map per operand)."""
    return (
        issubclass(op_type, ElementwiseOperation)
        and op_type.get_iterator_types is ElementwiseOperation.get_iterator_types
        and op_type.get_indexing_maps is ElementwiseOperation.get_indexing_maps
        and op_type.get_default_indexing_maps
        is ElementwiseOperation.get_default_indexing_maps
    )


def num_dps_inputs(op: Operation) -> int:
    """How many leading operands are `ins` (the rest, up to the DPS inits, `outs`)."""
    if not _is_structured(type(op)):
        # linalg.broadcast, linalg.reduce, linalg.map: every operand but the last is
        # an input.
        return len(op.operands) - 1
    # Decoding the segment sizes through the `inputs` accessor costs more than the
    # rest of a model query: decode each distinct payload once.
    segments = op.properties.get("operandSegmentSizes")
    if isinstance(segments, DenseArrayBase):
        raw = segments.data.data
        count = _INPUTS_OF_SEGMENTS.get(raw)
        if count is None:
            count = int(segments.get_values()[0])
            _INPUTS_OF_SEGMENTS[raw] = count
        return count
    assert isinstance(op, LinalgStructuredOperation)
    return len(op.inputs)


def is_dps_init(op: Operation, index: int) -> bool:
    """Whether operand `index` of a linalg op is one of its `outs`."""
    return index >= num_dps_inputs(op)


def payload_block(op: Operation) -> Block:
    """The payload block: one argument per operand (ins then outs)."""
    return op.regions[0].block


def indexing_maps(op: Operation) -> list[AffineMap] | None:
    """The indexing map of each operand, if the op states them."""
    if isinstance(op, LinalgStructuredOperation):
        maps: Sequence[AffineMapAttr] = op.get_indexing_maps().data
        return [m.data for m in maps]
    return None


def all_loops_parallel(op: Operation) -> bool:
    """Whether every loop of a structured op is parallel."""
    if isinstance(op, LinalgStructuredOperation):
        return all(
            it.data == IteratorType.PARALLEL for it in op.get_iterator_types().data
        )
    return False


def is_permutation(affine_map: AffineMap) -> bool:
    """Whether the map sends its dims to its results one-to-one."""
    positions: list[int] = []
    for expr in affine_map.results:
        position = getattr(expr, "position", None)
        if not isinstance(position, int):
            return False
        positions.append(position)
    return sorted(positions) == list(range(affine_map.num_dims))


class LinalgDpsOpModel(BufferizableOpModel):
    """Any linalg structured op: becomes the same op on memrefs; `ins` read, `outs`
    written (and read if the payload uses them), result i equivalent to outs i."""

    state_independent: ClassVar[bool] = True
    """Aliasing and write answers depend on the op alone (the analysis may reuse
    them)."""

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        if not is_dps_init(op, operand.index):
            return True
        # linalg.map's payload has no argument for its init: it never reads it.
        args = payload_block(op).args
        return operand.index < len(args) and args[operand.index].first_use is not None

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return is_dps_init(op, operand.index)

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        if not is_dps_init(op, operand.index):
            return ()
        result_index = operand.index - num_dps_inputs(op)
        if result_index >= len(op.results):
            return ()
        return (AliasingValue(op.results[result_index], BufferRelation.EQUIVALENT),)

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        # The inverse of `get_aliasing_values`: result i aliases outs i.
        if not isinstance(value, OpResult) or value.op is not op:
            return []
        index = num_dps_inputs(op) + value.index
        operands = op.operands
        if index >= len(operands) or not isinstance(operands[index].type, TensorType):
            return []
        return [
            AliasingOpOperand(OpOperand(op, index), BufferRelation.EQUIVALENT, True)
        ]

    def bufferizes_to_elementwise_access(
        self, op: Operation, operands: Sequence[OpOperand]
    ) -> bool:
        if isinstance(op, MapOp):
            return True
        if _is_plain_elementwise(type(op)) and all(
            isinstance(t, ShapedType) for t in op.operand_types
        ):
            # Every loop parallel, every operand indexed by the identity map of
            # the first operand's rank: what the general test below finds.
            return True
        if not all_loops_parallel(op):
            return False
        maps = indexing_maps(op)
        if maps is None:
            return False
        chosen = [maps[operand.index] for operand in operands]
        return all(m == chosen[0] and is_permutation(m) for m in chosen)

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        assert isinstance(op, IRDLOperation)
        new_operands = [
            state.get_buffer(rewriter, value)
            if isinstance(value.type, TensorType)
            else value
            for value in op.operands
        ]
        buffers = new_operands[num_dps_inputs(op) :]
        regions = [op.detach_region(region) for region in tuple(op.regions)]
        new_op = type(op).create(
            operands=new_operands,
            result_types=[],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=regions,
        )
        rewriter.insert(new_op, InsertPoint.before(op))
        replacements: list[SSAValue] = buffers[: len(op.results)]
        state.replace_op_with_bufferized_values(rewriter, op, replacements)


LINALG_DPS_OPS: tuple[type[Operation], ...] = (
    linalg.GenericOp,
    linalg.AddOp,
    linalg.ExpOp,
    linalg.LogOp,
    linalg.SubOp,
    linalg.SqrtOp,
    linalg.SelectOp,
    linalg.FillOp,
    linalg.CopyOp,
    linalg.MaxOp,
    linalg.MinOp,
    linalg.MulOp,
    linalg.TransposeOp,
    linalg.MatmulOp,
    linalg.QuantizedMatmulOp,
    linalg.PoolingNchwMaxOp,
    linalg.Conv2DNchwFchwOp,
    linalg.Conv2DNgchwFgchwOp,
    linalg.Conv2DNgchwGfchwOp,
    linalg.Conv2DNhwc_FhwcOp,
    linalg.Conv2DNhwc_HwcfOp,
    linalg.Conv2DNhwgcGfhwcOp,
    linalg.BroadcastOp,
    linalg.ReduceOp,
    MapOp,
    DotOp,
    BatchReduceMatmulOp,
    ReduceOp,
    *NAMED_OP_CLASSES.values(),
)
"""Every linalg op with tensor semantics (all but yield and index): xDSL 0.75's and
those `dialects/linalg_ext.py` and `dialects/linalg_named.py` add to its dialect (or
put in place of xDSL's)."""


def register_linalg_models() -> None:
    """Register the bufferization model of every linalg structured op."""
    model = LinalgDpsOpModel()
    for op_type in LINALG_DPS_OPS:
        register_bufferizable_model(op_type, model)
