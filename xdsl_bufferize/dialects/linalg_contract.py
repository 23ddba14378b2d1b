"""`linalg.contract` and `linalg.elementwise`, MLIR's structured ops whose indexing maps
are attributes (xDSL 0.75 has neither).

* `linalg.contract indexing_maps = [#a, #b, #c] ins(%a, %b : ...) outs(%c : ...)`:
  `c += cast(a) * cast(b)` (inputs cast to the output element type, signed as MLIR's
  default `cast_signed`, unsigned with `{cast = #linalg.type_fn<cast_unsigned>}`) over the loops of the maps; a loop the output map indexes is
  parallel, every other one a reduction. Each map is a projected permutation and
  every loop is indexed by an input.
* `linalg.elementwise kind=#linalg.elementwise_kind<add> [indexing_maps = [...]]
  ins(...) outs(...)`: the kind's function (unary `exp`, `log`, `abs`, `ceil`,
  `floor`, `negf`, `reciprocal`, `round`, `sqrt`, `rsqrt`, `square`, `tanh`, `erf`;
  binary `add`, `sub`, `mul`, `div`, `div_unsigned`, `max_signed`, `min_signed`,
  `max_unsigned`, `min_unsigned`, `powf`; ternary `select`) of the inputs at each
  index of the output; the loops are the output's dimensions, all parallel; the maps
  are identities unless given (an input may then be transposed or broadcast; the
  output map stays the identity).

Both are ordinary `LinalgStructuredOperation`s (maps and a body region), so the
bufferization model and the reference executor of every structured op apply. They
and the `#linalg.elementwise_kind` attribute are put into xDSL's `linalg` dialect by
`dialects/upstream.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import auto
from typing import ClassVar, cast

from xdsl.builder import Builder
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    MemRefType,
    ShapedType,
    TensorType,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, BlockArgument, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import (
    AttrSizedOperandSegments,
    irdl_attr_definition,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from xdsl_bufferize.dialects.enum_syntax import AngleBracketEnum
from xdsl_bufferize.dialects.linalg_body import (
    TypeFn,
    TypeFnAttr,
    binary,
    cast_to,
    elementwise_value,
)
from xdsl_bufferize.dialects.linalg_ext import parse_operand_list, print_operand_list
from xdsl_bufferize.dialects.linalg_maps import (
    parse_optional_indexing_maps,
    print_indexing_maps,
)


def _element_type(t: Attribute) -> Attribute:
    if isinstance(t, TensorType | MemRefType):
        return cast(Attribute, t.get_element_type())
    return t


def _rank(t: Attribute) -> int:
    return len(t.get_shape()) if isinstance(t, ShapedType) else 0


def _parse_operands_and_results(
    parser: Parser,
) -> tuple[dict[str, Attribute], list[SSAValue], list[SSAValue], list[Attribute]]:
    """`attr-dict? ins(...) outs(...) (-> types)?`, as MLIR's named ops."""
    attributes = parser.parse_optional_attr_dict()
    ins = parse_operand_list(parser, "ins")
    outs = parse_operand_list(parser, "outs")
    results: list[Attribute] = []
    if parser.parse_optional_punctuation("->") is not None:
        results = list(
            parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            )
            or [parser.parse_type()]
        )
    return attributes, ins, outs, results


def _print_operands_and_results(
    printer: Printer, op: LinalgStructuredOperation, front: dict[str, Attribute]
) -> None:
    """What `_parse_operands_and_results` reads (`front`: properties printed in the
    attribute dictionary, as MLIR prints inherent attributes)."""
    extra = {**front, **op.attributes}
    if extra:
        printer.print_op_attributes(extra)
    print_operand_list(printer, "ins", op.inputs)
    print_operand_list(printer, "outs", op.outputs)
    if op.res:
        printer.print_string(" -> ")
        if len(op.res) == 1:
            printer.print_attribute(op.res[0].type)
        else:
            with printer.in_parens():
                printer.print_list(op.res.types, printer.print_attribute)


def _body(parser: Parser, pos: int, build: Callable[[], Region]) -> Region:
    """The body `build` makes, a located parse error if it cannot be made."""
    try:
        return build()
    except VerifyException as error:
        parser.raise_error(str(error), pos)


def _projected_permutation(amap: AffineMap) -> list[int] | None:
    dims = [e.position for e in amap.results if isinstance(e, AffineDimExpr)]
    if len(dims) != len(amap.results) or len(set(dims)) != len(dims):
        return None
    return dims


