"""Buffer view flow: every value that may hold (a view of) the buffer of a given value.

MLIR's `BufferViewFlowAnalysis`, asked forwards from one value: starting at a buffer,
follow

* views (view-like ops, `interfaces/view_like.py`: `subview`, `cast`,
  `reinterpret_cast`, `expand_shape`, ...; and the base buffer of
  `memref.extract_strided_metadata`) to their results;
* control flow: branch operands to the block arguments they feed (branch models,
  `interfaces/branch.py`: `cf.br`, `cf.cond_br`, `cf.switch`), region-op operands to
  the region arguments they enter and terminator operands to the results or region
  arguments they leave to (region-branch models, `interfaces/region_branch.py`,
  registered from `models/`);
* calls: with a `ForwardingAnalysis` (`analysis/forwarding.py`), to the results the
  callee statically forwards from that operand only -- under the ownership contract
  `buffer-deallocation` enforces, any other result is a buffer the callee returns
  fresh (copied if needed); without one, to every memref result;
* any other op with memref results: conservatively, every memref result may be a
  view of a memref operand.

Ops that only read, write or free the elements (`hoisting.only_touches_elements`:
loads, stores into the buffer, copies, `bufferization.clone`, linalg ops on buffers,
ops whose effects are reads and writes) add no alias. Besides the
aliases, the flow records where the buffer may leave what an analysis can see:
returned from the function, stored into memory as a value, or passed to a terminator
whose region flow is unknown (`BufferViewFlow.escapes`, `BufferViewFlow.returned`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    TensorType,
    UnrankedTensorType,
)
from xdsl.ir import Operation, SSAValue
from xdsl.traits import IsTerminator, MemoryEffectKind, get_effects

from xdsl_bufferize.analysis.forwarding import ForwardingAnalysis
from xdsl_bufferize.analysis.hoisting import only_touches_elements
from xdsl_bufferize.interfaces.branch import branch_successor_operands
from xdsl_bufferize.interfaces.region_branch import (
    RegionEdge,
    region_entry_edges,
    region_exit_edges,
)
from xdsl_bufferize.interfaces.view_like import is_view
from xdsl_bufferize.utils.ir import is_memref


@dataclass
class BufferViewFlow:
    """The values that may hold the buffer of one value, and how it may leave."""

    aliases: list[SSAValue] = field(default_factory=lambda: list[SSAValue]())
    """The value itself first, then every value found to alias it."""
    returned: list[Operation] = field(default_factory=lambda: list[Operation]())
    """`func.return` ops that return an alias."""
    escapes: bool = False
    """An alias is stored into memory as a value, or reaches a terminator whose
    region flow is unknown: its lifetime is not visible in the function."""


def frees_memory(op: Operation) -> bool:
    """Whether `op` frees a buffer (`memref.dealloc`, any op with a free effect)."""
    if isinstance(op, memref.DeallocOp):
        return True
    effects = get_effects(op)
    return effects is not None and any(e.kind is MemoryEffectKind.FREE for e in effects)


def _edge_targets(edges: Sequence[RegionEdge], index: int) -> Iterator[SSAValue]:
    """The targets operand `index` of the edges' source is forwarded to."""
    for edge in edges:
        for i, to in zip(edge.operand_indices, edge.targets, strict=True):
            if i == index:
                yield to


def _flow_targets(
    user: Operation,
    index: int,
    flow: BufferViewFlow,
    forwarding: ForwardingAnalysis | None,
) -> list[SSAValue]:
    """The values operand `index` of `user` flows into (recording escapes)."""
    if isinstance(user, memref.StoreOp) and index == 0:
        flow.escapes = True
        return []
    if isinstance(user, memref.DeallocOp) or only_touches_elements(user, index):
        return []
    if isinstance(user, memref.ExtractStridedMetaDataOp):
        return [user.base_buffer]
    if is_view(user):
        return [r for r in user.results if is_memref(r)]
    if isinstance(user, func.ReturnOp):
        flow.returned.append(user)
        return []
    if isinstance(user, func.CallOp) and forwarding is not None:
        return [
            r
            for r in user.results
            if forwarding.forwarded_operand(user, r.index) == index
        ]
    successors = branch_successor_operands(user)
    if successors is not None:
        return [
            block.args[indices.index(index)]
            for _, block, indices in successors
            if index in indices
        ]
    targets: list[SSAValue] = []
    if user.regions:
        entries = region_entry_edges(user)
        if entries is None:
            flow.escapes = True
            return []
        targets.extend(_edge_targets(entries, index))
    if user.has_trait(IsTerminator) and not user.successors:
        parent = user.parent_op()
        exits = None if parent is None else region_exit_edges(parent, user)
        if exits is None:
            flow.escapes = True
            return []
        targets.extend(_edge_targets(exits, index))
        return targets
    # Calls and ops of unknown semantics: any memref result may be a view, and a
    # tensor result (`bufferization.to_tensor`) takes the buffer out of sight.
    if any(isinstance(r.type, TensorType | UnrankedTensorType) for r in user.results):
        flow.escapes = True
    targets.extend(r for r in user.results if is_memref(r))
    return targets


def buffer_view_flow(
    value: SSAValue, forwarding: ForwardingAnalysis | None = None
) -> BufferViewFlow:
    """Every value that may hold (a view of) `value`'s buffer, and how it may leave
    (call results followed as `forwarding` says, if given)."""
    flow = BufferViewFlow()
    seen: set[SSAValue] = {value}
    stack = [value]
    while stack:
        current = stack.pop()
        flow.aliases.append(current)
        for use in current.uses:
            for target in _flow_targets(use.operation, use.index, flow, forwarding):
                if target not in seen:
                    seen.add(target)
                    stack.append(target)
    return flow
