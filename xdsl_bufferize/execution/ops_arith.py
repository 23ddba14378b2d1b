"""Implementations of the `arith` dialect (and the scalar machinery `ops_math.py` shares).

Scalars follow `values.py`: integers in canonical signed form (wrapped to their width),
floats rounded to their type. Every op also works elementwise on tensors (`ArrayValue`:
whole arrays through `elementwise.py`, where a read of contents nothing wrote is a
finding) and vectors (flat tuples), as MLIR allows. `arith.select` picks between any two values
(also memrefs) with a scalar condition, or elementwise with a shaped one. Integer
division by zero and float-to-int conversions of NaN or out-of-range values are
undefined in MLIR: the executor stops with an error naming the op.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ShapedType,
    VectorType,
)
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.execution.arrays import numpy_dtype
from xdsl_bufferize.execution.memory import ExecutionError
from xdsl_bufferize.execution.values import (
    ArrayValue,
    element_type_of,
    int_width,
    normalize,
    num_elements,
    round_float,
    to_unsigned,
    wrap_int,
)


def constant_value(attr: Attribute, result_type: Attribute) -> Any:
    """The runtime value of a constant attribute of type `result_type`."""
    if isinstance(attr, IntegerAttr):
        return normalize(attr.value.data, result_type)  # pyright: ignore[reportUnknownMemberType,reportUnknownArgumentType]
    if isinstance(attr, FloatAttr):
        return normalize(attr.value.data, result_type)  # pyright: ignore[reportUnknownMemberType,reportUnknownArgumentType]
    if isinstance(attr, DenseIntOrFPElementsAttr) and isinstance(
        result_type, ShapedType
    ):
        shape = tuple(result_type.get_shape())
        elem = element_type_of(result_type)
        packed = _dense_array(attr, elem)
        if packed is not None and not isinstance(result_type, VectorType):
            count = num_elements(shape)
            if packed.size == 1 and count != 1:
                packed = np.full(count, packed[0], dtype=packed.dtype)
            return ArrayValue(shape, packed)
        values = [normalize(v, elem) for v in attr.get_values()]  # pyright: ignore[reportUnknownVariableType,reportUnknownArgumentType,reportUnknownMemberType]
        count = num_elements(shape)
        if len(values) == 1 and count != 1:
            values = values * count
        if isinstance(result_type, VectorType):
            return tuple(values)
        return ArrayValue(shape, values)
    raise ExecutionError(f"unsupported constant attribute {attr}")


_ScalarImpl = Callable[[Any, Interpreter, Any, tuple[Any, ...]], tuple[Any, ...]]
"""An op implementation on scalars (and, element by element, on shaped values)."""


def _dense_array(attr: DenseIntOrFPElementsAttr, elem: Attribute) -> Any:
    """The elements of a dense attribute as a flat numpy array read straight from its
    packed bytes, for the element types stored at their exact width (f16/f32/f64,
    i8/i16/i32/i64, index); None for the others (decoded one by one)."""
    if isinstance(elem, IntegerType) and elem.width.data not in (8, 16, 32, 64):
        return None
    if not isinstance(
        elem, IntegerType | IndexType | Float16Type | Float32Type | Float64Type
    ):
        return None
    raw = np.frombuffer(attr.data.data, dtype=np.dtype(elem.format))
    return raw.astype(numpy_dtype(elem))


def map_elements(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Apply a scalar function to scalars, or elementwise to tensors and vectors."""
    first = args[0]
    if isinstance(first, ArrayValue):
        datas = [a.data for a in args]
        return ArrayValue(first.shape, [fn(*xs) for xs in zip(*datas, strict=True)])
    if isinstance(first, tuple):
        return tuple(fn(*xs) for xs in zip(*args, strict=True))
    return fn(*args)


def result_element(op: Operation) -> Attribute:
    return element_type_of(op.results[0].type)


def _operand_elem(op: Operation) -> Attribute:
    return element_type_of(op.operands[0].type)


def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        raise ExecutionError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _maximumf(a: float, b: float) -> float:
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0.0:
        return a if math.copysign(1, a) > 0 else b
    return max(a, b)


def _minimumf(a: float, b: float) -> float:
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0.0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def _maxnumf(a: float, b: float) -> float:
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return max(a, b)


def _minnumf(a: float, b: float) -> float:
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return min(a, b)


def _divf(a: float, b: float) -> float:
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        sign = math.copysign(1, a) * math.copysign(1, b)
        return math.copysign(math.inf, sign)
    return a / b


