"""Implementations of control flow: `scf`, `cf`, `func` and `affine`.

Region-holding ops run their regions through `ExecutionInterpreter.run_ssacfg_region`;
`scf.yield`, `scf.condition`, `func.return`, `affine.yield` and the other region
terminators hand their operands back to the op that ran the region. Loop-carried values
of any type (scalars, tensors, memrefs) flow through unchanged. `func.call` opens a new
call frame (stack allocations die at its return; depth is capped).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, cast

from xdsl.dialects import affine, cf, func, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    ReturnedValues,
    Successor,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineConstraintKind,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymExpr,
)

from xdsl_bufferize.dialects.scf_forall import ForallOp, InParallelOp
from xdsl_bufferize.dialects.tensor_ext import ParallelInsertSliceOp
from xdsl_bufferize.execution.interpreter import ExecutionInterpreter
from xdsl_bufferize.execution.memory import ExecutionError
from xdsl_bufferize.execution.ops_tensor import insert_slice
from xdsl_bufferize.execution.values import int_values

Ints = Sequence[int]


def _floordiv(a: int, b: int) -> int:
    if b == 0:
        raise ExecutionError("affine division by zero")
    return a // b


def _ceildiv(a: int, b: int) -> int:
    if b == 0:
        raise ExecutionError("affine division by zero")
    return -((-a) // b)


def _mod(a: int, b: int) -> int:
    if b == 0:
        raise ExecutionError("affine modulo by zero")
    return a % b


_BINARY: dict[AffineBinaryOpKind, Callable[[int, int], int]] = {
    AffineBinaryOpKind.Add: lambda a, b: a + b,
    AffineBinaryOpKind.Mul: lambda a, b: a * b,
    AffineBinaryOpKind.Mod: _mod,
    AffineBinaryOpKind.FloorDiv: _floordiv,
    AffineBinaryOpKind.CeilDiv: _ceildiv,
}


def compile_expr(expr: AffineExpr) -> Callable[[Ints, Ints], int]:
    """A Python function evaluating `expr` on (dims, symbols)."""
    if isinstance(expr, AffineDimExpr):
        pos = expr.position
        return lambda d, s: d[pos]
    if isinstance(expr, AffineSymExpr):
        pos = expr.position
        return lambda d, s: s[pos]
    if isinstance(expr, AffineConstantExpr):
        value = expr.value
        return lambda d, s: value
    if isinstance(expr, AffineBinaryOpExpr):
        lhs, rhs = compile_expr(expr.lhs), compile_expr(expr.rhs)
        fn = _BINARY[expr.kind]
        return lambda d, s: fn(lhs(d, s), rhs(d, s))
    raise ExecutionError(f"unsupported affine expression {expr}")


_COMPILED: dict[AffineMap, Callable[[Ints, Ints], tuple[int, ...]]] = {}


def compile_map(amap: AffineMap) -> Callable[[Ints, Ints], tuple[int, ...]]:
    """A (cached) Python function evaluating all results of `amap`."""
    cached = _COMPILED.get(amap)
    if cached is None:
        if all(isinstance(e, AffineDimExpr) for e in amap.results):
            positions = tuple(cast(AffineDimExpr, e).position for e in amap.results)

            def fn(d: Ints, s: Ints) -> tuple[int, ...]:
                return tuple(d[p] for p in positions)

        else:
            exprs = tuple(compile_expr(e) for e in amap.results)

            def fn(d: Ints, s: Ints) -> tuple[int, ...]:
                return tuple(e(d, s) for e in exprs)

        _COMPILED[amap] = cached = fn
    return cached


_CONSTRAINT_HOLDS: dict[AffineConstraintKind, Callable[[int, int], bool]] = {
    AffineConstraintKind.ge: lambda a, b: a >= b,
    AffineConstraintKind.le: lambda a, b: a <= b,
    AffineConstraintKind.eq: lambda a, b: a == b,
}
"""Whether an affine.if constraint holds, by kind, on its evaluated sides."""


def eval_map(amap: AffineMap, operands: Sequence[int]) -> tuple[int, ...]:
    """Evaluate `amap` on its operands (dimensions first, then symbols)."""
    return compile_map(amap)(operands[: amap.num_dims], operands[amap.num_dims :])


def _interp(interpreter: Interpreter) -> ExecutionInterpreter:
    assert isinstance(interpreter, ExecutionInterpreter)
    return interpreter


def run_parallel_iterations(
    interpreter: Interpreter,
    points: list[tuple[int, ...]],
    body: Callable[[tuple[int, ...]], object],
) -> None:
    """Run `body` on each point of a parallel loop, in the executor's shuffled
    order, with the memory tracker watching for data races between iterations."""
    interp = _interp(interpreter)
    memory = interp.memory
    memory.begin_parallel()
    try:
        for index, ivs in enumerate(interp.parallel_order(points)):
            memory.begin_iteration(index)
            body(ivs)
    finally:
        memory.end_parallel()


def _iteration_space(
    lower: Sequence[int], upper: Sequence[int], steps: Sequence[int]
) -> list[tuple[int, ...]]:
    """Every point of a parallel loop nest, in row-major order."""
    if any(step <= 0 for step in steps):
        raise ExecutionError(f"parallel loop steps must be positive, got {list(steps)}")
    ranges = [range(lb, ub, st) for lb, ub, st in zip(lower, upper, steps, strict=True)]
    return list(itertools.product(*ranges))


@register_impls
class ScfFunctions(InterpreterFunctions):
    """The `scf` dialect."""

    @impl(scf.ForOp)
    def run_for(
        self, interpreter: Interpreter, op: scf.ForOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        lb, ub, step, *carried = args
        if step <= 0:
            raise ExecutionError(f"scf.for step must be positive, got {step}")
        values = tuple(carried)
        iv = lb
        while iv < ub:
            values = interpreter.run_ssacfg_region(op.body, (iv, *values), "scf.for")
            iv += step
        return values

    @impl(scf.IfOp)
    def run_if(
        self, interpreter: Interpreter, op: scf.IfOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        region = op.true_region if args[0] else op.false_region
        return interpreter.run_ssacfg_region(region, (), "scf.if")

    @impl(scf.WhileOp)
    def run_while(
        self, interpreter: Interpreter, op: scf.WhileOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        values = args
        while True:
            cond, *forwarded = interpreter.run_ssacfg_region(
                op.before_region, values, "scf.while"
            )
            if not cond:
                return tuple(forwarded)
            values = interpreter.run_ssacfg_region(
                op.after_region, tuple(forwarded), "scf.while"
            )

    @impl(scf.ExecuteRegionOp)
    def run_execute_region(
        self, interpreter: Interpreter, op: scf.ExecuteRegionOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return interpreter.run_ssacfg_region(op.region, (), "scf.execute_region")

    @impl(scf.IndexSwitchOp)
    def run_index_switch(
        self, interpreter: Interpreter, op: scf.IndexSwitchOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        cases = int_values(op.cases)
        region = op.default_region
        for value, case_region in zip(cases, op.case_regions, strict=True):
            if value == args[0]:
                region = case_region
                break
        return interpreter.run_ssacfg_region(region, (), "scf.index_switch")

    @impl(scf.ParallelOp)
    def run_parallel(
        self, interpreter: Interpreter, op: scf.ParallelOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        if op.initVals:
            raise ExecutionError("scf.parallel with reductions is not supported")
        n = len(op.lowerBound)
        points = _iteration_space(args[:n], args[n : 2 * n], args[2 * n : 3 * n])
        run_parallel_iterations(
            interpreter,
            points,
            lambda ivs: interpreter.run_ssacfg_region(op.body, ivs, "scf.parallel"),
        )
        return ()

    @impl(ForallOp)
    def run_forall(
        self, interpreter: Interpreter, op: ForallOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        dynamic = iter(args)
        bounds = [
            [next(dynamic) if v == DYNAMIC_INDEX else v for v in prop.get_values()]
            for prop in (op.static_lower_bound, op.static_upper_bound, op.static_step)
        ]
        outputs = list(dynamic)
        results = list(outputs)
        points = _iteration_space(*bounds)

        def iteration(ivs: tuple[int, ...]) -> None:
            # Every iteration sees the outputs as they were before the loop; the
            # pieces it inserts become visible in the results only.
            inserts = interpreter.run_ssacfg_region(
                op.body, (*ivs, *outputs), "scf.forall"
            )
            for position, insert, values in inserts:
                results[position] = insert_slice(
                    interpreter, insert, (values[0], results[position], *values[2:])
                )

        run_parallel_iterations(interpreter, points, iteration)
        return tuple(results)

    @impl_terminator(InParallelOp)
    def run_in_parallel(
        self, interpreter: Interpreter, op: InParallelOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        forall = op.parent_op()
        assert isinstance(forall, ForallOp)
        shared = forall.region_out_args
        inserts: list[tuple[int, ParallelInsertSliceOp, tuple[Any, ...]]] = []
        for insert in op.region.block.ops:
            if not isinstance(insert, ParallelInsertSliceOp):
                raise ExecutionError(
                    f"{insert.name} in scf.forall.in_parallel is not supported"
                )
            values = interpreter.get_values(insert.operands)
            inserts.append((shared.index(insert.dest), insert, values))
        return ReturnedValues(tuple(inserts)), ()

    @impl_terminator(scf.ReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: scf.ReduceOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        if args:
            raise ExecutionError("scf.reduce with operands is not supported")
        return ReturnedValues(()), ()

    @impl_terminator(scf.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: scf.YieldOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()

    @impl_terminator(scf.ConditionOp)
    def run_condition(
        self, interpreter: Interpreter, op: scf.ConditionOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()


@register_impls
class CfFunctions(InterpreterFunctions):
    """The `cf` dialect."""

    @impl_terminator(cf.BranchOp)
    def run_br(
        self, interpreter: Interpreter, op: cf.BranchOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return Successor(op.successor, args), ()

    @impl_terminator(cf.ConditionalBranchOp)
    def run_cond_br(
        self,
        interpreter: Interpreter,
        op: cf.ConditionalBranchOp,
        args: tuple[Any, ...],
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        n_then = len(op.then_arguments)
        if args[0]:
            return Successor(op.then_block, args[1 : 1 + n_then]), ()
        return Successor(op.else_block, args[1 + n_then :]), ()

    @impl_terminator(cf.SwitchOp)
    def run_switch(
        self, interpreter: Interpreter, op: cf.SwitchOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        flag = args[0]
        n_default = len(op.default_operands)
        default_args = args[1 : 1 + n_default]
        case_args = args[1 + n_default :]
        if op.case_values is not None:
            segments = (
                int_values(op.case_operand_segments)
                if op.case_operand_segments is not None
                else [0] * len(op.case_blocks)
            )
            start = 0
            for value, block, count in zip(
                op.case_values.get_values(), op.case_blocks, segments, strict=True
            ):
                if value == flag:
                    return Successor(block, case_args[start : start + count]), ()
                start += count
        return Successor(op.default_block, default_args), ()

    @impl(cf.AssertOp)
    def run_assert(
        self, interpreter: Interpreter, op: cf.AssertOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        if not args[0]:
            raise ExecutionError(f"assertion failed: {op.msg.data}")
        return ()


@register_impls
class FuncFunctions(InterpreterFunctions):
    """The `func` dialect."""

    @impl(func.CallOp)
    def run_call(
        self, interpreter: Interpreter, op: func.CallOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return _interp(interpreter).call_function(op.callee.string_value(), args)

    @impl_terminator(func.ReturnOp)
    def run_return(
        self, interpreter: Interpreter, op: func.ReturnOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()


@register_impls
class AffineFunctions(InterpreterFunctions):
    """The `affine` dialect."""

    @impl(affine.ApplyOp)
    def run_apply(
        self, interpreter: Interpreter, op: affine.ApplyOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (eval_map(op.map.data, args)[0],)

    @impl(affine.MinOp)
    def run_min(
        self, interpreter: Interpreter, op: affine.MinOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (min(eval_map(op.map.data, args)),)

    @impl(affine.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: affine.LoadOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        view, *operands = args
        indices = eval_map(op.map.data, operands) if op.map else tuple(operands)
        return (_interp(interpreter).memory.load(view, indices, op),)

    @impl(affine.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: affine.StoreOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        value, view, *operands = args
        indices = eval_map(op.map.data, operands) if op.map else tuple(operands)
        _interp(interpreter).memory.store(view, indices, value, op)
        return ()

    @impl(affine.ForOp)
    def run_for(
        self, interpreter: Interpreter, op: affine.ForOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        n_lb = len(op.lowerBoundOperands)
        n_ub = len(op.upperBoundOperands)
        lb = max(eval_map(op.lowerBoundMap.data, args[:n_lb]))
        ub = min(eval_map(op.upperBoundMap.data, args[n_lb : n_lb + n_ub]))
        step = cast(IntegerAttr, op.step).value.data
        values = tuple(args[n_lb + n_ub :])
        iv = lb
        while iv < ub:
            values = interpreter.run_ssacfg_region(op.body, (iv, *values), "affine.for")
            iv += step
        return values

    @impl(affine.IfOp)
    def run_if(
        self, interpreter: Interpreter, op: affine.IfOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        condition = op.condition.data
        sides = eval_map(
            AffineMap(
                condition.num_dims,
                condition.num_symbols,
                tuple(e for c in condition.constraints for e in (c.lhs, c.rhs)),
            ),
            args,
        )
        holds = all(
            _CONSTRAINT_HOLDS[c.kind](sides[2 * i], sides[2 * i + 1])
            for i, c in enumerate(condition.constraints)
        )
        if not holds and not op.else_region.blocks:
            return ()
        region = op.then_region if holds else op.else_region
        return interpreter.run_ssacfg_region(region, (), "affine.if")

    @impl_terminator(affine.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: affine.YieldOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, tuple[Any, ...]]:
        return ReturnedValues(args), ()
