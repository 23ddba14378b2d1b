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
from xdsl.dialects import bufferization, memref
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.transforms.canonicalization_patterns.memref import (
    ElideUnusedAlloc,
    MemRefSubviewOfSubviewFolding,
)
from xdsl.transforms.canonicalize import CanonicalizePass
from xdsl.transforms.common_subexpression_elimination import (
    CommonSubexpressionElimination,
)
from xdsl.transforms.loop_invariant_code_motion import LoopInvariantCodeMotionPass

from xdsl_bufferize.analysis.module_analysis import ReusableAnalyses
from xdsl_bufferize.bufferization.empty_tensor_elimination import (
    eliminate_empty_tensors,
)
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.copy_reasons import explain_copies
from xdsl_bufferize.interfaces.diagnostics import invalid_option
from xdsl_bufferize.transforms.buffer_deallocation import BufferDeallocationPass
from xdsl_bufferize.transforms.buffer_loop_hoisting import hoist_loop_allocations
from xdsl_bufferize.transforms.buffer_results_to_out_params import (
    OutParamsOptions,
    buffer_results_to_out_params,
)
from xdsl_bufferize.transforms.convert_bufferization_to_memref import (
    MEMCPY_OPS,
    MemcpyOp,
    lower_copies,
)
from xdsl_bufferize.transforms.one_shot_bufferize import (
    OneShotBufferizePass,
    validate_bufferization_options,
)
from xdsl_bufferize.transforms.promote_buffers_to_stack import (
    StackPromotionOptions,
    promote_buffers_to_stack,
)
from xdsl_bufferize.transforms.static_memory_planning import (
    check_planning_alignment,
    plan_memory,
)
from xdsl_bufferize.utils.ir import strip_casts


class FoldCastOfCast(RewritePattern):
    """memref.cast of a memref.cast: one cast from the first source (none if the
    types agree)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.CastOp, rewriter: PatternRewriter, /):
        source = op.source
        if source.type == op.dest.type:
            rewriter.replace(op, [], [source])
            return
        if not isinstance(source.owner, memref.CastOp):
            return
        base = strip_casts(source)
        if base.type == op.dest.type:
            rewriter.replace(op, [], [base])
        else:
            rewriter.replace(op, memref.CastOp.get(base, op.dest.type))  # pyright: ignore[reportArgumentType]


_LAYOUT_AGNOSTIC = (
    memref.LoadOp,
    memref.StoreOp,
    memref.DeallocOp,
    memref.DimOp,
    memref.CopyOp,
)


def _copy_keeps_shapes(copy: memref.CopyOp, index: int, value: SSAValue) -> bool:
    """Whether `copy` still has operands of one shape with `value` as operand
    `index` (memref.copy accepts any layout, but not a static size against a dynamic
    one)."""
    other = copy.operands[1 - index].type
    return (
        isinstance(value.type, MemRefType)
        and isinstance(other, MemRefType)
        and value.type.get_shape() == other.get_shape()
    )


class FoldCastIntoUsers(RewritePattern):
    """Users that accept any layout (load, store, dim, dealloc, copy) read the cast's
    source directly (a copy only if its operands keep one shape)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.CastOp, rewriter: PatternRewriter, /):
        changed = False
        for use in list(op.dest.uses):
            user = use.operation
            if isinstance(user, memref.CopyOp) and not _copy_keeps_shapes(
                user, use.index, op.source
            ):
                continue
            if isinstance(user, _LAYOUT_AGNOSTIC):
                user.operands[use.index] = op.source
                changed = True
        if changed:
            rewriter.handle_operation_modification(op)
        if not op.dest.uses:
            rewriter.erase(op)


def _same_view(a: SSAValue, b: SSAValue) -> bool:
    a, b = strip_casts(a), strip_casts(b)
    if a is b:
        return True
    sub_a, sub_b = a.owner, b.owner
    if not isinstance(sub_a, memref.SubviewOp) or not isinstance(
        sub_b, memref.SubviewOp
    ):
        return False
    return (
        strip_casts(sub_a.source) is strip_casts(sub_b.source)
        and tuple(sub_a.operands[1:]) == tuple(sub_b.operands[1:])
        and sub_a.properties == sub_b.properties
    )


