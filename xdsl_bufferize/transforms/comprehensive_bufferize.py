"""comprehensive-bufferize: tensors to leak-free buffers in one pass.

The pipeline runs

0. `eliminate-empty-tensors` (option `eliminate-empty-tensors`) -- on tensors: empty
   destinations become slices of the tensor they are inserted into, or a dead input,
   where the one-shot analysis keeps them in place;
1. `one-shot-bufferize{bufferize-function-boundaries=true}` -- the one-shot analysis and
   rewrite of every function, callees first, with tensor function arguments and
   results turned into memrefs and results equivalent to arguments dropped;
1a. `buffer-results-to-out-params` (option `buffer-results-to-out-params`, off by
   default; with its options `hoist-static-allocs`, `hoist-dynamic-allocs`,
   `add-result-attr`, and `modify-public-functions` for public functions) -- memref
   results become out-parameters the caller allocates; results that are statically
   an argument or a view of one stay results (deallocation returns them without a
   copy), and functions the pass would refuse (a dynamically shaped result the caller
   cannot size, an unsupported layout, a symbol used other than by calls) are left
   as they are;
1b. `buffer-loop-hoisting` (option `hoist-allocations`) -- allocations in loop bodies
   that do not escape their iteration move before the loop;
1c. `promote-buffers-to-stack` (option `promote-buffers-to-stack`, off by default;
   with its limits `max-alloc-size-in-bytes`, `max-rank-of-allocated-memref`) --
   small buffers that do not leave their function and are not allocated in a loop
   become `memref.alloca` (after hoisting, so buffers hoisted out of loops qualify);
2. `buffer-deallocation` -- frees every allocation exactly once;
3. clean-up: the small patterns below (casts between layouts folded into the ops that
   accept any layout, self-copies, `bufferization.clone` freed right away or whose
   source dies at the clone, ops left dead), then xDSL's `cse` and `licm`, and
   the small patterns once more. xDSL's `canonicalize` runs too with the option
   `canonicalize=true`; it is off by default because on bufferized programs it only
   folds the program's own arithmetic (it changes no allocation, copy or free on
   any test input or benchmark module) and was the costliest clean-up step;
4. with `memcpy-op=linalg.copy` or `memcpy-op=loops`, each `bufferization.clone`
   becomes an allocation and a copy, and each copy takes that form
   (`convert-bufferization-to-memref`), so xDSL's own lowering
   (`convert-linalg-to-loops`, `convert-memref-to-ptr`) and interpreter accept it;
5. with `plan-memory=true`, `static-memory-planning` (its minimum alignment is the
   option `plan-memory-alignment`, 16 by default): the statically sized buffers of
   each function that are freed where they are allocated share one arena, allocated
   once per call, at offsets that reuse the bytes of buffers no longer live.

Options are those of the passes it runs, under the same names; each is forwarded
to the pass that declares it (the options of buffer-results-to-out-params and
promote-buffers-to-stack are declared once, in `OutParamsOptions` and
`StackPromotionOptions`, which both the passes and this one inherit).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.analysis.module_analysis import ReusableAnalyses
from xdsl_bufferize.bufferization.buffer_optimizations import (
    hoist_loop_allocations,
    promote_buffers_to_stack,
)
from xdsl_bufferize.bufferization.cleanup import clean_up
from xdsl_bufferize.bufferization.copy_lowering import lower_copies
from xdsl_bufferize.bufferization.empty_tensor_elimination import (
    eliminate_empty_tensors,
)
from xdsl_bufferize.bufferization.memory_planning import plan_memory
from xdsl_bufferize.bufferization.out_params import buffer_results_to_out_params
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.copy_reasons import explain_copies
from xdsl_bufferize.interfaces.diagnostics import invalid_option
from xdsl_bufferize.options import (
    MEMCPY_OPS,
    MemcpyOpName,
    OutParamsOptions,
    StackPromotionOptions,
)
from xdsl_bufferize.transforms.buffer_deallocation import BufferDeallocationPass
from xdsl_bufferize.transforms.one_shot_bufferize import (
    OneShotBufferizePass,
    validate_bufferization_options,
)
from xdsl_bufferize.transforms.static_memory_planning import (
    check_planning_alignment,
)


def _forward_options(
    target: type[ModulePass], source: ModulePass, **overrides: object
) -> ModulePass:
    """An instance of `target` whose options take the values of `source`'s fields of
    the same name, or of `overrides`."""
    names = {f.name for f in dataclasses.fields(target)}
    values = {
        f.name: getattr(source, f.name)
        for f in dataclasses.fields(source)
        if f.name in names
    }
    values.update(overrides)
    return target(**values)


@dataclass(frozen=True)
class ComprehensiveBufferizePass(ModulePass, OutParamsOptions, StackPromotionOptions):
    """Tensor programs to memref programs that free every allocation exactly once:
    one-shot bufferization across function boundaries, buffer deallocation, clean-up."""

    name = "comprehensive-bufferize"

    test_analysis_only: bool = False
    """Annotate in-place decisions and function summaries only; rewrite nothing."""
    print_conflicts: bool = False
    """Report why each out-of-place operand needs a copy."""
    explain_copies: bool = False
    """After the pass, print to stderr one line per copy and clone left in the
    output, with its reason (the values and ops named as printed)."""
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
    buffer_alignment: int | None = None
    """Alignment of new allocations (0: none). Unset: 64, or with plan-memory the
    planner's plan-memory-alignment (see `effective_buffer_alignment`)."""
    allow_return_allocs_from_loops: bool = True
    """Let a loop yield a buffer not equivalent to its iter_arg (a new buffer each
    iteration, freed by the deallocation); False rejects such loops as MLIR does."""
    function_boundary_type_conversion: str = "identity-layout-map"
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
    modify_public_functions: bool = False
    """Also drop equivalent results of public functions."""
    drop_equivalent_buffer_results: bool = True
    """Drop results equivalent to an argument (callers reuse their buffer)."""
    public_arguments_writable: bool = False
    """Public functions may write their tensor arguments in place (MLIR's ABI).
    Default False: a public function never writes its caller's buffers (it writes
    a copy; callers inside the module call a private in-place variant)."""
    statistics: bool = False
    """Print the statistics of bufferization and of deallocation to stderr."""
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
    memcpy_op: str = "memref.copy"
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

    def __post_init__(self) -> None:
        validate_bufferization_options(self.name, self)
        self.check_stack_promotion_options(self.name)
        if self.memcpy_op not in MEMCPY_OPS:
            raise invalid_option(self.name, "memcpy-op", self.memcpy_op, MEMCPY_OPS)
        check_planning_alignment(
            self.name, "plan-memory-alignment", self.plan_memory_alignment
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            self._run(ctx, op)

    def _run(self, ctx: Context, op: ModuleOp) -> None:
        bufferize_pass = _forward_options(
            OneShotBufferizePass,
            self,
            buffer_alignment=self.effective_buffer_alignment,
            bufferize_function_boundaries=True,
        )
        assert isinstance(bufferize_pass, OneShotBufferizePass)
        # The last analysis of eliminate-empty-tensors is kept for the functions
        # it did not change afterwards: one-shot reuses it instead of redoing it.
        # With plan-memory, public callees get private variants whose results
        # buffer-results-to-out-params can turn into out-parameters.
        options = dataclasses.replace(
            bufferize_pass.options(), result_variants=self.plan_memory
        )
        kept = ReusableAnalyses(options)
        if (
            self.eliminate_empty_tensors
            and not self.test_analysis_only
            and not self.copy_before_write
        ):
            eliminate_empty_tensors(op, options, kept)
        bufferize_pass.run(op, kept, report_copies=False, options=options)
        if self.test_analysis_only:
            return
        if self.plans_out_params:
            # The planner needs callers to allocate what callees return.
            hoist = self.hoist_static_allocs or self.plan_memory
            buffer_results_to_out_params(
                op,
                dataclasses.replace(self, hoist_static_allocs=hoist),
                self.modify_public_functions,
                keep_forwarded=True,
                skip_unsupported=True,
                alignment=self.effective_buffer_alignment or None,
            )
        if self.hoist_allocations:
            hoist_loop_allocations(op)
        if self.promote_buffers_to_stack:
            promote_buffers_to_stack(
                op, self.max_alloc_size_in_bytes, self.max_rank_of_allocated_memref
            )
        _forward_options(BufferDeallocationPass, self).apply(ctx, op)
        if self.cleanup:
            clean_up(ctx, op, self.canonicalize)
        if self.explain_copies:
            explain_copies(op)
        if self.memcpy_op != "memref.copy":
            lower_copies(op, cast(MemcpyOpName, self.memcpy_op))
        if self.plan_memory:
            plan_memory(op, self.plan_memory_alignment)
