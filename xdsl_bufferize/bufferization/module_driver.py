"""Bufferization across function boundaries (MLIR's One-Shot Module Bufferize).

With `bufferize-function-boundaries`, `one-shot-bufferize` hands the module to
`one_shot_module_bufferize`:

1. `build_call_graph` orders the functions callee first (and rejects indirect
   calls on tensors and ill-typed argument attributes); recursive functions (in or
   calling into a cycle of calls through tensor signatures) come last, in module
   order, as in MLIR.
   Public functions called inside the module and writing an argument they may not
   write get a private in-place variant `@<name>__inplace` that internal calls
   target, while the public symbol becomes a wrapper copying for external callers
   (`bufferization/public_wrappers.py`; kept only where some internal call saves the
   copy, which the analysis of the module with every variant tells). With the
   option `result_variants` (plan-memory), public functions called inside the
   module that return a statically shaped tensor get one as well, so that their
   results can become out-parameters.
2. Analysis, callee first: each function gets its own one-shot analysis
   (`ModuleAnalysisState`), whose call models read the summaries of the callees
   (which arguments they read / write, which results are equivalent to or alias
   which arguments; a call of a recursive function has none and assumes the
   worst). A call operand whose callee writes it is a write, so the
   analysis copies it when the caller reads the value again or it is not writable
   (a constant, a read-only argument of a public function). Each function is then
   summarized for its callers.
3. Rewrite, callee first: the body is bufferized by the one-shot driver; tensor
   arguments become memrefs (their layout from `function-boundary-type-conversion`),
   each returned tensor becomes its buffer -- the argument itself when the result is
   equivalent to it -- and the result types follow (inferred from the buffers, or
   cast / copied to the option's layout; with several `func.return`s, one type all
   returns cast to). Calls are rewritten against the callee's new signature, or,
   for a recursive callee not rewritten yet, the one fixed for it in advance
   (`boundary_types.py`: the option's layouts, fully dynamic results under
   `infer-layout-map`).
4. `drop-equivalent-buffer-results`: results that return an argument are removed
   from private functions (and public ones with `modify-public-functions`) and from
   their calls; callers use the buffer they passed.

Memref types at the boundary, as in MLIR: `fully-dynamic-layout-map` gives
`strided<[?, ..., ?], offset: ?>`; `identity-layout-map` the identity layout;
`infer-layout-map` (default) fully dynamic arguments and results typed like their
buffers. `bufferization.buffer_layout` on an argument forces its layout. Bodiless
functions take fully dynamic (or identity) arguments and return fresh identity
buffers.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from xdsl.dialects import bufferization, func, memref
from xdsl.dialects.builtin import (
    FunctionType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    TensorType,
    UnrankedTensorType,
)
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.analysis.call_graph import (
    CallGraph,
    build_call_graph,
    function_returns,
    is_public,
)
from xdsl_bufferize.analysis.func_attrs import (
    BUFFER_LAYOUT_ATTR,
    LEGACY_WRITABLE_ATTR,
    WRITABLE_ATTR,
    arg_attr,
    set_arg_attr,
    verify_writable_attributes,
)
from xdsl_bufferize.analysis.ir_checks import (
    check_ranked_tensors,
    check_region_terminators,
)
from xdsl_bufferize.analysis.module_analysis import (
    FuncAnalysisState,
    FuncSummary,
    ModuleAnalysisState,
    ReusableAnalyses,
    annotate_function,
    summarize_external,
    summarize_function,
)
from xdsl_bufferize.bufferization.boundary_types import (
    ModuleBufferizationState,
    argument_buffer_type,
    boundary_buffer_type,
    fixed_layout_option,
    infer_private_layouts,
    result_buffer_type,
)
from xdsl_bufferize.bufferization.copies import insert_tensor_copies
from xdsl_bufferize.bufferization.driver import (
    bufferize_ops,
    check_unknown_ops,
    fold_to_buffer_to_tensor,
    one_shot_bufferize,
)
from xdsl_bufferize.bufferization.drop_results import drop_equivalent_buffer_results
from xdsl_bufferize.bufferization.public_wrappers import (
    create_variants,
    finish_variants,
    refine_wrapper_results,
    route_through_variants,
    useful_variants,
)
from xdsl_bufferize.bufferization.reports import (
    BufferizationStatistics,
    annotate_analysis,
    print_conflicts,
)
from xdsl_bufferize.dialects import bufferization_ext as ext
from xdsl_bufferize.interfaces.allocation import allocation_interface
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisState,
    BufferizationOptions,
    LayoutMapOption,
    only_dialects,
)
from xdsl_bufferize.interfaces.diagnostics import (
    ONE_SHOT_STAGE,
    BufferizationError,
    call_context,
    op_error,
)
from xdsl_bufferize.interfaces.memref_copy import realloc_ops
from xdsl_bufferize.interfaces.view_like import view_source
from xdsl_bufferize.models import register_all_models
from xdsl_bufferize.models.allocation import register_default_allocation_models
from xdsl_bufferize.models.bufferization import to_tensor_op
from xdsl_bufferize.models.func import fits_argument_type
from xdsl_bufferize.utils.ir import (
    is_tensor_type,
    strip_casts_keeping_rank,
    unranked_buffer_type,
)


def _convert_arguments(function: func.FuncOp, option: LayoutMapOption) -> None:
    """Turn the tensor arguments of the entry block into memrefs; remaining tensor
    uses read them through `bufferization.to_tensor`."""
    entry = function.body.blocks.first
    assert entry is not None
    for arg in list(entry.args):
        if not is_tensor_type(arg.type):
            continue
        buffer_type = argument_buffer_type(function, arg.index, option)
        new_arg = Rewriter.replace_value_with_new_type(arg, buffer_type)
        uses = list(new_arg.uses)
        if not uses:
            continue
        to_tensor = to_tensor_op(new_arg)
        Rewriter.insert_op(to_tensor, InsertPoint.at_start(entry))
        for use in uses:
            use.operation.operands[use.index] = to_tensor.tensor


def _buffer_of(value: SSAValue, before: Operation) -> SSAValue:
    """The memref holding tensor `value` (a `to_buffer` of it if none is known)."""
    if isinstance(value.type, MemRefType):
        return value
    if isinstance(value, OpResult) and isinstance(value.op, bufferization.ToTensorOp):
        return value.op.memref
    tensor_type = value.type
    if isinstance(tensor_type, UnrankedTensorType):
        buffer_type: Attribute = unranked_buffer_type(tensor_type)  # pyright: ignore[reportUnknownArgumentType]
    else:
        assert isinstance(tensor_type, TensorType)
        buffer_type = MemRefType(tensor_type.element_type, tensor_type.get_shape())
    to_buffer = ext.ToBufferOp.build(operands=[value], result_types=[buffer_type])
    Rewriter.insert_op(to_buffer, InsertPoint.before(before))
    return to_buffer.memref


def _views_allocation(buffer: SSAValue) -> bool:
    """Whether `buffer` is, through views and casts, a buffer allocated in the
    function body (never an argument's buffer)."""
    register_default_allocation_models()
    while isinstance(buffer, OpResult):
        if allocation_interface(buffer.op) is not None:
            return True
        source = view_source(buffer.op)
        if source is None:
            return False
        buffer = source
    return False


def _convert_return(
    function: func.FuncOp,
    summary: FuncSummary,
    option: LayoutMapOption,
    alignment: int,
    read_only: Collection[tuple[func.ReturnOp, int]] = (),
) -> None:
    """Return memrefs from every `func.return`: the argument itself for a result
    equivalent to an argument, else the result's buffer, cast (or copied) to one
    result type all returns agree on. With `infer-layout-map` that is the type of
    the buffers when every return gives the same one (behind casts), else the fully
    dynamic layout; other options fix it. The operands in `read_only` (return,
    position) are returned as a copy (`read_only_returns`)."""
    returns = function_returns(function)
    args = function.args
    outputs = list(function.function_type.outputs.data)
    returned: list[list[SSAValue]] = []
    for return_op in returns:
        values: list[SSAValue] = []
        for index, value in enumerate(return_op.arguments):
            if is_tensor_type(value.type):
                equivalent = summary.equivalent_args.get(index)
                must_copy = (return_op, index) in read_only
                buffer = _buffer_of(value, return_op)
                if equivalent is not None and _views_allocation(buffer):
                    # A model copied where the analysis saw a view (a collapse
                    # of a layout it cannot prove contiguous): the data is in
                    # the copy, not in the argument.
                    equivalent = None
                value = strip_casts_keeping_rank(
                    args[equivalent] if equivalent is not None else buffer
                )
                if must_copy:
                    value = _copy_buffer(value, value.type, return_op, alignment)
            values.append(value)
        returned.append(values)
    result_types: list[Attribute] = []
    for index, result_type in enumerate(outputs):
        if not is_tensor_type(result_type):
            result_types.append(result_type)
            continue
        if option is LayoutMapOption.INFER_LAYOUT_MAP:
            found = {values[index].type for values in returned}
            if len(found) == 1:
                result_types.append(found.pop())
                continue
            option_here = LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP
        else:
            option_here = option
        result_types.append(result_buffer_type(function, index, option_here))
    for return_op, values in zip(returns, returned, strict=True):
        for index, value in enumerate(values):
            if value.type != result_types[index]:
                value = _buffer_as_type(
                    value, result_types[index], return_op, alignment
                )
            return_op.operands[index] = value
    function.function_type = FunctionType.from_lists(
        [a.type for a in args], result_types
    )


def read_only_returns(
    function: func.FuncOp, state: AnalysisState
) -> set[tuple[func.ReturnOp, int]]:
    """The returned tensors (return, position) of a recursive `function` whose
    buffer may not be written (a constant's global): its callers have no summary
    telling them which results they must not write, so these are returned as
    copies. Asked of the analysis before the body is bufferized."""
    return {
        (return_op, index)
        for return_op in function_returns(function)
        for index, value in enumerate(return_op.arguments)
        if is_tensor_type(value.type) and not state.is_buffer_writable(value)
    }


def _buffer_as_type(
    buffer: SSAValue, wanted: Attribute, before: Operation, alignment: int
) -> SSAValue:
    """`buffer` as a memref of type `wanted`, inserted before `before`: a
    `memref.cast` when it holds at run time, else a copy into a new buffer."""
    if fits_argument_type(buffer.type, wanted):
        cast = memref.CastOp.get(buffer, wanted)  # pyright: ignore[reportArgumentType]
        Rewriter.insert_op(cast, InsertPoint.before(before))
        return cast.dest
    assert isinstance(wanted, MemRefType)
    ops, copied = realloc_ops(buffer, wanted, alignment)  # pyright: ignore[reportUnknownArgumentType]
    Rewriter.insert_op(ops, InsertPoint.before(before))
    return copied


def _copy_buffer(
    buffer: SSAValue, wanted: Attribute, before: Operation, alignment: int
) -> SSAValue:
    """A new buffer of type `wanted` (identity or fully dynamic layout: allocated
    with the identity) holding a copy of `buffer`, inserted before `before`."""
    assert isinstance(wanted, MemRefType)
    contiguous = MemRefType(
        wanted.element_type,
        wanted.get_shape(),
        NoneAttr(),
        wanted.memory_space,  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]
    )
    ops, copied = realloc_ops(buffer, contiguous, alignment)
    Rewriter.insert_op(ops, InsertPoint.before(before))
    return copied


