"""The uses of a buffer static memory planning (`analysis/memory_planning.py`, whose module
doc states the rules) may plan: every alias of an allocation (views, call results that may
be a view of it, region op results and arguments), its frees, whether it leaves its region,
and, for the calls it is passed to, which ops of the callee's body touch it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from xdsl.dialects import builtin, func, memref
from xdsl.dialects.builtin import MemRefType, UnrankedMemRefType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.traits import IsTerminator, SymbolTable

from xdsl_bufferize.analysis.freed_arguments import FreedArguments, freed_arguments
from xdsl_bufferize.interfaces.view_like import is_view
from xdsl_bufferize.utils.ir import ancestor_in_block, ancestor_in_region

WHOLE_OP = 1 << 62
"""`PlannedBuffer.end_step` of a lifetime that lasts to the end of its last op."""


def is_any_memref(value: SSAValue) -> bool:
    """Whether `value` is a memref, ranked or not (a buffer with an unranked alias is
    not planned: `_uses` gives up on it)."""
    return isinstance(value.type, MemRefType | UnrankedMemRefType)


class CallResults:
    """Which memref results of calls may be a view of an operand: all of them, except
    results that every return of a callee in the module defines by a fresh
    allocation (`memref.alloc`, `bufferization.clone`)."""

    def __init__(
        self, module: Operation | None, freed: FreedArguments | None = None
    ) -> None:
        self._module = module
        self._fresh: dict[str, set[int]] = {}
        self._touches: dict[str, list[tuple[int, int]] | None] = {}
        self._freed = freed
        """The arguments the module's functions free (given once per module by the
        planning pass, else found on first use)."""

    def _fresh_results(self, name: str) -> set[int]:
        if name in self._fresh:
            return self._fresh[name]
        fresh: set[int] = set()
        callee = self._callee(name)
        if callee is not None and callee.body.blocks:
            returns = [
                b.last_op
                for b in callee.body.blocks
                if isinstance(b.last_op, func.ReturnOp)
            ]
            for index in range(len(callee.function_type.outputs)):
                if returns and all(_defined_fresh(r.operands[index]) for r in returns):
                    fresh.add(index)
        self._fresh[name] = fresh
        return fresh

    def _callee(self, name: str) -> func.FuncOp | None:
        callee = (
            SymbolTable.lookup_symbol(self._module, name)
            if self._module is not None and self._module.has_trait(SymbolTable)
            else None
        )
        return callee if isinstance(callee, func.FuncOp) else None

    def touches(self, call: func.CallOp) -> list[tuple[int, int]] | None:
        """Per operand of `call`: the indices of the first and of the last op of the
        callee's body that may touch the buffer passed there, or None when unknown
        (no callee body in the module, or a body of several blocks)."""
        name = call.callee.string_value()
        if name not in self._touches:
            callee = self._callee(name)
            self._touches[name] = (
                None
                if callee is None or len(callee.body.blocks) != 1
                else _argument_touches(callee)
            )
        return self._touches[name]

    def may_free(self, call: func.CallOp, index: int) -> bool:
        """Whether `call`'s callee may free operand #`index` (on some path or all)."""
        if self._freed is None:
            module = self._module
            self._freed = (
                freed_arguments(module)
                if isinstance(module, builtin.ModuleOp)
                else FreedArguments()
            )
        must, maybe = self._freed.freed_operands(call)
        return index in must or index in maybe

    def aliasing(self, call: func.CallOp) -> list[SSAValue]:
        fresh = self._fresh_results(call.callee.string_value())
        return [
            r for i, r in enumerate(call.results) if is_any_memref(r) and i not in fresh
        ]


def _argument_touches(function: func.FuncOp) -> list[tuple[int, int]]:
    """Per argument of a one-block `function`: the indices (in its block) of the
    first and the last op that may touch the argument's buffer -- use it or an
    alias: any memref result of an op using it, the memref block arguments of the
    op's regions, the results and region arguments of the op whose region yields it
    -- and (`WHOLE_OP`, -1) for an argument nothing touches."""
    block = entry_block(function)
    index = {op: i for i, op in enumerate(block.ops)}
    touches: list[tuple[int, int]] = []
    for argument in block.args:
        first, last = WHOLE_OP, -1
        seen: set[SSAValue] = set()
        stack: list[SSAValue] = [argument]
        while stack:
            value = stack.pop()
            if value in seen:
                continue
            seen.add(value)
            for use in value.uses:
                user = use.operation
                top = ancestor_in_block(user, block)
                assert top is not None
                first, last = min(first, index[top]), max(last, index[top])
                stack.extend(r for r in user.results if is_any_memref(r))
                stack.extend(_region_op_aliases(user))
                parent = user.parent_op()
                if user.has_trait(IsTerminator) and parent is not function:
                    assert parent is not None
                    stack.extend(_region_op_aliases(parent))
        touches.append((first, last))
    return touches


def _defined_fresh(value: SSAValue) -> bool:
    owner = value.owner
    return isinstance(owner, memref.AllocOp) or (
        isinstance(owner, Operation) and owner.name == "bufferization.clone"
    )


