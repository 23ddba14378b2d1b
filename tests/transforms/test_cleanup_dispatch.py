"""The clean-up's pattern driver offers each op only the patterns that match its
class (issue #27): the patterns' op classes are read from their
`op_type_rewrite_pattern` annotations, a pattern without one is offered every op, and
the result is the same IR as xDSL's generic applier trying every pattern on every op."""

from __future__ import annotations

from pathlib import Path

from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from xdsl_bufferize.bufferization.cleanup import (
    CLEANUP_PATTERNS,
    TypeDispatchingApplier,
    matched_op_types,
)
from xdsl_bufferize.execution.runner import make_context

ROOT = Path(__file__).resolve().parents[2]
CLEANUP_INPUTS = sorted(
    (ROOT / "tests" / "filecheck" / "bufferization-cleanup").glob("*.mlir")
)


class _SeesCastOrCopy(RewritePattern):
    def __init__(self) -> None:
        self.seen: list[str] = []

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: memref.CastOp | memref.CopyOp, rewriter: PatternRewriter, /
    ) -> None:
        self.seen.append(op.name)


class _SeesAll(RewritePattern):
    def __init__(self) -> None:
        self.seen: list[str] = []

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        self.seen.append(op.name)


PROGRAM = """
func.func @f(%m: memref<4xf32>, %d: memref<4xf32>) -> memref<?xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %d : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %c = memref.cast %m : memref<4xf32> to memref<?xf32>
  func.return %c : memref<?xf32>
}
"""


def _parse(text: str) -> ModuleOp:
    return Parser(make_context(), text).parse_module()


def test_every_cleanup_pattern_declares_its_op_classes() -> None:
    for pattern in CLEANUP_PATTERNS:
        assert matched_op_types(pattern()), pattern.__name__
    assert matched_op_types(_SeesCastOrCopy()) == (memref.CastOp, memref.CopyOp)
    assert matched_op_types(_SeesAll()) is None


def test_ops_are_offered_only_to_matching_patterns() -> None:
    typed, untyped = _SeesCastOrCopy(), _SeesAll()
    module = _parse(PROGRAM)
    PatternRewriteWalker(TypeDispatchingApplier([typed, untyped])).rewrite_module(
        module
    )
    assert sorted(typed.seen) == ["memref.cast", "memref.copy", "memref.copy"]
    # The undeclared pattern still sees every op (module, func, alloc, dealloc, ...).
    assert {"memref.alloc", "memref.dealloc", "func.return", "memref.cast"} <= set(
        untyped.seen
    )


def _chunks() -> list[str]:
    return [
        chunk
        for path in CLEANUP_INPUTS
        for chunk in path.read_text().split("// -----")
        if "func.func" in chunk
    ]


def test_same_output_as_generic_applier() -> None:
    chunks = _chunks()
    assert len(chunks) > 5
    changed = 0
    for chunk in chunks:
        generic, dispatched = _parse(chunk), _parse(chunk)
        PatternRewriteWalker(
            GreedyRewritePatternApplier([p() for p in CLEANUP_PATTERNS])
        ).rewrite_module(generic)
        PatternRewriteWalker(
            TypeDispatchingApplier([p() for p in CLEANUP_PATTERNS])
        ).rewrite_module(dispatched)
        assert str(dispatched) == str(generic)
        changed += str(dispatched) != str(_parse(chunk))
    assert changed > 5
