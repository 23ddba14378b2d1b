"""Keep Python's cyclic garbage collector off the module while a pass runs.

A pass allocates many short-lived objects (ops, uses, analysis entries). Each time
the collector's youngest generation fills, it may promote and then scan the
oldest generation -- which holds the whole parsed module -- so a pass over a large
module spends 10-20 % of its time in collections that free nothing of the IR.
`frozen_heap()` moves every object alive at entry into the permanent generation
(`gc.freeze()`) for the duration of the pass: collections then scan only what
the pass itself allocated. On exit the objects return to the oldest generation
(`gc.unfreeze()`), so nothing stays uncollectable. Nested uses (a pass running
other passes) freeze once, at the outermost level.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_depth = 0


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Freeze the objects alive now for the duration of the `with` block."""
    global _depth
    if _depth == 0:
        gc.freeze()
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0:
            gc.unfreeze()
