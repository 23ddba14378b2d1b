"""buffer-results-to-out-params: memref results become buffers the caller allocates.

MLIR's pass of the same name and options. The plan
(`xdsl_bufferize.analysis.out_params`) says which results of which functions become
out-parameters; this pass appends them to the signatures (moving each result's
attributes to its new argument, plus `bufferize.result` with `add-result-attr`),
makes each `func.return` copy the returned buffer into its out-parameter (`memref.copy`)
or, for a hoisted allocation, lets the out-parameter replace the allocation, and
rewrites every call: a `memref.alloc` of the result's shape before the call (sized by
the call's operands for a hoisted dynamic allocation; cast to the result's fully
dynamic layout if it has one) takes the place of the call's result.

Run it after bufferization and before `buffer-deallocation`, as MLIR does: the
deallocation then frees the callee's copied buffers after the copy and the caller's
out buffers after their last use, and never copies a buffer to return it. Run after
deallocation, the callee's returned buffers (owned by the caller until now) would
leak. `comprehensive-bufferize{buffer-results-to-out-params=true}` runs it right after
one-shot bufferization, keeps results that are statically an argument or a view of
one (returned without copy), and leaves alone functions it cannot convert.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    UnitAttr,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.out_params import (
    STAGE,
    FunctionPlan,
    caller_type,
    plan_out_params,
    unsized_out_param,
)
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.models.allocation import register_default_allocation_models
from xdsl_bufferize.options import OutParamsOptions
from xdsl_bufferize.utils.memref_layout import has_no_layout

RESULT_ATTR = "bufferize.result"
"""The unit attribute `add-result-attr` puts on each out-parameter."""


def _argument_attrs(
    function: func.FuncOp, plan: FunctionPlan, add_result_attr: bool
) -> ArrayAttr[DictionaryAttr] | None:
    inputs = len(function.function_type.inputs.data)
    old_args = (
        list(function.arg_attrs.data)
        if function.arg_attrs is not None
        else [DictionaryAttr({}) for _ in range(inputs)]
    )
    results = function.res_attrs.data if function.res_attrs is not None else None
    new_args: list[DictionaryAttr] = []
    for param in plan.out_params:
        entries: dict[str, Attribute] = (
            dict(results[param.result].data) if results is not None else {}
        )
        if add_result_attr:
            entries[RESULT_ATTR] = UnitAttr()
        new_args.append(DictionaryAttr(entries))
    if function.arg_attrs is None and not any(d.data for d in new_args):
        return None
    return ArrayAttr([*old_args, *new_args])


def _rewrite_function(plan: FunctionPlan, add_result_attr: bool) -> None:
    function = plan.function
    function_type = function.function_type
    converted = {param.result for param in plan.out_params}
    outputs = [
        t for i, t in enumerate(function_type.outputs.data) if i not in converted
    ]
    function.arg_attrs = _argument_attrs(function, plan, add_result_attr)
    if function.res_attrs is not None:
        kept_attrs = [
            a for i, a in enumerate(function.res_attrs.data) if i not in converted
        ]
        function.res_attrs = (
            ArrayAttr(kept_attrs) if any(a.data for a in kept_attrs) else None
        )
    function.function_type = FunctionType.from_lists(
        [*function_type.inputs.data, *(p.type for p in plan.out_params)], outputs
    )
    entry = function.body.blocks.first
    assert entry is not None
    arguments = [entry.insert_arg(p.type, len(entry.args)) for p in plan.out_params]
    for param, argument in zip(plan.out_params, arguments, strict=True):
        replaced = param.hoisted or param.scratch
        if replaced is not None:
            replaced.results[0].replace_all_uses_with(argument)
            Rewriter.erase_op(replaced)
    for block in function.body.blocks:
        ret = block.last_op
        if not isinstance(ret, func.ReturnOp):
            continue
        builder = Builder(InsertPoint.before(ret))
        for param, argument in zip(plan.out_params, arguments, strict=True):
            if param.scratch is not None:
                _copy_unless_same(builder, ret.operands[param.result], argument)
            elif param.hoisted is None:
                builder.insert(memref.CopyOp(ret.operands[param.result], argument))
        kept = [v for i, v in enumerate(ret.operands) if i not in converted]
        Rewriter.replace_op(ret, func.ReturnOp(*kept))


def _copy_unless_same(builder: Builder, value: SSAValue, target: SSAValue) -> None:
    """Copy `value` into `target` unless it is `target` (same aligned pointer: both
    have the identity layout and one shape, so they are then the same bytes)."""
    pointers = [
        builder.insert(memref.ExtractAlignedPointerAsIndexOp.get(v)).aligned_pointer
        for v in (value, target)
    ]
    differ = builder.insert(arith.CmpiOp(pointers[0], pointers[1], "ne")).result
    builder.insert(scf.IfOp(differ, [], [memref.CopyOp(value, target), scf.YieldOp()]))


def _out_buffer(
    builder: Builder,
    call: func.CallOp,
    plan: FunctionPlan,
    index: int,
    alignment: int | None,
) -> SSAValue:
    param = plan.out_params[index]
    sizes: Sequence[SSAValue] = [call.operands[i] for i in param.size_arguments]
    alloc_type = caller_type(param)
    assert isinstance(alloc_type, MemRefType)
    buffer = builder.insert(
        memref.AllocOp(
            sizes,  # pyright: ignore[reportArgumentType]
            [],
            alloc_type,
            None if alignment is None else IntegerAttr(alignment, 64),
        )
    ).memref
    if not has_no_layout(param.type):
        buffer = builder.insert(memref.CastOp.get(buffer, param.type)).dest
    return buffer


def _rewrite_calls(
    module: ModuleOp, plans: dict[str, FunctionPlan], alignment: int | None
) -> None:
    calls = [
        op
        for op in module.walk()
        if isinstance(op, func.CallOp)
        and not op.callee.nested_references.data
        and op.callee.root_reference.data in plans
    ]
    for call in calls:
        plan = plans[call.callee.root_reference.data]
        builder = Builder(InsertPoint.before(call))
        converted = {param.result for param in plan.out_params}
        buffers = [
            _out_buffer(builder, call, plan, i, alignment)
            for i in range(len(converted))
        ]
        kept = [r for i, r in enumerate(call.results) if i not in converted]
        new_call = func.CallOp(
            call.callee, [*call.operands, *buffers], [r.type for r in kept]
        )
        new_call.attributes.update(call.attributes)
        builder.insert(new_call)
        for param, buffer in zip(plan.out_params, buffers, strict=True):
            result = call.results[param.result]
            if result.name_hint is not None and buffer.name_hint is None:
                buffer.name_hint = result.name_hint
            result.replace_all_uses_with(buffer)
        for old, new in zip(kept, new_call.results, strict=True):
            new.name_hint = old.name_hint
            old.replace_all_uses_with(new)
        Rewriter.erase_op(call)


def _check_callees(module: ModuleOp) -> None:
    names = {op.sym_name.data for op in module.ops if isinstance(op, func.FuncOp)}
    for op in module.walk():
        if isinstance(op, func.CallOp) and op.callee.root_reference.data not in names:
            raise op_error(
                STAGE,
                op,
                f"cannot find callee '{op.callee}' in symbol table",
            )


def buffer_results_to_out_params(
    module: ModuleOp,
    options: OutParamsOptions,
    modify_public_functions: bool = False,
    keep_forwarded: bool = False,
    skip_unsupported: bool = False,
    alignment: int | None = None,
) -> int:
    """Turn memref results of `module`'s functions into out-parameters (see the
    module docstring); return how many results were converted. Callers allocate
    out buffers with `alignment` (bytes), if given."""
    register_default_allocation_models()
    if not skip_unsupported:
        _check_callees(module)
    plans = plan_out_params(
        module,
        modify_public_functions,
        options.hoist_static_allocs,
        options.hoist_dynamic_allocs,
        keep_forwarded,
        skip_unsupported,
    )
    if not skip_unsupported:
        # Refuse before changing anything.
        _check_calls(module, plans)
    for plan in plans.values():
        _rewrite_function(plan, options.add_result_attr)
    _rewrite_calls(module, plans, alignment)
    return sum(len(plan.out_params) for plan in plans.values())


def _check_calls(module: ModuleOp, plans: dict[str, FunctionPlan]) -> None:
    for op in module.walk():
        if isinstance(op, func.CallOp) and op.callee.root_reference.data in plans:
            unsized = unsized_out_param(plans[op.callee.root_reference.data])
            if unsized is not None:
                raise op_error(
                    STAGE,
                    op,
                    "cannot create out param for dynamically shaped result "
                    f"#{unsized.result}",
                )
