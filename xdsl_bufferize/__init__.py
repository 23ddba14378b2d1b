"""xdsl-bufferize: bufferization, buffer deallocation and a memory-checking executor for xDSL.

The Python API runs the passes in-process on a parsed module:

* `bufferize(module, ctx, options, **overrides)` -- what `comprehensive-bufferize`
  does: one-shot bufferization across function boundaries, buffer deallocation and
  clean-up. The options are the pass options with underscores, declared once in
  `ComprehensiveBufferizeOptions` (typed: `Literal` types for the enumerated ones),
  given as that object or as keyword arguments
  (`bufferize(m, modify_public_functions=True, memcpy_op="linalg.copy")`); a value
  the pass does not accept raises `InvalidOptionError` before anything runs.
* `deallocate(module)` -- the `buffer-deallocation` pass alone.

Both raise `BufferizationError` (a `PassFailedException`) when the module cannot be
handled; its `op` is the op at fault and `function` the name of its function.

The pass classes themselves (`ComprehensiveBufferizePass`, `OneShotBufferizePass`,
`BufferDeallocationPass`, `ConvertBufferizationToMemrefPass`, ...) are importable
from their modules under `xdsl_bufferize.transforms` (e.g.
`xdsl_bufferize.transforms.comprehensive_bufferize`) for building an xDSL
`PassPipeline`; the README shows how.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp

    from xdsl_bufferize.interfaces.diagnostics import (
        BufferizationError,
        InvalidOptionError,
    )
    from xdsl_bufferize.options import (
        AnalysisHeuristicName,
        ComprehensiveBufferizeOptions,
        LayoutMapName,
        MemcpyOpName,
    )
    from xdsl_bufferize.transforms.buffer_deallocation import DeallocationStatistics

_LAZY = {
    "BufferizationError": "xdsl_bufferize.interfaces.diagnostics",
    "InvalidOptionError": "xdsl_bufferize.interfaces.diagnostics",
    "AnalysisHeuristicName": "xdsl_bufferize.options",
    "ComprehensiveBufferizeOptions": "xdsl_bufferize.options",
    "LayoutMapName": "xdsl_bufferize.options",
    "MemcpyOpName": "xdsl_bufferize.options",
}
"""Names of the API imported on first use: importing the package (as xdsl-opt does
for our universe) loads no pass, model or dialect."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'xdsl_bufferize' has no attribute '{name}'")


def bufferize(
    module: ModuleOp,
    ctx: Context | None = None,
    options: ComprehensiveBufferizeOptions | None = None,
    **overrides: object,
) -> None:
    """Bufferize `module` in place, as the `comprehensive-bufferize` pass does.

    The options are those of the pass, declared (with their defaults and meaning)
    in `ComprehensiveBufferizeOptions` (`xdsl_bufferize.options`): pass an instance
    as `options` (typed, checked when built), or name them as keyword arguments
    (`bufferize(m, memcpy_op="linalg.copy")`), which replace the values of `options`.
    An unknown keyword is a `TypeError`.

    Raises `InvalidOptionError` for a value an option does not accept (before
    anything runs) and `BufferizationError` (carrying the op at fault) when the
    module cannot be bufferized.
    """
    from xdsl.context import Context

    from xdsl_bufferize.options import ComprehensiveBufferizeOptions, options_of
    from xdsl_bufferize.transforms.comprehensive_bufferize import (
        ComprehensiveBufferizePass,
    )

    source = options if options is not None else ComprehensiveBufferizeOptions()
    options_of(ComprehensiveBufferizePass, source, **overrides).apply(
        ctx or Context(), module
    )


def deallocate(module: ModuleOp) -> DeallocationStatistics:
    """Insert the frees (and the few clones) every heap buffer of `module` needs.

    Raises `BufferizationError` (carrying the op at fault) when it cannot."""
    from xdsl_bufferize.transforms.buffer_deallocation import (
        deallocate as _deallocate,
    )

    return _deallocate(module)


__all__ = [
    "AnalysisHeuristicName",
    "BufferizationError",
    "ComprehensiveBufferizeOptions",
    "InvalidOptionError",
    "LayoutMapName",
    "MemcpyOpName",
    "bufferize",
    "deallocate",
]
