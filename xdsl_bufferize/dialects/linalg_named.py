"""The linalg named ops of upstream MLIR that xDSL 0.75 lacks (or defines wrongly).

Each op is one row of `NAMED_OPS`, read off MLIR's op definitions
(`LinalgNamedStructuredOps.yaml`): its loops (the reduction ones named), the index
expressions of each operand over those loops, and the scalar function of its implicit
body. A class per row is made from the row (`_make_op`); they are ordinary
`LinalgStructuredOperation`s (indexing maps and a body region), so the bufferization
model, the verifier and the reference executor of every structured op apply.

* Contractions (`batch_matmul`, `matvec`, `vecmat`, `batch_matvec`, `batch_vecmat`,
  `matmul_transpose_a/b`, `batch_matmul_transpose_a/b`, `mmt4d`, `batch_mmt4d`):
  `out += cast(a) * cast(b)`, the inputs cast to the output element type as MLIR's
  `cast_signed` does (`arith.extsi` / `trunci` / `sitofp` / `extf` / `truncf` /
  `fptosi`).
* Convolutions (`conv_1d/2d/3d`, `conv_1d_nwc_wcf`, `conv_1d_ncw_fcw`, the 2-d layouts,
  `conv_3d_ndhwc_dhwcf`, `conv_3d_ncdhw_fcdhw`, the `depthwise_conv_*` family): the same
  body; a window dimension of the input is indexed `out_i * stride + k_i * dilation`.
* Pooling (`pooling_{nhwc,nwc,ndhwc}_{max,min,sum}`, their `_unsigned` max/min,
  `pooling_{nchw,ncw}_{max,sum}`): `out = max(out, cast(in))` (min, sum) over the
  window; the second input only gives the window's shape and is never read.
* Elementwise ops (`abs`, `ceil`, `floor`, `negf`, `reciprocal`, `round`, `rsqrt`,
  `square`, `tanh`, `erf`, `div`, `div_unsigned`, `powf`): identity maps, the function
  applied to the inputs.

Syntax is MLIR's: `linalg.<op> {dilations = dense<..> : tensor<Nxi64>, strides = ...}
ins(...) outs(...) -> type` for ops with a window (both attributes optional, 1 when
absent, as in MLIR), `linalg.<op> ins(...) outs(...) -> type` for the others.

xDSL 0.75 builds `linalg.pooling_nchw_max`'s body from the input and the window
operand instead of the output and the input (so it computes another function), and its
convolutions require `strides`/`dilations` and cast only integer inputs: the rows of
those ops replace xDSL's classes in our universe (`dialects/upstream.py`,
`REPLACED_OPS`); xDSL's `linalg.matmul` casts nothing (`MatmulOp` below adds MLIR's
casts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from xdsl.builder import Builder
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    DenseIntElementsAttr,
    FloatAttr,
    IntegerType,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import ElementwiseOperation, NamedOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import MatmulOp as XdslMatmulOp
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr, AffineMap
from xdsl.irdl import irdl_op_definition, opt_prop_def
from xdsl.utils.exceptions import VerifyException

from xdsl_bufferize.dialects.linalg_ext import init_named_op


@dataclass(frozen=True)
class NamedOpSpec:
    """One named op as MLIR defines it."""

    name: str
    """The op name without `linalg.`."""
    loops: str
    """The loop names, in MLIR's order, space separated."""
    reductions: str
    """The reduction loops among them."""
    operands: tuple[str, ...]
    """Per operand (ins then outs), its index expressions, comma separated: a loop
    name, or `a+b` (a window dimension: `a * stride + b * dilation` when the op has
    strides, `a + b` otherwise)."""
    body: str
    """`mac` (out + a * b), `max`, `min`, `sum` (pooling, into the output)."""
    window: int = 0
    """How many spatial dimensions `strides` / `dilations` have (0: no attributes)."""
    unsigned: bool = False
    """Whether casts and max/min treat integers as unsigned."""


