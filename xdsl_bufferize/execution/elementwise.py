"""`arith` and `math` ops applied to tensors: whole-array numpy operations.

MLIR lets every elementwise `arith` / `math` op take tensors. Such an op reads every
element of its tensor operands: elements nothing wrote (the flags of
`ArrayValue.init`) are an uninitialised-read finding at the op, as for a `linalg`
payload that uses them; the result is all written. Tensor operands of different
runtime shapes (dynamic sizes that disagree) stop the run.

The op is computed over whole arrays with the numpy form of its scalar semantics
(`ops_arith.py`): the payload compiler's ops (`payload.compile_op`) and the ones
below, which add integer division, bitwise, shift and unsigned max/min ops and
`math.absi`, each exactly as the scalar path computes it (integers wrap at their
width, f32 in float32). (xDSL's comparisons, casts and `select` take no tensor
operands or conditions.) When an element's result is undefined (a division by zero,
a shift by the width or more) the op runs element by element, so that the error
names the first such element as the scalar path does. Other ops (element types numpy
does not hold or compute at their width, such as bf16, i17, or i1 arithmetic other
than and/or/xor; `math` ops of two or three operands: powf, atan2, copysign, fma,
fpowi, ipowi) run element by element through the scalar path, and
`Outcome.fallbacks` names them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.execution.arrays import is_native, numpy_dtype
from xdsl_bufferize.execution.interpreter import ExecutionInterpreter
from xdsl_bufferize.execution.memory import ExecutionError
from xdsl_bufferize.execution.payload import (
    Array,
    Step,
    compile_op,
    int_ok,
)
from xdsl_bufferize.execution.values import ArrayValue, element_type_of, int_width

VECTORIZE = True
"""Compute tensor operands on whole arrays (False: always element by element, to
compare the two in tests)."""


class UndefinedElement(Exception):
    """Some element's result is undefined: the scalar path reports the first one."""


def _width(t: Attribute) -> int:
    return 64 if isinstance(t, IndexType) else int_width(t)


def _int_or_bool(t: Attribute) -> bool:
    """Integer types the ops below compute: those of `payload.int_ok`, and i1."""
    return int_ok(t) or (isinstance(t, IntegerType) and t.width.data == 1)


def _unsigned(a: Array, t: Attribute) -> Array:
    """The elements of integer array `a` (of type `t`) as unsigned numbers (uint64)."""
    width = _width(t)
    values = np.asarray(a).astype(np.int64).view(np.uint64)
    if width >= 64:
        return values
    return values & np.uint64((1 << width) - 1)


def _canonical(values: Array, t: Attribute) -> Array:
    """int64 or uint64 `values` in the canonical form of `t` (wrapped to its width,
    i1 as 0 or 1), in `t`'s storage dtype."""
    values = np.asarray(values)
    if values.dtype == np.uint64:
        values = values.view(np.int64)
    if _width(t) == 1:
        return (values & 1).astype(np.int8)
    return values.astype(numpy_dtype(t))


def _wide(a: Array) -> Array:
    return np.asarray(a).astype(np.int64)


def _nonzero(b: Array, t: Attribute) -> Array:
    if (_unsigned(b, t) == 0).any():
        raise UndefinedElement
    return b


def _no_overflow(a: Array, b: Array, t: Attribute) -> None:
    """64-bit signed division of the minimum by -1 overflows int64: the scalar path
    wraps it (element by element)."""
    if (
        _width(t) >= 64
        and ((_wide(a) == np.iinfo(np.int64).min) & (_wide(b) == -1)).any()
    ):
        raise UndefinedElement