def _convert_declaration(function: func.FuncOp, option: LayoutMapOption) -> None:
    """Signature of a bodiless function: memref arguments (fully dynamic layout
    unless the option says identity) and fresh memref results."""
    function_type = function.function_type
    arg_option = (
        option
        if option is LayoutMapOption.IDENTITY_LAYOUT_MAP
        else LayoutMapOption.FULLY_DYNAMIC_LAYOUT_MAP
    )
    inputs = [
        argument_buffer_type(function, i, arg_option) if is_tensor_type(t) else t
        for i, t in enumerate(function_type.inputs.data)
    ]
    result_option = (
        LayoutMapOption.IDENTITY_LAYOUT_MAP
        if option is LayoutMapOption.INFER_LAYOUT_MAP
        else option
    )
    outputs = [
        boundary_buffer_type(t, result_option, None) if is_tensor_type(t) else t
        for t in function_type.outputs.data
    ]
    function.function_type = FunctionType.from_lists(inputs, outputs)


def _remove_bufferization_attributes(function: func.FuncOp) -> None:
    for index in range(len(function.function_type.inputs.data)):
        for name in (WRITABLE_ATTR, LEGACY_WRITABLE_ATTR, BUFFER_LAYOUT_ATTR):
            if arg_attr(function, index, name) is not None:
                set_arg_attr(function, index, name, None)


