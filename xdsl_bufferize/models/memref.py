"""Models of the `memref` dialect: the region flow of `memref.alloca_scope`.

(Allocation models of memref ops live in `models/allocation.py`.)
"""

from __future__ import annotations

from xdsl.dialects import memref

from xdsl_bufferize.interfaces.region_branch import (
    SingleEntryModel,
    register_region_branch_model,
)


def register_memref_models() -> None:
    """Register the models of the `memref` dialect."""
    register_region_branch_model(memref.AllocaScopeOp, SingleEntryModel())
