"""The linalg named ops of upstream MLIR that xDSL 0.75 lacks (or defines wrongly).

Each op is one row of `NAMED_OPS`, read off MLIR's op definitions
(`LinalgNamedStructuredOps.yaml`): its loops (the reduction ones named), the index
expressions of each operand over those loops, and the scalar function of its implicit
body (`linalg_named_spec.NamedOpSpec`; the rows by family in
`linalg_named_contractions.py`, `linalg_named_convolutions.py`,
`linalg_named_pooling.py`). A class per row is made from the row (`_make_op`); they are ordinary
`LinalgStructuredOperation`s (indexing maps and a body region), so the bufferization
model, the verifier and the reference executor of every structured op apply.

* Contractions (`batch_matmul`, `matvec`, `vecmat`, `batch_matvec`, `batch_vecmat`,
  `matmul_transpose_a/b`, `batch_matmul_transpose_a/b`, `mmt4d`, `batch_mmt4d`):
  `out += cast(a) * cast(b)`, the inputs cast to the output element type as MLIR's
  `cast_signed` does (`arith.extsi` / `trunci` / `sitofp` / `extf` / `truncf` /
  `fptosi`). The quantized ones (`quantized_matmul`, `quantized_batch_matmul`) take
  two scalar zero points after the inputs: `out += (cast(a) - cast(a_zp)) * (cast(b)
  - cast(b_zp))`.
* Convolutions (`conv_1d/2d/3d`, `conv_1d_nwc_wcf`, `conv_1d_ncw_fcw`, the 2-d layouts,
  `conv_3d_ndhwc_dhwcf`, `conv_3d_ncdhw_fcdhw`, the `depthwise_conv_*` family): the same
  body; a window dimension of the input is indexed `out_i * stride + k_i * dilation`.
  The `_q` ones (`conv_2d_nhwc_hwcf_q`, `conv_2d_nhwc_fhwc_q`, `conv_2d_nchw_fchw_q`,
  `conv_2d_ngchw_gfchw_q`, `conv_2d_nhwgc_gfhwc_q`, `conv_3d_ndhwc_dhwcf_q`,
  `depthwise_conv_2d_nhwc_hwc_q`, `depthwise_conv_2d_nhwc_hwcm_q`) subtract zero points
  as the quantized contractions do.
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

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar, cast

from xdsl.builder import Builder
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseIntElementsAttr,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
    NamedOperation,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import MatmulOp as XdslMatmulOp
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, BlockArgument, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr, AffineMap
from xdsl.irdl import irdl_op_definition, opt_prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_bufferize.dialects.linalg_body import (
    TypeFnAttr,
    binary,
    cast_to,
    casts_unsigned,
    elementwise_value,
    replace_body,
)
from xdsl_bufferize.dialects.linalg_contract import ContractOp, ElementwiseOp
from xdsl_bufferize.dialects.linalg_ext import init_named_op
from xdsl_bufferize.dialects.linalg_maps import (
    parse_optional_indexing_maps,
    print_indexing_maps,
    verify_matmul_maps,
)
from xdsl_bufferize.dialects.linalg_named_contractions import CONTRACTIONS
from xdsl_bufferize.dialects.linalg_named_convolutions import CONVOLUTIONS
from xdsl_bufferize.dialects.linalg_named_pooling import POOLING
from xdsl_bufferize.dialects.linalg_named_spec import NamedOpSpec

NAMED_OPS: tuple[NamedOpSpec, ...] = CONTRACTIONS + CONVOLUTIONS + POOLING
"""MLIR's named structured ops (other than elementwise) built here."""


def _named_body(spec: NamedOpSpec, arg_types: Sequence[Attribute]) -> Region:
    if len(arg_types) != len(spec.operands):
        # Wrong operand count: the verifier says so at the op; the body yields the
        # output, if any, so that it can run.
        @Builder.implicit_region(arg_types)
        def placeholder(args: tuple[BlockArgument, ...]) -> None:
            YieldOp(*args[-1:])

        return placeholder
    out_type = arg_types[-1]

    @Builder.implicit_region(arg_types)
    def body(args: tuple[BlockArgument, ...]) -> None:
        out = args[-1]
        if spec.body in ("mac", "qmac"):
            a = cast_to(args[0], out_type, spec.unsigned)
            b = cast_to(args[1], out_type, spec.unsigned)
            if spec.body == "qmac":
                a_zp = cast_to(args[2], out_type, spec.unsigned)
                b_zp = cast_to(args[3], out_type, spec.unsigned)
                a = binary("sub", a, a_zp, False)
                b = binary("sub", b, b_zp, False)
            value = binary("add", out, binary("mul", a, b, False), False)
        else:
            source = cast_to(args[0], out_type, spec.unsigned)
            kind = "add" if spec.body == "sum" else spec.body
            value = binary(kind, out, source, spec.unsigned)
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

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        res: Sequence[Attribute] | None = None,
        properties: dict[str, Attribute] | None = None,
    ) -> None:
        init_named_op(self, inputs, outputs, res, properties)
        self.apply_cast()

    def apply_cast(self) -> None:
        """Rebuild the body with unsigned casts if the op says
        `cast = #linalg.type_fn<cast_unsigned>` (the hidden region is built before
        the op's attributes are known)."""

    @classmethod
    def parse(cls, parser: Parser) -> NamedStructuredOp:
        op = cast(NamedStructuredOp, super().parse(parser))
        op.apply_cast()
        return op

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
            value = elementwise_value(cls.FUNCTION, args[: cls.ARITY])
            YieldOp(value)

        return body


