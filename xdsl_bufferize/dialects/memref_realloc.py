"""`memref.realloc`, which xDSL 0.75's `memref` dialect lacks, in MLIR's spelling
(added to xDSL's `memref` dialect by `dialects/upstream.py`).

Semantics (MLIR's): the result is a new heap buffer of the result type holding the source's
elements (as many as fit); the source buffer is freed (consumed) by the op.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import (
    MemoryAllocEffect,
    MemoryFreeEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
)
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class ReallocOp(IRDLOperation):
    """memref.realloc: a new buffer holding the source's elements; frees the source."""

    name = "memref.realloc"

    source = operand_def(MemRefType)
    dynamic_result_size = opt_operand_def(IndexType)
    alignment = opt_prop_def(IntegerAttr)
    result = result_def(MemRefType)

    traits = traits_def(
        MemoryAllocEffect(), MemoryFreeEffect(), MemoryReadEffect(), MemoryWriteEffect()
    )

    irdl_options = (ParsePropInAttrDict(),)

    assembly_format = (
        "$source (`(` $dynamic_result_size^ `)`)? attr-dict "
        "`:` type($source) `to` type($result)"
    )

    def __init__(
        self,
        source: SSAValue,
        result_type: Attribute,
        dynamic_result_size: SSAValue | None = None,
    ):
        super().__init__(
            operands=[
                source,
                [] if dynamic_result_size is None else [dynamic_result_size],
            ],
            result_types=[result_type],
        )

    def verify_(self) -> None:
        source, result = self.source.type, self.result.type
        assert isinstance(source, MemRefType) and isinstance(result, MemRefType)
        if source.get_num_dims() != 1 or result.get_num_dims() != 1:
            raise VerifyException("memref.realloc: source and result must be 1-D")
        if source.element_type != result.element_type:
            raise VerifyException("memref.realloc: element types differ")
        dynamic = result.get_shape()[0] < 0
        if dynamic != (self.dynamic_result_size is not None):
            raise VerifyException(
                "memref.realloc: a dynamic result size needs exactly one size operand"
            )