@irdl_op_definition
class ContractOp(LinalgStructuredOperation):
    """`linalg.contract`: `out += cast(a) * cast(b)` over the loops of its maps."""

    name = "linalg.contract"

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    cast = opt_prop_def(TypeFnAttr)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        indexing_maps: Sequence[AffineMap],
        res: Sequence[Attribute] | None = None,
        unsigned: bool = False,
    ) -> None:
        if res is None:
            res = [o.type for o in outputs if isinstance(o.type, TensorType)]
        properties: dict[str, Attribute] = {
            "indexing_maps": ArrayAttr(AffineMapAttr(m) for m in indexing_maps)
        }
        if unsigned:
            properties["cast"] = TypeFnAttr(TypeFn.CAST_UNSIGNED)
        super().__init__(
            operands=[inputs, outputs],
            result_types=[res],
            properties=properties,
            regions=[self.body_for(inputs, outputs, unsigned)],
        )

    @staticmethod
    def body_for(
        inputs: Sequence[SSAValue], outputs: Sequence[SSAValue], unsigned: bool
    ) -> Region:
        """`out + cast(a) * cast(b)` on the element types of the operands."""
        arg_types = [_element_type(v.type) for v in (*inputs, *outputs)]

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            if len(args) != 3:
                YieldOp(*args[-1:])
                return
            a, b, out = args
            a_cast = cast_to(a, out.type, unsigned)
            b_cast = cast_to(b, out.type, unsigned)
            YieldOp(binary("add", out, binary("mul", a_cast, b_cast, False), False))

        return body

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return self.indexing_maps

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        maps = self.indexing_maps.data
        loops = maps[0].data.num_dims if maps else 0
        out = {
            e.position
            for e in (maps[-1].data.results if maps else ())
            if isinstance(e, AffineDimExpr)
        }
        return ArrayAttr(
            IteratorTypeAttr.parallel() if d in out else IteratorTypeAttr.reduction()
            for d in range(loops)
        )

    def verify_(self) -> None:
        if len(self.inputs) != 2 or len(self.outputs) != 1:
            raise VerifyException(
                f"expected 2 inputs and 1 output, got {len(self.inputs)} and "
                f"{len(self.outputs)}"
            )
        maps = [m.data for m in self.indexing_maps.data]
        if len(maps) != 3:
            raise VerifyException(f"expected 3 indexing maps, got {len(maps)}")
        loops = maps[0].num_dims
        used: set[int] = set()
        for index, amap in enumerate(maps):
            if amap.num_dims != loops or amap.num_symbols:
                raise VerifyException(
                    f"expected indexing_map #{index} to have {loops} dim(s) and no "
                    "symbols"
                )
            dims = _projected_permutation(amap)
            if dims is None:
                raise VerifyException(
                    f"expected indexing_map #{index} to be a projected permutation"
                )
            if index < 2:
                used.update(dims)
        for d in range(loops):
            if d not in used:
                raise VerifyException(
                    f"expected iteration dimension d{d} to be indexed by an input"
                )
        super().verify_()

    @classmethod
    def parse(cls, parser: Parser) -> ContractOp:
        pos = parser.pos
        maps = parse_optional_indexing_maps(parser)
        if maps is None:
            parser.raise_error("expected 'indexing_maps = [...]'", pos)
        attributes, ins, outs, results = _parse_operands_and_results(parser)
        properties: dict[str, Attribute] = {"indexing_maps": maps}
        type_fn = attributes.pop("cast", None)
        if type_fn is not None:
            if not isinstance(type_fn, TypeFnAttr):
                parser.raise_error("expected cast to be a #linalg.type_fn<...>", pos)
            properties["cast"] = type_fn
        unsigned = isinstance(type_fn, TypeFnAttr) and (
            type_fn.data == TypeFn.CAST_UNSIGNED
        )
        region = _body(parser, pos, lambda: cls.body_for(ins, outs, unsigned))
        return cls.build(
            operands=(ins, outs),
            result_types=(results,),
            properties=properties,
            attributes=attributes,
            regions=(region,),
        )

    def print(self, printer: Printer) -> None:
        print_indexing_maps(printer, self.indexing_maps)
        front: dict[str, Attribute] = {} if self.cast is None else {"cast": self.cast}
        _print_operands_and_results(printer, self, front)


class ElementwiseKind(StrEnum):
    """MLIR's `#linalg.elementwise_kind` values."""

    EXP = auto()
    LOG = auto()
    ABS = auto()
    CEIL = auto()
    FLOOR = auto()
    NEGF = auto()
    RECIPROCAL = auto()
    ROUND = auto()
    SQRT = auto()
    RSQRT = auto()
    SQUARE = auto()
    TANH = auto()
    ERF = auto()
    ADD = auto()
    SUB = auto()
    MUL = auto()
    DIV = auto()
    DIV_UNSIGNED = auto()
    MAX_SIGNED = auto()
    MIN_SIGNED = auto()
    MAX_UNSIGNED = auto()
    MIN_UNSIGNED = auto()
    POWF = auto()
    SELECT = auto()