def function_analysis_options(
    function: func.FuncOp, options: BufferizationOptions
) -> BufferizationOptions:
    """The options `function` is analysed with: copy-before-write for a function
    `no_analysis_func_filter` names (MLIR's option: no analysis, every write goes
    to a copy), `options` otherwise."""
    if function.sym_name.data in options.no_analysis_func_filter:
        return replace(options, copy_before_write=True)
    return options


def analyze_module(
    graph: CallGraph,
    options: BufferizationOptions,
    stats: BufferizationStatistics | None = None,
    prior: ReusableAnalyses | None = None,
    refused: set[func.FuncOp] | None = None,
) -> tuple[FuncAnalysisState, dict[func.FuncOp, ModuleAnalysisState]]:
    """The one-shot analysis of every function of `graph`, callees first, and the
    summary of each; with `stats`, count decisions and report conflicts. Functions
    with a still valid analysis in `prior` reuse it (same decisions: the same
    function analysed with the same callee summaries and options). With `refused`,
    a public function refused only because it must write a read-only argument in
    place is added to it instead of failing (the caller routes it through an
    in-place variant)."""
    func_state = FuncAnalysisState(graph)
    states: dict[func.FuncOp, ModuleAnalysisState] = {}
    reusable = {} if prior is None else prior.valid_records(graph, options)
    for function in graph.order:
        func_state.start(function)
        if function.is_declaration:
            func_state.finish(function, summarize_external(function))
            continue
        record = reusable.get(function)
        if record is not None:
            state = record.state
            summary = record.summary
        else:
            state = ModuleAnalysisState(
                function, function_analysis_options(function, options), func_state
            )
            try:
                state.analyze()
            except BufferizationError:
                raise
            except PassFailedException as error:
                # A model refused an op without naming it: name the function.
                raise op_error(ONE_SHOT_STAGE, function, str(error)) from error
            errors = state.verify()
            if (
                refused is not None
                and is_public(function)
                and state.argument_forced_writes
                and all(
                    op in {o.owner for o in state.argument_forced_writes}
                    for op, _ in errors
                )
            ):
                # Must write a read-only argument in place (refused, or made
                # possible only by copying a view of the argument first).
                refused.add(function)
            elif errors:
                op, message = errors[0]
                raise op_error(ONE_SHOT_STAGE, op, f"{call_context(op)}{message}")
            summary = summarize_function(function, state)
        states[function] = state
        func_state.finish(function, summary)
        if stats is not None:
            stats.in_place += len(state.in_place_operands)
            stats.out_of_place += len(state.conflicts)
            if options.print_conflicts:
                print_conflicts(state)
    return func_state, states


