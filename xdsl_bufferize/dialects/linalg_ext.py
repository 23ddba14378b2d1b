"""Linalg ops and forms that xDSL 0.75's `linalg` dialect lacks, in MLIR's spelling.

* `linalg.map`: applies its body to the elements of its inputs at each index of the
  init, which it overwrites (`ins(...) outs(%init)`, a result when on tensors). Both of
  MLIR's forms parse: the region form `(%a: f32, %b: f32) { ... linalg.yield %x }` and
  the short form `linalg.map { arith.addf } ins(...) outs(...)`; it prints the short
  form when the body is one op applied to the block arguments in order, as MLIR does.
* `linalg.reduce` in MLIR's forms, which xDSL's `linalg.reduce` (one input, one init,
  no short form) lacks: several inputs and inits, and the short form
  `linalg.reduce { arith.addf } ins(...) outs(...) dimensions = [...]` (`ReduceOp`
  below, a structured op, replaces xDSL's class in the dialect).
* `linalg.generic ... -> (tensor<..>, tensor<..>)`: MLIR's spelling of several
  results, which xDSL's parser rejects (`GenericOp` below reads it; it prints so
  already); and `linalg.generic #trait ins(...)`, the trait dictionary given by an
  attribute alias (`#trait = {indexing_maps = ..., iterator_types = ...}`).
* `linalg.dot` (`ins(%a, %b : tensor<Nx..>, ...) outs(%c : tensor<..>)`, sum of
  products into a 0-d init) and `linalg.batch_reduce_matmul` (the batch of matmuls
  summed into one 2-d init), as named structured ops with their indexing maps.

The ops are put into xDSL's `linalg` dialect by `dialects/upstream.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    MemRefType,
    ShapedType,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import (
    LinalgStructuredOperation,
    NamedOperation,
)
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp as XdslGenericOp
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, Block, BlockArgument, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

_SHAPED = base(MemRefType) | base(TensorType)


def _element_type(t: Attribute) -> Attribute:
    assert isinstance(t, TensorType | MemRefType)
    return cast(Attribute, t.get_element_type())


def parse_operand_list(
    parser: Parser, keyword: str, keyword_parsed: bool = False
) -> list[SSAValue]:
    """`keyword(%a, %b : T, U)`."""
    if not keyword_parsed:
        parser.parse_characters(keyword)
    pos = parser.pos
    parser.parse_punctuation("(")
    unresolved = parser.parse_comma_separated_list(
        Parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return list(parser.resolve_operands(unresolved, types, pos))


def print_operand_list(printer: Printer, keyword: str, values: Sequence[SSAValue]):
    printer.print_string(f" {keyword}(")
    printer.print_list(values, printer.print_ssa_value)
    printer.print_string(" : ")
    printer.print_list([v.type for v in values], printer.print_attribute)
    printer.print_string(")")


def _parse_optional_short_form(
    parser: Parser,
) -> tuple[str, dict[str, Attribute]] | None:
    """`{ op.name attr-dict? }`, MLIR's short form of a single-op body, if present."""
    if parser.parse_optional_punctuation("{") is None:
        return None
    name = parser.parse_identifier()
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation("}")
    return name, attributes


def _payload_region(
    parser: Parser,
    name: str,
    attributes: dict[str, Attribute],
    arg_types: Sequence[Attribute],
    result_type: Attribute,
) -> Region:
    """A body applying the op `name` to all block arguments and yielding its result."""
    op_type = parser.ctx.get_optional_op(name)
    if op_type is None:
        parser.raise_error(f"unknown operation '{name}' in a short-form linalg body")
    block = Block(arg_types=arg_types)
    definition = getattr(op_type, "get_irdl_definition", None)
    properties: dict[str, Attribute] = {}
    if definition is not None:
        names = definition().properties
        properties = {k: v for k, v in attributes.items() if k in names}
    payload = op_type.create(
        operands=block.args,
        result_types=[result_type],
        properties=properties,
        attributes={k: v for k, v in attributes.items() if k not in properties},
    )
    block.add_ops([payload, YieldOp(payload.results[0])])
    return Region(block)