_MATMUL = NamedOpSpec("matmul", "m n k", "k", ("m,k", "k,n", "m,n"), "mac")


class MatmulOp(XdslMatmulOp):
    """xDSL's `linalg.matmul` with MLIR's body (the inputs cast to the output
    element type before the multiply-accumulate: xDSL's body multiplies them as
    they are, so `i8 x i8 -> i32` does not verify) and MLIR's `indexing_maps = [...]`
    clause for transposed or broadcast operands (xDSL keeps the property but neither
    reads the clause nor prints it)."""

    name = "linalg.matmul"

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        return _named_body(_MATMUL, cls.body_arg_types((*inputs, *outputs)))

    def _default_maps(self) -> tuple[AffineMap, ...]:
        return _index_maps(_MATMUL, (), ())

    @classmethod
    def parse(cls, parser: Parser) -> MatmulOp:
        maps = parse_optional_indexing_maps(parser)
        op = cast(MatmulOp, super().parse(parser))
        if maps is not None:
            op.properties["indexing_maps"] = maps
        if casts_unsigned(op):
            spec = replace(_MATMUL, unsigned=True)
            replace_body(op, _named_body(spec, op.body_arg_types(op.operands)))
        return op

    def print(self, printer: Printer) -> None:
        maps = self.indexing_maps
        if tuple(m.data for m in maps.data) != self._default_maps():
            print_indexing_maps(printer, maps)
        super().print(printer)

    def verify_(self) -> None:
        maps = tuple(m.data for m in self.indexing_maps.data)
        if maps != self._default_maps():
            verify_matmul_maps(maps, self._default_maps(), {2})
        super().verify_()


class CastStructuredOp(NamedStructuredOp):
    """A named contraction that also takes MLIR's `cast` attribute
    (`#linalg.type_fn<cast_signed>` when absent)."""

    cast = opt_prop_def(TypeFnAttr)

    def apply_cast(self) -> None:
        if casts_unsigned(self) and not self.SPEC.unsigned:
            spec = replace(self.SPEC, unsigned=True)
            replace_body(self, _named_body(spec, self.body_arg_types(self.operands)))


class UserMapsStructuredOp(CastStructuredOp):
    """A named contraction that also takes MLIR's `indexing_maps = [...]` clause
    (`linalg.batch_matmul`): transposed or broadcast operands, the body unchanged."""

    indexing_maps = opt_prop_def(ArrayAttr[AffineMapAttr])

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        if self.indexing_maps is not None:
            return self.indexing_maps
        return super().get_indexing_maps()

    @classmethod
    def parse(cls, parser: Parser) -> UserMapsStructuredOp:
        maps = parse_optional_indexing_maps(parser)
        op = cast(UserMapsStructuredOp, super().parse(parser))
        if maps is not None:
            op.properties["indexing_maps"] = maps
        return op

    def print(self, printer: Printer) -> None:
        if self.indexing_maps is not None:
            print_indexing_maps(printer, self.indexing_maps)
        super().print(printer)

    def verify_(self) -> None:
        if self.indexing_maps is not None:
            names = self.SPEC.loops.split()
            reductions = {names.index(r) for r in self.SPEC.reductions.split()}
            verify_matmul_maps(
                [m.data for m in self.indexing_maps.data],
                self.get_default_indexing_maps(),
                reductions,
            )
        super().verify_()


USER_MAPS: frozenset[str] = frozenset({"batch_matmul"})
"""Rows whose op also takes MLIR's `indexing_maps = [...]` clause and `cast`
attribute (`linalg.matmul` is xDSL's class, widened above)."""

CAST_ATTRIBUTE: frozenset[str] = frozenset(
    {"batch_matmul", "matmul_transpose_a", "matmul_transpose_b"}
)
"""Rows whose op takes MLIR's `cast` attribute."""


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_")) + "Op"


def _make_op(spec: NamedOpSpec) -> type[NamedStructuredOp]:
    base = (
        WindowedStructuredOp
        if spec.window
        else UserMapsStructuredOp
        if spec.name in USER_MAPS
        else CastStructuredOp
        if spec.name in CAST_ATTRIBUTE
        else NamedStructuredOp
    )
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


NAMED_OP_CLASSES: dict[str, type[LinalgStructuredOperation]] = {
    "linalg.contract": ContractOp,
    "linalg.elementwise": ElementwiseOp,
    **{f"linalg.{spec.name}": _make_op(spec) for spec in NAMED_OPS},
    **{f"linalg.{name}": _make_elementwise(name) for name in _ELEMENTWISE_FUNCTIONS},
}
"""Every op of this module by name, and `linalg.contract` / `linalg.elementwise`
(`linalg_contract.py`)."""

REPLACING: frozenset[str] = frozenset(
    {
        "linalg.pooling_nchw_max",
        "linalg.quantized_matmul",
        "linalg.conv_2d_nchw_fchw",
        "linalg.conv_2d_nhwc_hwcf",
        "linalg.conv_2d_nhwc_fhwc",
        "linalg.conv_2d_ngchw_fgchw",
        "linalg.conv_2d_ngchw_gfchw",
        "linalg.conv_2d_nhwgc_gfhwc",
    }
)
"""Ops xDSL 0.75 defines that our classes replace (a wrong body, required
attributes, integer-only casts, `quantized_matmul` casting to `i32` whatever the
output type). `MatmulOp` (a subclass of xDSL's) widens
`linalg.matmul` the same way (`dialects/upstream.py`, `WIDENED_OPS`)."""
