"""Payloads of structured ops as numpy array expressions.

`compile_payload` turns the body of a `linalg` structured op (a block of `arith` and
`math` ops ending in `linalg.yield`), or of a `tensor.generate` / `tensor.pad` (ending
in `tensor.yield`, its arguments the indices), into a function over numpy arrays: each block
argument is an array of operand elements over many iteration points at once, and each
op computes its results for all of them. Results are exactly those of the scalar
implementations (ops_arith.py): float arithmetic in the element's own precision (IEEE
add, sub, mul, div and sqrt of float32 are correctly rounded, as the scalar path's
double arithmetic rounded to float32 is), integer arithmetic wrapping at the element
width, transcendental functions through the scalar path's own Python functions. A body
with any other op (or element type) is not compiled: the op runs point by point.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects import arith, tensor
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, Operation, SSAValue

from xdsl_bufferize.execution.arrays import is_native, numpy_dtype
from xdsl_bufferize.execution.ops_arith import constant_value
from xdsl_bufferize.execution.ops_math import FLOAT_UNARY
from xdsl_bufferize.execution.values import element_type_of, round_float

Array = Any
"""A numpy array (or numpy scalar) of element values."""

IndexFn = Callable[[int], Array]
"""The value of `linalg.index` of one dimension over the current points."""

OuterFn = Callable[[SSAValue], Any]
"""The value of an SSA value defined outside the payload (a captured scalar)."""

Payload = Callable[[Sequence[Array], IndexFn, OuterFn], list[Array]]


def float_dtype(t: Attribute | None) -> np.dtype[Any] | None:
    """The numpy dtype of float type `t`, None if it is no float numpy computes."""
    if t is None:
        return None
    dtype = numpy_dtype(t)
    return dtype if isinstance(t, AnyFloat) and dtype.kind == "f" else None


def int_ok(t: Attribute | None) -> bool:
    """Whether integer type `t` is stored in a numpy integer of its very width."""
    if isinstance(t, IndexType):
        return True
    return isinstance(t, IntegerType) and t.width.data in (8, 16, 32, 64)


def _maximumf(a: Array, b: Array) -> Array:
    zeros = (a == b) & (a == 0)
    out = np.where(zeros, np.where(np.signbit(a), b, a), np.where(b > a, b, a))
    return np.where(np.isnan(a) | np.isnan(b), np.nan, out).astype(np.result_type(a, b))


def _minimumf(a: Array, b: Array) -> Array:
    zeros = (a == b) & (a == 0)
    out = np.where(zeros, np.where(np.signbit(a), a, b), np.where(b < a, b, a))
    return np.where(np.isnan(a) | np.isnan(b), np.nan, out).astype(np.result_type(a, b))


def _maxnumf(a: Array, b: Array) -> Array:
    out = np.where(np.isnan(a), b, np.where(np.isnan(b), a, np.where(b > a, b, a)))
    return out.astype(np.result_type(a, b))


def _minnumf(a: Array, b: Array) -> Array:
    out = np.where(np.isnan(a), b, np.where(np.isnan(b), a, np.where(b < a, b, a)))
    return out.astype(np.result_type(a, b))


_FLOAT_BINARY: dict[type[Operation], Callable[[Array, Array], Array]] = {
    arith.AddfOp: np.add,
    arith.SubfOp: np.subtract,
    arith.MulfOp: np.multiply,
    arith.DivfOp: np.divide,
    arith.MaximumfOp: _maximumf,
    arith.MinimumfOp: _minimumf,
    arith.MaxnumfOp: _maxnumf,
    arith.MinnumfOp: _minnumf,
}

_INT_BINARY: dict[type[Operation], Callable[[Array, Array], Array]] = {
    arith.AddiOp: np.add,
    arith.SubiOp: np.subtract,
    arith.MuliOp: np.multiply,
    arith.MaxSIOp: np.maximum,
    arith.MinSIOp: np.minimum,
}


_CMPF: dict[int, Callable[[Array, Array], Array]] = {
    0: lambda a, b: np.zeros(np.broadcast(a, b).shape, dtype=bool),
    1: lambda a, b: a == b,
    2: lambda a, b: a > b,
    3: lambda a, b: a >= b,
    4: lambda a, b: a < b,
    5: lambda a, b: a <= b,
    6: lambda a, b: (a != b) & ~(np.isnan(a) | np.isnan(b)),
    7: lambda a, b: ~(np.isnan(a) | np.isnan(b)),
    8: lambda a, b: np.isnan(a) | np.isnan(b) | (a == b),
    9: lambda a, b: np.isnan(a) | np.isnan(b) | (a > b),
    10: lambda a, b: np.isnan(a) | np.isnan(b) | (a >= b),
    11: lambda a, b: np.isnan(a) | np.isnan(b) | (a < b),
    12: lambda a, b: np.isnan(a) | np.isnan(b) | (a <= b),
    13: lambda a, b: np.isnan(a) | np.isnan(b) | (a != b),
    14: lambda a, b: np.isnan(a) | np.isnan(b),
    15: lambda a, b: np.ones(np.broadcast(a, b).shape, dtype=bool),
}

_CMPI: dict[int, Callable[[Array, Array], Array]] = {
    0: np.equal,
    1: np.not_equal,
    2: np.less,
    3: np.less_equal,
    4: np.greater,
    5: np.greater_equal,
}


def python_unary(
    fn: Callable[[float], float], t: Attribute, dtype: np.dtype[Any]
) -> Callable[[Array], Array]:
    """`fn` applied to each element (as a Python float, rounded to `t`)."""

    def safe(a: float) -> float:
        try:
            return round_float(fn(a), t)
        except (ValueError, ZeroDivisionError):
            return math.nan
        except OverflowError:
            return math.inf

    ufunc = np.frompyfunc(safe, 1, 1)

    def run(a: Array) -> Array:
        return np.asarray(ufunc(np.asarray(a, dtype=np.float64))).astype(dtype)

    return run


Step = Callable[[list[Array]], list[Array]]


def compile_op(op: Operation) -> Step | str:
    """A function from the op's operand arrays to its result arrays, or why not."""
    if isinstance(op, arith.ConstantOp):
        t = op.result.type
        dtype = numpy_dtype(t)
        if not (isinstance(t, AnyFloat | IndexType) or int_ok(t)) or not is_native(
            dtype
        ):
            return f"constant of {t}"
        try:
            value = np.asarray(constant_value(op.value, t), dtype=dtype)
        except Exception:
            return "non-scalar constant"
        return lambda args: [value]
    # Elementwise ops take scalars (in payloads) or tensors (`elementwise.py`):
    # their element type decides.
    elem = element_type_of(op.results[0].type) if op.results else None
    if type(op) in _FLOAT_BINARY:
        dtype = float_dtype(elem)
        if dtype is None:
            return f"{op.name} on {op.results[0].type}"
        fn = _FLOAT_BINARY[type(op)]
        return lambda args: [np.asarray(fn(args[0], args[1])).astype(dtype, copy=False)]
    if type(op) in _INT_BINARY:
        if elem is None or not int_ok(elem):
            return f"{op.name} on {op.results[0].type}"
        dtype = numpy_dtype(elem)
        fn = _INT_BINARY[type(op)]
        return lambda args: [np.asarray(fn(args[0], args[1])).astype(dtype, copy=False)]
    if isinstance(op, arith.NegfOp):
        dtype = float_dtype(elem)
        if dtype is None:
            return f"negf on {op.result.type}"
        return lambda args: [np.negative(args[0])]
    if isinstance(op, mathd.SqrtOp | mathd.AbsFOp):
        dtype = float_dtype(elem)
        if dtype is None:
            return f"{op.name} on {op.result.type}"
        fn = np.sqrt if isinstance(op, mathd.SqrtOp) else np.abs
        return lambda args: [np.asarray(fn(args[0])).astype(dtype, copy=False)]
    if type(op) in FLOAT_UNARY:
        # Through the scalar path's own Python function, for the same roundings.
        dtype = float_dtype(elem)
        if elem is None or dtype is None:
            return f"{op.name} on {op.results[0].type}"
        run = python_unary(FLOAT_UNARY[type(op)], elem, dtype)
        return lambda args: [run(args[0])]
    if isinstance(op, arith.CmpfOp):
        if float_dtype(op.lhs.type) is None:
            return f"cmpf on {op.lhs.type}"
        pred = _CMPF[op.predicate.value.data]
        return lambda args: [np.asarray(pred(args[0], args[1])).astype(np.int8)]
    if isinstance(op, arith.CmpiOp):
        pred_id = op.predicate.value.data
        if not int_ok(op.lhs.type) or pred_id not in _CMPI:
            return f"cmpi {pred_id} on {op.lhs.type}"
        ipred = _CMPI[pred_id]
        return lambda args: [np.asarray(ipred(args[0], args[1])).astype(np.int8)]
    if isinstance(op, arith.SelectOp):
        if not isinstance(op.cond.type, IntegerType):
            return "select of vectors"
        dtype = numpy_dtype(op.result.type)
        if not is_native(dtype):
            return f"select of {op.result.type}"
        return lambda args: [
            np.where(np.asarray(args[0]) != 0, args[1], args[2]).astype(dtype)
        ]
    if isinstance(op, arith.ExtFOp | arith.TruncFOp):
        dtype = float_dtype(op.result.type)
        if dtype is None or float_dtype(op.input.type) is None:
            return f"{op.name} to {op.result.type}"
        return lambda args: [np.asarray(args[0]).astype(dtype)]
    if isinstance(op, arith.IndexCastOp):
        if not (int_ok(op.input.type) and int_ok(op.result.type)):
            return f"index_cast to {op.result.type}"
        dtype = numpy_dtype(op.result.type)
        return lambda args: [np.asarray(args[0]).astype(dtype)]
    if isinstance(op, arith.SIToFPOp):
        dtype = float_dtype(op.result.type)
        if dtype is None or not int_ok(op.input.type):
            return f"sitofp to {op.result.type}"
        return lambda args: [np.asarray(args[0]).astype(dtype)]
    return f"{op.name} in the payload"