def _mac(name: str, loops: str, red: str, *operands: str) -> NamedOpSpec:
    return NamedOpSpec(name, loops, red, operands, "mac")


def _conv(name: str, loops: str, red: str, window: int, *operands: str) -> NamedOpSpec:
    return NamedOpSpec(name, loops, red, operands, "mac", window)


def _pool(
    name: str, body: str, loops: str, red: str, window: int, *operands: str
) -> NamedOpSpec:
    return NamedOpSpec(
        name, loops, red, operands, body, window, name.endswith("_unsigned")
    )


_NHWC_POOL = ("n oh ow c kh kw", "kh kw", 2, "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c")
_NCHW_POOL = ("n c oh ow kh kw", "kh kw", 2, "n,c,oh+kh,ow+kw", "kh,kw", "n,c,oh,ow")
_NWC_POOL = ("n ow c kw", "kw", 1, "n,ow+kw,c", "kw", "n,ow,c")
_NCW_POOL = ("n c ow kw", "kw", 1, "n,c,ow+kw", "kw", "n,c,ow")
_NDHWC_POOL = (
    "n od oh ow c kd kh kw",
    "kd kh kw",
    3,
    "n,od+kd,oh+kh,ow+kw,c",
    "kd,kh,kw",
    "n,od,oh,ow,c",
)

