"""Copies whose source holds one scalar everywhere (beyond MLIR).

Frontends reuse one zero-filled accumulator as the destination of several matmuls:
bufferization then copies the filled buffer into each out-of-place destination
(`memref.copy %acc, %new`). When every element of the copy's source is known to be one
scalar, filling the destination with that scalar computes the same values without
reading the source. `cheap_copy_source(copy)` says which scalar, or None:

- the source is (a view of) a local allocation whose last write before the copy is a
  `linalg.fill` of the whole allocation with a scalar, in the copy's block or in the
  block of an op holding the copy (a loop, a branch) of which no part writes the
  allocation, and nothing between that fill and the copy (nested regions included)
  may write any alias of the allocation; the allocation must not escape (every use of it and of its
  views is a view op, a free, or an op that only accesses elements while it runs), so
  that its aliases are exactly its views;
- or the source is (a view of) a `memref.get_global` of a constant global whose
  initial value is a splat (a constant global is never written).

The rewrite (`ReproduceCheapCopySource` in bufferization/cleanup.py) replaces the
copy by a `linalg.fill` of its destination.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    MemRefType,
    UnitAttr,
)
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.traits import MemoryEffectKind, SymbolTable, get_effects

from xdsl_bufferize.analysis.hoisting import only_touches_elements
from xdsl_bufferize.interfaces.view_like import is_view, view_source
from xdsl_bufferize.utils.ir import is_memref, strip_casts


@dataclass(frozen=True)
class FilledSource:
    """The copy's source holds `scalar` everywhere (written by `fill`)."""

    scalar: SSAValue
    fill: Operation


@dataclass(frozen=True)
class SplatSource:
    """The copy's source is a constant global holding `value` everywhere."""

    value: IntegerAttr | FloatAttr


CheapSource = FilledSource | SplatSource


def _root(value: SSAValue) -> SSAValue:
    """The buffer `value` is a view of (through view ops), or `value` itself."""
    while isinstance(value, OpResult) and (source := view_source(value.op)):
        value = source
    return value


def _aliases(root: SSAValue) -> set[SSAValue] | None:
    """`root` and all its views, or None when some use may keep an alias beyond the
    op that uses it (then the aliases are not all visible)."""
    found: set[SSAValue] = {root}
    work = [root]
    while work:
        value = work.pop()
        for use in value.uses:
            user = use.operation
            if is_view(user) and view_source(user) is value:
                for result in user.results:
                    # Unranked views too: a cast to `memref<*xT>` is an alias.
                    if is_memref(result) and result not in found:
                        found.add(result)
                        work.append(result)
            elif isinstance(user, memref.DeallocOp):
                continue
            elif not only_touches_elements(user, use.index):
                return None
    return found


def _may_write(op: Operation, aliases: set[SSAValue]) -> bool:
    """Whether `op` (not its nested ops) may write through one of `aliases`."""
    indices = [i for i, v in enumerate(op.operands) if v in aliases]
    if not indices:
        return False
    if isinstance(op, memref.LoadOp | memref.DimOp | memref.DeallocOp) or is_view(op):
        return False
    if isinstance(op, memref.StoreOp):
        return 1 in indices
    if isinstance(op, memref.CopyOp):
        return 1 in indices
    if op.dialect_name() == "linalg" and hasattr(op, "outputs"):
        outputs = set(getattr(op, "outputs"))  # noqa: B009
        return any(op.operands[i] in outputs for i in indices)
    effects = get_effects(op)
    if effects is None:
        return True
    return any(
        e.kind in (MemoryEffectKind.WRITE, MemoryEffectKind.FREE)
        and (e.value is None or e.value in aliases)
        for e in effects
    )


def _writes_any(op: Operation, aliases: set[SSAValue]) -> bool:
    return any(_may_write(inner, aliases) for inner in op.walk())


def _allocates(op: Operation) -> bool:
    """Whether `op` makes a new buffer (an allocation effect)."""
    effects = get_effects(op)
    return effects is not None and any(
        e.kind is MemoryEffectKind.ALLOC for e in effects
    )


def _filled_source(copy: memref.CopyOp, root: SSAValue) -> FilledSource | None:
    if not isinstance(root, OpResult) or not _allocates(root.op):
        return None
    aliases = _aliases(root)
    if aliases is None:
        return None
    current: Operation = copy
    while True:
        op = current.prev_op
        while op is not None:
            if (
                isinstance(op, FillOp)
                and len(op.outputs) == 1
                and strip_casts(op.outputs[0]) is root
            ):
                scalar = op.inputs[0]
                target = copy.destination.type
                if (
                    isinstance(target, MemRefType)
                    and scalar.type == target.element_type
                ):
                    return FilledSource(scalar, op)
                return None
            if _writes_any(op, aliases):
                return None
            op = op.prev_op
        # At the start of a block: the fill may come before the op holding it, if
        # nothing anywhere in that op (a loop's later iterations, other branches)
        # writes the buffer.
        parent = current.parent_op()
        if parent is None or isinstance(parent, func.FuncOp):
            return None
        if parent.parent_block() is None or any(
            len(region.blocks) != 1 for region in parent.regions
        ):
            return None
        if _writes_any(parent, aliases):
            return None
        current = parent


def _splat_source(copy: memref.CopyOp, root: SSAValue) -> SplatSource | None:
    if not isinstance(root, OpResult) or not isinstance(root.op, memref.GetGlobalOp):
        return None
    symbol = SymbolTable.lookup_symbol(root.op, root.op.name_)
    if not isinstance(symbol, memref.GlobalOp):
        return None
    if not isinstance(symbol.constant, UnitAttr):
        return None
    initial: Attribute = symbol.initial_value
    if not isinstance(initial, DenseIntOrFPElementsAttr) or not initial.is_splat():
        return None
    value = initial.get_attrs()[0]  # pyright: ignore[reportUnknownMemberType]
    target = copy.destination.type
    if not isinstance(target, MemRefType) or value.type != target.element_type:
        return None
    return SplatSource(value)


def cheap_copy_source(copy: memref.CopyOp) -> CheapSource | None:
    """The scalar every element of `copy`'s source holds when it runs (see the
    module docstring), or None."""
    root = _root(copy.source)
    return _filled_source(copy, root) or _splat_source(copy, root)
