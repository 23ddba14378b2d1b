"""MLIR's spellings of `scf.if`, `scf.for` and `scf.execute_region` on xDSL's own classes.

xDSL 0.75 reads `scf.if %c -> (T) {...}` and `scf.for ... iter_args(...) -> (T)`
only with parentheses around the result types, where MLIR also writes a single type
bare (`-> tensor<?xf32>`); and it prints `scf.execute_region` without results with no
terminator in its blocks (as for an op with an implicit terminator), which MLIR cannot
read: MLIR's `execute_region` has none, so every block ends in its `scf.yield` or
branch. It also drops the attribute dictionary of a read `execute_region`.

These ops cannot be replaced by subclasses (as `dialects/upstream.py` does for others):
xDSL's interpreter and our executor find an op's implementation by its exact class, and
xDSL's passes build and match xDSL's classes. So `install_scf_syntax()` sets the
parse (and, for `execute_region`, print) methods below on xDSL's classes themselves:
every `scf.IfOp` stays the one class, reading a superset of what xDSL reads and
printing what MLIR reads.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, i1
from xdsl.ir import Attribute, Block, Region
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import IsTerminator


def parse_result_types(parser: Parser) -> list[Attribute]:
    """After `->`: `(T1, T2)`, `()` or a single bare type `T`, as MLIR writes them."""
    several = parser.parse_optional_comma_separated_list(
        Parser.Delimiter.PAREN, parser.parse_type
    )
    return list[Attribute](several if several is not None else [parser.parse_type()])


def _region_with_yield(parser: Parser) -> Region:
    """A region whose last block gets the operand-less `scf.yield` MLIR leaves out."""
    region = parser.parse_region()
    block = region.blocks.last
    if block is None:
        block = Block()
        region.add_block(block)
    last = block.last_op
    if last is None or not last.has_trait(IsTerminator):
        block.add_op(scf.YieldOp())
    return region


def _parse_if(cls: type[scf.IfOp], parser: Parser) -> scf.IfOp:
    cond = parser.parse_operand(i1)
    result_types: list[Attribute] = []
    if parser.parse_optional_punctuation("->") is not None:
        result_types = parse_result_types(parser)
    then_region = _region_with_yield(parser)
    else_region = Region()
    if parser.parse_optional_keyword("else") is not None:
        else_region = _region_with_yield(parser)
    attributes = parser.parse_optional_attr_dict()
    return cls(cond, result_types, then_region, else_region, attributes)


def _parse_assignment(
    parser: Parser,
) -> tuple[Parser.UnresolvedArgument, UnresolvedOperand]:
    argument = parser.parse_argument(expect_type=False)
    parser.parse_punctuation("=")
    return argument, parser.parse_unresolved_operand()


def _parse_for(cls: type[scf.ForOp], parser: Parser) -> scf.ForOp:
    induction = parser.parse_argument(expect_type=False)
    parser.parse_punctuation("=")
    lb = parser.parse_unresolved_operand()
    parser.parse_keyword("to")
    ub = parser.parse_unresolved_operand()
    parser.parse_keyword("step")
    step = parser.parse_unresolved_operand()
    pos = parser.pos
    assignments: list[tuple[Parser.UnresolvedArgument, UnresolvedOperand]] = []
    iter_types: list[Attribute] = []
    if parser.parse_optional_keyword("iter_args") is not None:
        assignments = parser.parse_comma_separated_list(
            Parser.Delimiter.PAREN, lambda: _parse_assignment(parser)
        )
        parser.parse_punctuation("->")
        iter_types = parse_result_types(parser)
        if len(iter_types) != len(assignments):
            parser.raise_error(
                f"{len(assignments)} iter_args but {len(iter_types)} result types", pos
            )
    inits = parser.resolve_operands([o for _, o in assignments], iter_types, pos)
    iter_args = [
        a.resolve(t) for (a, _), t in zip(assignments, iter_types, strict=True)
    ]
    index_type: Attribute = IndexType()
    if parser.parse_optional_punctuation(":") is not None:
        index_type = parser.parse_type()
    lower, upper, stride = (
        parser.resolve_operand(v, index_type) for v in (lb, ub, step)
    )
    body = parser.parse_region((induction.resolve(index_type), *iter_args))
    attributes = parser.parse_optional_attr_dict()
    if not iter_args:
        for block in body.blocks:
            last = block.last_op
            if last is None or not last.has_trait(IsTerminator):
                block.add_op(scf.YieldOp())
    op = cls(lower, upper, stride, inits, body)
    op.attributes |= attributes
    return op


def _parse_execute_region(
    cls: type[scf.ExecuteRegionOp], parser: Parser
) -> scf.ExecuteRegionOp:
    result_types: list[Attribute] = []
    if parser.parse_optional_punctuation("->") is not None:
        result_types = parse_result_types(parser)
    region = parser.parse_region()
    attributes = parser.parse_optional_attr_dict()
    op = cls(result_types, region)
    op.attributes |= attributes
    return op


def _print_execute_region(op: scf.ExecuteRegionOp, printer: Printer) -> None:
    if op.outs:
        printer.print_string(" -> (")
        printer.print_list(op.outs.types, printer.print_attribute)
        printer.print_string(")")
    printer.print_string(" ")
    printer.print_region(
        op.region, print_entry_block_args=False, print_block_terminators=True
    )
    if op.attributes:
        printer.print_op_attributes(op.attributes)


def install_scf_syntax() -> None:
    """Give xDSL's `scf.if`, `scf.for` and `scf.execute_region` MLIR's spellings
    (idempotent)."""
    scf.IfOp.parse = classmethod(_parse_if)  # pyright: ignore[reportAttributeAccessIssue]
    scf.ForOp.parse = classmethod(_parse_for)  # pyright: ignore[reportAttributeAccessIssue]
    scf.ExecuteRegionOp.parse = classmethod(_parse_execute_region)  # pyright: ignore[reportAttributeAccessIssue]
    scf.ExecuteRegionOp.print = _print_execute_region  # pyright: ignore[reportAttributeAccessIssue]
