"""The options of the passes, each declared once.

Each option class is a frozen dataclass whose fields are the options of one pass, with
MLIR's names (`-p 'name{opt-name=value}'` maps hyphens to underscores) and defaults.
The pass classes of `xdsl_bufferize.transforms` inherit them (`class
OneShotBufferizePass(OneShotBufferizeOptions, ModulePass)`), `comprehensive-bufferize`
inherits the options of every pass it runs (`ComprehensiveBufferizeOptions`), and the
Python API (`xdsl_bufferize.bufferize`) takes the same names.

An option class checks its values when it is built (`validate`), so a bad value is an
`InvalidOptionError` naming the pass, the option and the valid values before anything
runs. Options with a fixed set of values are `Literal` types. `PassOptions.from_spec`
reads `-p 'name{...}'` as MLIR does (`{flag}` is `flag=true`) and reports every
mistake in one line (`read_options`); the docstring under each field is its help
(`python -m xdsl_bufferize.passes`, `docs/passes.md`), and a field whose help starts
with `(ours)` has no counterpart in MLIR's pass of that name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Literal,
    TypeVar,
    get_args,
    get_origin,
    get_type_hints,
)

from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisHeuristic,
    BufferizationOptions,
    LayoutMapOption,
)
from xdsl_bufferize.interfaces.diagnostics import (
    InvalidOptionError,
    check_alignment,
    invalid_option,
)
from xdsl_bufferize.utils.pipeline_errors import did_you_mean, expected_value

if TYPE_CHECKING:
    from typing_extensions import Self
    from xdsl.utils.arg_spec import ArgSpec

AnalysisHeuristicName = Literal[
    "bottom-up", "top-down", "bottom-up-from-terminators", "fuzzer"
]
"""The values of the `analysis-heuristic` option (`AnalysisHeuristic`'s values)."""
LayoutMapName = Literal[
    "infer-layout-map", "identity-layout-map", "fully-dynamic-layout-map"
]
"""The values of the `function-boundary-type-conversion` option (`LayoutMapOption`'s
values, in its order)."""
UnknownLayoutMapName = Literal["fully-dynamic-layout-map", "identity-layout-map"]
"""The values of the `unknown-type-conversion` option (MLIR's)."""
MemcpyOpName = Literal["memref.copy", "linalg.copy", "loops"]
"""The values of the `memcpy-op` option."""
MEMCPY_OPS: tuple[MemcpyOpName, ...] = get_args(MemcpyOpName)
"""The values of `MemcpyOpName`, in order."""


def unsupported_option(
    pass_name: str, option: str, value: object, supported: object
) -> InvalidOptionError:
    """The error for an option of MLIR's that only takes MLIR's default here."""

    def shown(v: object) -> str:
        if isinstance(v, bool):
            return str(v).lower()
        if isinstance(v, tuple):
            return ",".join(str(e) for e in v) or "(empty)"  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
        return str(v)

    return InvalidOptionError(
        f"{pass_name}: value '{shown(value)}' of option {option} is not supported "
        f"(only {shown(supported)}, MLIR's default)"
    )


def check_planning_alignment(pass_name: str, option: str, alignment: int) -> None:
    """Raise unless `alignment` is a positive power of two."""
    if (
        isinstance(alignment, bool)
        or not isinstance(alignment, int)
        or alignment <= 0
        or alignment & (alignment - 1)
    ):
        raise InvalidOptionError(
            f"{pass_name}: invalid value '{alignment}' of option {option} "
            "(must be a positive power of two)"
        )


@dataclass(frozen=True)
class PassOptions:
    """The options of the pass called `name`, checked when they are built."""

    name: ClassVar[str]
    """The pass these options belong to (named in the errors)."""

    def __post_init__(self) -> None:
        self.validate(self.name)

    def validate(self, pass_name: str) -> None:
        """Raise `InvalidOptionError` for a value the pass does not accept."""

    @classmethod
    def from_spec(cls, spec: ArgSpec) -> Self:
        """The options written `-p 'name{...}'`, read as MLIR reads them: a bare
        boolean option (`{flag}`) is true, booleans are also spelled 1 / 0. Every
        mistake is one `InvalidOptionError` line naming the pass and the option in
        its dashed form (an unknown name with the nearest valid ones, a value of
        the wrong type with the expected type, an empty value, a value outside an
        enumeration with its values); `{help}` prints the pass's options and exits."""
        values = read_options(cls, cls.name, spec.parameters)
        built = cls(**values)
        # A value outside a `Literal` reaches `validate` first (its own order of
        # checks); one `validate` does not check is refused here.
        hints = get_type_hints(cls)
        for name, value in values.items():
            kind = hints[name]
            if get_origin(kind) is Literal and value not in get_args(kind):
                dashed = name.replace("_", "-")
                raise invalid_option(cls.name, dashed, value, get_args(kind))
        return built


def option_fields(options: type) -> list[dataclasses.Field[Any]]:
    """The options of an options class (its init fields), in declaration order."""
    return [f for f in dataclasses.fields(options) if f.init]  # pyright: ignore[reportArgumentType]


def read_options(
    options: type, pass_name: str, parameters: Mapping[str, tuple[object, ...]]
) -> dict[str, object]:
    """The values of `parameters` (as written: dashed names, xDSL's parsed values)
    converted to the declared types of `options`'s fields (see
    `PassOptions.from_spec`)."""
    fields = {f.name: f for f in option_fields(options)}
    hints = get_type_hints(options)
    values: dict[str, object] = {}
    for written, given in parameters.items():
        name = written.replace("-", "_")
        dashed = name.replace("_", "-")
        if name not in fields:
            if name == "help" and not given:
                from xdsl_bufferize.passes import print_pass_help

                print_pass_help(pass_name)
                raise SystemExit(0)
            valid = [f.replace("_", "-") for f in fields]
            raise InvalidOptionError(
                f"{pass_name}: unknown option {dashed}"
                + (did_you_mean(dashed, valid) or f" (options: {', '.join(valid)})")
            )
        values[name] = _convert(pass_name, dashed, given, hints[name])
    return values


def _convert(
    pass_name: str, option: str, given: tuple[object, ...], kind: Any
) -> object:
    """`given` as a value of type `kind`, or an `InvalidOptionError`."""
    expected = expected_value(kind)
    if get_origin(kind) is tuple:
        return tuple(str(v) for v in given)
    optional = [a for a in get_args(kind) if a is not type(None)]
    if optional and get_origin(kind) is not Literal:
        kind = optional[0]
    if kind is bool and not given:
        return True
    if not given:
        raise InvalidOptionError(
            f"{pass_name}: option {option} needs a value ({expected})"
        )
    if len(given) > 1:
        shown = ",".join(str(v) for v in given)
        raise InvalidOptionError(
            f"{pass_name}: option {option} takes one value ({expected}), got '{shown}'"
        )
    value = list(given)[0]
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    if get_origin(kind) is Literal:
        return shown
    if kind is bool:
        if isinstance(value, bool):
            return value
        if value in (0, 1) and isinstance(value, int):
            return bool(value)
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    elif kind is str:
        return shown
    raise InvalidOptionError(
        f"{pass_name}: invalid value '{shown}' of option {option} (expected {expected})"
    )


@dataclass(frozen=True)
class OneShotBufferizeOptions(PassOptions):
    """The options of `one-shot-bufferize` (MLIR's names and defaults, plus ours)."""

    name: ClassVar[str] = "one-shot-bufferize"

    allow_return_allocs_from_loops: bool = False
    """Let a loop yield a buffer not equivalent to its iter_arg (a new buffer each
    iteration); when false (MLIR's default), such a loop is an error."""
    allow_unknown_ops: bool = False
    """Keep ops without a model on tensors, behind to_tensor / to_buffer."""
    analysis_fuzzer_seed: int = 0
    """Seed of the fuzzer heuristic (test only)."""
    analysis_heuristic: AnalysisHeuristicName = "bottom-up"
    """The order in which the analysis decides ops: bottom-up, top-down,
    bottom-up-from-terminators or fuzzer."""
    bufferize_function_boundaries: bool = False
    """Bufferize function signatures and calls too (the module driver,
    `bufferization/module_driver.py`)."""
    check_parallel_regions: bool = True
    """Account for parallel regions (scf.forall) in the analysis: a write inside one
    into data defined outside it goes to a private copy per iteration. False
    analyses them as sequential loops (MLIR's option; the writes may then race)."""
    copy_before_write: bool = False
    """Skip the analysis: every write goes to a copy."""
    dialect_filter: tuple[str, ...] = ()
    """Bufferize only ops of these dialects (empty: all); ops of the others stay on
    tensors behind to_buffer / to_tensor, without needing allow-unknown-ops. With
    bufferize-function-boundaries, a list without `func` leaves signatures and calls
    as they are."""
    dump_alias_sets: bool = False
    """With test-analysis-only, annotate alias-set numbers of op results."""
    no_analysis_func_filter: tuple[str, ...] = ()
    """With bufferize-function-boundaries: skip the in-place analysis of the
    functions with these names; every write in them goes to a copy
    (copy-before-write for those functions only)."""
    function_boundary_type_conversion: LayoutMapName = "infer-layout-map"
    """Layout of memrefs at function boundaries."""
    must_infer_memory_space: bool = False
    """An allocation whose memory space is neither given (`alloc_tensor`'s
    `memory_space`) nor inferred from the buffer it copies (an out-of-place copy, a
    `copy(%t)`) is an error at the allocating op ("could not infer memory space");
    otherwise it takes default-memory-space."""
    use_encoding_for_memory_space: bool = False
    """Take the memory space from the tensor's encoding; only false is
    supported."""
    test_analysis_only: bool = False
    """Annotate in-place decisions (`__inplace_operands_attr__`); rewrite nothing."""
    print_conflicts: bool = False
    """Print why each copy is made to stderr (one line per out-of-place operand);
    with test-analysis-only, also annotate each RaW conflict as MLIR does:
    `C_<n>[CONFL-WRITE: i]` on the writing op, `C_<n>[READ: i]` on the read and
    `C_<n>[DEF: result i]` (or `bbArg i`) where the written value is defined."""
    unknown_type_conversion: UnknownLayoutMapName = "fully-dynamic-layout-map"
    """Layout of the buffers of tensors no model gives a buffer (MLIR's
    `unknownTypeConverterFn`): the results of unknown ops (allow-unknown-ops), the
    region arguments of such ops and the arguments of functions whose boundary is
    not bufferized, read through `to_buffer`: fully-dynamic-layout-map
    (`strided<[?, ...], offset: ?>`) or identity-layout-map."""
    buffer_alignment: int = 64
    """Alignment of new allocations (0: none)."""
    enforce_aliasing_invariants: bool = True
    """Copy where an op's aliasing contract would otherwise be broken; only true is
    supported."""
    explain_copies: bool = False
    """(ours) After the pass, print to stderr one line per copy left in the output,
    with its reason (the values and ops named as printed); with test-analysis-only,
    annotate each op with the reasons of its out-of-place operands
    (`__conflicts__`)."""
    infer_private_layouts: bool = False
    """(ours) With function boundaries and identity-layout-map: each argument of a
    private function takes the most specific layout describing what all its callers
    pass (the identity when they pass identity buffers), so no call copies a view."""
    drop_equivalent_buffer_results: bool = False
    """(ours) With function boundaries: drop the results of private functions that
    are equivalent to an argument (MLIR: the separate pass
    drop-equivalent-buffer-results)."""
    modify_public_functions: bool = False
    """(ours) With drop-equivalent-buffer-results: also drop equivalent results of
    public functions."""
    public_arguments_writable: bool = True
    """(ours) With function boundaries: public functions may write their tensor
    arguments in place (MLIR's ABI). False: the conservative ABI (a public function
    writes a copy; callers inside the module call a private in-place variant)."""
    statistics: bool = False
    """(ours) Print counts of decisions, allocations and copies to stderr (MLIR:
    -mlir-pass-statistics)."""
    default_memory_space: int = 0
    """(ours) The memory space of allocations that infer none (tensor.empty, an
    alloc_tensor without `memory_space` or `copy`, from_elements, ...): 0 is no
    memory space, N > 0 the integer space `N : i64` (MLIR sets it from C++, with
    `defaultMemorySpaceFn`). Function boundaries keep no memory space."""

    def validate(self, pass_name: str) -> None:
        """A known heuristic and layout option; a power-of-two alignment (or 0); a
        non-negative default memory space."""
        heuristics = get_args(AnalysisHeuristicName)
        if self.analysis_heuristic not in heuristics:
            raise invalid_option(
                pass_name, "analysis-heuristic", self.analysis_heuristic, heuristics
            )
        layouts = get_args(LayoutMapName)
        if self.function_boundary_type_conversion not in layouts:
            raise invalid_option(
                pass_name,
                "function-boundary-type-conversion",
                self.function_boundary_type_conversion,
                layouts,
            )
        unknown_layouts = get_args(UnknownLayoutMapName)
        if self.unknown_type_conversion not in unknown_layouts:
            raise invalid_option(
                pass_name,
                "unknown-type-conversion",
                self.unknown_type_conversion,
                unknown_layouts,
            )
        space = self.default_memory_space
        if isinstance(space, bool) or not isinstance(space, int) or space < 0:
            raise InvalidOptionError(
                f"{pass_name}: invalid value '{space}' of option "
                "default-memory-space (must be a non-negative integer)"
            )
        for option, value, supported in (
            ("enforce-aliasing-invariants", self.enforce_aliasing_invariants, True),
            (
                "use-encoding-for-memory-space",
                self.use_encoding_for_memory_space,
                False,
            ),
        ):
            if value != supported:
                raise unsupported_option(pass_name, option, value, supported)
        # `comprehensive-bufferize` leaves it unset (None): see its options.
        alignment: int | None = self.buffer_alignment
        if alignment is not None:
            check_alignment(pass_name, alignment)

    def to_bufferization_options(self) -> BufferizationOptions:
        """The `BufferizationOptions` these pass options describe."""
        return BufferizationOptions(
            allow_unknown_ops=self.allow_unknown_ops,
            copy_before_write=self.copy_before_write,
            analysis_heuristic=AnalysisHeuristic(self.analysis_heuristic),
            analysis_fuzzer_seed=self.analysis_fuzzer_seed,
            buffer_alignment=self.buffer_alignment,
            allow_return_allocs_from_loops=self.allow_return_allocs_from_loops,
            bufferize_function_boundaries=self.bufferize_function_boundaries,
            function_boundary_type_conversion=LayoutMapOption(
                self.function_boundary_type_conversion
            ),
            unknown_type_conversion=LayoutMapOption(self.unknown_type_conversion),
            test_analysis_only=self.test_analysis_only,
            print_conflicts=self.print_conflicts,
            explain_copies=self.explain_copies,
            dump_alias_sets=self.dump_alias_sets,
            dialect_filter=self.dialect_filter,
            no_analysis_func_filter=self.no_analysis_func_filter,
            check_parallel_regions=self.check_parallel_regions,
            modify_public_functions=self.modify_public_functions,
            infer_private_layouts=self.infer_private_layouts,
            drop_equivalent_buffer_results=self.drop_equivalent_buffer_results,
            public_arguments_writable=self.public_arguments_writable,
            must_infer_memory_space=self.must_infer_memory_space,
            default_memory_space=self.default_memory_space,
        )


@dataclass(frozen=True)
class OutParamsOptions(PassOptions):
    """The options of `buffer-results-to-out-params` (MLIR's names and defaults)."""

    name: ClassVar[str] = "buffer-results-to-out-params"

    add_result_attr: bool = False
    """Mark each out-parameter with the unit attribute bufferize.result."""
    hoist_static_allocs: bool = False
    """A statically shaped buffer the function allocates and returns is not
    allocated: the function writes the out-parameter directly."""
    hoist_dynamic_allocs: bool = False
    """Likewise for a dynamically shaped one whose sizes are function arguments
    (each caller allocates it with the sizes it passes)."""


@dataclass(frozen=True)
class StackPromotionOptions(PassOptions):
    """The options of `promote-buffers-to-stack` (MLIR's names and defaults)."""

    name: ClassVar[str] = "promote-buffers-to-stack"

    max_alloc_size_in_bytes: int = 1024
    """Largest statically sized buffer (in bytes) moved to the stack."""
    max_rank_of_allocated_memref: int = 1
    """Largest rank of a dynamically sized buffer moved to the stack (its sizes must
    all come from memref.rank)."""

    def validate(self, pass_name: str) -> None:
        """Refuse negative limits."""
        for option, value in (
            ("max-alloc-size-in-bytes", self.max_alloc_size_in_bytes),
            ("max-rank-of-allocated-memref", self.max_rank_of_allocated_memref),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidOptionError(
                    f"{pass_name}: invalid value '{value}' of option {option} "
                    "(must be a non-negative integer)"
                )


@dataclass(frozen=True)
class ComprehensiveBufferizeOptions(
    OneShotBufferizeOptions, OutParamsOptions, StackPromotionOptions
):
    """The options of `comprehensive-bufferize`: those of the passes it runs, under
    the same names (re-declared here where the default differs), and its own.

    `explain-copies` also explains the clones deallocation leaves; `statistics`
    also prints those of deallocation; `test-analysis-only` also annotates the
    function summaries."""

    name: ClassVar[str] = "comprehensive-bufferize"

    buffer_alignment: int | None = None  # pyright: ignore[reportIncompatibleVariableOverride]
    """Alignment of new allocations (0: none). Unset: 64, or with plan-memory the
    planner's plan-memory-alignment (see `effective_buffer_alignment`)."""
    allow_return_allocs_from_loops: bool = True
    """Let a loop yield a buffer not equivalent to its iter_arg (a new buffer each
    iteration, freed by the deallocation); False rejects such loops as MLIR does."""
    bufferize_function_boundaries: ClassVar[bool] = True  # pyright: ignore[reportIncompatibleVariableOverride]
    """Always: the pipeline bufferizes whole modules (not an option)."""
    unknown_type_conversion: UnknownLayoutMapName = "identity-layout-map"  # pyright: ignore[reportIncompatibleVariableOverride]
    """Layout of the buffers of unknown ops' tensors (see one-shot-bufferize):
    identity-layout-map (default: contiguous buffers) or fully-dynamic-layout-map
    (MLIR's default)."""
    function_boundary_type_conversion: LayoutMapName = "identity-layout-map"
    """Layout of memrefs at function boundaries: identity-layout-map (default:
    contiguous buffers, which xDSL's convert-memref-to-ptr lowers; a caller passing
    a non-contiguous view copies it at the call), infer-layout-map (MLIR's default:
    arguments fully dynamic, results the layout of their buffer) or
    fully-dynamic-layout-map."""
    drop_equivalent_buffer_results: bool = True
    """Drop the results of private functions equivalent to an argument (callers
    reuse their buffer)."""
    infer_private_layouts: bool = True
    """With identity-layout-map: each argument of a private function takes the most
    specific layout describing the buffers all its callers pass (the identity when
    they all pass identity buffers, a strided layout when they pass views, fully
    dynamic only when nothing more specific fits), so calls neither cast nor copy."""
    public_arguments_writable: bool = False
    """Public functions may write their tensor arguments in place (MLIR's ABI).
    Default False: a public function never writes its caller's buffers (it writes
    a copy; callers inside the module call a private in-place variant)."""
    cleanup: bool = True
    """Run the clean-up (casts, self-copies, clone/free pairs, dead ops, cse,
    licm) after deallocation."""
    canonicalize: bool = False
    """Also run xDSL's canonicalize in the clean-up (folds arithmetic)."""
    eliminate_empty_tensors: bool = True
    """Before the analysis, let empty destinations reuse an inserted-into tensor or a
    dead input (eliminate-empty-tensors)."""
    hoist_allocations: bool = True
    """After bufferization, move non-escaping loop-body allocations before their
    loop (buffer-loop-hoisting)."""
    buffer_results_to_out_params: bool = False
    """After bufferization, memref results become out-parameters the caller
    allocates (buffer-results-to-out-params, with its options hoist-static-allocs,
    hoist-dynamic-allocs, add-result-attr and modify-public-functions)."""
    promote_buffers_to_stack: bool = False
    """Before deallocation, small buffers that do not leave their function and are
    not allocated in a loop become stack buffers (promote-buffers-to-stack, with its
    options max-alloc-size-in-bytes and max-rank-of-allocated-memref)."""
    memcpy_op: MemcpyOpName = "memref.copy"
    """How copies and clones are written in the output: memref.copy (and
    bufferization.clone), or, in forms xDSL's own lowering and interpreter accept,
    linalg.copy or loops (scf.for of load/store), with each clone an allocation and
    a copy (see convert-bufferization-to-memref)."""
    plan_memory: bool = False
    """At the end, place the statically sized buffers of each function in one arena
    allocated once per call, sharing bytes between buffers whose lifetimes do not
    overlap (static-memory-planning). Also turns on buffer-results-to-out-params
    with hoist-static-allocs, so a buffer a callee returns is allocated, and
    planned, in its caller."""
    plan_memory_alignment: int = 16
    """With plan-memory: the minimum alignment of each buffer in the arena (a power
    of two), and the alignment of new allocations unless buffer-alignment is set."""

    @property
    def effective_buffer_alignment(self) -> int:
        """The alignment bufferization gives new allocations: buffer-alignment when
        set, else the planner's minimum slot alignment with plan-memory (a larger one
        would only pad small buffers' slots), else 64 (MLIR's default)."""
        if self.buffer_alignment is not None:
            return self.buffer_alignment
        return self.plan_memory_alignment if self.plan_memory else 64

    @property
    def plans_out_params(self) -> bool:
        """Whether buffer-results-to-out-params runs (asked for, or by plan-memory)."""
        return self.buffer_results_to_out_params or self.plan_memory

    def validate(self, pass_name: str) -> None:
        """The checks of the passes it runs, then its own, in that order."""
        OneShotBufferizeOptions.validate(self, pass_name)
        StackPromotionOptions.validate(self, pass_name)
        if self.dialect_filter:
            raise InvalidOptionError(
                f"{pass_name}: option dialect-filter is not supported (the whole "
                "module is bufferized and deallocated; for a partial bufferization "
                "use one-shot-bufferize{dialect-filter=...})"
            )
        if self.memcpy_op not in MEMCPY_OPS:
            raise invalid_option(pass_name, "memcpy-op", self.memcpy_op, MEMCPY_OPS)
        check_planning_alignment(
            pass_name, "plan-memory-alignment", self.plan_memory_alignment
        )


MLIR_PASS_NAMES: dict[str, tuple[str | None, str]] = {
    "one-shot-bufferize": (
        "one-shot-bufferize",
        "MLIR's options and defaults; options marked (ours) added",
    ),
    "ownership-based-buffer-deallocation": (
        "ownership-based-buffer-deallocation",
        "alias of buffer-deallocation with MLIR's option; frees are memref.dealloc,"
        " never bufferization.dealloc",
    ),
    "buffer-deallocation-pipeline": (
        "buffer-deallocation-pipeline",
        "buffer-deallocation, then bufferization-cleanup",
    ),
    "drop-equivalent-buffer-results": ("drop-equivalent-buffer-results", "same"),
    "buffer-results-to-out-params": ("buffer-results-to-out-params", "same"),
    "promote-buffers-to-stack": ("promote-buffers-to-stack", "same"),
    "buffer-loop-hoisting": ("buffer-loop-hoisting", "same"),
    "optimize-allocation-liveness": ("optimize-allocation-liveness", "same"),
    "eliminate-empty-tensors": ("eliminate-empty-tensors", "same"),
    "empty-tensor-to-alloc-tensor": (
        "empty-tensor-to-alloc-tensor",
        "xDSL's own pass (not needed before ours)",
    ),
    "buffer-hoisting": (
        None,
        "none: buffer-loop-hoisting moves allocations out of loops only",
    ),
    "buffer-deallocation-simplification": (
        None,
        "not needed: no bufferization.dealloc is ever emitted",
    ),
    "bufferization-lower-deallocations": (
        None,
        "not needed: no bufferization.dealloc is ever emitted",
    ),
}
"""MLIR's bufferization pass names: the pass of ours doing the same job (None: none)
and a note; docs/passes.md shows it as a table."""


_Pass = TypeVar("_Pass")


def options_of(target: type[_Pass], source: PassOptions, **overrides: object) -> _Pass:
    """`target` built from the values of `source`'s options of the same name, or of
    `overrides` (how a pipeline hands its options to the passes it runs)."""
    names = {f.name for f in dataclasses.fields(target)}  # pyright: ignore[reportArgumentType]
    values: dict[str, Any] = {
        f.name: getattr(source, f.name)
        for f in dataclasses.fields(source)
        if f.name in names
    }
    values.update(overrides)
    return target(**values)


__all__ = [
    "MEMCPY_OPS",
    "MLIR_PASS_NAMES",
    "AnalysisHeuristicName",
    "ComprehensiveBufferizeOptions",
    "LayoutMapName",
    "MemcpyOpName",
    "OneShotBufferizeOptions",
    "OutParamsOptions",
    "PassOptions",
    "StackPromotionOptions",
    "check_planning_alignment",
    "options_of",
]
