"""`scf.forall` and `scf.forall.in_parallel`, which xDSL 0.75's `scf` dialect lacks.

Syntax and semantics are MLIR's. `scf.forall` runs its body once for each point of a
multi-dimensional iteration space, in no specified order and possibly in parallel:

    %r = scf.forall (%i, %j) in (4, %n) shared_outs(%o = %t) -> (tensor<4x?xf32>) {
      ...
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %piece into %o[%i, %j] [1, 1] [1, 1] : ...
      }
    }

The normalized form `in (ub...)` means lower bounds 0 and steps 1; the general form is
`(%i) = (lb...) to (ub...) step (s...)`. Each bound is a constant or an index value.
One result type may be written bare (`-> tensor<4xf32>`), as MLIR does.
`shared_outs` binds one block argument per output tensor; the terminator
`scf.forall.in_parallel` holds the `tensor.parallel_insert_slice` ops that write the
iterations' pieces into the outputs, which become the results. After bufferization the
op has no outputs and no results and its body writes into subviews of buffers. The ops
are added to xDSL's `scf` dialect by `dialects/upstream.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerType,
    MemRefType,
    TensorType,
    i32,
    i64,
)
from xdsl.dialects.utils.dynamic_index_list import (
    parse_dynamic_index_list_without_types,
    print_dynamic_index_list,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsTerminator,
    NoTerminator,
    RecursiveMemoryEffect,
    SingleBlockImplicitTerminator,
)
from xdsl.utils.exceptions import VerifyException

from xdsl_bufferize.dialects.scf_syntax import parse_result_types


@irdl_op_definition
class InParallelOp(IRDLOperation):
    """`scf.forall.in_parallel`: the terminator of `scf.forall`; its single block holds
    the `tensor.parallel_insert_slice` ops of the iteration (and no terminator)."""

    name = "scf.forall.in_parallel"

    region = region_def("single_block")

    traits = lazy_traits_def(
        lambda: (IsTerminator(), NoTerminator(), HasParent(ForallOp))
    )

    def __init__(self, ops: Sequence[Operation] = ()) -> None:
        super().__init__(regions=[Region(Block(ops))])

    @classmethod
    def parse(cls, parser: Parser) -> InParallelOp:
        region = parser.parse_region()
        if not region.blocks:
            region.add_block(Block())
        op = cls.create(regions=[region])
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_region(
            self.region, print_entry_block_args=False, print_empty_block=False
        )
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class ForallOp(IRDLOperation):
    """`scf.forall`: a parallel loop nest whose iterations write disjoint pieces of
    shared outputs through `tensor.parallel_insert_slice`."""

    name = "scf.forall"

    dynamic_lower_bound = var_operand_def(IndexType)
    dynamic_upper_bound = var_operand_def(IndexType)
    dynamic_step = var_operand_def(IndexType)
    outputs = var_operand_def(base(TensorType) | base(MemRefType))

    static_lower_bound = prop_def(
        DenseArrayBase.constr(i64), prop_name="staticLowerBound"
    )
    static_upper_bound = prop_def(
        DenseArrayBase.constr(i64), prop_name="staticUpperBound"
    )
    static_step = prop_def(DenseArrayBase.constr(i64), prop_name="staticStep")
    mapping = opt_prop_def(ArrayAttr)

    res = var_result_def(base(TensorType))

    body = region_def("single_block")

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = traits_def(
        RecursiveMemoryEffect(),
        SingleBlockImplicitTerminator(InParallelOp),
    )

    def __init__(
        self,
        lower_bounds: Sequence[SSAValue | int],
        upper_bounds: Sequence[SSAValue | int],
        steps: Sequence[SSAValue | int],
        outputs: Sequence[SSAValue],
        body: Region,
        mapping: ArrayAttr | None = None,
    ) -> None:
        def split(
            mixed: Sequence[SSAValue | int],
        ) -> tuple[list[SSAValue], DenseArrayBase]:
            values = [v for v in mixed if isinstance(v, SSAValue)]
            static = [DYNAMIC_INDEX if isinstance(v, SSAValue) else v for v in mixed]
            return values, DenseArrayBase.from_list(i64, static)

        (lbs, s_lbs), (ubs, s_ubs), (steps_, s_steps) = map(
            split, (lower_bounds, upper_bounds, steps)
        )
        super().__init__(
            operands=[lbs, ubs, steps_, outputs],
            properties={
                "staticLowerBound": s_lbs,
                "staticUpperBound": s_ubs,
                "staticStep": s_steps,
                "mapping": mapping,
            },
            regions=[body],
            result_types=[[o.type for o in outputs if isinstance(o.type, TensorType)]],
        )

    @property
    def rank(self) -> int:
        """The number of induction variables."""
        return len(self.static_upper_bound.get_values())

    @property
    def induction_variables(self) -> tuple[BlockArgument, ...]:
        return tuple(self.body.block.args[: self.rank])

    @property
    def region_out_args(self) -> tuple[BlockArgument, ...]:
        """The block arguments standing for the shared outputs inside the body."""
        return tuple(self.body.block.args[self.rank :])

    @property
    def terminator(self) -> InParallelOp:
        last = self.body.block.last_op
        assert isinstance(last, InParallelOp)
        return last

    def mixed_bounds(
        self,
    ) -> tuple[list[SSAValue | int], list[SSAValue | int], list[SSAValue | int]]:
        """(lower bounds, upper bounds, steps), each a constant or an index value."""

        def mixed(
            static: DenseArrayBase[IntegerType], dynamic: Sequence[SSAValue]
        ) -> list[SSAValue | int]:
            values = iter(dynamic)
            return [
                next(values) if v == DYNAMIC_INDEX else v for v in static.get_values()
            ]

        return (
            mixed(self.static_lower_bound, self.dynamic_lower_bound),
            mixed(self.static_upper_bound, self.dynamic_upper_bound),
            mixed(self.static_step, self.dynamic_step),
        )

    def verify_(self) -> None:
        rank = self.rank
        if any(
            len(prop.get_values()) != rank
            for prop in (self.static_lower_bound, self.static_step)
        ):
            raise VerifyException(
                "scf.forall: lower bounds, upper bounds and steps must have the "
                "same number of entries"
            )
        for name, prop, dynamic in (
            ("lower bound", self.static_lower_bound, self.dynamic_lower_bound),
            ("upper bound", self.static_upper_bound, self.dynamic_upper_bound),
            ("step", self.static_step, self.dynamic_step),
        ):
            if prop.get_values().count(DYNAMIC_INDEX) != len(dynamic):
                raise VerifyException(
                    f"scf.forall: expected {prop.get_values().count(DYNAMIC_INDEX)} "
                    f"dynamic {name} operands, got {len(dynamic)}"
                )
        args = self.body.block.args
        if len(args) != rank + len(self.outputs):
            raise VerifyException(
                f"scf.forall: the body must have {rank} induction variables and "
                f"{len(self.outputs)} shared outputs as arguments, got {len(args)}"
            )
        if any(not isinstance(a.type, IndexType) for a in args[:rank]):
            raise VerifyException("scf.forall: induction variables must be index")
        for arg, output in zip(args[rank:], self.outputs, strict=True):
            if arg.type != output.type:
                raise VerifyException(
                    f"scf.forall: shared output argument has type {arg.type}, "
                    f"expected {output.type}"
                )
        tensors = [o.type for o in self.outputs if isinstance(o.type, TensorType)]
        if list(self.res.types) != tensors:
            raise VerifyException(
                "scf.forall: the results must have the types of the tensor outputs"
            )
        if not isinstance(self.body.block.last_op, InParallelOp):
            raise VerifyException(
                "scf.forall: the body must end with scf.forall.in_parallel"
            )

    # -- MLIR's custom syntax --------------------------------------------------------

    @classmethod
    def parse(cls, parser: Parser) -> ForallOp:
        ivs = parser.parse_comma_separated_list(
            Parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False)
        )
        index = IndexType()

        def bound_list() -> tuple[list[SSAValue], list[int]]:
            unresolved, static = parse_dynamic_index_list_without_types(
                parser, DYNAMIC_INDEX, delimiter=Parser.Delimiter.PAREN
            )
            return [parser.resolve_operand(u, index) for u in unresolved], list(static)

        if parser.parse_optional_keyword("in"):
            ubs, s_ubs = bound_list()
            lbs, s_lbs, steps, s_steps = [], [0] * len(s_ubs), [], [1] * len(s_ubs)
        else:
            parser.parse_punctuation("=")
            lbs, s_lbs = bound_list()
            parser.parse_keyword("to")
            ubs, s_ubs = bound_list()
            parser.parse_keyword("step")
            steps, s_steps = bound_list()
        out_args: list[Parser.UnresolvedArgument] = []
        outputs_unresolved = []
        if parser.parse_optional_keyword("shared_outs"):

            def shared_out() -> None:
                out_args.append(parser.parse_argument(expect_type=False))
                parser.parse_punctuation("=")
                outputs_unresolved.append(parser.parse_unresolved_operand())

            parser.parse_comma_separated_list(Parser.Delimiter.PAREN, shared_out)
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            result_types = parse_result_types(parser)
        if len(result_types) != len(outputs_unresolved):
            parser.raise_error("scf.forall: expected one result type per shared output")
        outputs = [
            parser.resolve_operand(u, t)
            for u, t in zip(outputs_unresolved, result_types, strict=True)
        ]
        arguments = [iv.resolve(index) for iv in ivs] + [
            a.resolve(t) for a, t in zip(out_args, result_types, strict=True)
        ]
        body = parser.parse_region(arguments)
        for block in body.blocks:
            if not isinstance(block.last_op, InParallelOp):
                block.add_op(InParallelOp())
        extra = parser.parse_optional_attr_dict()
        mapping = extra.pop("mapping", None)
        if mapping is not None and not isinstance(mapping, ArrayAttr):
            parser.raise_error("scf.forall: 'mapping' must be an array attribute")
        op = cls.create(
            operands=[*lbs, *ubs, *steps, *outputs],
            result_types=result_types,
            properties={
                "staticLowerBound": DenseArrayBase.from_list(i64, s_lbs),
                "staticUpperBound": DenseArrayBase.from_list(i64, s_ubs),
                "staticStep": DenseArrayBase.from_list(i64, s_steps),
                "operandSegmentSizes": DenseArrayBase.from_list(
                    i32, [len(lbs), len(ubs), len(steps), len(outputs)]
                ),
                **({"mapping": mapping} if mapping is not None else {}),
            },
            attributes=extra,
            regions=[body],
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" (")
        printer.print_list(self.induction_variables, printer.print_ssa_value)
        printer.print_string(")")
        lbs, _, steps = self.mixed_bounds()
        normalized = all(lb == 0 for lb in lbs) and all(s == 1 for s in steps)
        upper = (
            " in " if normalized else " to ",
            self.dynamic_upper_bound,
            self.static_upper_bound,
        )
        lists = [upper]
        if not normalized:
            lists = [
                (" = ", self.dynamic_lower_bound, self.static_lower_bound),
                upper,
                (" step ", self.dynamic_step, self.static_step),
            ]
        for keyword, dynamic, static in lists:
            printer.print_string(keyword)
            print_dynamic_index_list(
                printer,
                DYNAMIC_INDEX,
                dynamic,
                static.get_values(),
                delimiter=Parser.Delimiter.PAREN,
            )
        if self.outputs:
            printer.print_string(" shared_outs(")

            def print_out(pair: tuple[BlockArgument, SSAValue]) -> None:
                printer.print_ssa_value(pair[0])
                printer.print_string(" = ")
                printer.print_ssa_value(pair[1])

            printer.print_list(
                list(zip(self.region_out_args, self.outputs, strict=True)), print_out
            )
            printer.print_string(")")
        if self.res:
            printer.print_string(" -> (")
            printer.print_list(self.res.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(
            self.body,
            print_entry_block_args=False,
            print_block_terminators=bool(self.res)
            or bool(self.terminator.region.block.ops),
        )
        extra: dict[str, Attribute] = dict(self.attributes)
        if self.mapping is not None:
            extra["mapping"] = self.mapping
        printer.print_op_attributes(extra)
