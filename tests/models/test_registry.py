"""The one lookup rule of `ModelRegistry` and the discovery of the model modules."""

from __future__ import annotations

from xdsl.dialects import arith, func, memref, scf, tensor
from xdsl.dialects.builtin import IndexType, TensorType, f32
from xdsl.ir import Operation

from xdsl_bufferize.interfaces.bufferizable import bufferizable_model
from xdsl_bufferize.interfaces.registry import ModelRegistry
from xdsl_bufferize.models import register_all_models


class _SubAlloc(memref.AllocOp):
    """A subclass of memref.alloc (inherits its parent's model)."""


def _alloc(op_type: type[memref.AllocOp] = memref.AllocOp) -> memref.AllocOp:
    return op_type.get(f32, shape=[4])


def test_lookup_walks_the_mro_and_unregister_clears_the_cache() -> None:
    registry = ModelRegistry[str]()
    assert registry.lookup(_alloc(_SubAlloc)) is None
    registry.register(memref.AllocOp, "alloc")
    assert registry.lookup(_alloc()) == "alloc"
    assert registry.lookup(_alloc(_SubAlloc)) == "alloc"
    registry.register(_SubAlloc, "sub")
    assert registry.lookup(_alloc(_SubAlloc)) == "sub"
    assert registry.lookup(_alloc()) == "alloc"
    registry.unregister(_SubAlloc)
    assert registry.lookup(_alloc(_SubAlloc)) == "alloc"
    registry.unregister(memref.AllocOp)
    assert registry.lookup(_alloc()) is None


def test_trait_model_comes_first_and_may_decline() -> None:
    def trait_model(op: Operation) -> str | None:
        return "trait" if isinstance(op, scf.IfOp) else None

    registry = ModelRegistry[str](trait_model)
    registry.register(scf.IfOp, "registered")
    registry.register(memref.AllocOp, "alloc")
    condition = arith.ConstantOp.from_int_and_width(1, 1)
    if_op = scf.IfOp(condition.result, [], [scf.YieldOp()])
    assert registry.lookup(if_op) == "trait"
    assert registry.lookup(_alloc()) == "alloc"


def test_register_all_models_discovers_every_dialect_module() -> None:
    register_all_models()
    ops: list[Operation] = [
        arith.ConstantOp.from_int_and_width(0, IndexType()),
        func.ReturnOp(),
        scf.YieldOp(),
        tensor.EmptyOp([], TensorType(f32, [4])),
    ]
    modules = {type(bufferizable_model(op)).__module__ for op in ops}
    assert modules == {
        "xdsl_bufferize.models.arith",
        "xdsl_bufferize.models.func",
        "xdsl_bufferize.models.scf",
        "xdsl_bufferize.models.tensor",
    }
    assert bufferizable_model(_alloc()) is None


class _SubEmpty(tensor.EmptyOp):
    """A subclass of tensor.empty (inherits its bufferization model)."""


def test_bufferizable_model_follows_the_class_hierarchy() -> None:
    empty = tensor.EmptyOp([], TensorType(f32, [4]))
    sub = _SubEmpty([], TensorType(f32, [4]))
    model = bufferizable_model(empty)
    assert model is not None
    assert bufferizable_model(sub) is model
