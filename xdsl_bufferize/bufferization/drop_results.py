"""drop-equivalent-buffer-results: stop returning buffers the caller already has.

After bufferization across function boundaries, a function that updates an argument in
place and returns it (destination-passing style) returns a memref that *is* its
argument's buffer (possibly behind a `memref.cast`; with several `func.return`s, the
same argument on every one). The result carries no information
the caller lacks, and it hides from the caller (and from the deallocation pass) that
the returned buffer is its own. This pass removes such results from the function's
signature and from every `func.call` of it; each use of a dropped call result is
replaced by the buffer the caller passed for the corresponding argument (with a
`memref.cast` when the types differ). Results that return an argument in another
position (swapped results) are dropped as well.

Public functions keep their signature (external callers rely on it) unless
`modify_public_functions` is set; bodiless functions are never changed.
"""

from __future__ import annotations

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    ModuleOp,
)
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.call_graph import function_returns, is_public
from xdsl_bufferize.utils.ir import is_memref, strip_casts


def equivalent_results(function: func.FuncOp) -> dict[int, int]:
    """Result index -> argument index, for the memref results of `function` that
    every `func.return` returns as the same entry-block argument (through casts)
    unchanged."""
    if function.is_declaration:
        return {}
    returns = function_returns(function)
    if not returns:
        return {}
    entry = function.body.blocks.first
    assert entry is not None
    found: dict[int, int] | None = None
    for return_op in returns:
        here: dict[int, int] = {}
        for index, value in enumerate(return_op.arguments):
            if not is_memref(value):
                continue
            base = strip_casts(value)
            if base.owner is entry and base in entry.args:
                here[index] = entry.args.index(base)
        found = (
            here
            if found is None
            else {i: a for i, a in found.items() if here.get(i) == a}
        )
    assert found is not None
    return found


def _buffer_of_type(
    rewriter: Rewriter, before: Operation, value: SSAValue, wanted: SSAValue
) -> SSAValue:
    """`value` (or the value behind its casts) as a value of `wanted`'s type."""
    if value.type == wanted.type:
        return value
    base = strip_casts(value)
    if base.type == wanted.type:
        return base
    cast = memref.CastOp.get(base, wanted.type)  # pyright: ignore[reportArgumentType]
    rewriter.insert_op(cast, InsertPoint.before(before))
    return cast.dest


def drop_results(
    function: func.FuncOp, dropped: dict[int, int], calls: list[func.CallOp]
) -> None:
    """Remove results `dropped` (result -> equivalent argument) from `function` and
    from each of its `calls`."""
    if not dropped:
        return
    rewriter = Rewriter()
    outputs_count = len(function.function_type.outputs.data)
    kept = [i for i in range(outputs_count) if i not in dropped]
    for return_op in function_returns(function):
        new_return = func.ReturnOp(*[return_op.arguments[i] for i in kept])
        new_return.attributes.update(
            {
                k: v
                for k, v in return_op.attributes.items()
                if k != "__equivalent_func_args__"
            }
        )
        rewriter.replace_op(return_op, new_return)

    old_type = function.function_type
    outputs = old_type.outputs.data
    function.function_type = FunctionType.from_lists(
        old_type.inputs.data, [outputs[i] for i in kept]
    )
    if function.res_attrs is not None:
        res_attrs = function.res_attrs.data
        function.res_attrs = ArrayAttr[DictionaryAttr](
            [res_attrs[i] for i in kept if i < len(res_attrs)]
        )

    for call in calls:
        new_call = func.CallOp(
            call.callee,
            call.arguments,
            [outputs[i] for i in kept],
        )
        new_call.attributes.update(call.attributes)
        rewriter.insert_op(new_call, InsertPoint.before(call))
        replacements: list[SSAValue] = []
        kept_results = iter(new_call.results)
        for index, result in enumerate(call.results):
            if index in dropped:
                replacements.append(
                    _buffer_of_type(
                        rewriter, call, call.arguments[dropped[index]], result
                    )
                )
            else:
                replacements.append(next(kept_results))
        for old, new in zip(call.results, replacements, strict=True):
            if new.name_hint is None:
                new.name_hint = old.name_hint
            old.replace_all_uses_with(new)
        rewriter.erase_op(call)


def drop_equivalent_buffer_results(
    module: ModuleOp, modify_public_functions: bool = False
) -> None:
    """Drop, from every eligible function and its calls, the results that return
    an argument's buffer."""
    functions: list[func.FuncOp] = []
    call_ops: list[func.CallOp] = []
    for op in module.walk():  # one walk for both
        if isinstance(op, func.FuncOp):
            functions.append(op)
        elif isinstance(op, func.CallOp):
            call_ops.append(op)
    by_name = {f.sym_name.data: f for f in functions}
    calls: dict[func.FuncOp, list[func.CallOp]] = {f: [] for f in functions}
    for op in call_ops:
        callee = by_name.get(op.callee.root_reference.data)
        if callee is not None:
            calls[callee].append(op)
    for function in functions:
        if is_public(function) and not modify_public_functions:
            continue
        drop_results(function, equivalent_results(function), calls[function])