def _short_form_payload(region: Region, arg_count: int) -> IRDLOperation | None:
    """The single op of a body that applies it to the block arguments in order and
    yields its only result, or None."""
    block = region.block
    ops = list(block.ops)
    if len(ops) != 2 or not isinstance(ops[1], YieldOp):
        return None
    payload = ops[0]
    if (
        len(block.args) != arg_count
        or list(payload.operands) != list(block.args)
        or len(payload.results) != 1
        or list(ops[1].operands) != [payload.results[0]]
        or payload.regions
        or not isinstance(payload, IRDLOperation)
    ):
        return None
    return payload


def _print_short_form_payload(printer: Printer, payload: IRDLOperation) -> None:
    printer.print_string(" { ")
    printer.print_string(payload.name)
    defaults = {
        name: prop.default_value
        for name, prop in payload.get_irdl_definition().properties.items()
    }
    extra = {
        **{k: v for k, v in payload.properties.items() if defaults.get(k) != v},
        **payload.attributes,
    }
    if extra:
        printer.print_op_attributes(extra)
    printer.print_string(" }")


def _parse_long_form_region(parser: Parser) -> Region:
    """The body of `linalg.map` / `linalg.reduce` in the long form: `(%a: T, ...)`
    then the region whose entry block takes these arguments."""
    arguments = parser.parse_comma_separated_list(
        Parser.Delimiter.PAREN, parser.parse_argument
    )
    return parser.parse_region(arguments)


def _print_long_form_region(printer: Printer, region: Region) -> None:
    """Print what `_parse_long_form_region` reads, on a new line."""
    printer.print_string("\n")
    with printer.in_parens():
        printer.print_list(region.block.args, printer.print_block_argument)
    printer.print_string(" ")
    printer.print_region(region, print_entry_block_args=False)


def init_named_op(
    op: NamedOperation,
    inputs: Sequence[SSAValue],
    outputs: Sequence[SSAValue],
    res: Sequence[Attribute] | None,
    properties: dict[str, Attribute] | None = None,
) -> None:
    """The `__init__` of a named linalg op of this project: `ins` and `outs`, the
    results `res` (by default the types of the tensor outputs) and the hidden region
    the op's class builds for these operands."""
    if res is None:
        res = [o.type for o in outputs if isinstance(o.type, TensorType)]
    NamedOperation.__init__(
        op,
        ins=inputs,
        outs=outputs,
        result_types=res,
        properties=properties,
        hidden_region=type(op).get_hidden_region(inputs, outputs),
    )


