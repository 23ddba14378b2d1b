"""interfaces of xdsl-bufferize."""

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
    RegionBranchModel,
    RegionEdge,
    region_branch_model,
    region_entry_edges,
    region_exit_edges,
    register_region_branch_model,
    unregister_region_branch_model,
)

# Names of AllocationOpInterface and the region-branch registry (extend, do not replace).
__all__ = [
    "AllocationModel",
    "AllocationOpInterface",
    "HoistingKind",
    "allocation_interface",
    "register_allocation_model",
    "registered_allocation_model",
    "unregister_allocation_model",
    "RegionBranchModel",
    "RegionEdge",
    "region_branch_model",
    "region_entry_edges",
    "region_exit_edges",
    "register_region_branch_model",
    "unregister_region_branch_model",
]
