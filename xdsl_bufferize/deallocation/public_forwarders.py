"""Public functions that forward an argument: a private twin for the callers in the module.

`buffer-deallocation` follows MLIR's ABI: the caller owns every buffer a function returns,
so a function returns a copy of a buffer it does not own.  Private functions whose result
is, on every return, statically one of their arguments or a view of it are the exception
(`analysis/forwarding.py`): they return the argument as is and their callers see the result
as a view of the operand, so a write through either name is seen through the other, as in
the memref program before the pass.

A public function may be called from outside the module, where the ABI holds, and from
inside it, where callers may rely on the result being their own buffer (one-shot
bufferization relies on it when it finds the result equivalent to the argument).  So a
public function `@f` with a body, called by plain `func.call`s in the module, that would
forward a result if those were its only callers (`public_forwarders`), is split:

* `@f__inplace` (private, placed right before `@f`) gets the body, and every call of `@f`
  in the module calls it: it is a private function like any other, forwarding its results
  with no copy;
* `@f` keeps its name, signature, visibility and attributes; its body becomes one call of
  `@f__inplace` and a return of the results.  For an outside caller it behaves as before:
  a forwarded result is returned as a copy, the others are handed over.

The name is that of the in-place variants of module bufferization
(`bufferization/public_wrappers.py`): `<name>__inplace`, or `<name>__inplace_<n>` with the
smallest n >= 1 that no other symbol uses.  Functions that forward nothing, or that no call
in the module reaches, are left as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import builtin, func
from xdsl.ir import Block, Region
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.call_graph import symbol_names
from xdsl_bufferize.analysis.forwarding import public_forwarders
from xdsl_bufferize.bufferization.public_wrappers import variant_name

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.manager import ModuleAnalyses


def _move_body(function: func.FuncOp, name: str) -> func.FuncOp:
    """Move the body of `function` into a new private function `name` placed right before
    it, and make `function` call it and return its results."""
    function_type = function.function_type
    twin = func.FuncOp(
        name,
        function_type,
        function.detach_region(function.body),
        visibility="private",
    )
    Rewriter.insert_op(twin, InsertPoint.before(function))
    block = Block(arg_types=function_type.inputs.data)
    twin_entry = twin.body.blocks.first
    assert twin_entry is not None
    for arg, old in zip(block.args, twin_entry.args, strict=True):
        arg.name_hint = old.name_hint
    call = func.CallOp(name, list(block.args), function_type.outputs.data)
    block.add_ops([call, func.ReturnOp(*call.results)])
    function.add_region(Region(block))
    return twin


def split_public_forwarders(
    module: builtin.ModuleOp, analyses: ModuleAnalyses | None = None
) -> dict[func.FuncOp, func.FuncOp]:
    """Give each of the `public_forwarders` of `module` its private twin and make the
    calls in the module call it.  Returns public function -> twin.  The call graph is
    taken from `analyses` when given."""
    forwarders = public_forwarders(module, analyses)
    if not forwarders:
        return {}
    taken = symbol_names(module)
    twins: dict[func.FuncOp, func.FuncOp] = {}
    for function in forwarders:
        name = variant_name(function.sym_name.data, taken)
        taken.add(name)
        twins[function] = _move_body(function, name)
    for function, calls in forwarders.items():
        callee = builtin.SymbolRefAttr(twins[function].sym_name)
        for call in calls:
            call.callee = callee
    return twins
