"""In-place variants of public functions: the entry copy only at the external boundary.

A public function may be called from outside the module, so its tensor arguments are
read-only (unless marked `{bufferization.writable = true}`): a write into one goes to a
copy made inside the function. Callers inside the module do not need that protection:
like the callers of a private function, they can copy before the call when (and only
when) they read the buffer again or pass a read-only one (a constant, a read-only
argument). Paying the copy inside the callee makes them copy every time.

So, across function boundaries, a public function `@f` with a body that

* is called from inside the module, and
* has a tensor argument without a declared writability,

is split in two:

* `@f__inplace` (private, placed right before `@f`) gets the body; its arguments are
  writable like those of any private function, and every call inside the module
  (including calls in other in-place variants) targets it;
* `@f` keeps its name, signature, visibility and argument attributes but its body
  becomes one call to `@f__inplace` and a return of its results. Bufferizing that
  wrapper makes the copy: an argument `@f__inplace` writes is read-only in `@f`, so
  the call gets it out of place -- a fresh buffer holding a copy (only an
  allocation when the summary of `@f__inplace` says it writes the argument without
  reading it; returning it counts as a read, as in MLIR) -- and the result the variant
  returns in place of that argument is the fresh buffer `@f` returns (under
  `infer-layout-map` with the buffer's own layout, `refine_wrapper_results`).

The variant's name is `<name>__inplace`, or `<name>__inplace_<n>` with the smallest
n >= 1 that no other symbol of the module uses.

The body exists once (in the variant), the wrapper is a few ops, and an external caller
pays exactly the copies it paid before. The alternative -- keep the body in `@f` and
let internal calls target a private clone -- bufferizes the body twice and is larger.

A variant is kept only if it pays off: it must write in place some argument `@f`
could not write, and at least one call inside the module must pass such an argument
in place (without a copy) -- or, with `result_variants`, return a statically shaped
tensor (below). Otherwise internal callers would copy anyway, exactly what
`@f` does at its entry, and the wrapper's copy would only add code, so the split is
undone. Deciding this needs the in-place analysis of the callers: the module driver
first analyses the module with a variant for every candidate (`create_variants`),
asks `useful_variants`, then `finish_variants` turns the useful ones into wrappers and
removes the others, and the module is analysed again.

The same split serves results (`result_variants`, set by
`comprehensive-bufferize{plan-memory=true}`): `buffer-results-to-out-params` leaves
public signatures alone (they are the module's ABI), so the buffers a public function
returns would stay heap allocations its callers cannot plan. A public function called
inside the module that returns a statically shaped tensor therefore gets a variant
too (whether or not `public-arguments-writable`), kept whenever a surviving call
targets it: the variant is private, so its results become out-parameters the
module's callers allocate (in their arena), and the wrapper allocates them for
outside callers.

Not split: private functions, bodiless declarations, public functions never called
inside the module (they copy at entry as before), public functions whose tensor
arguments all declare their writability (`bufferization.writable = true` ones need no
copy; `= false` ones may not be written in either form), and everything under
`test-analysis-only` or `copy-before-write` (where nothing is written in place).
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    FunctionType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    TensorType,
)
from xdsl.ir import Block, Region
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_bufferize.analysis.call_graph import (
    CallGraph,
    is_public,
    symbol_names,
    unique_return,
)
from xdsl_bufferize.analysis.func_attrs import argument_writable
from xdsl_bufferize.analysis.module_analysis import (
    FuncAnalysisState,
    ModuleAnalysisState,
)
from xdsl_bufferize.interfaces.bufferizable import OpOperand
from xdsl_bufferize.utils.ir import is_tensor_type, strip_casts_keeping_rank

INPLACE_SUFFIX = "__inplace"
"""Suffix of the name of a public function's in-place variant."""


def returns_static_tensor(function: func.FuncOp) -> bool:
    """Whether `function` has a statically shaped tensor result (one
    buffer-results-to-out-params can turn into an out-parameter callers allocate)."""
    return any(
        isinstance(t, TensorType) and all(size >= 0 for size in t.get_shape())
        for t in function.function_type.outputs.data
    )


