"""The clean-up of bufferized programs: small buffer patterns, cse and licm.

After deallocation, `clean_up` applies to a fixed point the patterns below (casts
between layouts folded into the ops that accept any layout, self-copies,
`bufferization.clone` freed right away or whose source dies at the clone, a copy of a
buffer holding one scalar made a fill and an allocation only filled and freed erased
(beyond MLIR), and xDSL's
memref canonicalizations: an allocation only freed, a subview of a subview), then
xDSL's `canonicalize` (only when asked: on bufferized programs it folds the
program's own arithmetic), `cse` and `licm`, and the patterns once more. The
patterns' driver offers each op only the patterns declared for its class
(`TypeDispatchingApplier`).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from types import UnionType
from typing import Union, get_args, get_origin

from xdsl.context import Context
from xdsl.dialects import arith, bufferization, memref
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.traits import IsTerminator, SymbolOpInterface
from xdsl.transforms.canonicalization_patterns.memref import (
    ElideUnusedAlloc,
    MemRefSubviewOfSubviewFolding,
)
from xdsl.transforms.canonicalize import CanonicalizePass
from xdsl.transforms.common_subexpression_elimination import (
    CommonSubexpressionElimination,
)
from xdsl.transforms.dead_code_elimination import is_trivially_dead
from xdsl.transforms.loop_invariant_code_motion import LoopInvariantCodeMotionPass

from xdsl_bufferize.analysis.cheap_producers import SplatSource, cheap_copy_source
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
        elif _cast_compatible(base.type, op.dest.type):
            rewriter.replace(op, memref.CastOp.get(base, op.dest.type))  # pyright: ignore[reportArgumentType]


def _cast_compatible(source: Attribute, dest: Attribute) -> bool:
    """Whether one `memref.cast` may go from `source` to `dest`: not from unranked
    to unranked, and, between ranked types, of one rank with the static sizes
    agreeing (a chain through `memref<*xT>` may hold neither)."""
    if isinstance(source, MemRefType) and isinstance(dest, MemRefType):
        a_shape, b_shape = source.get_shape(), dest.get_shape()
        return len(a_shape) == len(b_shape) and all(
            a == b or a < 0 or b < 0 for a, b in zip(a_shape, b_shape, strict=True)
        )
    return isinstance(source, MemRefType) or isinstance(dest, MemRefType)


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
    source directly (a copy only if its operands keep one shape; an unranked source
    only dim and dealloc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.CastOp, rewriter: PatternRewriter, /):
        changed = False
        for use in list(op.dest.uses):
            user = use.operation
            if isinstance(user, memref.CopyOp) and not _copy_keeps_shapes(
                user, use.index, op.source
            ):
                continue
            if isinstance(user, _LAYOUT_AGNOSTIC) and (
                isinstance(op.source.type, MemRefType)
                or isinstance(user, memref.DeallocOp | memref.DimOp)
            ):
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


class ReproduceCheapCopySource(RewritePattern):
    """`memref.copy %src, %dst` where every element of %src is one scalar (a
    `linalg.fill` of its allocation not overwritten since, or a splat constant
    global: `analysis/cheap_producers.py`): `linalg.fill` of %dst with that scalar,
    which writes the same values without reading %src (beyond MLIR)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.CopyOp, rewriter: PatternRewriter, /):
        source = cheap_copy_source(op)
        if source is None:
            return
        new_ops: list[Operation] = []
        if isinstance(source, SplatSource):
            constant = arith.ConstantOp(source.value)
            new_ops.append(constant)
            scalar: SSAValue = constant.result
        else:
            scalar = source.scalar
        new_ops.append(FillOp([scalar], [op.destination], []))
        rewriter.replace(op, new_ops, [])


