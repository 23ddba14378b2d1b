"""Scalar functions of the implicit bodies of MLIR's linalg named ops.

MLIR's op definitions build each body from a few functions: `cast_signed` /
`cast_unsigned` of an input to the output element type (`cast_to`), the binary
functions (`binary`: add, sub, mul, max, min) and the elementwise functions
(`elementwise_value`: exp, log, abs, ..., div, powf, select); `cast =
#linalg.type_fn<cast_unsigned>` (`TypeFnAttr`) makes the casts unsigned. They are made here as
arith / math ops under the implicit builder of the body being built
(`linalg_named.py`, `linalg_contract.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import auto

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IntegerType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from xdsl_bufferize.dialects.enum_syntax import AngleBracketEnum


def _width(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    assert isinstance(t, AnyFloat)
    return t.bitwidth


def cast_to(value: SSAValue, target: Attribute, unsigned: bool) -> SSAValue:
    """MLIR's `cast_signed` / `cast_unsigned` of a body scalar to `target` (made
    under the implicit builder of the body)."""
    source = value.type
    if source == target:
        return value
    op: Operation
    if isinstance(source, IntegerType) and isinstance(target, IntegerType):
        if _width(target) > _width(source):
            op = (
                arith.ExtUIOp(value, target)
                if unsigned
                else arith.ExtSIOp(value, target)
            )
        else:
            op = arith.TruncIOp(value, target)
    elif isinstance(source, IntegerType) and isinstance(target, AnyFloat):
        op = (
            arith.UIToFPOp(value, target) if unsigned else arith.SIToFPOp(value, target)
        )
    elif isinstance(source, AnyFloat) and isinstance(target, AnyFloat):
        op = (
            arith.ExtFOp(value, target)
            if _width(target) > _width(source)
            else arith.TruncFOp(value, target)
        )
    elif isinstance(source, AnyFloat) and isinstance(target, IntegerType):
        op = (
            arith.FPToUIOp(value, target) if unsigned else arith.FPToSIOp(value, target)
        )
    else:
        raise VerifyException(f"cannot cast {source} to {target} in a linalg body")
    return op.results[0]


def binary(kind: str, lhs: SSAValue, rhs: SSAValue, unsigned: bool) -> SSAValue:
    """MLIR's binary functions `add`, `sub`, `mul`, `max`, `min` (signed or unsigned)
    of two scalars of one type."""
    is_float = isinstance(lhs.type, AnyFloat)
    table: dict[str, Callable[[SSAValue, SSAValue], Operation]] = (
        {
            "add": arith.AddfOp,
            "sub": arith.SubfOp,
            "mul": arith.MulfOp,
            "max": arith.MaximumfOp,
            "min": arith.MinimumfOp,
        }
        if is_float
        else {
            "add": arith.AddiOp,
            "sub": arith.SubiOp,
            "mul": arith.MuliOp,
            "max": arith.MaxUIOp if unsigned else arith.MaxSIOp,
            "min": arith.MinUIOp if unsigned else arith.MinSIOp,
        }
    )
    op = table[kind](lhs, rhs)
    return op.results[0]


_UNARY_MATH: dict[str, type[Operation]] = {
    "absf": math.AbsFOp,
    "ceil": math.CeilOp,
    "floor": math.FloorOp,
    "round": math.RoundOp,
    "rsqrt": math.RsqrtOp,
    "tanh": math.TanhOp,
    "erf": math.ErfOp,
    "exp": math.ExpOp,
    "log": math.LogOp,
    "sqrt": math.SqrtOp,
}

_INTEGER_OK = frozenset(
    {
        "square",
        "div",
        "div_unsigned",
        "add",
        "sub",
        "mul",
        "max_signed",
        "min_signed",
        "max_unsigned",
        "min_unsigned",
        "select",
    }
)
"""Functions defined on integers too (the others take floats only)."""

_BINARY: dict[str, tuple[str, bool]] = {
    "add": ("add", False),
    "sub": ("sub", False),
    "mul": ("mul", False),
    "max_signed": ("max", False),
    "min_signed": ("min", False),
    "max_unsigned": ("max", True),
    "min_unsigned": ("min", True),
}
"""Functions that are `binary` ones: its kind and whether unsigned."""


def elementwise_value(function: str, args: Sequence[SSAValue]) -> SSAValue:
    """The scalar `function` of `args` (ops made under the implicit builder); for
    `select`, `args` are the condition and the two values."""
    if function == "select":
        return arith.SelectOp(args[0], args[1], args[2]).result
    first = args[0]
    second = args[-1]
    is_float = isinstance(first.type, AnyFloat)
    if not is_float and function not in _INTEGER_OK:
        raise VerifyException(f"linalg.{function} takes floating-point elements")
    if is_float and function in ("div_unsigned", "max_unsigned", "min_unsigned"):
        raise VerifyException(f"linalg.{function} takes integer elements")
    op: Operation
    if function in _BINARY:
        kind, unsigned = _BINARY[function]
        return binary(kind, first, second, unsigned)
    if function == "reciprocal":
        assert isinstance(first.type, AnyFloat)
        one = arith.ConstantOp(FloatAttr(1.0, first.type))
        op = arith.DivfOp(one.result, first)
    elif function == "square":
        op = arith.MulfOp(first, first) if is_float else arith.MuliOp(first, first)
    elif function == "div":
        op = arith.DivfOp(first, second) if is_float else arith.DivSIOp(first, second)
    elif function == "div_unsigned":
        op = arith.DivUIOp(first, second)
    elif function == "negf":
        op = arith.NegfOp(first)
    elif function == "powf":
        op = math.PowFOp(first, second)
    else:
        op = _UNARY_MATH[function].create(operands=[first], result_types=[first.type])
    return op.results[0]


class TypeFn(StrEnum):
    """MLIR's type functions: how a named op casts its inputs to the output type."""

    CAST_SIGNED = auto()
    CAST_UNSIGNED = auto()


@irdl_attr_definition
class TypeFnAttr(AngleBracketEnum, EnumAttribute[TypeFn]):
    """`#linalg.type_fn<cast_unsigned>`: the `cast` of `linalg.matmul`,
    `batch_matmul`, `matmul_transpose_a/b`, `contract` (`cast_signed` when absent)."""

    name = "linalg.type_fn"


def casts_unsigned(op: Operation) -> bool:
    """Whether `op` carries `cast = #linalg.type_fn<cast_unsigned>` (a property of
    our ops, a discardable attribute of xDSL's `linalg.matmul`)."""
    attr = op.properties.get("cast") or op.attributes.get("cast")
    return isinstance(attr, TypeFnAttr) and attr.data == TypeFn.CAST_UNSIGNED


def replace_body(op: Operation, region: Region) -> None:
    """Put the block of `region` in place of the block of `op`'s only region."""
    target = op.regions[0]
    old = target.block
    target.detach_block(old)
    old.erase()
    target.add_block(region.detach_block(region.block))
