"""Bufferization models, one module per dialect; `register_all_models` loads them."""

from __future__ import annotations

import importlib

_MODEL_MODULES = (
    ("arith", "register_arith_models"),
    ("bufferization", "register_bufferization_models"),
    ("func", "register_func_models"),
    ("scf", "register_scf_models"),
    ("tensor", "register_tensor_models"),
    ("linalg", "register_linalg_models"),
    ("vector", "register_vector_models"),
)
"""(module under `xdsl_bufferize.models`, its registration function)."""

_registered = False


def register_all_models() -> None:
    """Register every bufferization model (once). A model module that is not there
    yet is skipped."""
    global _registered
    if _registered:
        return
    for module_name, function_name in _MODEL_MODULES:
        try:
            module = importlib.import_module(f"xdsl_bufferize.models.{module_name}")
        except ModuleNotFoundError as error:
            if error.name != f"xdsl_bufferize.models.{module_name}":
                raise
            continue
        getattr(module, function_name)()
    _registered = True