class EraseSelfCopy(RewritePattern):
    """memref.copy from a view onto the same view does nothing."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.CopyOp, rewriter: PatternRewriter, /):
        if _same_view(op.source, op.destination):
            rewriter.erase(op)


def _touches(op: Operation, values: set[SSAValue]) -> bool:
    """Whether `op` (or an op nested in it) uses one of `values` (through casts or
    views) other than by reading a scalar from it."""
    for nested in op.walk():
        for operand in nested.operands:
            if strip_casts(operand) in values:
                if isinstance(nested, memref.LoadOp | memref.DimOp):
                    continue
                return True
    return False


def _later_ops(op: Operation) -> list[Operation]:
    block = op.parent_block()
    assert block is not None
    found: list[Operation] = []
    current = op.next_op
    while current is not None:
        found.append(current)
        current = current.next_op
    return found


class FoldCloneFreedInBlock(RewritePattern):
    """A clone that is only read and freed in its block, while its source is neither
    written nor freed, is the source itself: the clone and its free go away."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: bufferization.CloneOp, rewriter: PatternRewriter, /
    ):
        block: Block | None = op.parent_block()
        if block is None:
            return
        clone = op.output
        source = strip_casts(op.input)
        dealloc: memref.DeallocOp | None = None
        for use in clone.uses:
            user = use.operation
            if isinstance(user, memref.DeallocOp):
                if dealloc is not None or user.parent_block() is not block:
                    return
                dealloc = user
            elif not isinstance(user, memref.LoadOp | memref.DimOp):
                return
        if dealloc is None:
            return
        for later in _later_ops(op):
            if later is dealloc:
                break
            if _touches(later, {source}):
                return
        rewriter.erase(dealloc)
        rewriter.replace(op, [], [op.input])


class FoldCloneOfDyingSource(RewritePattern):
    """`%c = clone %s` followed in the same block by `dealloc %s` with no other use of
    %s in between or after: %c can be %s itself (the ownership moves). %s may be seen
    through `memref.cast`s (`%v = cast %s`, `%c = clone %v`, `dealloc %s`): %c is %v."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: bufferization.CloneOp, rewriter: PatternRewriter, /
    ):
        source = op.input
        if source.type != op.output.type:
            return
        chain = [source]
        while isinstance(chain[-1].owner, memref.CastOp):
            chain.append(chain[-1].owner.source)
        # chain: the clone's input, ..., the value behind all casts (the allocation).
        block = op.parent_block()
        dealloc: memref.DeallocOp | None = None
        for position, value in enumerate(chain):
            for use in value.uses:
                user = use.operation
                if user is op or (position > 0 and user is chain[position - 1].owner):
                    continue
                if (
                    position == len(chain) - 1
                    and isinstance(user, memref.DeallocOp)
                    and user.parent_block() is block
                ):
                    if dealloc is not None:
                        return
                    dealloc = user
                    continue
                # Any other use must come before the clone, in the same block.
                if user.parent_block() is not block or not user.is_before_in_block(op):
                    return
        if dealloc is None or not op.is_before_in_block(dealloc):
            return
        rewriter.erase(dealloc)
        rewriter.replace(op, [], [source])


CLEANUP_PATTERNS: tuple[type[RewritePattern], ...] = (
    FoldCastOfCast,
    FoldCastIntoUsers,
    EraseSelfCopy,
    FoldCloneFreedInBlock,
    FoldCloneOfDyingSource,
    # xDSL's own memref canonicalizations (the buffer-relevant part of
    # canonicalize): an allocation only freed, a subview of a subview.
    ElideUnusedAlloc,
    MemRefSubviewOfSubviewFolding,
)


def cleanup_buffers(module: ModuleOp) -> None:
    """Apply the clean-up patterns to a fixed point."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier([p() for p in CLEANUP_PATTERNS]),
        apply_recursively=True,
    ).rewrite_module(module)


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
            lower_copies(op, cast(MemcpyOp, self.memcpy_op))
        if self.plan_memory:
            plan_memory(op, self.plan_memory_alignment)


def clean_up(ctx: Context, op: ModuleOp, canonicalize: bool = False) -> None:
    """The clean-up after deallocation: our buffer patterns (which also erase
    trivially dead ops), xDSL's canonicalize if asked, cse and licm, then our
    patterns again."""
    cleanup_buffers(op)
    if canonicalize:
        CanonicalizePass().apply(ctx, op)
    CommonSubexpressionElimination().apply(ctx, op)
    LoopInvariantCodeMotionPass().apply(ctx, op)
    cleanup_buffers(op)