@dataclass
class BufferUses:
    users: list[Operation]
    """Every op using an alias (frees excluded)."""
    deallocs: list[memref.DeallocOp]
    aliases: set[SSAValue]
    """Every value that may hold the buffer (views included)."""
    merged_frees: bool = False
    """Whether some free is of a value that may also hold other buffers (a loop or
    branch result, an iteration argument)."""
    inflows: set[SSAValue] = field(default_factory=lambda: set[SSAValue]())
    """The memref values passed to the region ops the buffer flows through (their
    operands and the operands of their regions' terminators)."""


def _cast_chain(value: SSAValue, root: SSAValue) -> bool:
    """Whether `value` is `root` seen through `memref.cast`s only."""
    while value is not root:
        owner = value.owner
        if not isinstance(owner, memref.CastOp):
            return False
        value = owner.source
    return True


def follow_uses(alloc: memref.AllocOp, calls: CallResults) -> BufferUses | None:
    """The uses of `alloc`'s buffer through all its aliases, or None if it leaves its
    region or is freed through a value that may be a view of it."""
    root = alloc.memref
    region = alloc.parent_region()
    assert region is not None
    uses = BufferUses([], [], set())
    region_ops: list[Operation] = []
    stack: list[SSAValue] = [root]
    while stack:
        value = stack.pop()
        if value in uses.aliases:
            continue
        if isinstance(value.type, UnrankedMemRefType):
            return None  # an unranked view of it: its uses are not followed
        uses.aliases.add(value)
        for use in value.uses:
            user = use.operation
            if isinstance(user, memref.DeallocOp):
                uses.deallocs.append(user)
                continue
            uses.users.append(user)
            if is_view(user) or user.name == "memref.assume_alignment":
                stack.extend(r for r in user.results if is_any_memref(r))
            elif isinstance(user, func.CallOp):
                if calls.may_free(user, use.index):
                    return None  # the callee frees (or reallocates) it
                stack.extend(calls.aliasing(user))
            elif user.successors or isinstance(user, func.ReturnOp):
                return None
            elif user.has_trait(IsTerminator):
                parent = user.parent_op()
                # A yield inside the buffer's region passes it on to the region
                # op's results and (loops) to the next iteration's arguments.
                if parent is None or ancestor_in_region(parent, region) is None:
                    return None
                region_ops.append(parent)
                stack.extend(_region_op_aliases(parent))
            elif user.regions:
                passed_on = list(_region_op_aliases(user))
                if passed_on:  # not a linalg op on buffers, say
                    region_ops.append(user)
                    stack.extend(passed_on)
            elif user.name != "bufferization.clone":
                # Unknown ops may return a view of their operand (a clone is a new
                # buffer).
                stack.extend(r for r in user.results if is_any_memref(r))
    if not uses.deallocs:
        return None
    whole = _whole_aliases(root, uses.aliases, region_ops)
    for dealloc in uses.deallocs:
        freed = dealloc.memref
        if freed not in whole:
            return None
        if not _cast_chain(freed, root):
            uses.merged_frees = True
    for op in region_ops:
        uses.inflows.update(_region_op_inflows(op))
    return uses


def _whole_aliases(
    root: SSAValue, aliases: set[SSAValue], region_ops: list[Operation]
) -> set[SSAValue]:
    """The aliases that are a whole buffer, never a view: `root`, its casts, and the
    results and region arguments of region ops all of whose aliasing inflows are
    whole (the largest such set: loops feed their own arguments)."""
    flows: dict[SSAValue, list[Operation]] = {}
    for op in region_ops:
        for value in _region_op_aliases(op):
            flows.setdefault(value, []).append(op)

    def may_be_whole(value: SSAValue, whole: set[SSAValue]) -> bool:
        if value is root:
            return True
        owner = value.owner
        if isinstance(owner, memref.CastOp):
            return owner.source in whole
        ops = flows.get(value)
        return ops is not None and all(
            v in whole for op in ops for v in _region_op_inflows(op) if v in aliases
        )

    whole = set(aliases)
    changed = True
    while changed:
        changed = False
        for value in list(whole):
            if not may_be_whole(value, whole):
                whole.discard(value)
                changed = True
    return whole


def _region_op_inflows(op: Operation) -> Iterator[SSAValue]:
    """The memref values `op` passes on to its results or region arguments: its
    operands and those of the terminators of its regions' blocks."""
    yield from (v for v in op.operands if is_any_memref(v))
    for region in op.regions:
        for block in region.blocks:
            last = block.last_op
            if last is not None and last.has_trait(IsTerminator):
                yield from (v for v in last.operands if is_any_memref(v))


def _region_op_aliases(op: Operation) -> Iterator[SSAValue]:
    """Values of `op` that may hold a buffer passed to it: its memref results and
    the memref arguments of its regions' blocks."""
    yield from (r for r in op.results if is_any_memref(r))
    for region in op.regions:
        for block in region.blocks:
            yield from (a for a in block.args if is_any_memref(a))


def entry_block(function: func.FuncOp) -> Block:
    """The entry block of a function with a body."""
    block = function.body.blocks.first
    assert block is not None
    return block