def one_shot_module_bufferize(
    module: ModuleOp,
    options: BufferizationOptions,
    prior: ReusableAnalyses | None = None,
) -> BufferizationStatistics:
    """Bufferize every function of `module` and its signature, callees first. The
    analyses in `prior` that are still valid are reused (see `ReusableAnalyses`).
    A dialect filter (`options.dialect_filter`) leaving out `func` leaves the
    signatures and calls as they are: function bodies bufferize as without function
    boundaries (MLIR skips the functions its filter does not allow)."""
    if options.dialect_filter and "func" not in options.dialect_filter:
        return one_shot_bufferize(
            module, replace(options, bufferize_function_boundaries=False)
        )
    with only_dialects(options.dialect_filter):
        return _one_shot_module_bufferize(module, options, prior)


def _one_shot_module_bufferize(
    module: ModuleOp,
    options: BufferizationOptions,
    prior: ReusableAnalyses | None,
) -> BufferizationStatistics:
    register_all_models()
    check_region_terminators(module)
    check_ranked_tensors(module)
    # The graph eliminate-empty-tensors built (it adds or removes no call).
    graph = build_call_graph(module) if prior is None else prior.call_graph(module)
    check_unknown_ops(module, options)
    verify_writable_attributes(module)
    stats = BufferizationStatistics()

    # 1. Analysis, callees first: each call sees its callee's summary. Public
    #    functions called inside the module first get an in-place variant; the
    #    variants that pay off stay (the public function becomes a wrapper) and the
    #    module is analysed again.
    #    A public function whose body must write a read-only argument in place
    #    (`materialize_in_destination` into it) is always made a wrapper of its
    #    variant, whether or not it is called inside the module.
    wrappers: dict[func.FuncOp, func.FuncOp] = {}
    refused: set[func.FuncOp] | None = None
    if not options.test_analysis_only and not options.copy_before_write:
        refused = set()
    if refused is not None and (
        not options.public_arguments_writable or options.result_variants
    ):
        writable = options.public_arguments_writable
        variants = create_variants(module, graph, writable, options.result_variants)
        if variants:
            # The variants change calls (and so callee summaries): analyse afresh.
            prior = None
            graph = build_call_graph(module)
            func_state, states = analyze_module(graph, options, refused=refused)
            kept = useful_variants(
                variants,
                graph,
                func_state,
                states,
                writable,
                options.result_variants,
                required=refused & variants.keys(),
            )
            wrappers = finish_variants(module, variants, kept)
            graph = build_call_graph(module)
            refused.clear()
    func_state, states = analyze_module(graph, options, stats, prior, refused)
    if refused:
        wrappers.update(route_through_variants(module, refused))
        graph = build_call_graph(module)
        stats = BufferizationStatistics()
        func_state, states = analyze_module(graph, options, stats)

    if options.test_analysis_only:
        for function in graph.order:
            state = states.get(function)
            if state is not None:
                annotate_analysis(function, state, options)
            annotate_function(function, func_state.summaries[function])
        return stats

    # 2. Rewrite, callees first: each call sees its callee's memref signature.
    option = options.function_boundary_type_conversion
    infer = (
        options.infer_private_layouts and option is LayoutMapOption.IDENTITY_LAYOUT_MAP
    )
    if infer:
        # The copies first, so that call operands have their final buffers.
        for function in graph.order:
            if not function.is_declaration:
                stats.tensor_copies += insert_tensor_copies(
                    states[function],
                    ModuleBufferizationState(
                        module, options, states[function]
                    ).get_buffer_type,
                )
        inferred = infer_private_layouts(module, graph, states, options)
    else:
        inferred = set[func.FuncOp]()
    for function in graph.order:
        if function.is_declaration:
            _convert_declaration(function, option)
            continue
        state = states[function]
        buffer_state = ModuleBufferizationState(module, options, state)
        if not infer:
            stats.tensor_copies += insert_tensor_copies(
                state, buffer_state.get_buffer_type
            )
        read_only = (
            read_only_returns(function, state) if function in graph.recursive else ()
        )
        bufferize_ops(function, buffer_state)
        _convert_arguments(function, option)
        if function in graph.recursive:
            result_option = fixed_layout_option(option)
        elif function in inferred:
            result_option = LayoutMapOption.INFER_LAYOUT_MAP
        else:
            result_option = option
        _convert_return(
            function,
            func_state.summaries[function],
            result_option,
            options.buffer_alignment,
            read_only,
        )
        fold_to_buffer_to_tensor(function, options.buffer_alignment)
        stats.allocations += buffer_state.statistics.allocations
        stats.copies += buffer_state.statistics.copies
        stats.globals += buffer_state.statistics.globals

    # 3. Results equivalent to arguments: callers keep their own buffer.
    if options.drop_equivalent_buffer_results:
        drop_equivalent_buffer_results(module, options.modify_public_functions)
    if option is LayoutMapOption.INFER_LAYOUT_MAP:
        for wrapper in wrappers:
            refine_wrapper_results(wrapper)
    for function in graph.order:
        _remove_bufferization_attributes(function)
    return stats