def compile_payload(block: Block) -> Payload | str:
    """The block as a function of its argument arrays (and of `linalg.index`) giving
    the yielded arrays, or the reason it cannot be vectorized."""
    steps: list[tuple[Operation, Step | None]] = []
    for op in block.ops:
        if isinstance(op, linalg.YieldOp | tensor.YieldOp):
            steps.append((op, None))
            continue
        if isinstance(op, linalg.IndexOp):
            steps.append((op, None))
            continue
        if op.regions:
            return f"{op.name} in the payload"
        step = compile_op(op)
        if isinstance(step, str):
            return step
        steps.append((op, step))
    for arg in block.args:
        if not is_native(numpy_dtype(arg.type)):
            return f"block argument of {arg.type}"
    inside = {id(v) for v in block.args} | {
        id(r) for op in block.ops for r in op.results
    }
    captured: list[SSAValue] = []
    for op in block.ops:
        for v in op.operands:
            if id(v) not in inside and v not in captured:
                t = v.type
                if not isinstance(t, AnyFloat | IndexType | IntegerType) or not (
                    is_native(numpy_dtype(t))
                ):
                    return f"a captured value of {t}"
                captured.append(v)

    def payload(args: Sequence[Array], index: IndexFn, outer: OuterFn) -> list[Array]:
        env: dict[SSAValue, Array] = dict(zip(block.args, args, strict=True))
        for v in captured:
            env[v] = np.asarray(outer(v), dtype=numpy_dtype(v.type))
        for op, step in steps:
            if isinstance(op, linalg.YieldOp | tensor.YieldOp):
                return [env[v] for v in op.operands]
            if isinstance(op, linalg.IndexOp):
                index_op = cast(linalg.IndexOp, op)
                env[index_op.result] = index(index_op.dim.value.data)
                continue
            assert step is not None
            results = step([env[v] for v in op.operands])
            for result, value in zip(op.results, results, strict=True):
                env[result] = value
        raise AssertionError("payload without linalg.yield")

    return payload
