"""`memref` forms xDSL 0.75 rejects and MLIR accepts, in MLIR's spelling.

* `memref.rank %m : memref<*xf32>`: the rank of an unranked buffer (xDSL's
  `memref.rank` takes ranked ones only); `RankOp` below replaces xDSL's class in its
  dialect (`dialects/upstream.py`) and is still an xDSL `memref.RankOp`; it prints
  MLIR's custom form (xDSL's prints the generic one).
"""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.dialects.builtin import IndexType, MemRefType, UnrankedMemRefType
from xdsl.ir import SSAValue
from xdsl.irdl import base, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import NoMemoryEffect


@irdl_op_definition
class RankOp(memref.RankOp):
    """`memref.rank` of a ranked or unranked buffer."""

    name = "memref.rank"

    source = operand_def(base(MemRefType) | base(UnrankedMemRefType))
    rank = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source attr-dict `:` type($source)"

    def __init__(self, value: SSAValue) -> None:
        super().__init__(operands=[value], result_types=[IndexType()])

    def verify_(self) -> None:
        # Defined so that the verifier irdl_op_definition makes runs this instead
        # of xDSL's (which checks xDSL's narrower operand constraint).
        return
