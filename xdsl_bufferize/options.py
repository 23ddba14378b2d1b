"""The options of the passes, each declared once.

The pass classes of `xdsl_bufferize.transforms` inherit these frozen dataclasses (their
fields are the pass options; `-p 'name{opt-name=value}'` maps hyphens to underscores)
and the Python API (`xdsl_bufferize.bufferize`) takes the same names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from xdsl_bufferize.interfaces.diagnostics import InvalidOptionError

MemcpyOpName = Literal["memref.copy", "linalg.copy", "loops"]
"""The values of the `memcpy-op` option."""
MEMCPY_OPS: tuple[MemcpyOpName, ...] = get_args(MemcpyOpName)
"""The values of `MemcpyOpName`, in order."""


@dataclass(frozen=True)
class OutParamsOptions:
    """The options of `buffer-results-to-out-params` (MLIR's names and defaults)."""

    add_result_attr: bool = False
    """Mark each out-parameter with the unit attribute bufferize.result."""
    hoist_static_allocs: bool = False
    """A statically shaped buffer the function allocates and returns is not
    allocated: the function writes the out-parameter directly."""
    hoist_dynamic_allocs: bool = False
    """Likewise for a dynamically shaped one whose sizes are function arguments
    (each caller allocates it with the sizes it passes)."""


@dataclass(frozen=True)
class StackPromotionOptions:
    """The options of `promote-buffers-to-stack` (MLIR's names and defaults)."""

    max_alloc_size_in_bytes: int = 1024
    """Largest statically sized buffer (in bytes) moved to the stack."""
    max_rank_of_allocated_memref: int = 1
    """Largest rank of a dynamically sized buffer moved to the stack (its sizes must
    all come from memref.rank)."""

    def check_stack_promotion_options(self, pass_name: str) -> None:
        """Refuse negative limits."""
        for option, value in (
            ("max-alloc-size-in-bytes", self.max_alloc_size_in_bytes),
            ("max-rank-of-allocated-memref", self.max_rank_of_allocated_memref),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidOptionError(
                    f"{pass_name}: invalid value '{value}' of option {option} "
                    "(must be a non-negative integer)"
                )