def _fp_to_int(value: float, t: Attribute, signed: bool) -> int:
    if math.isnan(value) or math.isinf(value):
        raise ExecutionError(f"cannot convert {value} to an integer")
    v = math.trunc(value)
    width = int_width(t)
    lo, hi = (
        (-(1 << (width - 1)), (1 << (width - 1)) - 1)
        if signed
        else (0, (1 << width) - 1)
    )
    if width == 1 and signed:
        lo, hi = -1, 0
    if not lo <= v <= hi:
        raise ExecutionError(f"{value} does not fit in {t}")
    return wrap_int(v, t)


_CMPI: dict[int, Callable[[int, int, int, int], bool]] = {
    0: lambda a, b, ua, ub: a == b,
    1: lambda a, b, ua, ub: a != b,
    2: lambda a, b, ua, ub: a < b,
    3: lambda a, b, ua, ub: a <= b,
    4: lambda a, b, ua, ub: a > b,
    5: lambda a, b, ua, ub: a >= b,
    6: lambda a, b, ua, ub: ua < ub,
    7: lambda a, b, ua, ub: ua <= ub,
    8: lambda a, b, ua, ub: ua > ub,
    9: lambda a, b, ua, ub: ua >= ub,
}

_CMPF: dict[int, Callable[[float, float], bool]] = {
    0: lambda a, b: False,
    1: lambda a, b: a == b,
    2: lambda a, b: a > b,
    3: lambda a, b: a >= b,
    4: lambda a, b: a < b,
    5: lambda a, b: a <= b,
    6: lambda a, b: a != b and not (math.isnan(a) or math.isnan(b)),
    7: lambda a, b: not (math.isnan(a) or math.isnan(b)),
    8: lambda a, b: math.isnan(a) or math.isnan(b) or a == b,
    9: lambda a, b: math.isnan(a) or math.isnan(b) or a > b,
    10: lambda a, b: math.isnan(a) or math.isnan(b) or a >= b,
    11: lambda a, b: math.isnan(a) or math.isnan(b) or a < b,
    12: lambda a, b: math.isnan(a) or math.isnan(b) or a <= b,
    13: lambda a, b: math.isnan(a) or math.isnan(b) or a != b,
    14: lambda a, b: math.isnan(a) or math.isnan(b),
    15: lambda a, b: True,
}


def _int_binary(fn: Callable[[int, int, Attribute], int]):
    def run(
        self: InterpreterFunctions,
        interpreter: Interpreter,
        op: Operation,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a, b: wrap_int(fn(a, b, t), t), args),)

    return run


def float_binary(fn: Callable[[float, float], float]):
    def run(
        self: InterpreterFunctions,
        interpreter: Interpreter,
        op: Operation,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a, b: round_float(fn(a, b), t), args),)

    return run


