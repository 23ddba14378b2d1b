"""Implementations of the `math` dialect: floating-point functions (and a few integer
ones) on scalars, elementwise on vectors and tensors (see `ops_arith.py`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from xdsl.dialects import math as mathd
from xdsl.interpreter import Interpreter, InterpreterFunctions, register_impls
from xdsl.ir import Operation

from xdsl_bufferize.execution.ops_arith import (
    elementwise_impl,
    float_binary,
    float_unary,
    map_elements,
    result_element,
)
from xdsl_bufferize.execution.values import round_float, wrap_int


def _rsqrt(a: float) -> float:
    if a == 0.0:
        return math.inf
    if a < 0:
        return math.nan
    return 1.0 / math.sqrt(a)


def _log(fn: Callable[[float], float]) -> Callable[[float], float]:
    def run(a: float) -> float:
        if a == 0.0:
            return -math.inf
        if a < 0 or math.isnan(a):
            return math.nan
        return fn(a)

    return run


def _exp(a: float) -> float:
    try:
        return math.exp(a)
    except OverflowError:
        return math.inf


def _roundeven(a: float) -> float:
    return float(round(a)) if math.isfinite(a) else a


def _round_half_away(a: float) -> float:
    if not math.isfinite(a):
        return a
    return math.copysign(math.floor(abs(a) + 0.5), a)


FLOAT_UNARY: dict[type[Operation], Callable[[float], float]] = {
    mathd.AbsFOp: abs,
    mathd.ExpOp: _exp,
    mathd.Exp2Op: lambda a: 2.0**a,
    mathd.ExpM1Op: math.expm1,
    mathd.SqrtOp: lambda a: math.nan if a < 0 else math.sqrt(a),
    mathd.RsqrtOp: _rsqrt,
    mathd.CbrtOp: lambda a: math.copysign(abs(a) ** (1.0 / 3.0), a),
    mathd.TanhOp: math.tanh,
    mathd.LogOp: _log(math.log),
    mathd.Log2Op: _log(math.log2),
    mathd.Log10Op: _log(math.log10),
    mathd.Log1pOp: lambda a: -math.inf if a == -1 else math.log1p(a),
    mathd.SinOp: math.sin,
    mathd.CosOp: math.cos,
    mathd.TanOp: math.tan,
    mathd.AsinOp: math.asin,
    mathd.AcosOp: math.acos,
    mathd.AtanOp: math.atan,
    mathd.SinhOp: math.sinh,
    mathd.CoshOp: math.cosh,
    mathd.AsinhOp: math.asinh,
    mathd.AcoshOp: math.acosh,
    mathd.AtanhOp: math.atanh,
    mathd.ErfOp: math.erf,
    mathd.CeilOp: lambda a: float(math.ceil(a)) if math.isfinite(a) else a,
    mathd.FloorOp: lambda a: float(math.floor(a)) if math.isfinite(a) else a,
    mathd.TruncOp: lambda a: float(math.trunc(a)) if math.isfinite(a) else a,
    mathd.RoundOp: _round_half_away,
    mathd.RoundEvenOp: _roundeven,
}
"""The float `math` functions of one operand, on Python floats (rounded to the result
type by the caller; a math domain error gives NaN, an overflow infinity)."""


class MathFunctions(InterpreterFunctions):
    """The `math` dialect (floating-point functions and a few integer ones)."""

    run_powf = elementwise_impl(mathd.PowFOp)(float_binary(lambda a, b: math.pow(a, b)))
    run_atan2 = elementwise_impl(mathd.Atan2Op)(float_binary(math.atan2))
    run_copysign = elementwise_impl(mathd.CopySignOp)(float_binary(math.copysign))

    @elementwise_impl(mathd.FmaOp)
    def run_fma(
        self, interpreter: Interpreter, op: mathd.FmaOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a, b, c: round_float(a * b + c, t), args),)

    @elementwise_impl(mathd.AbsIOp)
    def run_absi(
        self, interpreter: Interpreter, op: mathd.AbsIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: wrap_int(abs(a), t), args),)

    @elementwise_impl(mathd.FPowIOp)
    def run_fpowi(
        self, interpreter: Interpreter, op: mathd.FPowIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a, b: round_float(math.pow(a, b), t), args),)

    @elementwise_impl(mathd.IPowIOp)
    def run_ipowi(
        self, interpreter: Interpreter, op: mathd.IPowIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)

        def ipow(a: int, b: int) -> int:
            if b < 0:
                return (
                    1
                    if a == 1
                    else (-1 if a == -1 and b % 2 else (1 if a == -1 else 0))
                )
            return wrap_int(a**b, t)

        return (map_elements(ipow, args),)


def _register_float_unary() -> None:
    for op_type, fn in FLOAT_UNARY.items():
        name = f"run_{op_type.name.replace('.', '_')}"
        setattr(MathFunctions, name, elementwise_impl(op_type)(float_unary(fn)))


_register_float_unary()
register_impls(MathFunctions)
