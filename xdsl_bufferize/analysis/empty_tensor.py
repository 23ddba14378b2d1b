"""What `eliminate-empty-tensors` needs to know: use-def chains, dominance, and the
in-place verdict of the one-shot analysis on a rewritten program.

* `trace_to_empty(value)`: follow `value` backwards through op operands it is
  equivalent to (a linalg result to its `outs`, an scf.for result ... as the
  bufferization models say, asked through `get_aliasing_op_operands`) until a value
  that starts with undefined contents (`tensor.empty`, `bufferization.alloc_tensor`
  without `copy`). Returns that value and the operands on the chain, or None.
  `trace_to_empties(value)` also follows a region op's result back through the
  yields of each of its regions (an scf.if whose branches each yield their own
  filled empty tensor): one (empty tensor, chain) per path.
* `value_dominates(value, op)`: whether `value` may be used by `op` (defined before it
  in an enclosing block, or in a block dominating an enclosing block).
* `in_place_oracle(module, options)`: run the one-shot analysis as the module driver
  does (callees first, across function boundaries) and answer `is_in_place` for any
  operand of the module (or of the functions asked for), with each analysed
  function's analysis and summary; None if the analysis rejects the program.
* `ReadsAfter(state)(value, op)`: whether an op after `op` in its block reads
  `value`; writing `value` in place at `op` is then a read-after-write conflict
  for any decisions of the analysis (a dead-input rewrite that is never kept).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.dialects import bufferization, func, tensor
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.irdl.dominance import DominanceInfo
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from xdsl_bufferize.analysis.call_graph import CallGraph, build_call_graph
from xdsl_bufferize.analysis.module_analysis import (
    FuncAnalysisState,
    FuncSummary,
    ModuleAnalysisState,
    ReusableAnalyses,
    summarize_external,
    summarize_function,
)
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizableOpModel,
    BufferizationOptions,
    BufferRelation,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.utils.ir import ancestor_in_block, enclosing_function


class ChainState(AnalysisState):
    """An analysis state for questions asked before any decision: every operand is
    assumed in place, only identical values are known to share a buffer."""

    def __init__(self, options: BufferizationOptions | None = None) -> None:
        self.options = options or BufferizationOptions()

    def is_in_place(self, operand: OpOperand) -> bool:
        return True

    def are_equivalent_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        return a is b

    def are_aliasing_buffers(self, a: SSAValue, b: SSAValue) -> bool:
        return a is b

    def is_value_read(self, value: SSAValue) -> bool:
        return True


def is_undefined_contents(value: SSAValue) -> bool:
    """Whether `value` is a new tensor whose contents are undefined."""
    if not isinstance(value, OpResult):
        return False
    op = value.op
    if isinstance(op, tensor.EmptyOp):
        return True
    return isinstance(op, bufferization.AllocTensorOp) and op.copy is None


def trace_to_empty(
    value: SSAValue, state: AnalysisState
) -> tuple[SSAValue, list[OpOperand]] | None:
    """The undefined-contents tensor `value` is built on, through a chain of
    equivalent aliasing operands, and the operands of that chain (from `value`'s
    definition back to the use of the empty tensor); None if there is no such
    chain or some step is ambiguous."""
    traces = trace_to_empties(value, state, merges=False)
    return traces[0] if traces else None


def trace_to_empties(
    value: SSAValue, state: AnalysisState, merges: bool = True
) -> list[tuple[SSAValue, list[OpOperand]]]:
    """Like `trace_to_empty`, but through merges of region results too (MLIR's
    reverse use-def walk of empty-tensor elimination): a result of a region op
    whose aliasing operands are the terminators of its regions (the yields of
    both branches of an scf.if) is followed back through each of them. Returns
    one (empty tensor, chain) per path, each chain from `value`'s definition to
    the use of that empty tensor (the operands shared by several paths appear in
    each). Paths ending elsewhere (a branch yielding an argument) give none.
    Whether each rewrite pays off is the one-shot analysis's verdict."""
    traces: list[tuple[SSAValue, list[OpOperand]]] = []
    work: list[tuple[SSAValue, list[OpOperand]]] = [(value, [])]
    seen: set[SSAValue] = set()
    while work:
        current, chain = work.pop()
        if is_undefined_contents(current):
            if chain:
                traces.append((current, chain))
            continue
        if current in seen or not isinstance(current, OpResult):
            continue
        seen.add(current)
        aliasing = state.get_aliasing_op_operands(current)
        if len(aliasing) == 1:
            step = aliasing[0]
            if step.relation is BufferRelation.EQUIVALENT and step.is_definite:
                work.append((step.operand.value, [*chain, step.operand]))
                continue
        if merges and all(_yields_of(current.op, a.operand.owner) for a in aliasing):
            work.extend((a.operand.value, [*chain, a.operand]) for a in aliasing)
    return traces


def _yields_of(op: Operation, terminator: Operation) -> bool:
    """Whether `terminator` ends a block of one of `op`'s regions."""
    block = terminator.parent_block()
    return (
        block is not None
        and block.last_op is terminator
        and block.parent is not None
        and block.parent.parent_op() is op
    )


def _block_dominates_ancestor(block: Block, op: Operation, strict: bool) -> bool:
    """Whether `block` dominates the block of some ancestor of `op` in its region
    (strictly, for an op defined in `block` itself, handled by the caller)."""
    region = block.parent
    current: Operation | None = op
    while current is not None:
        current_block = current.parent_block()
        if current_block is None:
            return False
        if current_block.parent is region and region is not None:
            if current_block is block:
                return not strict
            return DominanceInfo(region).dominates(block, current_block)
        current = current.parent_op()
    return False


