"""Tensor ops that xDSL 0.75's `tensor` dialect lacks, in MLIR's spelling.

* `tensor.generate` (MLIR's syntax; the body ends with xDSL's `tensor.yield`), also
  accepted as `tensor_ext.generate`, the name it had before xDSL's own dialect could be
  extended (`dialects/upstream.py` adds the `tensor.` ops to xDSL's `tensor` dialect;
  `tensor_ext` is our own small dialect holding the alias);
* `tensor.parallel_insert_slice`: the piece an `scf.forall` iteration writes into a
  shared output; it sits in `scf.forall.in_parallel` and has no result (the loop's
  result is the output with every iteration's pieces inserted);
* `tensor.rank %t : tensor<*xf32>`: the rank of a (ranked or unranked) tensor, an
  index;
* `tensor.pad` with MLIR's verifier (`PadOp` below replaces xDSL's class): the result
  type may be more static than the one inferred from the source and the pad amounts
  (`low[%c0, %n] high[%c0, %c0] : tensor<1x?xf32> to tensor<1x?xf32>`, where
  xDSL's verifier asks one dynamic result dimension per dynamic amount).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseArrayBase,
    IndexType,
    TensorType,
    UnrankedTensorType,
    i64,
)
from xdsl.dialects.utils.dynamic_index_list import (
    DynamicIndexList,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Dialect, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import HasParent, NoMemoryEffect, RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException

from xdsl_bufferize.dialects.scf_forall import ForallOp, InParallelOp


@irdl_op_definition
class GenerateOp(IRDLOperation):
    """A tensor whose element at each index is the value the body yields for it
    (MLIR's `tensor.generate`); one index operand per dynamic dimension."""

    name = "tensor.generate"

    dynamic_extents = var_operand_def(IndexType)
    body = region_def("single_block")
    result = result_def(TensorType)

    traits = traits_def(RecursiveMemoryEffect())

    assembly_format = "$dynamic_extents $body attr-dict `:` type($result)"

    def __init__(
        self,
        dynamic_extents: Sequence[SSAValue],
        body: Region,
        result_type: TensorType[Attribute],
    ):
        super().__init__(
            operands=[dynamic_extents], regions=[body], result_types=[result_type]
        )

    def verify_(self) -> None:
        result_type = self.result.type
        assert isinstance(result_type, TensorType)
        shape = result_type.get_shape()
        if shape.count(DYNAMIC_INDEX) != len(self.dynamic_extents):
            raise VerifyException(
                f"{self.name}: must have as many index operands as dynamic extents "
                f"in the result type ({shape.count(DYNAMIC_INDEX)}), got "
                f"{len(self.dynamic_extents)}"
            )
        block = self.body.block
        if len(block.args) != len(shape) or any(
            not isinstance(arg.type, IndexType) for arg in block.args
        ):
            raise VerifyException(
                f"{self.name}: body must have one index argument per dimension "
                f"({len(shape)})"
            )
        terminator = block.last_op
        if not isinstance(terminator, tensor.YieldOp) or len(terminator.arguments) != 1:
            raise VerifyException(
                f"{self.name}: body must end with a tensor.yield of one value"
            )
        if terminator.arguments[0].type != result_type.get_element_type():
            raise VerifyException(
                f"{self.name}: body yields {terminator.arguments[0].type}, expected "
                f"the element type {result_type.get_element_type()}"
            )


class ExtGenerateOp(GenerateOp):
    """`tensor_ext.generate`: the former spelling of `tensor.generate`, still accepted."""

    name = "tensor_ext.generate"


@irdl_op_definition
class ParallelInsertSliceOp(IRDLOperation):
    """`tensor.parallel_insert_slice`: inside `scf.forall.in_parallel`, insert `source`
    into the shared output `dest` at offsets/sizes/strides (MLIR's op)."""

    name = "tensor.parallel_insert_slice"

    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = traits_def(HasParent(InParallelOp))

    assembly_format = (
        "$source `into` $dest ``"
        "custom<DynamicIndexList>($offsets, $static_offsets)"
        "custom<DynamicIndexList>($sizes, $static_sizes)"
        "custom<DynamicIndexList>($strides, $static_strides)"
        "attr-dict `:` type($source) `into` type($dest)"
    )

    custom_directives = (DynamicIndexList,)

    def verify_(self) -> None:
        for static, dynamic, what in (
            (self.static_offsets, self.offsets, "offset"),
            (self.static_sizes, self.sizes, "size"),
            (self.static_strides, self.strides, "stride"),
        ):
            verify_dynamic_index_list(
                static.get_values(), dynamic, DYNAMIC_INDEX, f" in the {what} arguments"
            )
        forall = self.parent_op()
        forall = forall.parent_op() if forall is not None else None
        if not isinstance(forall, ForallOp) or self.dest not in forall.region_out_args:
            raise VerifyException(
                f"{self.name}: the destination must be a shared output of the "
                "enclosing scf.forall"
            )


@irdl_op_definition
class RankOp(IRDLOperation):
    """`tensor.rank`: the number of dimensions of a tensor (ranked or unranked)."""

    name = "tensor.rank"

    tensor = operand_def(base(TensorType) | base(UnrankedTensorType))
    rank = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$tensor attr-dict `:` type($tensor)"

    def __init__(self, value: SSAValue) -> None:
        super().__init__(operands=[value], result_types=[IndexType()])


class PadOp(tensor.PadOp):
    """xDSL's `tensor.pad` verified as MLIR does: each result dimension is the one
    inferred from the source and the pad amounts, or a static size where the
    inferred one is dynamic (a dynamic amount whose value the producer knows)."""

    name = "tensor.pad"

    def verify_(self) -> None:
        source_type = self.source.type
        result_type = self.result.type
        assert isinstance(source_type, TensorType)
        assert isinstance(result_type, TensorType)
        low = self.static_low.get_values()
        high = self.static_high.get_values()
        source_shape = source_type.get_shape()
        if not len(low) == len(high) == len(source_shape):
            raise VerifyException(
                f"expected one low and one high pad amount per source dimension "
                f"({len(source_shape)}), got {len(low)} and {len(high)}"
            )
        for label, static, dynamic in (
            ("low", low, self.low),
            ("high", high, self.high),
        ):
            verify_dynamic_index_list(
                static, dynamic, DYNAMIC_INDEX, f" in the {label} pad amounts"
            )
        inferred = [
            DYNAMIC_INDEX if DYNAMIC_INDEX in (lo, size, hi) else lo + size + hi
            for lo, size, hi in zip(low, source_shape, high, strict=True)
        ]
        result_shape = result_type.get_shape()
        if len(result_shape) != len(inferred) or any(
            want != DYNAMIC_INDEX and want != got
            for want, got in zip(inferred, result_shape, strict=True)
        ):
            shown = "x".join("?" if d == DYNAMIC_INDEX else str(d) for d in inferred)
            raise VerifyException(
                f"specified type {result_type} does not match the inferred type "
                f"tensor<{shown}x{source_type.get_element_type()}>"
            )
        block = self.region.block
        if len(block.args) != len(source_shape) or any(
            not isinstance(arg.type, IndexType) for arg in block.args
        ):
            raise VerifyException(
                f"expected the block to have {len(source_shape)} index arguments"
            )


TensorExt = Dialect("tensor_ext", [ExtGenerateOp], [])
"""Our own namespace: the `tensor_ext.generate` alias."""