class EraseFillOnlyAlloc(RewritePattern):
    """An allocation whose only uses are `linalg.fill`s into it and its free: nothing
    reads it (typically an accumulator whose copies became fills), so it goes."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.AllocOp, rewriter: PatternRewriter, /):
        users = [use.operation for use in op.memref.uses]
        if not users or not any(isinstance(u, FillOp) for u in users):
            return
        for user in users:
            if isinstance(user, memref.DeallocOp):
                continue
            if not (
                isinstance(user, FillOp)
                and len(user.outputs) == 1
                and user.outputs[0] is op.memref
                and op.memref not in user.inputs
            ):
                return
        for user in users:
            rewriter.erase(user)
        rewriter.erase(op)


CLEANUP_PATTERNS: tuple[type[RewritePattern], ...] = (
    FoldCastOfCast,
    FoldCastIntoUsers,
    EraseSelfCopy,
    FoldCloneFreedInBlock,
    FoldCloneOfDyingSource,
    ReproduceCheapCopySource,
    EraseFillOnlyAlloc,
    # xDSL's own memref canonicalizations (the buffer-relevant part of
    # canonicalize): an allocation only freed, a subview of a subview.
    ElideUnusedAlloc,
    MemRefSubviewOfSubviewFolding,
)


def matched_op_types(pattern: RewritePattern) -> tuple[type[Operation], ...] | None:
    """The op classes `pattern` can match, read from the annotation of its
    `op_type_rewrite_pattern` method (the decorator keeps the undecorated method in
    its closure); None when the pattern declares none (it may match any op)."""
    method = type(pattern).match_and_rewrite
    closure = method.__closure__
    names = method.__code__.co_freevars
    if closure is None or "func" not in names:
        return None
    func = closure[names.index("func")].cell_contents
    if not callable(func):
        return None
    params = list(inspect.signature(func, eval_str=True).parameters.values())
    if len(params) != 3:
        return None
    annotation: object = params[1].annotation
    types = (
        get_args(annotation)
        if get_origin(annotation) in (Union, UnionType)
        else (annotation,)
    )
    if not all(isinstance(t, type) and issubclass(t, Operation) for t in types):
        return None
    return tuple(t for t in types if isinstance(t, type) and issubclass(t, Operation))


class TypeDispatchingApplier(RewritePattern):
    """`GreedyRewritePatternApplier` (dead-code elimination, no folding) that offers
    each op only the patterns that can match its class: the same patterns, in the same
    order, as the generic applier would try, without calling the others."""

    def __init__(self, patterns: Sequence[RewritePattern]):
        self._declared = tuple((p, matched_op_types(p)) for p in patterns)
        self._by_class: dict[type[Operation], tuple[RewritePattern, ...]] = {}
        self._never_dead: dict[type[Operation], bool] = {}
        """Per op class: a terminator or a symbol, never trivially dead
        (`is_trivially_dead` asks both traits of every op otherwise)."""

    def _candidates(self, op_class: type[Operation]) -> tuple[RewritePattern, ...]:
        found = self._by_class.get(op_class)
        if found is None:
            found = tuple(
                pattern
                for pattern, types in self._declared
                if types is None or issubclass(op_class, types)
            )
            self._by_class[op_class] = found
        return found

    def _is_never_dead(self, op_class: type[Operation]) -> bool:
        found = self._never_dead.get(op_class)
        if found is None:
            found = op_class.has_trait(IsTerminator) or op_class.has_trait(
                SymbolOpInterface
            )
            self._never_dead[op_class] = found
        return found

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not self._is_never_dead(type(op)) and is_trivially_dead(op):
            rewriter.erase(op)
            return
        for pattern in self._candidates(type(op)):
            pattern.match_and_rewrite(op, rewriter)
            if rewriter.has_done_action:
                return


def cleanup_buffers(module: ModuleOp) -> None:
    """Apply the clean-up patterns to a fixed point."""
    PatternRewriteWalker(
        TypeDispatchingApplier([p() for p in CLEANUP_PATTERNS]),
        apply_recursively=True,
    ).rewrite_module(module)


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