def _divsi(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    _no_overflow(a, b, t)
    a, b = _wide(a), _wide(b)
    q = np.abs(a) // np.abs(b)
    return _canonical(np.where((a >= 0) == (b >= 0), q, -q), t)


def _remsi(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    _no_overflow(a, b, t)
    a, b = _wide(a), _wide(b)
    q = np.abs(a) // np.abs(b)
    return _canonical(a - np.where((a >= 0) == (b >= 0), q, -q) * b, t)


def _floordivsi(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    _no_overflow(a, b, t)
    return _canonical(np.floor_divide(_wide(a), _wide(b)), t)


def _ceildivsi(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    _no_overflow(a, b, t)
    a, b = _wide(a), _wide(b)
    if _width(t) >= 64 and (a == np.iinfo(np.int64).min).any():
        raise UndefinedElement
    return _canonical(-np.floor_divide(-a, b), t)


def _divui(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    return _canonical(_unsigned(a, t) // _unsigned(b, t), t)


def _remui(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    return _canonical(_unsigned(a, t) % _unsigned(b, t), t)


def _ceildivui(a: Array, b: Array, t: Attribute) -> Array:
    _nonzero(b, t)
    ua, ub = _unsigned(a, t), _unsigned(b, t)
    return _canonical(ua // ub + (ua % ub != 0).astype(np.uint64), t)


def _shift_amount(b: Array, t: Attribute) -> Array:
    amount = _unsigned(b, t)
    if (amount >= np.uint64(_width(t))).any():
        raise UndefinedElement
    return amount


def _shli(a: Array, b: Array, t: Attribute) -> Array:
    return _canonical(_unsigned(a, t) << _shift_amount(b, t), t)


def _shrsi(a: Array, b: Array, t: Attribute) -> Array:
    return _canonical(_wide(a) >> _shift_amount(b, t).astype(np.int64), t)


def _shrui(a: Array, b: Array, t: Attribute) -> Array:
    return _canonical(_unsigned(a, t) >> _shift_amount(b, t), t)


def _bitwise(fn: Callable[[Array, Array], Array]) -> Callable[..., Array]:
    return lambda a, b, t: _canonical(fn(_wide(a), _wide(b)), t)


def _unsigned_pick(pick_a: Callable[[Array, Array], Array]) -> Callable[..., Array]:
    """maxui / minui: `a` where `pick_a(ua, ub)`, else `b`."""
    return lambda a, b, t: _canonical(
        np.where(pick_a(_unsigned(a, t), _unsigned(b, t)), _wide(a), _wide(b)), t
    )


_INT_BINARY: dict[type[Operation], Callable[[Array, Array, Attribute], Array]] = {
    arith.DivSIOp: _divsi,
    arith.RemSIOp: _remsi,
    arith.FloorDivSIOp: _floordivsi,
    arith.CeilDivSIOp: _ceildivsi,
    arith.DivUIOp: _divui,
    arith.RemUIOp: _remui,
    arith.CeilDivUIOp: _ceildivui,
    arith.ShLIOp: _shli,
    arith.ShRSIOp: _shrsi,
    arith.ShRUIOp: _shrui,
    arith.AndIOp: _bitwise(np.bitwise_and),
    arith.OrIOp: _bitwise(np.bitwise_or),
    arith.XOrIOp: _bitwise(np.bitwise_xor),
    arith.MaxUIOp: _unsigned_pick(lambda ua, ub: ua >= ub),
    arith.MinUIOp: _unsigned_pick(lambda ua, ub: ua <= ub),
}
"""Integer binary ops: (lhs, rhs, element type) to the canonical result."""


def _compile_extra(op: Operation) -> Step | str:
    """The ops `payload.compile_op` does not compile (see the module docstring)."""
    if type(op) in _INT_BINARY:
        t = element_type_of(op.results[0].type)
        if not _int_or_bool(t) or (
            _width(t) == 1
            and not isinstance(op, arith.AndIOp | arith.OrIOp | arith.XOrIOp)
        ):
            return f"{op.name} on {t}"
        fn = _INT_BINARY[type(op)]
        return lambda args: [fn(args[0], args[1], t)]
    if isinstance(op, mathd.AbsIOp):
        t = element_type_of(op.result.type)
        if not int_ok(t):
            return f"{op.name} on {t}"
        return lambda args: [_canonical(np.abs(_wide(args[0])), t)]
    return f"{op.name} on a tensor"


_STEPS: dict[int, tuple[Operation, Step | str]] = {}


def _step_of(op: Operation) -> Step | str:
    cached = _STEPS.get(id(op))
    if cached is None or cached[0] is not op:
        step = compile_op(op)
        if isinstance(step, str):
            step = _compile_extra(op)
        cached = (op, step)
        _STEPS[id(op)] = cached
    return cached[1]


def run_on_tensors(
    interpreter: Interpreter,
    op: Operation,
    args: Sequence[Any],
    scalar: Callable[[], tuple[Any, ...]],
) -> tuple[Any, ...]:
    """Run elementwise `op` on operands of which some are tensors (`ArrayValue`s):
    report the elements it reads that nothing wrote, then compute it on whole arrays,
    or through `scalar` (the element-by-element implementation) where it must."""
    if isinstance(op, arith.SelectOp) and not isinstance(args[0], ArrayValue):
        return scalar()  # a scalar condition picks one whole value: no element read
    assert isinstance(interpreter, ExecutionInterpreter)
    shape = next(a.shape for a in args if isinstance(a, ArrayValue))
    for a in args:
        if isinstance(a, ArrayValue) and a.shape != shape:
            raise ExecutionError(
                f"operands of different shapes {list(shape)} and {list(a.shape)}"
            )
    for value in args:
        if isinstance(value, ArrayValue):
            interpreter.memory.check_tensor_initialised(value, op)
    if not VECTORIZE:
        return scalar()
    step = _step_of(op)
    if isinstance(step, str):
        interpreter.fallbacks.setdefault(op.name, step)
        return scalar()
    arrays: list[Array] = []
    for value, operand in zip(args, op.operands, strict=True):
        dtype = numpy_dtype(element_type_of(operand.type))
        if not is_native(dtype):
            interpreter.fallbacks.setdefault(op.name, f"an operand of {operand.type}")
            return scalar()
        if isinstance(value, ArrayValue):
            arrays.append(value.array(dtype))
        else:
            arrays.append(np.asarray(value, dtype=dtype))
    try:
        with np.errstate(all="ignore"):
            results = step(arrays)
    except UndefinedElement:
        return scalar()
    out: list[Any] = []
    for result, array in zip(op.results, results, strict=True):
        dtype = numpy_dtype(element_type_of(result.type))
        out.append(ArrayValue(shape, np.broadcast_to(array, shape).astype(dtype)))
    return tuple(out)
