"""Linalg ops and forms that xDSL 0.75's `linalg` dialect lacks, in MLIR's spelling.

* `linalg.map`: applies its body to the elements of its inputs at each index of the
  init, which it overwrites (`ins(...) outs(%init)`, a result when on tensors). Both of
  MLIR's forms parse: the region form `(%a: f32, %b: f32) { ... linalg.yield %x }` and
  the short form `linalg.map { arith.addf } ins(...) outs(...)`; it prints the short
  form when the body is one op applied to the block arguments in order, as MLIR does.
* `linalg.reduce { arith.addf } ins(...) outs(...) dimensions = [...]`: MLIR's short
  form, which xDSL's `linalg.reduce` parser lacks (`ReduceOp` below extends it and
  replaces xDSL's class in the dialect; it is still an `xdsl` `linalg.ReduceOp`).
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
    AnyFloat,
    ArrayAttr,
    DenseArrayBase,
    MemRefType,
    ShapedType,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import ReduceOp as XdslReduceOp
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, Block, BlockArgument, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
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


def _parse_operand_list(parser: Parser, keyword: str) -> list[SSAValue]:
    """`keyword(%a, %b : T, U)`."""
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


def _print_operand_list(printer: Printer, keyword: str, values: Sequence[SSAValue]):
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
        inputs = _parse_operand_list(parser, "ins")
        (init,) = _parse_operand_list(parser, "outs")
        attributes = parser.parse_optional_attr_dict()
        arg_types = [_element_type(v.type) for v in inputs]
        if short is not None:
            region = _payload_region(
                parser, short[0], short[1], arg_types, _element_type(init.type)
            )
        else:
            arguments = parser.parse_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_argument
            )
            region = parser.parse_region(arguments)
        op = cls(inputs, init, region)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        payload = _short_form_payload(self.mapper, len(self.inputs))
        if payload is not None:
            _print_short_form_payload(printer, payload)
        _print_operand_list(printer, "ins", self.inputs)
        _print_operand_list(printer, "outs", [self.init])
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        if payload is None:
            printer.print_string("\n")
            with printer.in_parens():
                printer.print_list(self.mapper.block.args, printer.print_block_argument)
            printer.print_string(" ")
            printer.print_region(self.mapper, print_entry_block_args=False)


class ReduceOp(XdslReduceOp):
    """xDSL's `linalg.reduce`, also reading MLIR's short form
    `linalg.reduce { arith.addf } ins(...) outs(...) dimensions = [...]`."""

    name = "linalg.reduce"

    @classmethod
    def parse(cls, parser: Parser) -> ReduceOp:
        short = _parse_optional_short_form(parser)
        if short is None:
            return super().parse(parser)
        name, attributes = short
        (source,) = _parse_operand_list(parser, "ins")
        (init,) = _parse_operand_list(parser, "outs")
        parser.parse_keyword("dimensions")
        parser.parse_punctuation("=")
        dimensions = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, parser.parse_integer
        )
        element = _element_type(init.type)
        region = _payload_region(
            parser, name, attributes, [_element_type(source.type), element], element
        )
        return cls(source, init, DenseArrayBase.from_list(i64, dimensions), region)


def _mac_region(arg_types: Sequence[Attribute]) -> Region:
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
        if res is None:
            res = [o.type for o in outputs if isinstance(o.type, TensorType)]
        super().__init__(
            ins=inputs,
            outs=outputs,
            result_types=res,
            hidden_region=self.get_hidden_region(inputs, outputs),
        )

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
