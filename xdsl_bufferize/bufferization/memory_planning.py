"""static-memory-planning: the statically sized buffers of a function in one arena.

Each function allocates one arena, `memref.alloc() {memory_planning.arena} :
memref<Nxi8>`, at its entry and frees it before every `func.return`. Every plannable
allocation (statically sized, freed in its own region, not leaving it; see
`xdsl_bufferize.analysis.memory_planning`) becomes a `memref.view` of the arena at
the byte offset the planner chose, and its frees are removed. Buffers whose lifetimes
do not overlap share bytes, so the arena is as small as the placement allows and the
function calls the heap once for all of them. Dynamically sized buffers, buffers
returned or yielded out of their region and buffers freed through another value stay
on the heap.

Meant to run after deallocation (`comprehensive-bufferize{plan-memory=true}` runs it
last). MLIR has no such pass in its tree; the `merge-alloc` proposal
(mlir/docs/MemrefMergeAlloc.md) places buffers the same way but runs before
deallocation.
"""

from __future__ import annotations

from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    UnitAttr,
    i8,
)
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.call_graph import scoped_call_graph
from xdsl_bufferize.analysis.freed_arguments import freed_arguments
from xdsl_bufferize.analysis.manager import FREED_ARGUMENTS, ModuleAnalyses
from xdsl_bufferize.analysis.memory_planning import (
    ARENA_ATTR,
    DEFAULT_ALIGNMENT,
    FunctionPlan,
    PlannedBuffer,
    entry_block,
    plan_function,
    scratch_to_hoist,
)


def apply_plan(plan: FunctionPlan) -> None:
    """Rewrite `plan.function`: one arena, each planned allocation a view of it."""
    if not plan.buffers:
        return
    arena = memref.AllocOp(
        [], [], MemRefType(i8, [max(plan.size, 1)]), IntegerAttr(plan.alignment, 64)
    )
    arena.attributes[ARENA_ATTR] = UnitAttr()
    Rewriter.insert_op(arena, InsertPoint.at_start(entry_block(plan.function)))
    # Members of a group may share frees (of a loop result both may reach).
    frees = {id(d): d for b in plan.buffers for d in b.deallocs}
    for dealloc in frees.values():
        Rewriter.erase_op(dealloc)
    for buffer in plan.buffers:
        offset = arith.ConstantOp(IntegerAttr(buffer.offset, IndexType()))
        Rewriter.insert_op(offset, InsertPoint.before(buffer.alloc))
        alloc_type = buffer.alloc.memref.type
        assert isinstance(alloc_type, MemRefType)
        view = memref.ViewOp(arena.memref, offset, [], alloc_type)
        Rewriter.replace_op(buffer.alloc, view)
    for block in plan.function.body.blocks:
        if isinstance(block.last_op, func.ReturnOp):
            Rewriter.insert_op(
                memref.DeallocOp.get(arena.memref), InsertPoint.before(block.last_op)
            )


def hoist_scratch(
    function: func.FuncOp, buffers: list[PlannedBuffer], calls: list[func.CallOp]
) -> None:
    """Make each of `buffers` (allocated and freed in `function`) an argument appended
    to `function`, allocated before and freed after each of `calls`."""
    entry = entry_block(function)
    frees = {id(d): d for b in buffers for d in b.deallocs}
    for dealloc in frees.values():
        Rewriter.erase_op(dealloc)
    added: list[tuple[MemRefType, IntegerAttr | None, str | None]] = []
    for buffer in buffers:
        alloc_type = buffer.alloc.memref.type
        assert isinstance(alloc_type, MemRefType)
        argument = entry.insert_arg(alloc_type, len(entry.args))
        name = buffer.alloc.memref.name_hint
        argument.name_hint = name
        added.append((alloc_type, buffer.alloc.alignment, name))
        Rewriter.replace_op(buffer.alloc, [], [argument])
    old = function.function_type
    function.function_type = FunctionType.from_lists(
        [*old.inputs, *(t for t, _, _ in added)], list(old.outputs)
    )
    if function.arg_attrs is not None:
        function.arg_attrs = ArrayAttr(
            [*function.arg_attrs, *(DictionaryAttr({}) for _ in added)]
        )
    for call in calls:
        allocs = [memref.AllocOp([], [], t, alignment) for t, alignment, _ in added]
        for alloc, (_, _, name) in zip(allocs, added, strict=True):
            alloc.memref.name_hint = name
            Rewriter.insert_op(alloc, InsertPoint.before(call))
        call.operands = [*call.operands, *(a.memref for a in allocs)]
        for alloc in reversed(allocs):
            Rewriter.insert_op(
                memref.DeallocOp.get(alloc.memref), InsertPoint.after(call)
            )


def hoist_callee_scratch(
    module: ModuleOp,
    alignment: int = DEFAULT_ALIGNMENT,
    analyses: ModuleAnalyses | None = None,
) -> int:
    """Move the plannable buffers of private callees into their callers, callee first
    (`memory_planning.scratch_to_hoist`); return the number of buffers moved. The call
    graph and the freed arguments are taken from `analyses` when given; the freed
    arguments stay valid (hoisting adds arguments no callee frees), the rest not."""
    if analyses is None:
        graph, freed = scoped_call_graph(module), freed_arguments(module)
    else:
        graph, freed = analyses.call_graph(), analyses.freed_arguments()
    moved = 0
    for function in graph.callee_first():
        buffers = scratch_to_hoist(function, graph, alignment, freed)
        if buffers:
            hoist_scratch(function, buffers, graph.calls_of(function))
            moved += len(buffers)
    if moved and analyses is not None:
        analyses.preserve([FREED_ARGUMENTS])
    return moved


def plan_memory(
    module: ModuleOp,
    alignment: int = DEFAULT_ALIGNMENT,
    hoist_callee_buffers: bool = True,
    analyses: ModuleAnalyses | None = None,
) -> int:
    """Plan every function of `module` (after moving callee scratch into callers, with
    `hoist_callee_buffers`); return the number of buffers placed."""
    if hoist_callee_buffers:
        hoist_callee_scratch(module, alignment, analyses)
    functions = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    placed = 0
    # once: planning frees no argument
    freed = freed_arguments(module) if analyses is None else analyses.freed_arguments()
    for function in functions:
        plan = plan_function(function, alignment, freed)
        apply_plan(plan)
        placed += len(plan.buffers)
    return placed
