"""One lookup rule for every registry of models (MLIR's external models).

xDSL cannot attach an interface to an op class it does not own, so each interface
of ours keeps a registry from op classes to models. `ModelRegistry.lookup(op)` asks,
in this order:

1. the `trait_model(op)` callback, when the registry has one: the op's own trait
   (xDSL's `RegionBranchOpTrait`, say) answers first; it may return None for an op
   it does not describe;
2. the registered models along `type(op).__mro__`: a subclass of a registered op
   class inherits its model (cached per op class; `register` and `unregister`
   clear the cache);
3. before the first lookup, the models of `xdsl_bufferize.models` are registered
   (`register_all_models`, imported lazily: every entry point sees them and no
   import cycle arises between the interfaces and the models).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Generic, TypeVar

from xdsl.ir import Operation

M = TypeVar("M")


class ModelRegistry(Generic[M]):
    """Models of type `M` attached to op classes, found by one rule (module doc)."""

    def __init__(self, trait_model: Callable[[Operation], M | None] | None = None):
        self._trait_model = trait_model
        self._models: dict[type[Operation], M] = {}
        self._cache: dict[type[Operation], M | None] = {}
        self._loaded = False

    def register(self, op_type: type[Operation], model: M) -> None:
        """Attach `model` to the ops of class `op_type` and of its subclasses."""
        self._models[op_type] = model
        self._cache.clear()

    def unregister(self, op_type: type[Operation]) -> None:
        """Detach the model registered for `op_type` (if any)."""
        self._models.pop(op_type, None)
        self._cache.clear()

    def lookup(self, op: Operation) -> M | None:
        """The model of `op`: its trait's, else the registered one of the nearest class
        in its MRO, else None."""
        if not self._loaded:
            self._loaded = True
            importlib.import_module("xdsl_bufferize.models").register_all_models()
        if self._trait_model is not None:
            model = self._trait_model(op)
            if model is not None:
                return model
        op_type = type(op)
        try:
            return self._cache[op_type]
        except KeyError:
            pass
        found: M | None = None
        for cls in op_type.__mro__:
            if cls in self._models:
                found = self._models[cls]
                break
        self._cache[op_type] = found
        return found
