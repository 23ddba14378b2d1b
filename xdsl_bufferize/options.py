"""The options of the passes, each declared once.

Each option class is a frozen dataclass whose fields are the options of one pass, with
MLIR's names (`-p 'name{opt-name=value}'` maps hyphens to underscores) and defaults.
The pass classes of `xdsl_bufferize.transforms` inherit them (`class
OneShotBufferizePass(OneShotBufferizeOptions, ModulePass)`), `comprehensive-bufferize`
inherits the options of every pass it runs (`ComprehensiveBufferizeOptions`), and the
Python API (`xdsl_bufferize.bufferize`) takes the same names.

An option class checks its values when it is built (`validate`), so a bad value is an
`InvalidOptionError` naming the pass, the option and the valid values before anything
runs. Options with a fixed set of values are `Literal` types; xDSL's `from_spec` would
refuse a value outside a `Literal` with its own error, so `PassOptions.from_spec`
hands such a value to `validate` instead.
"""

from __future__ import annotations

import dataclasses
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
MemcpyOpName = Literal["memref.copy", "linalg.copy", "loops"]
"""The values of the `memcpy-op` option."""
MEMCPY_OPS: tuple[MemcpyOpName, ...] = get_args(MemcpyOpName)
"""The values of `MemcpyOpName`, in order."""


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


_deferred_checks: list[bool] = []
"""Non-empty while `PassOptions.from_spec` builds options whose check comes later."""


@dataclass(frozen=True)
class PassOptions:
    """The options of the pass called `name`, checked when they are built."""

    name: ClassVar[str]
    """The pass these options belong to (named in the errors)."""

    def __post_init__(self) -> None:
        if not _deferred_checks:
            self.validate(self.name)

    def validate(self, pass_name: str) -> None:
        """Raise `InvalidOptionError` for a value the pass does not accept."""

    @classmethod
    def from_spec(cls, spec: ArgSpec) -> Self:
        """xDSL's `from_spec` (the pass built from `-p 'name{...}'`), except that a
        value outside a `Literal` option's values (which xDSL's type check would
        refuse with its own message) reaches `validate`: the options are built
        without such values, then take them, and `validate` reports the first bad
        option in its own order."""
        parameters = spec.normalize_parameter_names().parameters
        hints = get_type_hints(cls)
        outside: dict[str, str] = {}
        for field in dataclasses.fields(cls):
            if get_origin(hints[field.name]) is not Literal:
                continue
            values = parameters.get(field.name)
            if values is not None and len(values) == 1:
                value = values[0]
                if isinstance(value, str) and value not in get_args(hints[field.name]):
                    outside[field.name] = value
        if not outside:
            return super().from_spec(spec)  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownVariableType]
        rest = {k: v for k, v in parameters.items() if k not in outside}
        _deferred_checks.append(True)
        try:
            built: Self = super().from_spec(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
                type(spec)(name=spec.name, parameters=rest)
            )
        finally:
            _deferred_checks.pop()
        return dataclasses.replace(built, **outside)


@dataclass(frozen=True)
class OneShotBufferizeOptions(PassOptions):
    """The options of `one-shot-bufferize` (MLIR's names and defaults, plus ours)."""

    name: ClassVar[str] = "one-shot-bufferize"

    test_analysis_only: bool = False
    """Annotate in-place decisions only; rewrite nothing."""
    print_conflicts: bool = False
    """Report why each out-of-place operand needs a copy."""
    explain_copies: bool = False
    """After the pass, print to stderr one line per copy left in the output, with
    its reason (the values and ops named as printed)."""
    dump_alias_sets: bool = False
    """With test-analysis-only, annotate alias-set numbers of op results."""
    allow_unknown_ops: bool = False
    """Keep ops without a model on tensors, behind to_tensor / to_buffer."""
    copy_before_write: bool = False
    """Skip the analysis: every write goes to a copy."""
    analysis_heuristic: AnalysisHeuristicName = "bottom-up"
    """bottom-up, top-down, bottom-up-from-terminators or fuzzer."""
    analysis_fuzzer_seed: int = 0
    """Seed of the fuzzer heuristic."""
    buffer_alignment: int = 64
    """Alignment of new allocations (0: none)."""
    allow_return_allocs_from_loops: bool = False
    """Let a loop yield a buffer not equivalent to its iter_arg (a new buffer each
    iteration); when False (MLIR's default), such a loop is an error."""
    bufferize_function_boundaries: bool = False
    """Bufferize function signatures and calls too (the module driver,
    `bufferization/module_driver.py`)."""
    function_boundary_type_conversion: LayoutMapName = "infer-layout-map"
    """Layout of memrefs at function boundaries."""
    infer_private_layouts: bool = False
    """With function boundaries and identity-layout-map: each argument of a private
    function takes the most specific layout describing what all its callers pass
    (the identity when they pass identity buffers), so no call copies a view."""
    modify_public_functions: bool = False
    """With function boundaries: also drop equivalent results of public functions."""
    drop_equivalent_buffer_results: bool = True
    """With function boundaries: drop results equivalent to an argument."""
    public_arguments_writable: bool = True
    """With function boundaries: public functions may write their tensor arguments
    in place (MLIR's ABI). False: the conservative ABI (a public function writes a
    copy; callers inside the module call a private in-place variant)."""
    statistics: bool = False
    """Print counts of decisions, allocations and copies."""
    must_infer_memory_space: bool = False
    """An allocation whose memory space is neither given (`alloc_tensor`'s
    `memory_space`) nor inferred from the buffer it copies (an out-of-place copy, a
    `copy(%t)`) is an error at the allocating op ("could not infer memory space"),
    as with MLIR's option of that name; otherwise it takes default-memory-space."""
    default_memory_space: int = 0
    """The memory space of allocations that infer none (tensor.empty, an
    alloc_tensor without `memory_space` or `copy`, from_elements, ...): 0 (the
    default) is no memory space, N > 0 the integer space `N : i64`. MLIR's pass
    has no textual option for it (its `defaultMemorySpaceFn` is set from C++);
    function boundaries keep no memory space whatever its value, as MLIR's
    default function type conversion does for tensors without one."""

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
        space = self.default_memory_space
        if isinstance(space, bool) or not isinstance(space, int) or space < 0:
            raise InvalidOptionError(
                f"{pass_name}: invalid value '{space}' of option "
                "default-memory-space (must be a non-negative integer)"
            )
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
            test_analysis_only=self.test_analysis_only,
            print_conflicts=self.print_conflicts,
            explain_copies=self.explain_copies,
            dump_alias_sets=self.dump_alias_sets,
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
    function_boundary_type_conversion: LayoutMapName = "identity-layout-map"
    """Layout of memrefs at function boundaries: identity-layout-map (default:
    contiguous buffers, which xDSL's convert-memref-to-ptr lowers; a caller passing
    a non-contiguous view copies it at the call), infer-layout-map (MLIR's default:
    arguments fully dynamic, results the layout of their buffer) or
    fully-dynamic-layout-map."""
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
        if self.memcpy_op not in MEMCPY_OPS:
            raise invalid_option(pass_name, "memcpy-op", self.memcpy_op, MEMCPY_OPS)
        check_planning_alignment(
            pass_name, "plan-memory-alignment", self.plan_memory_alignment
        )


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