NAMED_OPS: tuple[NamedOpSpec, ...] = (
    # Contractions.
    _mac("batch_matmul", "b m n k", "k", "b,m,k", "b,k,n", "b,m,n"),
    _mac("matvec", "m k", "k", "m,k", "k", "m"),
    _mac("vecmat", "n m", "m", "m", "m,n", "n"),
    _mac("batch_matvec", "b m k", "k", "b,m,k", "b,k", "b,m"),
    _mac("batch_vecmat", "b n k", "k", "b,k", "b,k,n", "b,n"),
    _mac("matmul_transpose_a", "m n k", "k", "k,m", "k,n", "m,n"),
    _mac("matmul_transpose_b", "m n k", "k", "m,k", "n,k", "m,n"),
    _mac("batch_matmul_transpose_a", "b m n k", "k", "b,k,m", "b,k,n", "b,m,n"),
    _mac("batch_matmul_transpose_b", "b m n k", "k", "b,m,k", "b,n,k", "b,m,n"),
    _mac("mmt4d", "m n k m0 n0 k0", "k k0", "m,k,m0,k0", "n,k,n0,k0", "m,n,m0,n0"),
    _mac(
        "batch_mmt4d",
        "b m n k m0 n0 k0",
        "k k0",
        "b,m,k,m0,k0",
        "b,n,k,n0,k0",
        "b,m,n,m0,n0",
    ),
    # Convolutions without strides.
    _mac("conv_1d", "ow kw", "kw", "ow+kw", "kw", "ow"),
    _mac("conv_2d", "oh ow kh kw", "kh kw", "oh+kh,ow+kw", "kh,kw", "oh,ow"),
    _mac(
        "conv_3d",
        "od oh ow kd kh kw",
        "kd kh kw",
        "od+kd,oh+kh,ow+kw",
        "kd,kh,kw",
        "od,oh,ow",
    ),
    # Convolutions with strides and dilations.
    _conv("conv_1d_nwc_wcf", "n ow f kw c", "kw c", 1, "n,ow+kw,c", "kw,c,f", "n,ow,f"),
    _conv("conv_1d_ncw_fcw", "n f ow c kw", "c kw", 1, "n,c,ow+kw", "f,c,kw", "n,f,ow"),
    _conv(
        "conv_2d_nhwc_hwcf",
        "n oh ow f kh kw c",
        "kh kw c",
        2,
        "n,oh+kh,ow+kw,c",
        "kh,kw,c,f",
        "n,oh,ow,f",
    ),
    _conv(
        "conv_2d_nhwc_fhwc",
        "n oh ow f kh kw c",
        "kh kw c",
        2,
        "n,oh+kh,ow+kw,c",
        "f,kh,kw,c",
        "n,oh,ow,f",
    ),
    _conv(
        "conv_2d_nchw_fchw",
        "n f oh ow c kh kw",
        "c kh kw",
        2,
        "n,c,oh+kh,ow+kw",
        "f,c,kh,kw",
        "n,f,oh,ow",
    ),
    _conv(
        "conv_2d_ngchw_fgchw",
        "n g f oh ow c kh kw",
        "c kh kw",
        2,
        "n,g,c,oh+kh,ow+kw",
        "f,g,c,kh,kw",
        "n,g,f,oh,ow",
    ),
    _conv(
        "conv_2d_ngchw_gfchw",
        "n g f oh ow c kh kw",
        "c kh kw",
        2,
        "n,g,c,oh+kh,ow+kw",
        "g,f,c,kh,kw",
        "n,g,f,oh,ow",
    ),
    _conv(
        "conv_2d_nhwgc_gfhwc",
        "n oh ow g f kh kw c",
        "kh kw c",
        2,
        "n,oh+kh,ow+kw,g,c",
        "g,f,kh,kw,c",
        "n,oh,ow,g,f",
    ),
    _conv(
        "conv_3d_ndhwc_dhwcf",
        "n od oh ow f kd kh kw c",
        "kd kh kw c",
        3,
        "n,od+kd,oh+kh,ow+kw,c",
        "kd,kh,kw,c,f",
        "n,od,oh,ow,f",
    ),
    _conv(
        "conv_3d_ncdhw_fcdhw",
        "n f od oh ow c kd kh kw",
        "c kd kh kw",
        3,
        "n,c,od+kd,oh+kh,ow+kw",
        "f,c,kd,kh,kw",
        "n,f,od,oh,ow",
    ),
    _conv(
        "depthwise_conv_1d_nwc_wc",
        "n ow ic kw",
        "kw",
        1,
        "n,ow+kw,ic",
        "kw,ic",
        "n,ow,ic",
    ),
    _conv(
        "depthwise_conv_1d_ncw_cw",
        "n ow ic kw",
        "kw",
        1,
        "n,ic,ow+kw",
        "ic,kw",
        "n,ic,ow",
    ),
    _conv(
        "depthwise_conv_1d_nwc_wcm",
        "n ow ic cm kw",
        "kw",
        1,
        "n,ow+kw,ic",
        "kw,ic,cm",
        "n,ow,ic,cm",
    ),
    _conv(
        "depthwise_conv_2d_nhwc_hwc",
        "n oh ow ic kh kw",
        "kh kw",
        2,
        "n,oh+kh,ow+kw,ic",
        "kh,kw,ic",
        "n,oh,ow,ic",
    ),
    _conv(
        "depthwise_conv_2d_nchw_chw",
        "n oh ow ic kh kw",
        "kh kw",
        2,
        "n,ic,oh+kh,ow+kw",
        "ic,kh,kw",
        "n,ic,oh,ow",
    ),
    _conv(
        "depthwise_conv_2d_nhwc_hwcm",
        "n oh ow ic cm kh kw",
        "kh kw",
        2,
        "n,oh+kh,ow+kw,ic",
        "kh,kw,ic,cm",
        "n,oh,ow,ic,cm",
    ),
    _conv(
        "depthwise_conv_3d_ndhwc_dhwc",
        "n od oh ow kd kh kw ic",
        "kd kh kw",
        3,
        "n,od+kd,oh+kh,ow+kw,ic",
        "kd,kh,kw,ic",
        "n,od,oh,ow,ic",
    ),
    _conv(
        "depthwise_conv_3d_ncdhw_cdhw",
        "n od oh ow kd kh kw ic",
        "kd kh kw",
        3,
        "n,ic,od+kd,oh+kh,ow+kw",
        "ic,kd,kh,kw",
        "n,ic,od,oh,ow",
    ),
    _conv(
        "depthwise_conv_3d_ndhwc_dhwcm",
        "n od oh ow cm kd kh kw ic",
        "kd kh kw",
        3,
        "n,od+kd,oh+kh,ow+kw,ic",
        "kd,kh,kw,ic,cm",
        "n,od,oh,ow,ic,cm",
    ),
    # Pooling.
    _pool("pooling_nhwc_max", "max", *_NHWC_POOL),
    _pool("pooling_nhwc_max_unsigned", "max", *_NHWC_POOL),
    _pool("pooling_nhwc_min", "min", *_NHWC_POOL),
    _pool("pooling_nhwc_min_unsigned", "min", *_NHWC_POOL),
    _pool("pooling_nhwc_sum", "sum", *_NHWC_POOL),
    _pool("pooling_nchw_max", "max", *_NCHW_POOL),
    _pool("pooling_nchw_sum", "sum", *_NCHW_POOL),
    _pool("pooling_nwc_max", "max", *_NWC_POOL),
    _pool("pooling_nwc_max_unsigned", "max", *_NWC_POOL),
    _pool("pooling_nwc_min", "min", *_NWC_POOL),
    _pool("pooling_nwc_min_unsigned", "min", *_NWC_POOL),
    _pool("pooling_nwc_sum", "sum", *_NWC_POOL),
    _pool("pooling_ncw_max", "max", *_NCW_POOL),
    _pool("pooling_ncw_sum", "sum", *_NCW_POOL),
    _pool("pooling_ndhwc_max", "max", *_NDHWC_POOL),
    _pool("pooling_ndhwc_min", "min", *_NDHWC_POOL),
    _pool("pooling_ndhwc_sum", "sum", *_NDHWC_POOL),
)
"""MLIR's named structured ops (other than elementwise) built here."""


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


