"""Functions that free (or reallocate) a buffer they are passed.

A function whose body frees its argument #j (`memref.dealloc %arg`, `memref.realloc`
of it, a free of the argument's own allocation model, or a call of a function that frees
it) ends the life of the caller's buffer: for `buffer-deallocation` the call is a free of
the program, as a `memref.dealloc` in the caller would be, and the caller must not free
that buffer again.

`freed_arguments` tells, for each function with a body, which arguments it

* *must free*: an op freeing the argument itself (or a `memref.cast` of it) sits directly
  in the body of a function of one block, so every call that returns has freed it; its
  calls count as frees of the operand (`ownership/collect.py`);
* *may free*: some op freeing a buffer that may be the argument (through views, casts,
  merges of region ops and block arguments, results of calls returning an operand), on
  some paths only or through a merge.  Whether the caller's buffer is still live after
  such a call is not known statically: `buffer-deallocation` refuses the call with a
  diagnostic.

Calls between functions are followed to a least fixed point (recursion included).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.dialects import builtin, func
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.traits import MemoryEffectKind, has_effects

from xdsl_bufferize.analysis.call_graph import scoped_call_graph
from xdsl_bufferize.analysis.forwarding import reached_arguments
from xdsl_bufferize.utils.ir import is_memref, strip_casts

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.manager import ModuleAnalyses


@dataclass
class FreedArguments:
    """Which arguments of which functions their body frees (see module doc)."""

    must: dict[func.FuncOp, frozenset[int]] = field(
        default_factory=dict[func.FuncOp, frozenset[int]]
    )
    may: dict[func.FuncOp, frozenset[int]] = field(
        default_factory=dict[func.FuncOp, frozenset[int]]
    )
    callee_of: dict[func.CallOp, func.FuncOp] = field(
        default_factory=dict[func.CallOp, func.FuncOp]
    )

    def freed_operands(
        self, call: func.CallOp
    ) -> tuple[frozenset[int], frozenset[int]]:
        """(operands `call` frees on every path, operands it may free on some only)."""
        callee = self.callee_of.get(call)
        if callee is None:
            return frozenset(), frozenset()
        must = self.must.get(callee, frozenset())
        return must, self.may.get(callee, frozenset()) - must


def _freed_values(
    op: Operation, analysis: FreedArguments
) -> list[tuple[SSAValue, bool]]:
    """The memref values `op` frees, each with whether it surely frees it."""
    if isinstance(op, func.CallOp):
        must, maybe = analysis.freed_operands(op)
        return [(op.operands[j], True) for j in must] + [
            (op.operands[j], False) for j in maybe
        ]
    if has_effects(op, MemoryEffectKind.FREE):
        return [(v, True) for v in op.operands if is_memref(v)]
    return []


def _summarise(
    function: func.FuncOp, analysis: FreedArguments
) -> tuple[set[int], set[int]]:
    entry = function.body.blocks.first
    assert entry is not None
    single_block = len(function.body.blocks) == 1
    must: set[int] = set()
    may: set[int] = set()
    for op in function.body.walk():
        for value, surely in _freed_values(op, analysis):
            reached = reached_arguments(value, entry, None)
            may.update(reached)
            source = strip_casts(value)
            if (
                surely
                and single_block
                and op.parent_block() is entry
                and isinstance(source, BlockArgument)
                and source.block is entry
            ):
                must.add(source.index)
    return must, may


def freed_arguments(
    module: builtin.ModuleOp, analyses: ModuleAnalyses | None = None
) -> FreedArguments:
    """The arguments each function of `module` must or may free (see module doc); the
    call graph is taken from `analyses` when given."""
    analysis = FreedArguments()
    functions = [
        f
        for f in module.walk()
        if isinstance(f, func.FuncOp)
        and (entry := f.body.blocks.first) is not None
        and any(is_memref(a) for a in entry.args)
    ]
    if not functions or not any(
        has_effects(op, MemoryEffectKind.FREE)
        for f in functions
        for op in f.body.walk()
    ):
        return analysis  # the common case: nothing frees an argument
    graph = scoped_call_graph(module) if analyses is None else analyses.call_graph()
    analysis.callee_of = graph.callee_of
    changed = True
    while changed:
        changed = False
        for function in functions:
            must, may = _summarise(function, analysis)
            if frozenset(must) != analysis.must.get(function, frozenset()) or frozenset(
                may
            ) != analysis.may.get(function, frozenset()):
                analysis.must[function] = frozenset(must)
                analysis.may[function] = frozenset(may)
                changed = True
    return analysis