@irdl_op_definition
class MapOp(IRDLOperation):
    """`linalg.map`: `init[i] = body(inputs[0][i], ...)` at every index `i`."""

    name = "linalg.map"

    inputs = var_operand_def(_SHAPED)
    init = operand_def(_SHAPED)
    result = var_result_def(TensorType)
    mapper = region_def("single_block")

    def __init__(
        self, inputs: Sequence[SSAValue], init: SSAValue, mapper: Region
    ) -> None:
        super().__init__(
            operands=[inputs, init],
            result_types=[[init.type] if isinstance(init.type, TensorType) else []],
            regions=[mapper],
        )

    def verify_(self) -> None:
        init_type = self.init.type
        assert isinstance(init_type, ShapedType)
        for value in self.inputs:
            assert isinstance(value.type, ShapedType)
            if value.type.get_shape() != init_type.get_shape():
                raise VerifyException(
                    f"linalg.map: input shape {list(value.type.get_shape())} differs "
                    f"from the init shape {list(init_type.get_shape())}"
                )
        block = self.mapper.block
        expected = [_element_type(v.type) for v in self.inputs]
        if [a.type for a in block.args] != expected:
            raise VerifyException(
                "linalg.map: the body must take one argument per input, of its "
                "element type"
            )
        if isinstance(init_type, TensorType) != bool(self.result):
            raise VerifyException(
                "linalg.map: a result exactly when the init is a tensor"
            )
        terminator = block.last_op
        if not isinstance(terminator, YieldOp) or [
            v.type for v in terminator.operands
        ] != [_element_type(init_type)]:
            raise VerifyException(
                "linalg.map: the body must yield one value of the init's element type"
            )

    @classmethod
    def parse(cls, parser: Parser) -> MapOp:
        short = _parse_optional_short_form(parser)
        inputs = parse_operand_list(parser, "ins")
        (init,) = parse_operand_list(parser, "outs")
        attributes = parser.parse_optional_attr_dict()
        arg_types = [_element_type(v.type) for v in inputs]
        if short is not None:
            region = _payload_region(
                parser, short[0], short[1], arg_types, _element_type(init.type)
            )
        else:
            region = _parse_long_form_region(parser)
        op = cls(inputs, init, region)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        payload = _short_form_payload(self.mapper, len(self.inputs))
        if payload is not None:
            _print_short_form_payload(printer, payload)
        print_operand_list(printer, "ins", self.inputs)
        print_operand_list(printer, "outs", [self.init])
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        if payload is None:
            _print_long_form_region(printer, self.mapper)


@irdl_op_definition
class ReduceOp(LinalgStructuredOperation):
    """`linalg.reduce`: each init `outs[j]` combined with the elements of the inputs
    over `dimensions` (`outs[j][kept(i)] = body(ins[0][i], ..., outs[0][kept(i)],
    ...)[j]`), in MLIR's forms: several inputs and inits (`ins(%a, %b : ...) outs(%u,
    %v : ...) dimensions = [0]` with a body of 2n arguments yielding n values) and the
    short form `linalg.reduce { arith.addf } ins(...) outs(...) dimensions = [...]`.
    It replaces xDSL's class (one input, one init) in the dialect; as a structured op
    (identity maps for the inputs, the reduced dimensions dropped for the inits) it is
    bufferized and executed like every other."""

    name = "linalg.reduce"

    dimensions = prop_def(DenseArrayBase.constr(i64))

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        inits: Sequence[SSAValue],
        dimensions: Sequence[int] | DenseArrayBase,
        body: Region,
    ) -> None:
        if not isinstance(dimensions, DenseArrayBase):
            dimensions = DenseArrayBase.from_list(i64, dimensions)
        super().__init__(
            operands=[inputs, inits],
            result_types=[[v.type for v in inits if isinstance(v.type, TensorType)]],
            properties={"dimensions": dimensions},
            regions=[body],
        )

    def _input_rank(self) -> int:
        source = self.inputs[0].type if self.inputs else None
        return len(source.get_shape()) if isinstance(source, ShapedType) else 0

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        rank = self._input_rank()
        reduced = set(self.dimensions.get_values())
        kept = tuple(AffineDimExpr(d) for d in range(rank) if d not in reduced)
        return ArrayAttr(
            [AffineMapAttr(AffineMap.identity(rank))] * len(self.inputs)
            + [AffineMapAttr(AffineMap(rank, 0, kept))] * len(self.outputs)
        )

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        reduced = set(self.dimensions.get_values())
        return ArrayAttr(
            IteratorTypeAttr.reduction()
            if d in reduced
            else IteratorTypeAttr.parallel()
            for d in range(self._input_rank())
        )

    def verify_(self) -> None:
        if not self.inputs or len(self.inputs) != len(self.outputs):
            raise VerifyException(
                f"expected as many inits as inputs (at least one), got "
                f"{len(self.inputs)} input(s) and {len(self.outputs)} init(s)"
            )
        shapes = {
            tuple(v.type.get_shape())
            for v in self.inputs
            if isinstance(v.type, ShapedType)
        }
        if len(shapes) != 1:
            raise VerifyException("expected all inputs to have the same shape")
        rank = self._input_rank()
        dimensions = self.dimensions.get_values()
        if sorted(set(dimensions)) != list(dimensions) or any(
            not 0 <= d < rank for d in dimensions
        ):
            raise VerifyException(
                f"dimensions {list(dimensions)} must be increasing and within the "
                f"input rank {rank}"
            )
        (shape,) = shapes
        kept = [size for d, size in enumerate(shape) if d not in dimensions]
        for init in self.outputs:
            assert isinstance(init.type, ShapedType)
            if list(init.type.get_shape()) != kept:
                raise VerifyException(
                    f"init shape {list(init.type.get_shape())} must be the input "
                    f"shape {list(shape)} without dimensions {list(dimensions)}"
                )
        terminator = self.body.block.last_op
        expected = [_element_type(v.type) for v in self.outputs]
        if (
            not isinstance(terminator, YieldOp)
            or [v.type for v in terminator.operands] != expected
        ):
            raise VerifyException(
                "the body must yield one value per init, of its element type"
            )
        super().verify_()

    @classmethod
    def parse(cls, parser: Parser) -> ReduceOp:
        short = _parse_optional_short_form(parser)
        inputs = parse_operand_list(parser, "ins")
        inits = parse_operand_list(parser, "outs")
        parser.parse_keyword("dimensions")
        parser.parse_punctuation("=")
        dimensions = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, parser.parse_integer
        )
        attributes = parser.parse_optional_attr_dict()
        if short is not None:
            if len(inits) != 1:
                parser.raise_error("the short form of linalg.reduce takes one init")
            element = _element_type(inits[0].type)
            region = _payload_region(
                parser,
                short[0],
                short[1],
                [_element_type(v.type) for v in (*inputs, *inits)],
                element,
            )
        else:
            region = _parse_long_form_region(parser)
        op = cls(inputs, inits, dimensions, region)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        operands = len(self.inputs) + len(self.outputs)
        payload = _short_form_payload(self.body, operands)
        if payload is not None:
            _print_short_form_payload(printer, payload)
        print_operand_list(printer, "ins", self.inputs)
        print_operand_list(printer, "outs", self.outputs)
        printer.print_string(" dimensions = [")
        printer.print_list(self.dimensions.get_values(), printer.print_int)
        printer.print_string("]")
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        if payload is None:
            _print_long_form_region(printer, self.body)