def _binary(kind: str, lhs: SSAValue, rhs: SSAValue, unsigned: bool) -> SSAValue:
    """MLIR's binary functions `add`, `mul`, `max`, `min` (signed or unsigned) of two
    scalars of one type."""
    is_float = isinstance(lhs.type, AnyFloat)
    table: dict[str, Callable[[SSAValue, SSAValue], Operation]] = (
        {
            "add": arith.AddfOp,
            "mul": arith.MulfOp,
            "max": arith.MaximumfOp,
            "min": arith.MinimumfOp,
        }
        if is_float
        else {
            "add": arith.AddiOp,
            "mul": arith.MuliOp,
            "max": arith.MaxUIOp if unsigned else arith.MaxSIOp,
            "min": arith.MinUIOp if unsigned else arith.MinSIOp,
        }
    )
    op = table[kind](lhs, rhs)
    return op.results[0]


def _named_body(spec: NamedOpSpec, arg_types: Sequence[Attribute]) -> Region:
    out_type = arg_types[-1]

    @Builder.implicit_region(arg_types)
    def body(args: tuple[BlockArgument, ...]) -> None:
        out = args[-1]
        if spec.body == "mac":
            a = cast_to(args[0], out_type, spec.unsigned)
            b = cast_to(args[1], out_type, spec.unsigned)
            value = _binary("add", out, _binary("mul", a, b, False), False)
        else:
            source = cast_to(args[0], out_type, spec.unsigned)
            kind = "add" if spec.body == "sum" else spec.body
            value = _binary(kind, out, source, spec.unsigned)
        YieldOp(value)

    return body


def _index_maps(
    spec: NamedOpSpec, strides: Sequence[int], dilations: Sequence[int]
) -> tuple[AffineMap, ...]:
    names = spec.loops.split()
    dims = {name: AffineDimExpr(i) for i, name in enumerate(names)}
    maps: list[AffineMap] = []
    for operand in spec.operands:
        window = 0
        results: list[AffineExpr] = []
        for term in operand.split(",") if operand else ():
            if "+" in term:
                out_dim, kernel_dim = term.split("+")
                stride = strides[window] if spec.window else 1
                dilation = dilations[window] if spec.window else 1
                results.append(dims[out_dim] * stride + dims[kernel_dim] * dilation)
                window += 1
            else:
                results.append(dims[term])
        maps.append(AffineMap(len(names), 0, tuple(results)))
    return tuple(maps)


