"""Bufferization models of the `scf` dialect (scf.while's and scf.condition's are in
`models/scf_while.py`, scf.execute_region's in `models/scf_execute_region.py`; the region flow of the scf ops, asked by buffer deallocation
and the other buffer analyses, in `models/scf_region_flow.py`; the helpers the models
share with other region ops in `models/region_bufferization.py`).

Region ops bufferize before the ops of their regions (pre-order walk): each one
builds its memref form, moves its regions into it, turns its tensor block
arguments into memref block arguments (old users see a `to_tensor` of them), and
rewrites its own terminators right away (`get_buffer` of a yielded value not
bufferized yet is a `to_buffer` that the final clean-up folds away).

Values flowing along a back edge (scf.for yield -> iter_arg, scf.while after-yield
-> before-argument) keep the buffer of the iter_arg when the analysis proved them
equivalent to it. Otherwise the terminator yields a new buffer holding a copy of
the value (MLIR's `allow-return-allocs-from-loops`), so a loop that swaps its
iter_args, or yields a value computed out of place, is always correct; the
deallocation pass frees the buffers of earlier iterations.

Forward edges (scf.if / index_switch / execute_region results, scf.condition ->
after-arguments and while results) pass buffers as they are: the analysis merges
their alias sets, so conflicts through them are seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.dialects import scf
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.interfaces.bufferizable import (
    AliasingOpOperand,
    AliasingValue,
    AnalysisState,
    BufferizableOpModel,
    BufferizationState,
    BufferRelation,
    OpOperand,
    register_bufferizable_model,
)
from xdsl_bufferize.models.bufferization import cast_if_needed
from xdsl_bufferize.models.region_bufferization import (
    carried_type,
    common_type,
    convert_block_arguments,
    copied_yields,
    is_tensor,
    loop_init_buffers,
    not_equivalent,
    owned_by_loop,
    replace_terminator,
    yield_buffers,
)
from xdsl_bufferize.models.scf_region_flow import register_scf_region_flow
from xdsl_bufferize.models.scf_while import ConditionOpModel, WhileOpModel


def _yields(
    region: Region, yield_type: type[Operation] = scf.YieldOp
) -> list[Operation]:
    """The terminators of the blocks of `region` yielding to its op (`yield_type`:
    scf.yield, affine.yield)."""
    found: list[Operation] = []
    for block in region.blocks:
        last = block.last_op
        if isinstance(last, yield_type):
            found.append(last)
    return found


def loop_inits(op: Operation) -> Sequence[SSAValue]:
    """The iter_arg inits of a loop with one result per init, last among its
    operands (scf.for, affine.for)."""
    return op.operands[first_init_operand(op) :]


def first_init_operand(op: Operation) -> int:
    """The operand index of the first iter_arg init of such a loop."""
    return len(op.operands) - len(op.results)


# ---------------------------------------------------------------------------
# scf.for
# ---------------------------------------------------------------------------


def _permuted_iter_args(op: Operation, analysis: AnalysisState) -> frozenset[int]:
    """The iter_args (by index) whose buffers the loop passes around among
    themselves without a copy: groups whose yields permute them (each yields a
    buffer equivalent to another iter_arg of the group, as ping-pong buffers do)
    and whose inits are distinct buffers of one tensor type, each a copy or a
    writable buffer whose old data nothing reads once the loop has started."""
    block = op.regions[0].block
    yield_op = block.last_op
    assert yield_op is not None
    yielded = yield_op.operands
    free = [
        is_tensor(v) and not analysis.are_equivalent_buffers(v, block.args[i + 1])
        for i, v in enumerate(yielded)
    ]
    targets: dict[int, int] = {}
    for i, value in enumerate(yielded):
        if free[i]:
            for k in range(len(yielded)):
                if (
                    k != i
                    and free[k]
                    and analysis.are_equivalent_buffers(value, block.args[k + 1])
                ):
                    targets[i] = k
                    break
    carried: set[int] = set()
    seen: set[int] = set()
    for start in targets:
        if start in seen:
            continue
        cycle = [start]
        while (
            targets.get(cycle[-1]) not in (None, start)
            and targets[cycle[-1]] not in cycle
        ):
            cycle.append(targets[cycle[-1]])
        seen.update(cycle)
        if targets.get(cycle[-1]) != start:
            continue
        inits = [OpOperand(op, first_init_operand(op) + i) for i in cycle]
        if len({init.value.type for init in inits}) != 1:
            continue
        kept = [init for init in inits if analysis.is_in_place(init)]
        if any(
            analysis.are_aliasing_buffers(a.value, b.value)
            for n, a in enumerate(kept)
            for b in kept[n + 1 :]
        ):
            continue  # a copied init is a buffer of its own; the others must be
        if all(owned_by_loop(init, analysis) for init in inits):
            carried.update(cycle)
    return frozenset(carried)


@dataclass(frozen=True)
class LoopYields:
    """What a loop does with the values its body yields back to its iter_args,
    decided once the analysis is done (`IterArgsLoopModel.verify_analysis`)."""

    permuted: frozenset[int]
    """Iter_args passed around among themselves without a copy
    (`_permuted_iter_args`)."""
    copied: frozenset[int]
    """Iter_args whose yielded value is copied into a new buffer
    (`copied_yields`); the others keep the buffer they are yielded in."""


def _loop_yields(op: Operation, analysis: AnalysisState) -> LoopYields:
    """The decision recorded for `op` after the analysis."""
    recorded = analysis.decision(op)
    if isinstance(recorded, LoopYields):
        return recorded
    return LoopYields(frozenset(), frozenset())


def _permuted(op: Operation, analysis: AnalysisState) -> frozenset[int]:
    """The permuted iter_args recorded for `op` after the analysis."""
    return _loop_yields(op, analysis).permuted


def _memref_type(attr: Attribute | None) -> MemRefType[Attribute]:
    assert isinstance(attr, MemRefType)
    return cast(MemRefType[Attribute], attr)


class IterArgsLoopModel(BufferizableOpModel):
    """Shared by loops whose body block takes an induction variable then the
    iter_args, whose inits are their last operands, one result per init (scf.for,
    affine.for): memref iter_args; an iter_arg keeps its init buffer across
    iterations when the yield is equivalent to it, else each iteration yields a
    copy. The init operand aliases the iter_arg and the result. Subclasses build
    the memref loop and its yield."""

    def rebuild(
        self, op: Operation, inits: Sequence[SSAValue], body: Region
    ) -> Operation:
        """The memref form of loop `op` starting from `inits`, with the moved `body`."""
        raise NotImplementedError

    def build_yield(self, values: Sequence[SSAValue]) -> Operation:
        """The terminator of the memref loop's body yielding `values`."""
        raise NotImplementedError

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return True

    def _relation(
        self, op: Operation, index: int, state: AnalysisState
    ) -> BufferRelation:
        block = op.regions[0].block
        yield_op = block.last_op
        bb_arg = block.args[index + 1]
        if (
            yield_op is not None
            and yield_op.has_trait(IsTerminator)
            and state.are_equivalent_buffers(yield_op.operands[index], bb_arg)
        ):
            return BufferRelation.EQUIVALENT
        return BufferRelation.UNKNOWN

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        index = operand.index - first_init_operand(op)
        if index < 0:
            return ()
        relation = self._relation(op, index, state)
        return (
            AliasingValue(op.results[index], relation),
            AliasingValue(op.regions[0].block.args[index + 1], relation),
        )

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        if isinstance(value, BlockArgument):
            if value.index == 0:
                return ()
            index = value.index - 1
        else:
            assert isinstance(value, OpResult)
            index = value.index
        init = OpOperand(op, first_init_operand(op) + index)
        return (AliasingOpOperand(init, self._relation(op, index, state)),)

    def is_repetitive_region(self, op: Operation, region_index: int) -> bool:
        return True

    def verify_analysis(self, op: Operation, state: AnalysisState) -> str | None:
        if state.options.allow_return_allocs_from_loops:
            permuted = _permuted_iter_args(op, state)
            block = op.regions[0].block
            yield_op = block.last_op
            assert yield_op is not None
            iter_args = block.args[1:]
            kept = [
                i in permuted or state.are_equivalent_buffers(v, iter_args[i])
                for i, v in enumerate(yield_op.operands)
            ]
            copied = copied_yields(state, op, yield_op.operands, iter_args, kept)
            state.record_decision(op, LoopYields(permuted, copied))
            return None
        for index, result in enumerate(op.results):
            if is_tensor(result) and (
                self._relation(op, index, state) is not BufferRelation.EQUIVALENT
            ):
                return not_equivalent("Yield operand", index)
        return None

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        block = op.regions[0].block
        if isinstance(value, BlockArgument):
            # An iter_arg has the type of the loop result it is carried to.
            if value.block is not block or value.index == 0:
                return None
            index = value.index - 1
        else:
            assert isinstance(value, OpResult)
            index = value.index
        yield_op = block.last_op
        assert yield_op is not None
        inits = loop_inits(op)
        permuted = _permuted(op, state.analysis)
        if index in permuted:
            return common_type(
                [
                    carried_type(state.get_buffer_type(inits[i]), False)
                    for i in sorted(permuted)
                ]
            )
        init_type = state.get_buffer_type(inits[index])
        return carried_type(
            init_type,
            state.analysis.are_equivalent_buffers(
                yield_op.operands[index], block.args[index + 1]
            ),
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        block = op.regions[0].block
        yield_op = block.last_op
        assert yield_op is not None
        analysis = state.analysis
        equivalent = [
            is_tensor(v) and analysis.are_equivalent_buffers(v, block.args[i + 1])
            for i, v in enumerate(yield_op.operands)
        ]
        inits, types = loop_init_buffers(
            op, loop_inits(op), equivalent, rewriter, state
        )
        permuted = _permuted(op, analysis)
        if permuted:
            # The buffers change places: one type for all of them.
            common = common_type([_memref_type(types[i]) for i in sorted(permuted)])
            rewriter.insertion_point = InsertPoint.before(op)
            for i in permuted:
                inits[i] = cast_if_needed(rewriter, inits[i], common)
                types[i] = common
        body = rewriter.move_region_contents_to_new_regions(op.regions[0])
        new_loop = self.rebuild(op, inits, body)
        rewriter.insert(new_loop, InsertPoint.before(op))
        new_block = new_loop.regions[0].block
        convert_block_arguments(
            rewriter,
            state,
            new_block,
            {
                i + 1: t
                for i, t in enumerate(types)
                if isinstance(t, MemRefType)  # pyright: ignore[reportUnknownMemberType]
            },
        )
        values = yield_buffers(
            rewriter,
            state,
            yield_op,
            0,
            types,
            [i in _loop_yields(op, analysis).copied for i in range(len(types))],
        )
        replace_terminator(rewriter, yield_op, self.build_yield(values))
        rewriter.insertion_point = InsertPoint.before(op)
        state.replace_op_with_bufferized_values(rewriter, op, list(new_loop.results))


class ForOpModel(IterArgsLoopModel):
    """scf.for: memref iter_args (`IterArgsLoopModel`)."""

    def rebuild(
        self, op: Operation, inits: Sequence[SSAValue], body: Region
    ) -> Operation:
        assert isinstance(op, scf.ForOp)
        return scf.ForOp(op.lb, op.ub, op.step, inits, body)

    def build_yield(self, values: Sequence[SSAValue]) -> Operation:
        return scf.YieldOp(*values)


# ---------------------------------------------------------------------------
# scf.if, scf.index_switch, scf.execute_region: results from region yields
# ---------------------------------------------------------------------------


class YieldingRegionsModel(BufferizableOpModel):
    """Shared by ops whose tensor results come from the yields of their regions
    (scf.if, scf.index_switch, scf.execute_region, affine.if); subclasses build the
    memref op (`rebuild`) and name their yield op."""

    yield_type: type[Operation] = scf.YieldOp
    """The terminator yielding to the op's results."""

    def build_yield(self, values: Sequence[SSAValue]) -> Operation:
        """The memref form of the yield of `values`."""
        return scf.YieldOp(*values)

    def _all_yields(self, op: Operation) -> list[Operation]:
        return [y for region in op.regions for y in _yields(region, self.yield_type)]

    def buffer_type(
        self, op: Operation, value: SSAValue, state: BufferizationState
    ) -> MemRefType[Attribute] | None:
        if isinstance(value, BlockArgument):
            return None
        index = op.results.index(value)
        yields = self._all_yields(op)
        return common_type([state.get_buffer_type(y.operands[index]) for y in yields])

    def get_aliasing_op_operands(
        self, op: Operation, value: SSAValue, state: AnalysisState
    ) -> Sequence[AliasingOpOperand]:
        if isinstance(value, BlockArgument):
            return ()
        index = op.results.index(value)
        yields = self._all_yields(op)
        return tuple(
            AliasingOpOperand(OpOperand(y, index), BufferRelation.UNKNOWN, False)
            for y in yields
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        yields = self._all_yields(op)
        result_types: list[Attribute] = []
        for index, result in enumerate(op.results):
            if not is_tensor(result):
                result_types.append(result.type)
                continue
            result_types.append(
                common_type([state.get_buffer_type(y.operands[index]) for y in yields])
            )
        regions = [rewriter.move_region_contents_to_new_regions(r) for r in op.regions]
        new_op = self.rebuild(op, regions, result_types)
        rewriter.insert(new_op, InsertPoint.before(op))
        targets: list[Attribute | None] = [
            t if is_tensor(r) else None
            for t, r in zip(result_types, op.results, strict=True)
        ]
        for yield_op in yields:
            values = yield_buffers(
                rewriter, state, yield_op, 0, targets, [False] * len(targets)
            )
            replace_terminator(rewriter, yield_op, self.build_yield(values))
        rewriter.insertion_point = InsertPoint.before(op)
        state.replace_op_with_bufferized_values(rewriter, op, list(new_op.results))

    def rebuild(
        self, op: Operation, regions: list[Region], result_types: list[Attribute]
    ) -> Operation:
        """The memref form of `op` with the moved `regions`."""
        raise NotImplementedError


class IfOpModel(YieldingRegionsModel):
    """scf.if: results come from either branch's yield (may alias both); a read in
    one branch never conflicts with a write in the other."""

    def has_mutually_exclusive_regions(self, op: Operation) -> bool:
        return True

    def rebuild(
        self, op: Operation, regions: list[Region], result_types: list[Attribute]
    ) -> Operation:
        assert isinstance(op, scf.IfOp)
        return scf.IfOp(op.cond, result_types, regions[0], regions[1])


class IndexSwitchOpModel(YieldingRegionsModel):
    """scf.index_switch: results come from the yield of whichever case runs."""

    def has_mutually_exclusive_regions(self, op: Operation) -> bool:
        return True

    def rebuild(
        self, op: Operation, regions: list[Region], result_types: list[Attribute]
    ) -> Operation:
        assert isinstance(op, scf.IndexSwitchOp)
        return scf.IndexSwitchOp(
            op.arg, op.cases, regions[0], regions[1:], result_types
        )


class YieldOpModel(BufferizableOpModel):
    """scf.yield: in a loop it reads the value (a copy may be yielded); in
    if / index_switch / execute_region it only forwards it to the parent's result."""

    loops: tuple[type[Operation], ...] = (scf.ForOp, scf.WhileOp)
    """Parents whose yield is a back edge (the loop result aliases the init)."""
    branches: tuple[type[Operation], ...] = (
        scf.IfOp,
        scf.IndexSwitchOp,
        scf.ExecuteRegionOp,
    )
    """Parents whose results are the values their regions yield."""

    def _in_loop(self, op: Operation) -> bool:
        return isinstance(op.parent_op(), self.loops)

    def bufferizes_to_memory_read(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return self._in_loop(op)

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def get_aliasing_values(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> Sequence[AliasingValue]:
        parent = op.parent_op()
        # In a loop, the result is the init buffer (equivalent yields) or the copy
        # yielded by the last iteration: it aliases the init, not the yield.
        if parent is None or not isinstance(parent, self.branches):
            return ()
        relation = BufferRelation.UNKNOWN
        others = [
            y.operands[operand.index]
            for region in parent.regions
            for y in _yields(region, type(op))
        ]
        if all(state.are_equivalent_buffers(operand.value, v) for v in others):
            relation = BufferRelation.EQUIVALENT
        return (
            AliasingValue(parent.results[operand.index], relation, is_definite=False),
        )

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        # Rewritten by its parent; under an op without a model it stays a tensor.
        return


# ---------------------------------------------------------------------------
# scf.parallel
# ---------------------------------------------------------------------------


class ParallelOpModel(BufferizableOpModel):
    """scf.parallel, affine.parallel: the body runs once per point, the points
    possibly at the same time (a repetitive and parallel region, like scf.forall's):
    a write in it into a tensor defined outside it gets a private buffer per
    iteration. Tensor reductions (tensor init values or results, a reduce or yield
    of tensors) are refused, as MLIR refuses them (it has no bufferization model
    for these loops); tensors that stay in the body bufferize with their own ops."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def is_repetitive_region(self, op: Operation, region_index: int) -> bool:
        return True

    def is_parallel_region(self, op: Operation, region_index: int) -> bool:
        return True

    def verify_analysis(self, op: Operation, state: AnalysisState) -> str | None:
        terminator = op.regions[0].block.last_op
        reduced = [*op.operands, *op.results]
        if terminator is not None:
            reduced.extend(terminator.operands)
        if any(is_tensor(v) for v in reduced):
            return (
                "tensor reductions are not bufferized (MLIR has no bufferization "
                f"model for {op.name}): write the results through the shared "
                "outputs of an scf.forall instead"
            )
        return None

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        raise PassFailedException(f"{op.name}: tensor reductions are not bufferized")


class ReduceOpModel(BufferizableOpModel):
    """scf.reduce / scf.reduce.return of tensors: read their operands; refused by
    their scf.parallel (`ParallelOpModel`)."""

    def bufferizes_to_memory_write(
        self, op: Operation, operand: OpOperand, state: AnalysisState
    ) -> bool:
        return False

    def bufferize(
        self, op: Operation, rewriter: PatternRewriter, state: BufferizationState
    ) -> None:
        raise PassFailedException(f"{op.name}: tensor reductions are not bufferized")


def register_scf_models() -> None:
    """Register the models of the `scf` dialect (bufferization and region flow)."""
    register_bufferizable_model(scf.ForOp, ForOpModel())
    register_bufferizable_model(scf.WhileOp, WhileOpModel())
    register_bufferizable_model(scf.ConditionOp, ConditionOpModel())
    register_bufferizable_model(scf.IfOp, IfOpModel())
    register_bufferizable_model(scf.IndexSwitchOp, IndexSwitchOpModel())
    register_bufferizable_model(scf.YieldOp, YieldOpModel())
    register_bufferizable_model(scf.ParallelOp, ParallelOpModel())
    register_bufferizable_model(scf.ReduceOp, ReduceOpModel())
    register_bufferizable_model(scf.ReduceReturnOp, ReduceOpModel())
    register_scf_region_flow()
