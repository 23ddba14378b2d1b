"""`bufferization.dealloc` ops already in the input, read as frees of the program.

MLIR's ownership-based deallocation refuses any `bufferization.dealloc` in its input
(and any `memref.dealloc`). Our pass accepts frees the program makes itself
(`memref.dealloc`, also on some paths only: the ownership analysis frees the buffer on
the other paths) and frees nothing twice. A `bufferization.dealloc` is the same kind of
free when it carries no `retain` list, so it is first rewritten into `memref.dealloc`s
the analysis already understands:

- condition a constant `true`: `memref.dealloc %m`;
- condition a constant `false`: nothing;
- any other condition `%c`: `scf.if %c { memref.dealloc %m }`.

MLIR frees each allocation once even when several operands of one op point into it;
separate `memref.dealloc`s would free it twice, so an op with several memrefs is taken
only when they are distinct allocations (results of distinct allocation ops). Refused,
with a diagnostic at the op: a `retain` list (its results are ownership flags of a
deallocation already made, which the analysis would have to merge with its own), and
several memrefs that may share an allocation.
"""

from __future__ import annotations

from xdsl.dialects import arith, builtin, memref, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.dialects.bufferization_dealloc import DeallocOp
from xdsl_bufferize.interfaces.allocation import allocation_interface
from xdsl_bufferize.interfaces.diagnostics import op_error

STAGE = "buffer-deallocation"


def _constant_condition(value: SSAValue) -> bool | None:
    """The value of an `arith.constant` i1 condition, None when not constant."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data != 0
    return None


def _is_distinct_allocation(value: SSAValue) -> bool:
    """Whether `value` is the buffer of an allocation op (so distinct from any other
    allocation op's result)."""
    owner = value.owner
    return isinstance(owner, Operation) and allocation_interface(owner) is not None


def _check(op: DeallocOp) -> None:
    """Refuse what cannot be read as plain frees (see the module docstring)."""
    if op.retained:
        raise op_error(
            STAGE,
            op,
            "has a retain list: its results are ownership flags of a deallocation "
            "already made, which this pass cannot merge with its own (run it on "
            "input without such deallocations)",
        )
    freed = [
        m
        for m, c in zip(op.memrefs, op.conditions, strict=True)
        if _constant_condition(c) is not False
    ]
    if len(freed) > 1 and (
        len(set(freed)) != len(freed)
        or not all(_is_distinct_allocation(m) for m in freed)
    ):
        raise op_error(
            STAGE,
            op,
            "frees several memrefs that may share an allocation (bufferization."
            "dealloc frees a shared allocation once): cannot read it as separate frees",
        )


def _free_of(value: SSAValue) -> list[Operation]:
    """Ops freeing the allocation `value` points into: `memref.dealloc %value` for an
    allocation's own buffer or a block argument, else through the base buffer
    (`memref.extract_strided_metadata`), as `bufferization.dealloc` frees a view's
    allocation."""
    owner = value.owner
    if isinstance(owner, Block) or _is_distinct_allocation(value):
        return [memref.DeallocOp.get(value)]
    metadata = memref.ExtractStridedMetaDataOp(value)
    return [metadata, memref.DeallocOp.get(metadata.base_buffer)]


def _lower(op: DeallocOp) -> None:
    """Replace `op` by `memref.dealloc`s (conditional ones in `scf.if`)."""
    new_ops: list[Operation] = []
    for m, c in zip(op.memrefs, op.conditions, strict=True):
        constant = _constant_condition(c)
        if constant is False:
            continue
        frees = _free_of(m)
        if constant is True:
            new_ops.extend(frees)
            continue
        then_block = Block([*frees, scf.YieldOp()])
        new_ops.append(scf.IfOp(c, [], Region(then_block)))
    Rewriter.insert_op(new_ops, InsertPoint.before(op))
    Rewriter.erase_op(op)


def lower_existing_deallocs(module: builtin.ModuleOp) -> int:
    """Rewrite every `bufferization.dealloc` of `module` into `memref.dealloc`s, or
    raise the diagnostic of the first one that cannot be; the number rewritten.
    Nothing is rewritten when one is refused."""
    ops = [op for op in module.walk() if isinstance(op, DeallocOp)]
    for op in ops:
        _check(op)
    for op in ops:
        _lower(op)
    return len(ops)
