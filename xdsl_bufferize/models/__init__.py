"""Per-op models, one module per dialect; `register_all_models` registers them.

A module `models/<stem>.py` that defines `register_<stem>_models()` is found and
registered by `register_all_models`: adding a dialect's models is adding its module.
"""

from __future__ import annotations

import importlib
import pkgutil

_registered = False


def register_all_models() -> None:
    """Register the models of every model module (once), in module name order."""
    global _registered
    if _registered:
        return
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, f"register_{info.name}_models", None)
        if register is not None:
            register()
    _registered = True