def needs_variant(
    function: func.FuncOp,
    graph: CallGraph,
    arguments_writable: bool = False,
    result_variants: bool = False,
) -> bool:
    """Whether `function` is a public function with a body, called inside the
    module, with a tensor argument whose writability is not declared (unless
    `arguments_writable`: public arguments are writable anyway) or, with
    `result_variants`, a statically shaped tensor result."""
    if not is_public(function) or function.is_declaration:
        return False
    if not graph.callers.get(function):
        return False
    if result_variants and returns_static_tensor(function):
        return True
    return not arguments_writable and any(
        is_tensor_type(t) and argument_writable(function, i) is None
        for i, t in enumerate(function.function_type.inputs.data)
    )


def variant_name(base: str, taken: set[str]) -> str:
    """`<base>__inplace`, or `<base>__inplace_<n>` for the smallest free n >= 1."""
    name = base + INPLACE_SUFFIX
    count = 0
    while name in taken:
        count += 1
        name = f"{base}{INPLACE_SUFFIX}_{count}"
    return name


def _retarget_calls(module: ModuleOp, targets: dict[str, str]) -> None:
    """Make every `func.call` of a function named in `targets` call its value."""
    if not targets:
        return
    for op in module.walk():
        if isinstance(op, func.CallOp):
            new_name = targets.get(op.callee.root_reference.data)
            if new_name is not None:
                op.callee = SymbolRefAttr(new_name)


def create_variants(
    module: ModuleOp,
    graph: CallGraph,
    arguments_writable: bool = False,
    result_variants: bool = False,
) -> dict[func.FuncOp, func.FuncOp]:
    """Give every public function that `needs_variant` a private in-place copy of
    itself, placed right before it, and make every call in the module target the
    copy. Returns public function -> variant."""
    candidates = [
        f
        for f in graph.order
        if needs_variant(f, graph, arguments_writable, result_variants)
    ]
    if not candidates:
        return {}
    return _add_variants(module, candidates)


def _add_variants(
    module: ModuleOp, functions: Iterable[func.FuncOp]
) -> dict[func.FuncOp, func.FuncOp]:
    """A private in-place copy of each of `functions`, placed right before it; every
    call in the module targets the copy. Returns function -> variant."""
    taken = symbol_names(module)
    variants: dict[func.FuncOp, func.FuncOp] = {}
    for function in functions:
        name = variant_name(function.sym_name.data, taken)
        taken.add(name)
        variant = function.clone()
        variant.attributes.clear()
        variant.sym_name = StringAttr(name)
        variant.sym_visibility = StringAttr("private")
        Rewriter.insert_op(variant, InsertPoint.before(function))
        variants[function] = variant
    _retarget_calls(
        module, {f.sym_name.data: v.sym_name.data for f, v in variants.items()}
    )
    return variants


def route_through_variants(
    module: ModuleOp, functions: Iterable[func.FuncOp]
) -> dict[func.FuncOp, func.FuncOp]:
    """Make each of `functions` (public functions whose body writes a read-only
    argument where no copy can be made: `materialize_in_destination` into it) a
    wrapper of a private in-place variant holding its body, whatever its callers
    do: the variant writes the argument in place, and the wrapper's call copies
    it, as for every other write into a public argument. Returns function ->
    variant."""
    ordered = sorted(functions, key=lambda f: f.sym_name.data)
    variants = _add_variants(module, ordered)
    for function, variant in variants.items():
        _make_wrapper(function, variant)
    return variants


def _passes_written_in_place(
    call: func.CallOp, written: Iterable[int], state: ModuleAnalysisState
) -> bool:
    return any(state.is_in_place(OpOperand(call, index)) for index in written)


