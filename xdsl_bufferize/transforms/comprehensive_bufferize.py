"""comprehensive-bufferize: tensors to leak-free buffers in one pass.

The pipeline runs

0. `eliminate-empty-tensors` (option `eliminate-empty-tensors`) -- on tensors: empty
   destinations become slices of the tensor they are inserted into, or a dead input,
   where the one-shot analysis keeps them in place;
1. `one-shot-bufferize{bufferize-function-boundaries drop-equivalent-buffer-results}`
   -- the one-shot analysis and rewrite of every function, callees first, with
   tensor function arguments and results turned into memrefs and the results of
   private functions equivalent to an argument dropped (this pass's default of
   drop-equivalent-buffer-results is true; one-shot-bufferize's, as MLIR's, false);
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
promote-buffers-to-stack are declared once, in `xdsl_bufferize/options.py`: the
passes and this one inherit them, `ComprehensiveBufferizeOptions`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.analysis.manager import (
    ALL,
    NONE,
    AnalysisName,
    ModuleAnalyses,
)
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
from xdsl_bufferize.options import ComprehensiveBufferizeOptions, options_of
from xdsl_bufferize.transforms.buffer_deallocation import BufferDeallocationPass
from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass

PRESERVED: dict[str, tuple[AnalysisName, ...]] = {
    # signatures and calls rewritten
    "buffer-results-to-out-params": NONE,
    # allocations and their frees moved out of loops: no call, signature or return
    "buffer-loop-hoisting": ALL,
    # allocations replaced by allocas, their frees erased: as hoisting
    "promote-buffers-to-stack": ALL,
    # public forwarders split into twins, clones and frees of arguments inserted
    "buffer-deallocation": NONE,
    # ops folded and erased (casts folded into call operands among them)
    "clean-up": NONE,
    # clones become allocations and copies
    "convert-bufferization-to-memref": NONE,
}
"""The module analyses (`analysis/manager.py`) each memref stage of the pipeline keeps
valid; the tensor stages (eliminate-empty-tensors, one-shot) share their own analyses
(`ReusableAnalyses`), and explain-copies only adds attributes."""


@dataclass(frozen=True)
class ComprehensiveBufferizePass(ComprehensiveBufferizeOptions, ModulePass):
    """Tensor programs to memref programs that free every allocation exactly once:
    one-shot bufferization across function boundaries, buffer deallocation, clean-up."""

    name = "comprehensive-bufferize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with frozen_heap():
            self._run(ctx, op)

    def _run(self, ctx: Context, op: ModuleOp) -> None:
        bufferize_pass = options_of(
            OneShotBufferizePass,
            self,
            buffer_alignment=self.effective_buffer_alignment,
            bufferize_function_boundaries=True,
        )
        # The last analysis of eliminate-empty-tensors is kept for the functions
        # it did not change afterwards: one-shot reuses it instead of redoing it.
        # With plan-memory, public callees get private variants whose results
        # buffer-results-to-out-params can turn into out-parameters.
        options = dataclasses.replace(
            bufferize_pass.to_bufferization_options(), result_variants=self.plan_memory
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
        # The memref stages share the module analyses (call graph, freed arguments,
        # forwarding) while they preserve them (`PRESERVED`).
        analyses = ModuleAnalyses(op)
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
            analyses.preserve(PRESERVED["buffer-results-to-out-params"])
        if self.hoist_allocations:
            hoist_loop_allocations(op)
            analyses.preserve(PRESERVED["buffer-loop-hoisting"])
        if self.promote_buffers_to_stack:
            promote_buffers_to_stack(
                op,
                self.max_alloc_size_in_bytes,
                self.max_rank_of_allocated_memref,
                analyses,
            )
            analyses.preserve(PRESERVED["promote-buffers-to-stack"])
        options_of(BufferDeallocationPass, self).run(op, analyses)
        analyses.preserve(PRESERVED["buffer-deallocation"])
        if self.cleanup:
            clean_up(ctx, op, self.canonicalize)
            analyses.preserve(PRESERVED["clean-up"])
        if self.explain_copies:
            explain_copies(op)
        if self.memcpy_op != "memref.copy":
            lower_copies(op, self.memcpy_op)
            analyses.preserve(PRESERVED["convert-bufferization-to-memref"])
        if self.plan_memory:
            plan_memory(op, self.plan_memory_alignment, analyses=analyses)
