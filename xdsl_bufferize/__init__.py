"""xdsl-bufferize: bufferization, buffer deallocation and a memory-checking executor for xDSL.

The Python API runs the passes in-process on a parsed module:

* `bufferize(module, **options)` -- what `comprehensive-bufferize` does: one-shot
  bufferization across function boundaries, buffer deallocation and clean-up. The
  keyword options are the pass options with underscores
  (`bufferize(m, modify_public_functions=True, cleanup=False)`).
* `deallocate(module)` -- the `buffer-deallocation` pass alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp

    from xdsl_bufferize.transforms.buffer_deallocation import DeallocationStatistics


def bufferize(module: ModuleOp, ctx: Context | None = None, **options: Any) -> None:
    """Bufferize `module` in place, as the `comprehensive-bufferize` pass does.

    Raises `TypeError` for an unknown option and `PassFailedException` (with the
    offending op) when the module cannot be bufferized.
    """
    from xdsl.context import Context

    from xdsl_bufferize.transforms.comprehensive_bufferize import (
        ComprehensiveBufferizePass,
    )

    ComprehensiveBufferizePass(**options).apply(ctx or Context(), module)


def deallocate(module: ModuleOp) -> DeallocationStatistics:
    """Insert the frees (and the few clones) every heap buffer of `module` needs."""
    from xdsl_bufferize.transforms.buffer_deallocation import (
        deallocate as _deallocate,
    )

    return _deallocate(module)


__all__ = ["bufferize", "deallocate"]