def value_dominates(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is available at `op` (SSA dominance across nested regions)."""
    if isinstance(value, BlockArgument):
        return _block_dominates_ancestor(value.block, op, strict=False)
    assert isinstance(value, OpResult)
    definer = value.op
    block = definer.parent_block()
    if block is None:
        return False
    ancestor = ancestor_in_block(op, block)
    if ancestor is not None:
        return ancestor is not definer and definer.is_before_in_block(ancestor)
    return _block_dominates_ancestor(block, op, strict=True)


class ReadsAfter:
    """Whether a value is read after an op in the op's own block: such a value
    may not be written in place there (the one-shot analysis finds a
    read-after-write conflict with that read whatever else it decides), so an
    empty-tensor rewrite making it the op's destination is undone after the
    analysis anyway. The positions of each block's ops are numbered once, on
    first use: make a new one after ops were inserted or erased."""

    def __init__(self, state: AnalysisState) -> None:
        self.state = state
        self._positions: dict[Block, dict[Operation, int]] = {}

    def _position(self, op: Operation, block: Block) -> int | None:
        positions = self._positions.get(block)
        if positions is None:
            positions = {o: i for i, o in enumerate(block.ops)}
            self._positions[block] = positions
        return positions.get(op)

    def __call__(self, value: SSAValue, op: Operation) -> bool:
        """Whether an op after `op` in its block reads `value` as an operand (of
        its own, not of an op nested in it): a linalg op or `tensor.extract`,
        whose reads do not depend on the analysis (`_no_conflict_opinion`)."""
        block = op.parent_block()
        if block is None:
            return False
        where: int | None = None
        for use in value.uses:
            user = use.operation
            if (
                user is op
                or user.parent_block() is not block
                or not _no_conflict_opinion(user)
                or not self.state.bufferizes_to_memory_read(OpOperand(user, use.index))
            ):
                continue
            # The block's ops are numbered only when some op of it reads `value`.
            if where is None:
                where = self._position(op, block)
                if where is None:
                    return False
            position = self._position(user, block)
            if position is not None and position > where:
                return True
        return False


def _no_conflict_opinion(op: Operation) -> bool:
    """Whether `op` reads its tensor operands whatever the analysis decides (a
    linalg structured op, `tensor.extract`: the answer depends on the op alone)
    and its model has no say on conflicts between its reads and other ops' writes
    (`is_not_conflicting` not overridden)."""
    if not isinstance(op, LinalgStructuredOperation | tensor.ExtractOp):
        return False
    model = bufferizable_model(op)
    return model is not None and (
        type(model).is_not_conflicting is BufferizableOpModel.is_not_conflicting
    )


@dataclass(eq=False)
class InPlaceOracle:
    """The one-shot analysis of a module (or of some of its functions): called with
    an operand, answers whether it bufferizes in place; `states` and `summaries`
    hold each analysed function's analysis and its summary for callers."""

    states: dict[func.FuncOp, ModuleAnalysisState]
    summaries: dict[func.FuncOp, FuncSummary]

    def __call__(self, operand: OpOperand) -> bool:
        function = enclosing_function(operand.owner)
        state = None if function is None else self.states.get(function)
        return state is not None and state.is_in_place(operand)


def functions_and_callees(
    graph: CallGraph, functions: Iterable[func.FuncOp]
) -> set[func.FuncOp]:
    """`functions` and every function they call, directly or not."""
    closure: set[func.FuncOp] = set()
    worklist = list(functions)
    while worklist:
        function = worklist.pop()
        if function in closure:
            continue
        closure.add(function)
        worklist.extend(graph.callee(call) for call in graph.calls.get(function, ()))
    return closure


def in_place_oracle(
    module: ModuleOp,
    options: BufferizationOptions | None = None,
    functions: Iterable[func.FuncOp] | None = None,
    keep: ReusableAnalyses | None = None,
) -> InPlaceOracle | None:
    """Analyse `module` as one-shot-bufferize with function boundaries does and
    return its in-place verdicts; None if the analysis rejects the module (the
    bufferization pass will report why). With `functions`, only those functions
    and their callees (whose summaries they need) are analysed: the verdicts of a
    function depend on its callees only, never on its callers. With `keep`, the
    analyses still valid there are reused and the new ones recorded there (whoever
    changed a function since must have invalidated it)."""
    from xdsl_bufferize.models import register_all_models

    register_all_models()
    options = options or BufferizationOptions(bufferize_function_boundaries=True)
    try:
        graph = build_call_graph(module) if keep is None else keep.call_graph(module)
        wanted = None if functions is None else functions_and_callees(graph, functions)
        # The analyses of functions unchanged since an earlier run are reused (the
        # same function with the same callee summaries and options).
        reusable = {} if keep is None else keep.valid_records(graph, options)
        if keep is not None:
            keep.start_run()
        func_state = FuncAnalysisState(graph)
        states: dict[func.FuncOp, ModuleAnalysisState] = {}
        summaries: dict[func.FuncOp, FuncSummary] = {}
        for function in graph.order:
            if wanted is not None and function not in wanted:
                continue
            func_state.start(function)
            if function.is_declaration:
                func_state.finish(function, summarize_external(function))
                continue
            record = reusable.get(function)
            if record is not None:
                state, summary = record.state, record.summary
            else:
                state = ModuleAnalysisState(function, options, func_state)
                state.analyze()
                if state.verify():
                    if keep is not None:
                        keep.clear()
                    return None
                summary = summarize_function(function, state)
            states[function] = state
            summaries[function] = summary
            func_state.finish(function, summary)
            if keep is not None:
                keep.record(function, state, summary)
    except (DiagnosticException, VerifyException):
        if keep is not None:
            keep.clear()
        return None

    return InPlaceOracle(states, summaries)