def _parse_trait(parser: Parser) -> dict[str, Attribute]:
    """The leading dictionary of `linalg.generic`, written out or as an alias
    (`#trait`) of a dictionary attribute."""
    if not parser.lexer.input.content.startswith("#", parser.pos):
        return parser.parse_optional_attr_dict()
    start = parser.pos
    trait = parser.parse_attribute()
    if not isinstance(trait, DictionaryAttr):
        parser.raise_error(
            f"linalg.generic expects a dictionary (or an alias of one), got {trait}",
            start,
        )
    return dict(trait.data)


class GenericOp(XdslGenericOp):
    """xDSL's `linalg.generic`, also reading MLIR's `-> (T1, T2)` for several results
    (and keeping the extra attributes of the leading dictionary)."""

    name = "linalg.generic"

    @classmethod
    def parse(cls, parser: Parser) -> GenericOp:
        start = parser.pos
        attrs = _parse_trait(parser)
        maps = attrs.pop("indexing_maps", None)
        iterators = attrs.pop("iterator_types", None)
        if not isinstance(maps, ArrayAttr) or not isinstance(iterators, ArrayAttr):
            parser.raise_error(
                "linalg.generic needs indexing_maps and iterator_types", start
            )
        iterator_types: list[IteratorTypeAttr] = []
        for kind in cast(ArrayAttr[Attribute], iterators):
            if isinstance(kind, IteratorTypeAttr):
                iterator_types.append(kind)
            elif isinstance(kind, StringAttr) and kind.data in (
                "parallel",
                "reduction",
                "window",
            ):
                iterator_types.append(IteratorTypeAttr(IteratorType(kind.data)))
            else:
                parser.raise_error(f"unknown iterator type {kind}", start)
        doc = attrs.pop("doc", None)
        library_call = attrs.pop("library_call", None)
        if not isinstance(doc, StringAttr | None) or not isinstance(
            library_call, StringAttr | None
        ):
            parser.raise_error("doc and library_call must be strings", start)
        ins: list[SSAValue] = []
        outs: list[SSAValue] = []
        if parser.parse_optional_characters("ins") is not None:
            ins = parse_operand_list(parser, "", keyword_parsed=True)
        if parser.parse_optional_characters("outs") is not None:
            outs = parse_operand_list(parser, "", keyword_parsed=True)
        if parser.parse_optional_keyword("attrs") is not None:
            parser.parse_punctuation("=")
            attrs |= parser.expect(parser.parse_optional_attr_dict, "attributes")
        body = parser.parse_region()
        result_types: Sequence[Attribute] = ()
        if parser.parse_optional_punctuation("->") is not None:
            several = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            )
            if several is None:
                # xDSL's own spelling `-> T1, T2` is still read.
                several = parser.parse_comma_separated_list(
                    Parser.Delimiter.NONE, parser.parse_type
                )
            result_types = several
        op = cls(
            ins,
            outs,
            body,
            cast(ArrayAttr[AffineMapAttr], maps),
            iterator_types,
            result_types,
            doc,
            library_call,
        )
        op.attributes |= attrs
        return op


