"""Module analysis: what bufferizing across function boundaries needs to know.

One-shot bufferization of a whole module (`bufferize-function-boundaries`) works
function by function, callees before callers, so that every `func.call` knows what
its callee does with the buffers it is given:

1. `build_call_graph` (`analysis/call_graph.py`) collects the `func.func` ops of the module in one symbol table
   (built once: looking a callee up per call would be quadratic), the calls in each
   function and the call sites of each function, rejects what cannot be bufferized
   across boundaries (calls to unknown symbols, indirect calls on tensors) and orders
   the functions callee first (Kahn's algorithm on the "calls" relation). What is
   left over -- functions in a cycle of calls through tensor signatures, or calling
   into one -- comes last, in module order (`CallGraph.recursive`, MLIR's
   "remaining" functions): their summaries are never given to callers, so every
   call of them is conservative (each tensor operand read and written, each result
   aliasing each operand, not equivalent, not writable).
2. After the one-shot analysis of one function, `summarize_function` records, for each
   tensor argument, whether the function body reads it and whether it writes it (in
   place), and for each tensor result whether it is equivalent to an argument (the
   very same buffer), may alias some arguments, or is a fresh buffer aliasing none,
   and which results may alias each other (`return %t, %t`). A function with several
   `func.return`s (cf branches) is summarized over all of them: a result is
   equivalent to an argument only if every return returns that argument's buffer,
   and it may alias whatever it may alias on some return.
   A bodiless (external) function is summarized conservatively: it reads and writes
   every tensor argument and returns fresh buffers.
3. The summaries live in a `FuncAnalysisState` that the call models consult (through
   the `CalleeSummaries` protocol of `interfaces/`... or any object with the same
   methods): a call operand is read / written iff the callee reads / writes the
   corresponding argument, and a call result is equivalent to the operand its callee
   result is equivalent to. Call results that may alias each other in the callee
   start in one alias set of the caller's analysis (`ModuleAnalysisState.analyze`):
   no call operand relates them, yet writing one in place would clobber the other.

`annotate_function` writes the summary into the IR for `test-analysis-only`, spelled as
MLIR does: `bufferization.access = "read" | "write" | "read-write" | "none"` on each
tensor argument and `__equivalent_func_args__` (result -> argument index, -1 if none)
on each return.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, auto
from typing import cast

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from xdsl_bufferize.analysis.call_graph import (
    CallGraph,
    build_call_graph,
    function_returns,
)
from xdsl_bufferize.analysis.func_attrs import (
    ACCESS_ATTR,
    EQUIVALENT_ARGS_ATTR,
    arg_attr,
    set_arg_attr,
)
from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizationOptions,
    OpOperand,
)
from xdsl_bufferize.utils.ir import is_tensor_type


class FuncAnalysisStatus(Enum):
    """How far the module analysis has got with one function."""

    NOT_ANALYZED = auto()
    IN_PROGRESS = auto()
    ANALYZED = auto()


@dataclass
class FuncSummary:
    """What callers need to know about one function's tensor arguments and results
    (indices are argument / result positions in the function type)."""

    read_args: set[int] = field(default_factory=set[int])
    """Tensor arguments whose buffer the function reads."""
    written_args: set[int] = field(default_factory=set[int])
    """Tensor arguments whose buffer the function writes."""
    equivalent_args: dict[int, int] = field(default_factory=dict[int, int])
    """Result index -> index of the argument it is equivalent to."""
    aliasing_results: dict[int, list[int]] = field(default_factory=dict[int, list[int]])
    """Argument index -> results that may share memory with it."""
    fresh_results: set[int] = field(default_factory=set[int])
    """Tensor results that alias no argument: new buffers owned by the caller."""
    non_writable_results: set[int] = field(default_factory=set[int])
    """Results that, on some return, are a buffer of the function's own (aliasing
    no argument) that may not be written (e.g. a returned constant's global): the
    caller must copy before writing into them."""
    aliasing_result_groups: list[list[int]] = field(default_factory=list[list[int]])
    """Groups (two or more, sorted) of tensor results that may share memory with
    each other (e.g. `return %t, %t`): the caller must see the call results of one
    group as aliases even when no call operand links them."""

    def access(self, index: int) -> str:
        """MLIR's spelling of how argument `index` is accessed."""
        read = index in self.read_args
        written = index in self.written_args
        if read and written:
            return "read-write"
        if read:
            return "read"
        if written:
            return "write"
        return "none"


@dataclass
class FuncAnalysisState:
    """Summaries of the functions analysed so far (MLIR's FuncAnalysisState)."""

    graph: CallGraph
    summaries: dict[func.FuncOp, FuncSummary] = field(
        default_factory=dict[func.FuncOp, FuncSummary]
    )
    status: dict[func.FuncOp, FuncAnalysisStatus] = field(
        default_factory=dict[func.FuncOp, FuncAnalysisStatus]
    )

    def callee(self, call: func.CallOp) -> func.FuncOp:
        """The function `call` calls (resolved through the module's symbol table)."""
        return self.graph.callee(call)

    def summary_of_callee(self, call: func.CallOp) -> FuncSummary | None:
        """The summary of `call`'s callee if it has been analysed and is not
        recursive, else None (then callers must assume every operand is read and
        written)."""
        callee = self.graph.callee(call)
        if (
            self.status.get(callee) is not FuncAnalysisStatus.ANALYZED
            or callee in self.graph.recursive
        ):
            return None
        return self.summaries.get(callee)

    def start(self, function: func.FuncOp) -> None:
        """Mark `function` as being analysed."""
        self.status[function] = FuncAnalysisStatus.IN_PROGRESS

    def finish(self, function: func.FuncOp, summary: FuncSummary) -> None:
        """Record the summary of `function`."""
        self.summaries[function] = summary
        self.status[function] = FuncAnalysisStatus.ANALYZED


def _declared_access(function: func.FuncOp, index: int) -> tuple[bool, bool] | None:
    attr = arg_attr(function, index, ACCESS_ATTR)
    if not isinstance(attr, StringAttr):
        return None
    return (
        attr.data in ("read", "read-write"),
        attr.data in ("write", "read-write"),
    )


def summarize_external(function: func.FuncOp) -> FuncSummary:
    """Summary of a bodiless function: it reads and writes every tensor argument
    (unless `bufferization.access` says otherwise) and returns fresh buffers."""
    summary = FuncSummary()
    function_type = function.function_type
    for index, arg_type in enumerate(function_type.inputs.data):
        if not is_tensor_type(arg_type):
            continue
        read, written = _declared_access(function, index) or (True, True)
        if read:
            summary.read_args.add(index)
        if written:
            summary.written_args.add(index)
    for index, result_type in enumerate(function_type.outputs.data):
        if is_tensor_type(result_type):
            summary.fresh_results.add(index)
    # Nothing is known of the body: it may return one buffer several times.
    if len(summary.fresh_results) > 1:
        summary.aliasing_result_groups.append(sorted(summary.fresh_results))
    return summary


def operand_slots(op: Operation) -> Iterable[OpOperand]:
    """Every tensor operand slot of the ops nested in `op` (excluding `op`)."""
    for nested in op.walk():
        if nested is op:
            continue
        for index, value in enumerate(nested.operands):
            if is_tensor_type(value.type):
                yield OpOperand(nested, index)


def is_value_written(
    state: AnalysisState, value: SSAValue, slots: Sequence[OpOperand]
) -> bool:
    """Whether some op among `slots` writes, in place, a buffer aliasing `value`.

    The union-find's alias sets are a may-alias closure: an `scf.if` (or a call)
    yielding the argument on one path and a fresh buffer on another joins both in
    one set, although a write into the fresh buffer before the join never touches
    the argument. When `state` is a one-shot analysis, a write counts only if the
    buffer it writes may be `value`'s: one of its buffer roots (followed back
    through in-place aliasing operands) is `value`, or is a block argument of a
    nested region or block (whose buffer the roots do not follow further)."""
    if not isinstance(state, OneShotAnalysisState):
        return any(
            state.are_aliasing_buffers(slot.value, value)
            and state.bufferizes_to_memory_write(slot)
            and state.is_in_place(slot)
            for slot in slots
        )
    saved = state.root_cache
    state.root_cache = {}
    try:
        for slot in slots:
            if not state.are_aliasing_buffers(slot.value, value):
                continue
            if not (state.bufferizes_to_memory_write(slot) and state.is_in_place(slot)):
                continue
            if _may_write_buffer_of(state, slot.value, value):
                return True
        return False
    finally:
        state.root_cache = saved


def _may_write_buffer_of(
    state: OneShotAnalysisState, written: SSAValue, value: SSAValue
) -> bool:
    """Whether the buffer of `written` may be the buffer of `value` (a function's
    block argument): `value` is among its roots, or a root is a block argument
    other than the function's own arguments (unknown where it comes from)."""
    owner_block = value.block if isinstance(value, BlockArgument) else None
    for root in state.buffer_roots(written):
        if root is value:
            return True
        if isinstance(root, BlockArgument) and root.block is not owner_block:
            return True
    return False


def summarize_function(function: func.FuncOp, state: AnalysisState) -> FuncSummary:
    """Summary of a function with a body, from the one-shot analysis `state` of it."""
    if function.is_declaration:
        return summarize_external(function)
    summary = FuncSummary()
    args = function.args
    slots: list[OpOperand] | None = None  # walked once, when first needed
    for index, arg in enumerate(args):
        if not is_tensor_type(arg.type):
            continue
        declared = _declared_access(function, index)
        if declared is not None:
            read, written = declared
        else:
            read = state.is_value_read(arg)
            if slots is None:
                slots = list(operand_slots(function))
            written = is_value_written(state, arg, slots)
        if read:
            summary.read_args.add(index)
        if written:
            summary.written_args.add(index)

    returns = function_returns(function)
    for result_index, result_type in enumerate(function.function_type.outputs.data):
        if not is_tensor_type(result_type):
            continue
        _summarize_result(summary, state, args, result_index, returns)
    summary.aliasing_result_groups = _aliasing_result_groups(state, returns)
    return summary


def _same_view_type(result: Attribute, argument: Attribute) -> bool:
    """Whether a result of type `result` equivalent to an argument of type
    `argument` can stand for that argument at the call site: the same element type
    and rank, and equal static sizes (a cast apart). A reshaped view of an argument
    (`collapse_shape`, `expand_shape`, `reshape` to another shape) is the same
    buffer but not the argument the caller holds, so it stays a result."""
    if not isinstance(result, TensorType) or not isinstance(argument, TensorType):
        return result == argument
    result_type = cast(TensorType[Attribute], result)
    argument_type = cast(TensorType[Attribute], argument)
    if result_type.get_element_type() != argument_type.get_element_type():
        return False
    result_shape = result_type.get_shape()
    argument_shape = argument_type.get_shape()
    return len(result_shape) == len(argument_shape) and all(
        r == a or DYNAMIC_INDEX in (r, a)
        for r, a in zip(result_shape, argument_shape, strict=True)
    )


def _summarize_result(
    summary: FuncSummary,
    state: AnalysisState,
    args: Sequence[SSAValue],
    result_index: int,
    returns: Sequence[func.ReturnOp],
) -> None:
    """Record in `summary` what tensor result `result_index` is, joined over
    `returns`: equivalent to an argument if it is on every return; aliasing the
    arguments it aliases on some return; fresh if it aliases none on any return;
    not writable if some return gives a buffer of its own that is not (a
    constant's global)."""
    tensor_args = [(i, a) for i, a in enumerate(args) if is_tensor_type(a.type)]
    equivalent: set[int] | None = None
    aliased: set[int] = set()
    writable = True
    for return_op in returns:
        returned = return_op.arguments[result_index]
        here = {
            i
            for i, a in tensor_args
            if _same_view_type(returned.type, a.type)
            and state.are_equivalent_buffers(returned, a)
        }
        equivalent = here if equivalent is None else equivalent & here
        aliasing = {
            i for i, a in tensor_args if state.are_aliasing_buffers(returned, a)
        }
        aliased |= aliasing
        if not aliasing and not state.is_buffer_writable(returned):
            writable = False
    if equivalent:
        summary.equivalent_args[result_index] = min(equivalent)
    for arg_index in sorted(aliased):
        summary.aliasing_results.setdefault(arg_index, []).append(result_index)
    if not aliased:
        summary.fresh_results.add(result_index)
    if not writable:
        summary.non_writable_results.add(result_index)


def _aliasing_result_groups(
    state: AnalysisState, returns: Sequence[func.ReturnOp]
) -> list[list[int]]:
    """The groups of two or more tensor results whose returned values may alias
    on some return (one alias set of the callee's analysis; the same value
    returned twice), joined over `returns`."""
    group_of: dict[int, int] = {}
    """Result index -> the smallest index of its group."""

    def find(index: int) -> int:
        while group_of[index] != index:
            index = group_of[index]
        return index

    for return_op in returns:
        returned = return_op.arguments
        tensors = [i for i, v in enumerate(returned) if is_tensor_type(v.type)]
        for position, index in enumerate(tensors):
            group_of.setdefault(index, index)
            for earlier in tensors[:position]:
                if state.are_aliasing_buffers(returned[earlier], returned[index]):
                    low, high = sorted((find(earlier), find(index)))
                    group_of[high] = low
    groups: dict[int, list[int]] = {}
    for index in sorted(group_of):
        groups.setdefault(find(index), []).append(index)
    return [group for group in groups.values() if len(group) > 1]


def annotate_function(function: func.FuncOp, summary: FuncSummary) -> None:
    """Write the summary into the IR, as MLIR's `test-analysis-only` does."""
    for index, arg_type in enumerate(function.function_type.inputs.data):
        if is_tensor_type(arg_type):
            set_arg_attr(
                function, index, ACCESS_ATTR, StringAttr(summary.access(index))
            )
    if function.is_declaration or not summary.equivalent_args:
        return
    equivalent = ArrayAttr(
        [
            IntegerAttr(summary.equivalent_args.get(i, -1), 64)
            for i in range(len(function.function_type.outputs.data))
        ]
    )
    for return_op in function_returns(function):
        return_op.attributes[EQUIVALENT_ARGS_ATTR] = equivalent


class ModuleAnalysisState(OneShotAnalysisState):
    """The one-shot analysis of one function, aware of the summaries of the
    functions it calls (it answers the call models' `CalleeSummaries` protocol)."""

    def __init__(
        self,
        function: func.FuncOp,
        options: BufferizationOptions,
        func_state: FuncAnalysisState,
    ) -> None:
        super().__init__(function, options)
        self.function = function
        self.func_state = func_state

    def callee(self, call: func.CallOp) -> func.FuncOp:
        """The function `call` calls."""
        return self.func_state.callee(call)

    def summary_of_callee(self, call: func.CallOp) -> FuncSummary | None:
        """The callee's summary, or None if it is not analysed yet."""
        return self.func_state.summary_of_callee(call)

    def analyze(self) -> None:
        """Merge the alias sets of call results that may share memory in their
        callee (no call operand relates them), then run the one-shot analysis."""
        # The call graph lists the function's calls in walk order.
        calls = self.func_state.graph.calls.get(self.function)
        if calls is None:
            calls = [op for op in self.function.walk() if isinstance(op, func.CallOp)]
        for op in calls:
            for group in self._result_groups(op):
                self._merge([op.results[i] for i in group])
        super().analyze()

    def _result_groups(self, call: func.CallOp) -> list[list[int]]:
        summary = self.summary_of_callee(call)
        if summary is not None:
            return summary.aliasing_result_groups
        # Not analysed: any two tensor results may be one buffer.
        tensors = [i for i, r in enumerate(call.results) if is_tensor_type(r.type)]
        return [tensors] if len(tensors) > 1 else []


@dataclass
class AnalysisRecord:
    """One function's analysis, its summary, and the analysis run it came from."""

    state: ModuleAnalysisState
    summary: FuncSummary
    run: int


@dataclass
class ReusableAnalyses:
    """Function analyses kept from one module analysis for the next one, as long as
    the function's IR and its callees' summaries have not changed since (how
    eliminate-empty-tensors hands its last oracle to one-shot bufferization), and
    the module's call graph, built once for both (a small analysis manager:
    get-or-compute, forgotten on `clear`).

    Whoever changes a function after recording it must `invalidate` it. A function
    is analysed in the same run as all its callees, so its record stays valid while
    none of them was analysed again in a later run (their summary may differ).
    Whoever adds, removes or renames functions or calls must `clear` (the call
    graph is kept across changes inside function bodies that touch no call)."""

    options: BufferizationOptions
    records: dict[func.FuncOp, AnalysisRecord] = field(
        default_factory=dict[func.FuncOp, AnalysisRecord]
    )
    dirty: set[func.FuncOp] = field(default_factory=set[func.FuncOp])
    runs: int = 0
    graph: CallGraph | None = None
    """The call graph of the module, once built (`call_graph`)."""
    structure_checked: bool = False
    """The module passed `check_region_terminators` and `check_ranked_tensors`
    (`analysis/ir_checks.py`) and was changed since only in ways that keep them
    passing (eliminate-empty-tensors: operands replaced by values of the same type,
    ranked `tensor.extract_slice`s added), so one-shot need not walk it again."""

    def call_graph(self, module: ModuleOp) -> CallGraph:
        """The call graph of `module`: the kept one, or built now and kept (raises
        as `build_call_graph` does, keeping nothing)."""
        if self.graph is None:
            self.graph = build_call_graph(module)
        return self.graph

    def start_run(self) -> int:
        """A new analysis run; its number."""
        self.runs += 1
        return self.runs

    def record(
        self, function: func.FuncOp, state: ModuleAnalysisState, summary: FuncSummary
    ) -> None:
        """Keep the analysis of `function` made in the current run."""
        self.records[function] = AnalysisRecord(state, summary, self.runs)
        self.dirty.discard(function)

    def invalidate(self, function: func.FuncOp | None) -> None:
        """`function` changed after its analysis (None: something outside any
        function changed: forget everything)."""
        if function is None:
            self.clear()
        else:
            self.dirty.add(function)

    def revise(self, function: func.FuncOp, operands: Sequence[OpOperand]) -> None:
        """`function` changed after its analysis only in `operands`: each was
        out of place and holds a new value (see `OneShotAnalysisState.redecide`
        for what qualifies). Keep its analysis if re-deciding them leaves the one
        a new analysis would make, with the same summary and no error from the
        models; else invalidate it."""
        record = self.records.get(function)
        if record is None or function in self.dirty:
            return
        state = record.state
        if (
            any(
                operand in state.undecided_links or _unmet_chain_through(state, operand)
                for operand in operands
            )
            or not all([state.redecide(operand) for operand in operands])
            or state.verify()
            or summarize_function(function, state) != record.summary
        ):
            self.invalidate(function)

    def clear(self) -> None:
        """Forget every record and the call graph."""
        self.forget_records()
        self.graph = None

    def forget_records(self) -> None:
        """Forget every record, keeping the call graph (no call changed)."""
        self.records.clear()
        self.dirty.clear()

    def valid_records(
        self, graph: CallGraph, options: BufferizationOptions
    ) -> dict[func.FuncOp, AnalysisRecord]:
        """The records still valid for the functions of `graph` analysed with
        `options` (callees first)."""
        if options != self.options:
            return {}
        valid: dict[func.FuncOp, AnalysisRecord] = {}
        for function in graph.order:
            record = self.records.get(function)
            if record is None or function in self.dirty or function.is_declaration:
                continue
            if all(
                callee.is_declaration
                or (callee in valid and self.records[callee].run == record.run)
                for callee in (graph.callee(c) for c in graph.calls[function])
            ):
                valid[function] = record
        return valid


def _unmet_chain_through(state: ModuleAnalysisState, operand: OpOperand) -> bool:
    """Whether a chain of equivalent values that did not meet its target went
    through `operand` while undecided (`unmet_links`) and may meet it now that
    `operand` holds its new value. It cannot when that value has no other use and
    aliases no operand (an empty tensor): in the IR analysed it had no use, so it
    was nothing's equivalent and neither read nor written, and the part of the walk
    behind the old value met nothing."""
    if operand not in state.unmet_links:
        return False
    value = operand.value
    return not value.has_one_use() or bool(state.get_aliasing_op_operands(value))
