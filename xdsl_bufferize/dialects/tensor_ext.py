"""`tensor_ext`: tensor ops that xDSL 0.75's `tensor` dialect lacks.

xDSL refuses a second dialect named `tensor`, and an op is only found by the parser
through the dialect named by its prefix, so an op spelled `tensor.generate` cannot be
added from outside xDSL. The op lives in our own namespace instead and is spelled
`tensor_ext.generate`; its body and syntax are MLIR's `tensor.generate` (it ends with
xDSL's `tensor.yield`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, TensorType
from xdsl.ir import Attribute, Dialect, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import RecursiveMemoryEffect
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class GenerateOp(IRDLOperation):
    """A tensor whose element at each index is the value the body yields for it
    (MLIR's `tensor.generate`); one index operand per dynamic dimension."""

    name = "tensor_ext.generate"

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


TensorExt = Dialect("tensor_ext", [GenerateOp], [])
"""Tensor ops missing from xDSL, in our own namespace."""
