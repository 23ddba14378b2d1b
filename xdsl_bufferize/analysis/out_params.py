"""Which function results become out-parameters, and how: the analysis behind
`buffer-results-to-out-params`.

MLIR's rules (`BufferResultsToOutParams.cpp`):

* every function with a body is converted, public ones only with
  `modify_public_functions`; declarations keep their signature, and calls to them,
  to public functions (without the option) and to skipped functions are left alone;
* each memref result becomes an argument appended after the others (in result
  order); it must have the identity layout or a fully dynamic one (the caller
  allocates a contiguous buffer, cast to the fully dynamic layout if needed), else
  the function is refused;
* each `func.return` copies the returned buffer into the out-parameter, except that
  with `hoist_static_allocs` (static shapes) or `hoist_dynamic_allocs` (dynamic
  shapes whose sizes are function arguments) a buffer the function allocates
  itself is not allocated at all: the out-parameter takes its place;
* a dynamically shaped result that is not hoisted cannot be allocated by the
  caller: each call of the function is refused.

Hoisting is stricter than MLIR's where MLIR would be wrong: the allocation must be an
op that only allocates (no memref operand: a `bufferization.clone` is a copy), every
`func.return` must return that same buffer at that position and no other position,
and the function must not free it.

With `hoist_static_allocs`, an out-parameter also replaces a statically shaped
allocation that the returned value may be without always being it -- a loop result
alternating between an argument and the function's own ping-pong buffer -- when that
allocation is the only one flowing into the returned value (its other sources are
function arguments), reaches no other result and is never freed (`_scratch`): the
return then copies only when the returned buffer is not the out-parameter (aligned
pointers compared at run time), so a loop ending on the out-parameter copies nothing.

With `keep_forwarded` (used by `comprehensive-bufferize`), results that statically
are one of the function's arguments or a view of it (`analysis/forwarding.py`) stay
results: buffer-deallocation returns those without any copy, where an out-parameter
would need one. With `skip_unsupported`, functions that would be refused, or whose
symbol is used other than by `func.call`, are left as they are instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StridedLayoutAttr,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.traits import IsTerminator

from xdsl_bufferize.analysis.buffer_view_flow import frees_memory
from xdsl_bufferize.analysis.call_graph import escaped_symbols
from xdsl_bufferize.analysis.forwarding import analyze_forwarding
from xdsl_bufferize.interfaces.allocation import allocation_interface
from xdsl_bufferize.interfaces.diagnostics import BufferizationError, op_error
from xdsl_bufferize.utils.ir import is_memref
from xdsl_bufferize.utils.memref_layout import has_no_layout

STAGE = "buffer-results-to-out-params"


def has_fully_dynamic_layout(typ: MemRefType) -> bool:
    """Whether `typ`'s layout is strided with every stride and the offset dynamic."""
    layout = typ.layout
    if not isinstance(layout, StridedLayoutAttr):
        return False
    strides = layout.get_strides()
    offset = layout.get_offset()
    return offset in (None, DYNAMIC_INDEX) and all(
        s in (None, DYNAMIC_INDEX) for s in strides
    )


@dataclass(frozen=True)
class OutParam:
    """One result that becomes an out-parameter."""

    result: int
    """Its index among the function's results."""
    type: MemRefType
    hoisted: Operation | None
    """The allocation the out-parameter replaces (None: the returns copy)."""
    size_arguments: tuple[int, ...] = ()
    """For a hoisted dynamic shape: the arguments giving its dynamic sizes."""
    scratch: Operation | None = None
    """An allocation the out-parameter replaces although the returned value is not
    always it (a loop's ping-pong buffer): the returns copy only when the returned
    buffer is not the out-parameter (see `_scratch`)."""


@dataclass
class FunctionPlan:
    """How one function's signature changes."""

    function: func.FuncOp
    out_params: list[OutParam] = field(default_factory=lambda: list[OutParam]())


def _returns(function: func.FuncOp) -> list[func.ReturnOp]:
    return [
        op
        for block in function.body.blocks
        if isinstance(op := block.last_op, func.ReturnOp)
    ]


def _hoistable(
    function: func.FuncOp,
    returns: list[func.ReturnOp],
    index: int,
    hoist_static: bool,
    hoist_dynamic: bool,
) -> tuple[Operation, tuple[int, ...]] | None:
    """The allocation an out-parameter may replace at result `index`, with the
    arguments giving its dynamic sizes."""
    values: set[SSAValue] = {ret.operands[index] for ret in returns}
    if len(values) != 1:
        return None
    value = values.pop()
    alloc = value.owner
    if not isinstance(alloc, Operation) or allocation_interface(alloc) is None:
        return None
    typ = value.type
    if len(alloc.results) != 1 or not isinstance(typ, MemRefType):
        return None
    static = all(size >= 0 for size in typ.get_shape())
    if not (hoist_static if static else hoist_dynamic):
        return None
    if any(is_memref(operand) for operand in alloc.operands):
        return None
    for ret in returns:
        if sum(operand is value for operand in ret.operands) != 1:
            return None
    if any(frees_memory(use.operation) for use in value.uses):
        return None
    entry = function.body.blocks.first
    sizes: list[int] = []
    for operand in alloc.operands:
        if not isinstance(operand, BlockArgument) or operand.block is not entry:
            return None
        sizes.append(operand.index)
    return alloc, tuple(sizes)