def useful_variants(
    variants: dict[func.FuncOp, func.FuncOp],
    graph: CallGraph,
    func_state: FuncAnalysisState,
    states: dict[func.FuncOp, ModuleAnalysisState],
    arguments_writable: bool = False,
    result_variants: bool = False,
    required: Iterable[func.FuncOp] = (),
) -> set[func.FuncOp]:
    """The public functions (keys of `variants`) whose variant pays off, from the
    analysis of the module with every variant (`graph`, `func_state`, `states`),
    and those `required` (their own body cannot be bufferized: it writes a
    read-only argument in place, `route_through_variants`).

    A variant pays off if a call that survives (one outside the public functions'
    bodies, which become wrappers, and outside the variants of functions not kept)
    passes in place an argument the variant writes and its public function may not
    write (none may not, with `arguments_writable`), or, with `result_variants`,
    if the function returns a statically shaped tensor and such a call exists (its
    result can become an out-parameter that caller allocates). Dropping one
    variant can remove the only calls that made another pay off, so this runs to a
    fixed point.
    """
    written: dict[func.FuncOp, set[int]] = {}
    for function, variant in variants.items():
        summary = func_state.summaries.get(variant)
        written[function] = (
            set()
            if summary is None or arguments_writable
            else {
                i
                for i in summary.written_args
                if argument_writable(function, i) is None
            }
        )
    returns_results = {
        f for f in variants if result_variants and returns_static_tensor(f)
    }
    public_of = {v: f for f, v in variants.items()}
    required = set(required)
    kept = {f for f in variants if written[f] or f in returns_results or f in required}
    changed = True
    while changed:
        changed = False
        for function in sorted(kept - required, key=lambda f: f.sym_name.data):
            variant = variants[function]
            pays_off = False
            for call in graph.callers.get(variant, []):
                caller = call.parent_op()
                while caller is not None and not isinstance(caller, func.FuncOp):
                    caller = caller.parent_op()
                if caller is None or caller in kept:
                    continue  # in a body that becomes a wrapper
                owner = public_of.get(caller)
                if owner is not None and owner not in kept:
                    continue  # in a variant that goes away
                if function in returns_results:
                    pays_off = True
                    break
                state = states.get(caller)
                if state is not None and _passes_written_in_place(
                    call, written[function], state
                ):
                    pays_off = True
                    break
            if not pays_off:
                kept.discard(function)
                changed = True
    return kept


def _make_wrapper(function: func.FuncOp, variant: func.FuncOp) -> None:
    """Replace the body of `function` by a call to `variant` and a return."""
    entry = function.body.blocks.first
    assert entry is not None
    function_type = function.function_type
    block = Block(arg_types=function_type.inputs.data)
    for new_arg, old_arg in zip(block.args, entry.args, strict=True):
        new_arg.name_hint = old_arg.name_hint
    call = func.CallOp(
        variant.sym_name.data, list(block.args), function_type.outputs.data
    )
    block.add_ops([call, func.ReturnOp(*call.results)])
    old = function.detach_region(function.body)
    old.drop_all_references()
    function.add_region(Region(block))


def finish_variants(
    module: ModuleOp,
    variants: dict[func.FuncOp, func.FuncOp],
    kept: set[func.FuncOp],
) -> dict[func.FuncOp, func.FuncOp]:
    """Turn the kept public functions into wrappers of their variants; remove the
    other variants and point their calls back at the public function. Returns the
    kept public function -> variant."""
    back: dict[str, str] = {}
    for function, variant in variants.items():
        if function in kept:
            _make_wrapper(function, variant)
        else:
            back[variant.sym_name.data] = function.sym_name.data
    _retarget_calls(module, back)
    for function, variant in variants.items():
        if function not in kept:
            variant.detach()
            variant.drop_all_references()
    return {f: v for f, v in variants.items() if f in kept}


def refine_wrapper_results(wrapper: func.FuncOp) -> None:
    """Return, from a wrapper, the buffers behind the casts to the variant's
    argument layout, so that its results keep the layout of the buffers (identity
    for a fresh copy) as under `infer-layout-map`. Wrappers are never called inside
    the module, so no call needs to change."""
    return_op = unique_return(wrapper)
    if return_op is None:
        return
    changed = False
    for index, value in enumerate(return_op.arguments):
        if isinstance(value.owner, memref.CastOp):
            return_op.operands[index] = strip_casts_keeping_rank(value)
            changed = True
    if changed:
        wrapper.function_type = FunctionType.from_lists(
            wrapper.function_type.inputs.data,
            [v.type for v in return_op.arguments],
        )
