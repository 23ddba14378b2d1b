"""View-like ops (MLIR's `ViewLikeOpInterface`): ops whose memref result is a view of
one memref operand, sharing its buffer.

A model names the viewed operand (`ViewLikeModel.view_source`).  Analyses that follow
a buffer through its views (deallocation ownership, forwarded results, buffer view
flow, hoisting, stack promotion, memory planning) ask `view_source(op)` / `is_view(op)`
instead of listing op classes.  Models are registered from `models/` (the memref view
ops in `models/memref.py`); lookup follows `interfaces/registry.py`.
"""

from __future__ import annotations

from typing import Protocol

from xdsl.ir import Operation, SSAValue

from xdsl_bufferize.interfaces.registry import ModelRegistry


class ViewLikeModel(Protocol):
    """Says which operand of a view op is the buffer it views."""

    def view_source(self, op: Operation) -> SSAValue:
        """The memref operand whose buffer the op's memref result views."""
        ...


class FirstOperandView(ViewLikeModel):
    """A view of operand #0 (the memref view ops: subview, cast, reshapes, ...)."""

    def view_source(self, op: Operation) -> SSAValue:
        return op.operands[0]


_REGISTRY = ModelRegistry[ViewLikeModel]()


def register_view_like_model(op_type: type[Operation], model: ViewLikeModel) -> None:
    """Make every op of class `op_type` a view, as `model` says."""
    _REGISTRY.register(op_type, model)


def unregister_view_like_model(op_type: type[Operation]) -> None:
    """Forget the view-like model of `op_type`, if any."""
    _REGISTRY.unregister(op_type)


def view_source(op: Operation) -> SSAValue | None:
    """The memref operand `op` is a view of, or None if `op` is not a view op."""
    model = _REGISTRY.lookup(op)
    return None if model is None else model.view_source(op)


def is_view(op: Operation) -> bool:
    """Whether `op` is a view op (its memref result views one memref operand)."""
    return _REGISTRY.lookup(op) is not None