def _sources(value: SSAValue, seen: set[SSAValue]) -> set[SSAValue] | None:
    """The allocations and function arguments whose whole buffer `value` may be,
    through casts and region ops (their memref operands and those of their regions'
    terminators), or None if it may be anything else (a view, a call result)."""
    if value in seen:
        return set()
    seen.add(value)
    owner = value.owner
    if isinstance(owner, Block):
        parent = owner.parent_op()
        if isinstance(parent, func.FuncOp):
            # An argument of the function, or of a block a branch passes values to.
            return {value} if owner is parent.body.blocks.first else None
        region_op = parent
    elif isinstance(owner, memref.CastOp):
        return _sources(owner.source, seen)
    elif allocation_interface(owner) is not None and not any(
        is_memref(v) for v in owner.operands
    ):
        return {value}
    elif owner.regions:
        region_op = owner
    else:
        return None
    if region_op is None:
        return None
    found: set[SSAValue] = set()
    inflows = [v for v in region_op.operands if is_memref(v)]
    for region in region_op.regions:
        for block in region.blocks:
            last = block.last_op
            if last is not None and last.has_trait(IsTerminator):
                inflows.extend(v for v in last.operands if is_memref(v))
    for inflow in inflows:
        more = _sources(inflow, seen)
        if more is None:
            return None
        found |= more
    return found


def _scratch(
    function: func.FuncOp, returns: list[func.ReturnOp], index: int
) -> Operation | None:
    """The allocation an out-parameter of identity layout may replace at result
    `index` when the returned value is not that allocation but may be it (a loop
    result alternating between it and an argument): one statically shaped
    allocation of the result's type in the entry block, the only one that may flow
    into the returned value, whose other sources are function arguments (never the
    caller's fresh out buffer), never freed nor passed anywhere but through casts,
    region ops and the return. The buffer returned is then either the out-parameter
    or disjoint from it, and the returns copy only in the second case."""
    values: set[SSAValue] = {ret.operands[index] for ret in returns}
    if len(values) != 1:
        return None
    value = values.pop()
    result_type = function.function_type.outputs.data[index]
    if value.type != result_type or not isinstance(result_type, MemRefType):
        return None
    if not has_no_layout(result_type):
        return None
    sources = _sources(value, set())
    if sources is None:
        return None
    allocs = [v for v in sources if not isinstance(v, BlockArgument)]
    if len(allocs) != 1:
        return None
    alloc = allocs[0].owner
    entry = function.body.blocks.first
    if not isinstance(alloc, Operation) or alloc.parent_block() is not entry:
        return None
    if alloc.results[0].type != result_type or alloc.operands:
        return None
    if any(frees_memory(use.operation) for use in alloc.results[0].uses):
        return None
    for ret in returns:
        if sum(operand is value for operand in ret.operands) != 1:
            return None
        for other in ret.operands:
            if other is value or not is_memref(other):
                continue
            other_sources = _sources(other, set())
            if other_sources is None or allocs[0] in other_sources:
                return None
    return alloc


def _plan_function(
    function: func.FuncOp,
    kept: set[int],
    hoist_static: bool,
    hoist_dynamic: bool,
) -> FunctionPlan:
    """The out-parameters of `function` (raises on a layout the caller cannot
    allocate)."""
    plan = FunctionPlan(function)
    returns = _returns(function)
    for index, typ in enumerate(function.function_type.outputs.data):
        if not isinstance(typ, MemRefType) or index in kept:
            continue
        if not has_no_layout(typ) and not has_fully_dynamic_layout(typ):
            raise op_error(
                STAGE,
                function,
                "cannot create out param for result with "
                f"unsupported layout (result #{index}: {typ})",
            )
        hoisted = _hoistable(function, returns, index, hoist_static, hoist_dynamic)
        scratch = _scratch(function, returns, index) if hoist_static else None
        if hoisted is None:
            plan.out_params.append(OutParam(index, typ, None, scratch=scratch))
        else:
            plan.out_params.append(OutParam(index, typ, hoisted[0], hoisted[1]))
    return plan


def _sizable(param: OutParam) -> bool:
    """Whether a caller can allocate the out-parameter."""
    return param.hoisted is not None or all(
        size >= 0 for size in param.type.get_shape()
    )


def plan_out_params(
    module: ModuleOp,
    modify_public_functions: bool = False,
    hoist_static_allocs: bool = False,
    hoist_dynamic_allocs: bool = False,
    keep_forwarded: bool = False,
    skip_unsupported: bool = False,
) -> dict[str, FunctionPlan]:
    """The plan of every function of `module` whose signature changes, by name."""
    forwarding = analyze_forwarding(module) if keep_forwarded else None
    escaped = escaped_symbols(module) if skip_unsupported else set[str]()
    plans: dict[str, FunctionPlan] = {}
    for function in module.ops:
        if not isinstance(function, func.FuncOp) or not function.body.blocks:
            continue
        public = function.sym_visibility is None or (
            function.sym_visibility.data != "private"
        )
        if public and not modify_public_functions:
            continue
        name = function.sym_name.data
        if name in escaped:
            continue
        kept: set[int] = set()
        if forwarding is not None:
            kept.update(forwarding.forwarded_results(function))
        try:
            plan = _plan_function(
                function, kept, hoist_static_allocs, hoist_dynamic_allocs
            )
        except BufferizationError:
            if skip_unsupported:
                continue
            raise
        if skip_unsupported and not all(_sizable(p) for p in plan.out_params):
            continue
        if plan.out_params:
            plans[name] = plan
    return plans


def unsized_out_param(plan: FunctionPlan) -> OutParam | None:
    """An out-parameter of `plan` no caller can allocate, if any."""
    for param in plan.out_params:
        if not _sizable(param):
            return param
    return None


def caller_type(param: OutParam) -> Attribute:
    """The type of the buffer a caller allocates for `param` (contiguous)."""
    return MemRefType(
        param.type.element_type,
        param.type.get_shape(),
        NoneAttr(),
        param.type.memory_space,
    )
