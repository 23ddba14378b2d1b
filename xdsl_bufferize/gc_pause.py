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

The host's collector state is left as it was found: if the host has frozen objects
itself (`gc.get_freeze_count() > 0`, e.g. a server that froze its heap before
forking workers), the pass neither freezes nor unfreezes anything (an unfreeze would
release the host's frozen heap too); whether the collector is enabled and its
thresholds are never changed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_depth = 0
_froze = False


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Freeze the objects alive now for the duration of the `with` block, unless
    the host has frozen objects of its own."""
    global _depth, _froze
    if _depth == 0:
        _froze = gc.get_freeze_count() == 0
        if _froze:
            gc.freeze()
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and _froze:
            _froze = False
            gc.unfreeze()
