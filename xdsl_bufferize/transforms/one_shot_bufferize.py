"""The `one-shot-bufferize` pass: options, then one call into the driver.

Option names follow MLIR's pass. Decisions are documented in
`xdsl_bufferize/bufferization/driver.py` (rewrite) and
`xdsl_bufferize/analysis/one_shot_analysis.py` (in-place analysis).

* `test-analysis-only`: annotate `__inplace_operands_attr__` and rewrite nothing;
  with `print-conflicts` the ops with out-of-place operands also get
  `__conflicts__` (one reason string per out-of-place operand), and with
  `dump-alias-sets` each op with tensor results gets `__opresult_alias_set_attr__`
  (one alias-set number per result).
* `print-conflicts`: one line per out-of-place operand on stderr (why it is copied).
* `statistics`: counts (in-place / out-of-place operands, tensor copies,
  allocations, buffer copies, constant globals) on stderr.
* `bufferize-function-boundaries`: the module driver
  (`bufferization/module_driver.py`) bufferizes signatures and calls too,
  callees first; `modify-public-functions` and `drop-equivalent-buffer-results`
  control which results equivalent to an argument are dropped. Without it,
  function bodies are bufferized and tensor arguments/results cross the signature
  through `to_buffer` / `to_tensor`.
* `allow-return-allocs-from-loops`: a loop yield that is not equivalent to its
  iter_arg yields a new buffer (a copy) each iteration; without it (MLIR's
  default) such a loop is rejected with MLIR's diagnostic.
* `public-arguments-writable` (ours; default true, MLIR's ABI): with function
  boundaries a public function writes its tensor arguments in place unless marked
  `bufferization.writable = false`; false gives the conservative ABI.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Protocol

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.analysis.module_analysis import ReusableAnalyses
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.bufferizable import (
    AnalysisHeuristic,
    BufferizationOptions,
    LayoutMapOption,
)
from xdsl_bufferize.interfaces.copy_reasons import explain_copies
from xdsl_bufferize.interfaces.diagnostics import check_alignment, invalid_option


class _BufferizationPassOptions(Protocol):
    @property
    def analysis_heuristic(self) -> str: ...
    @property
    def function_boundary_type_conversion(self) -> str: ...
    @property
    def buffer_alignment(self) -> int | None: ...


def validate_bufferization_options(
    pass_name: str, options: _BufferizationPassOptions
) -> None:
    """Raise `InvalidOptionError` for a bad enum value or alignment (when the pass
    is built, not when it runs)."""
    heuristics = [h.value for h in AnalysisHeuristic]
    if options.analysis_heuristic not in heuristics:
        raise invalid_option(
            pass_name, "analysis-heuristic", options.analysis_heuristic, heuristics
        )
    layouts = [layout.value for layout in LayoutMapOption]
    if options.function_boundary_type_conversion not in layouts:
        raise invalid_option(
            pass_name,
            "function-boundary-type-conversion",
            options.function_boundary_type_conversion,
            layouts,
        )
    if options.buffer_alignment is not None:
        check_alignment(pass_name, options.buffer_alignment)


@dataclass(frozen=True)
class OneShotBufferizePass(ModulePass):
    """Bufferize tensor ops to memref ops, in place where the analysis proves it safe."""

    name = "one-shot-bufferize"

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
    analysis_heuristic: str = "bottom-up"
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
    function_boundary_type_conversion: str = "infer-layout-map"
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

    def __post_init__(self) -> None:
        validate_bufferization_options(self.name, self)

    def options(self) -> BufferizationOptions:
        """The `BufferizationOptions` these pass options describe."""
        heuristic = AnalysisHeuristic(self.analysis_heuristic)
        layout = LayoutMapOption(self.function_boundary_type_conversion)
        return BufferizationOptions(
            allow_unknown_ops=self.allow_unknown_ops,
            copy_before_write=self.copy_before_write,
            analysis_heuristic=heuristic,
            analysis_fuzzer_seed=self.analysis_fuzzer_seed,
            buffer_alignment=self.buffer_alignment,
            allow_return_allocs_from_loops=self.allow_return_allocs_from_loops,
            bufferize_function_boundaries=self.bufferize_function_boundaries,
            function_boundary_type_conversion=layout,
            test_analysis_only=self.test_analysis_only,
            print_conflicts=self.print_conflicts,
            explain_copies=self.explain_copies,
            dump_alias_sets=self.dump_alias_sets,
            modify_public_functions=self.modify_public_functions,
            infer_private_layouts=self.infer_private_layouts,
            drop_equivalent_buffer_results=self.drop_equivalent_buffer_results,
            public_arguments_writable=self.public_arguments_writable,
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.run(op)

    def run(
        self,
        op: ModuleOp,
        prior: ReusableAnalyses | None = None,
        report_copies: bool = True,
        options: BufferizationOptions | None = None,
    ) -> None:
        """Bufferize `op`; with function boundaries, reuse the still valid function
        analyses of `prior` (made with the same options). `report_copies=False`
        leaves the explain-copies report to the caller (a pipeline that changes
        the copies afterwards). `options` replaces `self.options()` (a pipeline
        setting options that are not this pass's)."""
        from xdsl_bufferize.bufferization.driver import one_shot_bufferize

        if options is None:
            options = self.options()
        with frozen_heap():
            if options.bufferize_function_boundaries:
                from xdsl_bufferize.bufferization.module_driver import (
                    one_shot_module_bufferize,
                )

                stats = one_shot_module_bufferize(op, options, prior)
            else:
                stats = one_shot_bufferize(op, options)
        if self.statistics:
            print(stats.report(), file=sys.stderr)
        if self.explain_copies and report_copies and not self.test_analysis_only:
            explain_copies(op)