def float_unary(fn: Callable[[float], float]):
    def run(
        self: InterpreterFunctions,
        interpreter: Interpreter,
        op: Operation,
        args: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        t = result_element(op)

        def safe(a: float) -> float:
            try:
                return round_float(fn(a), t)
            except (ValueError, ZeroDivisionError):
                return math.nan
            except OverflowError:
                return math.inf

        return (map_elements(safe, args),)

    return run


def _shift_ok(b: int, t: Attribute) -> int:
    if not 0 <= b < int_width(t):
        raise ExecutionError(f"shift amount {b} out of range for {t}")
    return b


def _floordiv(a: int, b: int) -> int:
    if b == 0:
        raise ExecutionError("integer division by zero")
    return a // b


def _ceildiv(a: int, b: int) -> int:
    if b == 0:
        raise ExecutionError("integer division by zero")
    return -((-a) // b)


def _remsi(a: int, b: int) -> int:
    return a - _trunc_div(a, b) * b


def _udiv(a: int, b: int, t: Attribute) -> int:
    ub = to_unsigned(b, t)
    if ub == 0:
        raise ExecutionError("integer division by zero")
    return to_unsigned(a, t) // ub


def _urem(a: int, b: int, t: Attribute) -> int:
    ub = to_unsigned(b, t)
    if ub == 0:
        raise ExecutionError("integer division by zero")
    return to_unsigned(a, t) % ub


def _uceildiv(a: int, b: int, t: Attribute) -> int:
    ub = to_unsigned(b, t)
    if ub == 0:
        raise ExecutionError("integer division by zero")
    return -((-to_unsigned(a, t)) // ub)


def elementwise_impl(op_type: type[Operation]) -> Callable[[_ScalarImpl], Any]:
    """xDSL's `impl` for an op that applies elementwise to tensors: with a tensor
    operand it runs through `elementwise.run_on_tensors` (whole arrays, and a read
    of contents nothing wrote is a finding), which falls back to the scalar
    implementation element by element where it must."""

    def annot(func: _ScalarImpl) -> Any:
        def run(
            self: InterpreterFunctions,
            interpreter: Interpreter,
            op: Operation,
            args: tuple[Any, ...],
        ) -> tuple[Any, ...]:
            for a in args:
                if isinstance(a, ArrayValue):
                    # Imported here: elementwise imports payload, which imports this
                    # module.
                    from xdsl_bufferize.execution.elementwise import run_on_tensors

                    return run_on_tensors(
                        interpreter, op, args, lambda: func(self, interpreter, op, args)
                    )
            return func(self, interpreter, op, args)

        return impl(op_type)(run)  # pyright: ignore[reportArgumentType]

    return annot


@register_impls
class ArithFunctions(InterpreterFunctions):
    """The `arith` dialect."""

    @impl(arith.ConstantOp)
    def run_constant(
        self, interpreter: Interpreter, op: arith.ConstantOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (constant_value(op.value, op.result.type),)

    run_addi = elementwise_impl(arith.AddiOp)(_int_binary(lambda a, b, t: a + b))
    run_subi = elementwise_impl(arith.SubiOp)(_int_binary(lambda a, b, t: a - b))
    run_muli = elementwise_impl(arith.MuliOp)(_int_binary(lambda a, b, t: a * b))
    run_divsi = elementwise_impl(arith.DivSIOp)(
        _int_binary(lambda a, b, t: _trunc_div(a, b))
    )
    run_divui = elementwise_impl(arith.DivUIOp)(_int_binary(_udiv))
    run_remsi = elementwise_impl(arith.RemSIOp)(
        _int_binary(lambda a, b, t: _remsi(a, b))
    )
    run_remui = elementwise_impl(arith.RemUIOp)(_int_binary(_urem))
    run_ceildivsi = elementwise_impl(arith.CeilDivSIOp)(
        _int_binary(lambda a, b, t: _ceildiv(a, b))
    )
    run_ceildivui = elementwise_impl(arith.CeilDivUIOp)(_int_binary(_uceildiv))
    run_floordivsi = elementwise_impl(arith.FloorDivSIOp)(
        _int_binary(lambda a, b, t: _floordiv(a, b))
    )
    run_andi = elementwise_impl(arith.AndIOp)(
        _int_binary(lambda a, b, t: to_unsigned(a, t) & to_unsigned(b, t))
    )
    run_ori = elementwise_impl(arith.OrIOp)(
        _int_binary(lambda a, b, t: to_unsigned(a, t) | to_unsigned(b, t))
    )
    run_xori = elementwise_impl(arith.XOrIOp)(
        _int_binary(lambda a, b, t: to_unsigned(a, t) ^ to_unsigned(b, t))
    )
    run_shli = elementwise_impl(arith.ShLIOp)(
        _int_binary(lambda a, b, t: a << _shift_ok(to_unsigned(b, t), t))
    )
    run_shrsi = elementwise_impl(arith.ShRSIOp)(
        _int_binary(lambda a, b, t: a >> _shift_ok(to_unsigned(b, t), t))
    )
    run_shrui = elementwise_impl(arith.ShRUIOp)(
        _int_binary(
            lambda a, b, t: to_unsigned(a, t) >> _shift_ok(to_unsigned(b, t), t)
        )
    )
    run_maxsi = elementwise_impl(arith.MaxSIOp)(_int_binary(lambda a, b, t: max(a, b)))
    run_minsi = elementwise_impl(arith.MinSIOp)(_int_binary(lambda a, b, t: min(a, b)))
    run_maxui = elementwise_impl(arith.MaxUIOp)(
        _int_binary(lambda a, b, t: max(to_unsigned(a, t), to_unsigned(b, t)))
    )
    run_minui = elementwise_impl(arith.MinUIOp)(
        _int_binary(lambda a, b, t: min(to_unsigned(a, t), to_unsigned(b, t)))
    )

    run_addf = elementwise_impl(arith.AddfOp)(float_binary(lambda a, b: a + b))
    run_subf = elementwise_impl(arith.SubfOp)(float_binary(lambda a, b: a - b))
    run_mulf = elementwise_impl(arith.MulfOp)(float_binary(lambda a, b: a * b))
    run_divf = elementwise_impl(arith.DivfOp)(float_binary(_divf))
    run_maximumf = elementwise_impl(arith.MaximumfOp)(float_binary(_maximumf))
    run_minimumf = elementwise_impl(arith.MinimumfOp)(float_binary(_minimumf))
    run_maxnumf = elementwise_impl(arith.MaxnumfOp)(float_binary(_maxnumf))
    run_minnumf = elementwise_impl(arith.MinnumfOp)(float_binary(_minnumf))
    run_negf = elementwise_impl(arith.NegfOp)(float_unary(lambda a: -a))

    @elementwise_impl(arith.CmpiOp)
    def run_cmpi(
        self, interpreter: Interpreter, op: arith.CmpiOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        pred = _CMPI[op.predicate.value.data]
        t = _operand_elem(op)
        return (
            map_elements(
                lambda a, b: int(pred(a, b, to_unsigned(a, t), to_unsigned(b, t))), args
            ),
        )

    @elementwise_impl(arith.CmpfOp)
    def run_cmpf(
        self, interpreter: Interpreter, op: arith.CmpfOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        pred = _CMPF[op.predicate.value.data]
        return (map_elements(lambda a, b: int(pred(a, b)), args),)

    @elementwise_impl(arith.SelectOp)
    def run_select(
        self, interpreter: Interpreter, op: arith.SelectOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        cond, lhs, rhs = args
        if isinstance(cond, ArrayValue | tuple):
            return (map_elements(lambda c, a, b: a if c else b, (cond, lhs, rhs)),)
        return (lhs if cond else rhs,)

    @elementwise_impl(arith.IndexCastOp)
    def run_index_cast(
        self, interpreter: Interpreter, op: arith.IndexCastOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: normalize(a, t), args),)

    @elementwise_impl(arith.ExtSIOp)
    def run_extsi(
        self, interpreter: Interpreter, op: arith.ExtSIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        src, t = _operand_elem(op), result_element(op)
        # i1 is stored as 0/1; sign extension makes 1 into -1.
        return (
            map_elements(lambda a: wrap_int(-a if int_width(src) == 1 else a, t), args),
        )

    @elementwise_impl(arith.ExtUIOp)
    def run_extui(
        self, interpreter: Interpreter, op: arith.ExtUIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        src, t = _operand_elem(op), result_element(op)
        return (map_elements(lambda a: wrap_int(to_unsigned(a, src), t), args),)

    @elementwise_impl(arith.TruncIOp)
    def run_trunci(
        self, interpreter: Interpreter, op: arith.TruncIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: wrap_int(a, t), args),)

    @elementwise_impl(arith.SIToFPOp)
    def run_sitofp(
        self, interpreter: Interpreter, op: arith.SIToFPOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        src, t = _operand_elem(op), result_element(op)
        signed = (lambda a: -a) if int_width(src) == 1 else (lambda a: a)
        return (map_elements(lambda a: round_float(float(signed(a)), t), args),)

    @elementwise_impl(arith.UIToFPOp)
    def run_uitofp(
        self, interpreter: Interpreter, op: arith.UIToFPOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        src, t = _operand_elem(op), result_element(op)
        return (
            map_elements(lambda a: round_float(float(to_unsigned(a, src)), t), args),
        )

    @elementwise_impl(arith.FPToSIOp)
    def run_fptosi(
        self, interpreter: Interpreter, op: arith.FPToSIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: _fp_to_int(a, t, True), args),)

    @elementwise_impl(arith.FPToUIOp)
    def run_fptoui(
        self, interpreter: Interpreter, op: arith.FPToUIOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: _fp_to_int(a, t, False), args),)

    @elementwise_impl(arith.ExtFOp)
    def run_extf(
        self, interpreter: Interpreter, op: arith.ExtFOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: round_float(a, t), args),)

    @elementwise_impl(arith.TruncFOp)
    def run_truncf(
        self, interpreter: Interpreter, op: arith.TruncFOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        t = result_element(op)
        return (map_elements(lambda a: round_float(a, t), args),)

    @elementwise_impl(arith.BitcastOp)
    def run_bitcast(
        self, interpreter: Interpreter, op: arith.BitcastOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        src, t = _operand_elem(op), result_element(op)
        width = int_width(t) if isinstance(t, IntegerType) else int_width(src)
        fmt = {16: "e", 32: "f", 64: "d"}.get(width)
        if fmt is None:
            raise ExecutionError(f"unsupported bitcast width {width}")
        ifmt = {16: "H", 32: "I", 64: "Q"}[width]

        def cast(a: Any) -> Any:
            if isinstance(src, AnyFloat) and not isinstance(t, AnyFloat):
                return wrap_int(struct.unpack(ifmt, struct.pack(fmt, a))[0], t)
            if not isinstance(src, AnyFloat) and isinstance(t, AnyFloat):
                return struct.unpack(fmt, struct.pack(ifmt, to_unsigned(a, src)))[0]
            return a

        return (map_elements(cast, args),)