class NamedStructuredOp(NamedOperation):
    """A named linalg op defined by a row of `NAMED_OPS`."""

    SPEC: ClassVar[NamedOpSpec]

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        res: Sequence[Attribute] | None = None,
        properties: dict[str, Attribute] | None = None,
    ) -> None:
        init_named_op(self, inputs, outputs, res, properties)

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        return _named_body(cls.SPEC, cls.body_arg_types((*inputs, *outputs)))

    def window_attributes(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The strides and dilations (ones where absent)."""
        return (1,) * self.SPEC.window, (1,) * self.SPEC.window

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return _index_maps(self.SPEC, *self.window_attributes())

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        reductions = set(self.SPEC.reductions.split())
        return ArrayAttr(
            IteratorTypeAttr.reduction()
            if name in reductions
            else IteratorTypeAttr.parallel()
            for name in self.SPEC.loops.split()
        )

    def verify_(self) -> None:
        if len(self.inputs) + len(self.outputs) != len(self.SPEC.operands):
            raise VerifyException(
                f"expected {len(self.SPEC.operands) - 1} input(s) and 1 output, got "
                f"{len(self.inputs)} and {len(self.outputs)}"
            )
        super().verify_()


class WindowedStructuredOp(NamedStructuredOp):
    """A convolution or pooling op with (optional) `strides` and `dilations`."""

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True

    strides = opt_prop_def(DenseIntElementsAttr)
    dilations = opt_prop_def(DenseIntElementsAttr)

    def _values(self, attr: DenseIntElementsAttr | None) -> tuple[int, ...]:
        if attr is None:
            return (1,) * self.SPEC.window
        return tuple(attr.get_values())

    def window_attributes(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return self._values(self.strides), self._values(self.dilations)

    def verify_(self) -> None:
        for label, attr in (("strides", self.strides), ("dilations", self.dilations)):
            if attr is None:
                continue
            values = tuple(attr.get_values())
            if len(values) != self.SPEC.window or any(v <= 0 for v in values):
                raise VerifyException(
                    f"expected {label} to be {self.SPEC.window} positive integer(s), "
                    f"got {list(values)}"
                )
        super().verify_()


def window_attribute(values: Sequence[int]) -> DenseIntElementsAttr:
    """`dense<[...]> : tensor<Nxi64>`, as MLIR spells strides and dilations."""
    return DenseIntElementsAttr.from_list(TensorType(i64, [len(values)]), values)


_ELEMENTWISE_FUNCTIONS: dict[str, tuple[int, str]] = {
    "abs": (1, "absf"),
    "ceil": (1, "ceil"),
    "floor": (1, "floor"),
    "negf": (1, "negf"),
    "reciprocal": (1, "reciprocal"),
    "round": (1, "round"),
    "rsqrt": (1, "rsqrt"),
    "square": (1, "square"),
    "tanh": (1, "tanh"),
    "erf": (1, "erf"),
    "div": (2, "div"),
    "div_unsigned": (2, "div_unsigned"),
    "powf": (2, "powf"),
}
"""MLIR's elementwise named ops xDSL 0.75 lacks: arity and scalar function."""


_UNARY_MATH: dict[str, type[Operation]] = {
    "absf": math.AbsFOp,
    "ceil": math.CeilOp,
    "floor": math.FloorOp,
    "round": math.RoundOp,
    "rsqrt": math.RsqrtOp,
    "tanh": math.TanhOp,
    "erf": math.ErfOp,
}


def _elementwise_value(function: str, args: Sequence[SSAValue]) -> SSAValue:
    """The scalar `function` of `args` (ops made under the implicit builder)."""
    first = args[0]
    second = args[-1]
    is_float = isinstance(first.type, AnyFloat)
    if not is_float and function not in ("square", "div", "div_unsigned"):
        raise VerifyException(f"linalg.{function} takes floating-point elements")
    if is_float and function == "div_unsigned":
        raise VerifyException("linalg.div_unsigned takes integer elements")
    op: Operation
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


class NamedElementwiseOp(ElementwiseOperation):
    """An elementwise named linalg op of `_ELEMENTWISE_FUNCTIONS`."""

    FUNCTION: ClassVar[str]
    ARITY: ClassVar[int]

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        res: Sequence[Attribute] | None = None,
    ) -> None:
        init_named_op(self, inputs, outputs, res)

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        arg_types = cls.body_arg_types((*inputs, *outputs))
        if len(inputs) != cls.ARITY or len(outputs) != 1:
            raise ValueError(f"expected {cls.ARITY} input(s) and 1 output")

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            value = _elementwise_value(cls.FUNCTION, args[: cls.ARITY])
            YieldOp(value)

        return body


