"""Empty-tensor elimination: give `tensor.empty` destinations a buffer that exists.

A `tensor.empty` (or `bufferization.alloc_tensor` without `copy`) bufferizes to a
new allocation. Two rewrites on tensors, before the one-shot analysis, let the
computation write into a buffer the program has anyway:

* Subset insertion (MLIR's empty-tensor elimination). An empty tensor, fully
  written by a chain of destination-passing ops, whose result is inserted into a
  subset of a destination (an op with a `SubsetInsertionModel`:
  `tensor.insert_slice`, `bufferization.materialize_in_destination`): the empty
  tensor becomes the extraction of that subset (`tensor.extract_slice` at the same
  offsets, sizes and strides; the destination itself for
  materialize_in_destination). The chain then writes the destination's buffer
  directly and the insertion is a copy of a view onto itself. Only when the
  destination and the slice parameters are available where the chain starts and the
  first op of the chain does not read the empty tensor's (undefined) contents.
* Dead-input reuse. A linalg op whose loops are all parallel, computing into an
  empty tensor it does not read, with an `ins` operand of the same type read with
  the same permutation map as that output (ReLU of a bias add, say): the input
  becomes the destination, `outs(%input)`, so the op may overwrite its input
  element by element. Reusing an input must never cost more than the allocation
  it saves: an argument of a public function is never reused; an argument of a
  private one only if every call passes its operand in place (no caller copy) and
  no public function then returns that buffer as its own argument's (a clone on
  every call, `_public_lenders`) unless it did before the reuse, or the reuse runs
  in a loop (an allocation saved per iteration).

Both rewrites keep the tensor program's meaning (only undefined initial contents
change). Whether the new destination may really be written in place -- the input is
not read later, not a constant, not a read-only argument; the destination is not
read between the slice and the insertion -- is left to the one-shot analysis: `eliminate_empty_tensors`
rewrites every candidate, runs the analysis once, and undoes each rewrite whose
destination would not be in place (which would cost a copy instead of saving an
allocation). Undone candidates may try another input in a next round. A dead-input
rewrite whose input is read later in the op's block (`ReadsAfter`) would always be
undone (a read-after-write conflict): it is counted as tried without being applied,
which saves the analysis of its function and decides nothing differently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.call_graph import function_returns, is_public
from xdsl_bufferize.analysis.empty_tensor import (
    ChainState,
    InPlaceOracle,
    ReadsAfter,
    in_place_oracle,
    is_undefined_contents,
    trace_to_empties,
    value_dominates,
)
from xdsl_bufferize.analysis.ir_checks import (
    check_ranked_tensors,
    check_region_terminators,
)
from xdsl_bufferize.analysis.module_analysis import ReusableAnalyses
from xdsl_bufferize.interfaces.bufferizable import (
    BufferizationOptions,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.interfaces.subset_insertion import subset_insertion_model
from xdsl_bufferize.models import register_all_models
from xdsl_bufferize.models.linalg import (
    all_loops_parallel,
    indexing_maps,
    is_permutation,
    num_dps_inputs,
)
from xdsl_bufferize.utils.ir import enclosing_function, is_tensor_type

MAX_ROUNDS = 3
"""How many times the analysis runs (each round retries undone candidates with
their next alternative)."""


@dataclass
class _Candidate:
    """One tentative rewrite: `use` (an operand holding an empty tensor) gets a new
    value; `required` operands must all be in place for it to pay off."""

    key: tuple[object, ...]
    use: OpOperand
    empty: SSAValue
    required: list[OpOperand] = field(default_factory=list[OpOperand])
    new_ops: list[Operation] = field(default_factory=list[Operation])
    """The ops built to produce the new value (erased when undone)."""
    argument: BlockArgument | None = None
    """The function argument a dead-input rewrite makes the destination (kept only
    if no public function then returns that buffer: `_public_lenders`)."""

    def apply(self, value: SSAValue) -> None:
        self.use.owner.operands[self.use.index] = value

    def revert(self) -> None:
        self.use.owner.operands[self.use.index] = self.empty
        for op in reversed(self.new_ops):
            op.detach()
            op.erase()
        self.new_ops = []


def _subset_candidates(
    op: Operation, state: ChainState, claimed: set[OpOperand]
) -> list[_Candidate]:
    """The subset-insertion rewrites for `op`, if `op` inserts into a tensor subset
    and the rewrite applies: one per empty tensor the inserted value is built on
    (several when region results merge them: the branches of an scf.if), each
    kept or undone on its own."""
    model = subset_insertion_model(op)
    if model is None or not model.is_subset_insertion(op):
        return []
    source = model.source_operand(op).value
    needed = model.values_needed_for_extraction(op)
    traces = trace_to_empties(source, state)
    found: list[_Candidate] = []
    for empty, chain in traces:
        first_use = chain[-1]
        if first_use in claimed or not tensor_cast_compatible(empty.type, source.type):
            continue
        if state.bufferizes_to_memory_read(first_use):
            continue
        if not model.accepts(op, empty):
            continue
        if not all(value_dominates(v, first_use.owner) for v in needed):
            continue
        found.append(
            _Candidate(
                ("subset", id(op), id(first_use.owner), first_use.index),
                first_use,
                empty,
                [*chain, model.destination_operand(op)],
            )
        )
    return found


def tensor_cast_compatible(a: Attribute, b: Attribute) -> bool:
    """Whether a `tensor.cast` goes between ranked tensor types `a` and `b`: one
    element type and rank, static sizes agreeing where both are static."""
    if not isinstance(a, TensorType) or not isinstance(b, TensorType):
        return False
    a_type: TensorType[Attribute] = a  # pyright: ignore[reportUnknownVariableType]
    b_type: TensorType[Attribute] = b  # pyright: ignore[reportUnknownVariableType]
    a_shape, b_shape = a_type.get_shape(), b_type.get_shape()
    return (
        a_type.element_type == b_type.element_type
        and len(a_shape) == len(b_shape)
        and all(x == y or x < 0 or y < 0 for x, y in zip(a_shape, b_shape, strict=True))
    )


def _apply_subset(candidate: _Candidate, insertion: Operation) -> None:
    model = subset_insertion_model(insertion)
    assert model is not None
    value, new_op = model.build_subset_extraction(insertion, candidate.use.owner)
    if new_op is not None:
        candidate.new_ops.append(new_op)
        candidate.required.append(OpOperand(new_op, 0))
    empty_type = candidate.empty.type
    if value.type != empty_type:
        # A `tensor.cast` between the chain and the insertion: the extracted
        # subset is cast back to the empty tensor's type.
        assert isinstance(empty_type, TensorType)
        cast_op = tensor.CastOp(value, cast(TensorType[Attribute], empty_type))
        Rewriter.insert_op(cast_op, InsertPoint.before(candidate.use.owner))
        candidate.new_ops.append(cast_op)
        candidate.required.append(OpOperand(cast_op, 0))
        value = cast_op.dest
    candidate.apply(value)


def _input_candidates(
    op: Operation, state: ChainState, claimed: set[OpOperand]
) -> list[tuple[_Candidate, int]]:
    """Dead-input rewrites for linalg op `op`: (candidate, input index), several
    inputs per output in order of preference."""
    if not isinstance(op, LinalgStructuredOperation):
        return []
    num_inputs = num_dps_inputs(op)
    operands = op.operands
    # The outs holding an empty tensor first: most ops have none, and decoding the
    # iterator types and maps costs more than the rest of the query.
    inits = [
        use
        for k in range(num_inputs, len(operands))
        if is_undefined_contents(operands[k])
        and (use := OpOperand(op, k)) not in claimed
    ]
    if not inits or not all_loops_parallel(op):
        return []
    maps = indexing_maps(op)
    if maps is None:
        return []
    found: list[tuple[_Candidate, int]] = []
    outs_values = set(operands[num_inputs:])
    for use in inits:
        k = use.index
        empty = use.value
        if state.bufferizes_to_memory_read(use) or not is_permutation(maps[k]):
            continue
        for j in range(num_inputs):
            value = operands[j]
            if (
                value.type == empty.type
                and maps[j] == maps[k]
                and value not in outs_values
            ):
                found.append(
                    (_Candidate(("input", id(op), k, j), use, empty, [use]), j)
                )
    return found


def _scan(
    module: ModuleOp,
) -> tuple[list[Operation], dict[str, list[func.CallOp]]]:
    """In one walk: the ops that may hold candidates (subset insertions, linalg
    structured ops), in walk order, and the calls of each callee name."""
    producers: list[Operation] = []
    calls: dict[str, list[func.CallOp]] = {}
    for op in module.walk():
        if isinstance(op, func.CallOp):
            calls.setdefault(op.callee.root_reference.data, []).append(op)
        if bufferizable_model(op) is not None and (
            subset_insertion_model(op) is not None
            or isinstance(op, LinalgStructuredOperation)
        ):
            producers.append(op)
    return producers, calls


def _function_argument(value: SSAValue) -> BlockArgument | None:
    """`value` if it is an argument of a function (its entry block), else None."""
    if not isinstance(value, BlockArgument):
        return None
    function = value.block.parent_op()
    if not isinstance(function, func.FuncOp) or value.block is not (
        function.body.blocks.first
    ):
        return None
    return value


def _argument_call_operands(
    value: SSAValue, calls: dict[str, list[func.CallOp]]
) -> list[OpOperand] | None:
    """Reusing a dead input `value` must not cost the callers more than it saves
    (one allocation): when `value` is an argument of a function, the function then
    writes it, so each caller still reading the tensor it passes (or passing a
    constant) copies it, and a public function's result returned as its argument
    is cloned for its outside callers. None (do not reuse) for an argument of a
    public function; else the call operands passing it, which must all stay in
    place for the reuse to be kept (none for any other value)."""
    argument = _function_argument(value)
    if argument is None:
        return []
    function = argument.block.parent_op()
    assert isinstance(function, func.FuncOp)
    if is_public(function):
        return None
    return [
        OpOperand(call, argument.index)
        for call in calls.get(function.sym_name.data, [])
        if argument.index < len(call.operands)
    ]


def _callers(
    functions: set[func.FuncOp], calls: dict[str, list[func.CallOp]]
) -> set[func.FuncOp]:
    """`functions` and every function calling one of them, directly or not."""
    closure: set[func.FuncOp] = set()
    work = list(functions)
    while work:
        function = work.pop()
        if function in closure:
            continue
        closure.add(function)
        for call in calls.get(function.sym_name.data, []):
            caller = enclosing_function(call)
            if caller is not None:
                work.append(caller)
    return closure


def _public_lenders(
    oracle: InPlaceOracle,
    argument: BlockArgument,
    calls: dict[str, list[func.CallOp]],
    seen: set[BlockArgument] | None = None,
) -> set[BlockArgument] | None:
    """The arguments of public functions that, under `oracle`'s analysis, may
    return the buffer of `argument` (an argument of a private function written by a
    dead-input reuse) as theirs; None if a function on the way was not analysed.

    The buffer goes up a call when a result of the callee may alias the argument,
    the caller returns (an alias of) that call's result and the operand it passes
    aliases one of the caller's own arguments.  A public function returning its
    argument's buffer returns a clone of it (the function-boundary ABI: callers own
    returned buffers); a buffer a caller owns (allocated there) is handed over
    instead, at no cost.  Calls inside a loop are not followed: the reuse saves an
    allocation per iteration for at most one clone per call of the public
    function."""
    seen = set() if seen is None else seen
    if argument in seen:
        return set()
    seen.add(argument)
    function = argument.block.parent_op()
    assert isinstance(function, func.FuncOp)
    summary = oracle.summaries.get(function)
    if summary is None:
        return None
    results = summary.aliasing_results.get(argument.index, [])
    if not results:
        return set()
    if is_public(function):
        return {argument}
    found: set[BlockArgument] = set()
    for call in calls.get(function.sym_name.data, []):
        caller = enclosing_function(call)
        state = None if caller is None else oracle.states.get(caller)
        if caller is None or state is None:
            return None
        if state.repetitive_ancestors(call):
            continue  # called in a loop: an allocation saved per iteration
        returned = [
            value
            for ret in function_returns(caller)
            for value in ret.operands
            if is_tensor_type(value.type)
        ]
        if not any(
            state.are_aliasing_buffers(call.results[r], value)
            for r in results
            if r < len(call.results)
            for value in returned
        ):
            continue
        operand = call.operands[argument.index]
        for arg in caller.args:
            if is_tensor_type(arg.type) and state.are_aliasing_buffers(operand, arg):
                lenders = _public_lenders(oracle, arg, calls, seen)
                if lenders is None:
                    return None
                found |= lenders
    return found


def _returned_before(
    module: ModuleOp,
    options: BufferizationOptions | None,
    oracle: InPlaceOracle,
    lenders: dict[int, set[BlockArgument]],
) -> set[int]:
    """The keys of `lenders` (candidates, by id) whose public arguments each were,
    with those candidates undone, already returned on every path by each function
    result that may return them under `oracle` (equivalent results: a clone on
    every call, which the reuse does not add)."""
    functions = {
        f
        for args in lenders.values()
        for a in args
        if isinstance(f := a.block.parent_op(), func.FuncOp)
    }
    baseline = in_place_oracle(module, options, list(functions))
    if baseline is None:
        return set()

    def returned_before(argument: BlockArgument) -> bool:
        function = argument.block.parent_op()
        assert isinstance(function, func.FuncOp)
        before = baseline.summaries.get(function)
        after = oracle.summaries.get(function)
        return (
            before is not None
            and after is not None
            and all(
                before.equivalent_args.get(r) == argument.index
                for r in after.aliasing_results.get(argument.index, [])
            )
        )

    return {key for key, args in lenders.items() if all(map(returned_before, args))}


def eliminate_empty_tensors(
    module: ModuleOp,
    options: BufferizationOptions | None = None,
    keep: ReusableAnalyses | None = None,
) -> int:
    """Apply both rewrites where the one-shot analysis keeps the new destination in
    place; return how many empty-tensor uses were replaced. With `keep`, the
    analyses of functions left unchanged after the last oracle are recorded there,
    for the one-shot bufferization that follows."""
    register_all_models()
    check_region_terminators(module, "eliminate-empty-tensors")
    check_ranked_tensors(module, "eliminate-empty-tensors")
    if keep is not None:  # the rewrites below keep both checks passing
        keep.structure_checked = True
    state = ChainState(options)
    # The ops that may hold candidates are found once: the rounds add and erase
    # only `tensor.extract_slice`s, which hold none.
    producers, calls = _scan(module)
    tried: set[tuple[object, ...]] = set()
    kept: list[_Candidate] = []
    for _ in range(MAX_ROUNDS):
        claimed: set[OpOperand] = {c.use for c in kept}
        round_candidates: list[_Candidate] = []
        # Dead-input candidates whose input is read later in the op's block are
        # never kept (a read-after-write conflict whatever else is decided):
        # they count as tried this round without being applied or analysed.
        reads_after = ReadsAfter(state)
        doomed = 0
        for op in producers:
            applied = False
            for candidate in _subset_candidates(op, state, claimed):
                if candidate.key in tried or candidate.use in claimed:
                    continue
                tried.add(candidate.key)
                claimed.add(candidate.use)
                _apply_subset(candidate, op)
                round_candidates.append(candidate)
                applied = True
            if applied:
                continue
            for candidate, j in _input_candidates(op, state, claimed):
                if candidate.key in tried or candidate.use in claimed:
                    continue
                callers = _argument_call_operands(op.operands[j], calls)
                if callers is None:
                    continue
                tried.add(candidate.key)
                claimed.add(candidate.use)
                if reads_after(op.operands[j], op):
                    doomed += 1
                    continue
                candidate.required.extend(callers)
                candidate.argument = _function_argument(op.operands[j])
                candidate.apply(op.operands[j])
                round_candidates.append(candidate)
        if not round_candidates:
            if doomed:
                continue  # their next alternatives are tried in the next round
            break
        # Only the functions holding this round's candidates need verdicts.
        holders = {
            enclosing_function(o.owner)
            for c in round_candidates
            for o in (c.use, *c.required)
        }
        # a reused argument's buffer is followed up to the public functions
        holders |= _callers(
            {
                f
                for c in round_candidates
                if c.argument is not None
                and isinstance(f := c.argument.block.parent_op(), func.FuncOp)
            },
            calls,
        )
        if keep is not None:  # changed by this round: analysed again
            if None in holders:
                keep.forget_records()
            for holder in holders - {None}:
                keep.invalidate(holder)
        oracle: InPlaceOracle | None = (
            in_place_oracle(module, options, keep=keep)
            if None in holders
            else in_place_oracle(
                module, options, [f for f in holders if f is not None], keep
            )
        )
        in_place = {
            id(c): c
            for c in round_candidates
            if oracle is not None and all(oracle(o) for o in c.required)
        }
        # reused arguments whose buffer a public function would then return: kept
        # only if it returned that buffer before the reuse too (no clone added)
        lenders: dict[int, set[BlockArgument]] = {}
        refused: set[int] = set()
        for c in in_place.values():
            if c.argument is None or oracle is None:
                continue
            function = c.argument.block.parent_op()
            owner = (
                oracle.states.get(function)
                if isinstance(function, func.FuncOp)
                else None
            )
            if owner is not None and owner.repetitive_ancestors(c.use.owner):
                continue  # reused in a loop: an allocation saved per iteration
            found = _public_lenders(oracle, c.argument, calls)
            if found is None:
                refused.add(id(c))
            elif found:
                lenders[id(c)] = found
        if lenders:
            assert oracle is not None
            returning = [in_place[key] for key in lenders]
            for c in returning:
                c.revert()
            refused |= set(lenders) - _returned_before(module, options, oracle, lenders)
            for c in returning:
                assert c.argument is not None
                c.apply(c.argument)
                if keep is not None:  # rebuilt: the kept analysis is stale
                    keep.invalidate(enclosing_function(c.use.owner))
        # Undone dead-input rewrites that were out of place are decided again in
        # the kept analysis (no new analysis of their function if that suffices).
        revised: dict[func.FuncOp, list[OpOperand]] = {}
        for candidate in round_candidates:
            if id(candidate) in in_place and id(candidate) not in refused:
                kept.append(candidate)
                continue
            candidate.revert()
            if keep is None:
                continue
            function = enclosing_function(candidate.use.owner)
            if function is not None and _revisable(candidate, in_place):
                revised.setdefault(function, []).append(candidate.use)
            else:
                keep.invalidate(function)
        if keep is not None:
            for function, operands in revised.items():
                keep.revise(function, operands)
    _erase_dead_empties({c.empty for c in kept})
    return len(kept)


def _revisable(candidate: _Candidate, in_place: dict[int, _Candidate]) -> bool:
    """Whether undoing `candidate` changed only its own operand's decision in
    the analysis (`ReusableAnalyses.revise`): a dead-input rewrite (its operand
    not read) that was out of place and needed nothing else in place."""
    return (
        candidate.key[0] == "input"
        and id(candidate) not in in_place
        and candidate.argument is None
        and candidate.required == [candidate.use]
    )


def _erase_dead_empties(values: set[SSAValue]) -> None:
    for value in values:
        owner = value.owner
        if isinstance(owner, Operation) and not value.uses and owner.parent:
            owner.detach()
            owner.erase()
