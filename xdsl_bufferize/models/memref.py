"""Models of the `memref` dialect: the region flow of `memref.alloca_scope` and the
view ops (each a view of its operand #0).

(Allocation models of memref ops live in `models/allocation.py`.)
"""

from __future__ import annotations

from xdsl.dialects import memref

from xdsl_bufferize.interfaces.region_branch import (
    SingleEntryModel,
    register_region_branch_model,
)
from xdsl_bufferize.interfaces.view_like import (
    FirstOperandView,
    register_view_like_model,
)

_VIEW_OPS = (
    memref.SubviewOp,
    memref.CastOp,
    memref.ReinterpretCastOp,
    memref.ExpandShapeOp,
    memref.CollapseShapeOp,
    memref.ViewOp,
    memref.MemorySpaceCastOp,
)
"""The memref ops whose memref result is a view of their operand #0."""


def register_memref_models() -> None:
    """Register the models of the `memref` dialect."""
    register_region_branch_model(memref.AllocaScopeOp, SingleEntryModel())
    for op_type in _VIEW_OPS:
        register_view_like_model(op_type, FirstOperandView())