class MatmulOp(XdslMatmulOp):
    """xDSL's `linalg.matmul` with MLIR's body: the inputs cast to the output
    element type before the multiply-accumulate (xDSL's body multiplies them as
    they are, so `i8 x i8 -> i32` does not verify)."""

    name = "linalg.matmul"

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        return _named_body(
            NamedOpSpec("matmul", "m n k", "k", ("m,k", "k,n", "m,n"), "mac"),
            cls.body_arg_types((*inputs, *outputs)),
        )


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_")) + "Op"


def _make_op(spec: NamedOpSpec) -> type[NamedStructuredOp]:
    base = WindowedStructuredOp if spec.window else NamedStructuredOp
    cls = cast(
        type[NamedStructuredOp],
        type(
            _class_name(spec.name),
            (base,),
            {
                "__doc__": f"`linalg.{spec.name}` (MLIR's named op; see `NAMED_OPS`).",
                "__module__": __name__,
                "name": f"linalg.{spec.name}",
                "SPEC": spec,
                "__annotations__": {"SPEC": ClassVar[NamedOpSpec]},
            },
        ),
    )
    return irdl_op_definition(cls)


def _make_elementwise(name: str) -> type[NamedElementwiseOp]:
    arity, function = _ELEMENTWISE_FUNCTIONS[name]
    cls = cast(
        type[NamedElementwiseOp],
        type(
            _class_name(name),
            (NamedElementwiseOp,),
            {
                "__doc__": f"`linalg.{name}` (MLIR's elementwise named op).",
                "__module__": __name__,
                "name": f"linalg.{name}",
                "FUNCTION": function,
                "ARITY": arity,
                "__annotations__": {"FUNCTION": ClassVar[str], "ARITY": ClassVar[int]},
            },
        ),
    )
    return irdl_op_definition(cls)


NAMED_OP_CLASSES: dict[str, type[NamedOperation]] = {
    **{f"linalg.{spec.name}": _make_op(spec) for spec in NAMED_OPS},
    **{f"linalg.{name}": _make_elementwise(name) for name in _ELEMENTWISE_FUNCTIONS},
}
"""Every op of this module by name."""

REPLACING: frozenset[str] = frozenset(
    {
        "linalg.pooling_nchw_max",
        "linalg.conv_2d_nchw_fchw",
        "linalg.conv_2d_nhwc_hwcf",
        "linalg.conv_2d_nhwc_fhwc",
        "linalg.conv_2d_ngchw_fgchw",
        "linalg.conv_2d_ngchw_gfchw",
        "linalg.conv_2d_nhwgc_gfhwc",
    }
)
"""Ops xDSL 0.75 defines that our classes replace (a wrong body, required
attributes, integer-only casts). `MatmulOp` (a subclass of xDSL's) widens
`linalg.matmul` the same way (`dialects/upstream.py`, `WIDENED_OPS`)."""
