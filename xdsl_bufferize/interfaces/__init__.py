"""Interfaces of xdsl-bufferize: the protocols analyses ask and the registries that
attach their models to op classes (MLIR's external models).

Each module holds one interface (`allocation`, `bufferizable`, `region_branch`,
`branch`, `view_like`, `subset_insertion`); the names most users need are exported here.
"""

from xdsl_bufferize.interfaces.allocation import (
    AllocationModel,
    AllocationOpInterface,
    HoistingKind,
    allocation_interface,
    register_allocation_model,
    registered_allocation_model,
    unregister_allocation_model,
)
from xdsl_bufferize.interfaces.region_branch import (
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    region_branch_model,
    region_entry_edges,
    region_exit_edges,
    register_region_branch_model,
    unregister_region_branch_model,
)

__all__ = [
    "AllocationModel",
    "AllocationOpInterface",
    "HoistingKind",
    "allocation_interface",
    "register_allocation_model",
    "registered_allocation_model",
    "unregister_allocation_model",
    "LoopKind",
    "RegionBranchModel",
    "RegionEdge",
    "region_branch_model",
    "region_entry_edges",
    "region_exit_edges",
    "register_region_branch_model",
    "unregister_region_branch_model",
]