def _mac_region(arg_types: Sequence[Attribute]) -> Region:
    if len(arg_types) != 3:
        # Raised while the op is read: the parser reports it at the op.
        raise ValueError(f"expected 2 inputs and 1 init, got {len(arg_types)} operands")
    add, mul = (
        (arith.AddfOp, arith.MulfOp)
        if isinstance(arg_types[-1], AnyFloat)
        else (arith.AddiOp, arith.MuliOp)
    )

    @Builder.implicit_region(arg_types)
    def body(args: tuple[BlockArgument, ...]) -> None:
        product = mul(args[0], args[1])
        YieldOp(add(product, args[2]))

    return body


class _ContractionOp(NamedOperation):
    """A named contraction `out += a * b` with fixed indexing maps."""

    MAPS: ClassVar[tuple[AffineMap, ...]]
    ITERATORS: ClassVar[tuple[str, ...]]

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
        return _mac_region(cls.body_arg_types((*inputs, *outputs)))

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return self.MAPS

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        kinds = {
            "parallel": IteratorTypeAttr.parallel,
            "reduction": IteratorTypeAttr.reduction,
        }
        return ArrayAttr(kinds[k]() for k in self.ITERATORS)


@irdl_op_definition
class DotOp(_ContractionOp):
    """`linalg.dot`: `c() += a(i) * b(i)`."""

    name = "linalg.dot"

    MAPS: ClassVar[tuple[AffineMap, ...]] = (
        AffineMap.from_callable(lambda i: (i,)),
        AffineMap.from_callable(lambda i: (i,)),
        AffineMap(1, 0, ()),
    )
    ITERATORS: ClassVar[tuple[str, ...]] = ("reduction",)


@irdl_op_definition
class BatchReduceMatmulOp(_ContractionOp):
    """`linalg.batch_reduce_matmul`: `c(i, j) += a(b, i, k) * b(b, k, j)`."""

    name = "linalg.batch_reduce_matmul"

    MAPS: ClassVar[tuple[AffineMap, ...]] = (
        AffineMap.from_callable(lambda b, i, j, k: (b, i, k)),
        AffineMap.from_callable(lambda b, i, j, k: (b, k, j)),
        AffineMap.from_callable(lambda b, i, j, k: (i, j)),
    )
    ITERATORS: ClassVar[tuple[str, ...]] = (
        "reduction",
        "parallel",
        "parallel",
        "reduction",
    )