ARITY: dict[ElementwiseKind, int] = {
    **{k: 1 for k in list(ElementwiseKind)[:13]},
    **{k: 2 for k in list(ElementwiseKind)[13:23]},
    ElementwiseKind.SELECT: 3,
}
"""How many inputs each kind takes."""


@irdl_attr_definition
class ElementwiseKindAttr(AngleBracketEnum, EnumAttribute[ElementwiseKind]):
    """`#linalg.elementwise_kind<add>`: the function of a `linalg.elementwise`."""

    name = "linalg.elementwise_kind"


@irdl_op_definition
class ElementwiseOp(LinalgStructuredOperation):
    """`linalg.elementwise`: `out[i] = kind(inputs at their maps of i)`."""

    name = "linalg.elementwise"

    kind = prop_def(ElementwiseKindAttr)
    indexing_maps = opt_prop_def(ArrayAttr[AffineMapAttr])

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    ARITY: ClassVar[dict[ElementwiseKind, int]] = ARITY

    def __init__(
        self,
        kind: ElementwiseKind,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        indexing_maps: Sequence[AffineMap] | None = None,
        res: Sequence[Attribute] | None = None,
    ) -> None:
        if res is None:
            res = [o.type for o in outputs if isinstance(o.type, TensorType)]
        properties: dict[str, Attribute] = {"kind": ElementwiseKindAttr(kind)}
        if indexing_maps is not None:
            properties["indexing_maps"] = ArrayAttr(
                AffineMapAttr(m) for m in indexing_maps
            )
        super().__init__(
            operands=[inputs, outputs],
            result_types=[res],
            properties=properties,
            regions=[self.body_for(kind, inputs, outputs)],
        )

    @staticmethod
    def body_for(
        kind: ElementwiseKind,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
    ) -> Region:
        """The kind's function of the input elements, yielded."""
        arg_types = [_element_type(v.type) for v in (*inputs, *outputs)]
        function = "absf" if kind == ElementwiseKind.ABS else str(kind)

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            if len(inputs) != ARITY[kind] or len(outputs) != 1:
                YieldOp(*args[-1:])
                return
            YieldOp(elementwise_value(function, args[: len(inputs)]))

        return body

    def _rank(self) -> int:
        return _rank(self.outputs[0].type) if self.outputs else 0

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        if self.indexing_maps is not None:
            return self.indexing_maps
        identity = AffineMapAttr(AffineMap.identity(self._rank()))
        return ArrayAttr([identity] * len(self.operands))

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr([IteratorTypeAttr.parallel()] * self._rank())

    def verify_(self) -> None:
        arity = ARITY[self.kind.data]
        if len(self.inputs) != arity or len(self.outputs) != 1:
            raise VerifyException(
                f"expected {arity} input(s) and 1 output for kind "
                f"'{self.kind.data}', got {len(self.inputs)} and {len(self.outputs)}"
            )
        if self.indexing_maps is not None:
            maps = self.indexing_maps.data
            if len(maps) != len(self.operands):
                raise VerifyException(
                    f"expected {len(self.operands)} indexing maps, got {len(maps)}"
                )
            if maps[-1].data != AffineMap.identity(self._rank()):
                raise VerifyException("expected the output map to be the identity")
        super().verify_()

    @classmethod
    def parse(cls, parser: Parser) -> ElementwiseOp:
        pos = parser.pos
        parser.parse_keyword("kind")
        parser.parse_punctuation("=")
        kind = parser.parse_attribute()
        if not isinstance(kind, ElementwiseKindAttr):
            parser.raise_error("expected a #linalg.elementwise_kind<...>", pos)
        maps = parse_optional_indexing_maps(parser)
        attributes, ins, outs, results = _parse_operands_and_results(parser)
        region = _body(parser, pos, lambda: cls.body_for(kind.data, ins, outs))
        properties: dict[str, Attribute] = {"kind": kind}
        if maps is not None:
            properties["indexing_maps"] = maps
        return cls.build(
            operands=(ins, outs),
            result_types=(results,),
            properties=properties,
            attributes=attributes,
            regions=(region,),
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" kind=")
        printer.print_attribute(self.kind)
        if self.indexing_maps is not None:
            print_indexing_maps(printer, self.indexing_maps)
        _print_operands_and_results(printer, self, {})
