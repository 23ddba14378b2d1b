"""Parsing, pass application and static counting on the xDSL side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.passes import ModulePass, PassPipeline
from xdsl.universe import Universe

ONE_SHOT = "one-shot-bufferize{bufferize-function-boundaries=true}"
DEALLOC = "buffer-deallocation"
COMPREHENSIVE = "comprehensive-bufferize"
"""Our pass specs as the benchmark runs them."""

_UNIVERSE: Universe | None = None


def _universe() -> Universe:
    global _UNIVERSE
    if _UNIVERSE is None:
        _UNIVERSE = Universe.get_multiverse()
    return _UNIVERSE


def make_context() -> Context:
    """A context that knows every dialect of the installed universes (ours included)."""
    ctx = Context()
    for name, factory in _universe().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def parse(ctx: Context, text: str) -> ModuleOp:
    """Parse a module (no verification)."""
    return Parser(ctx, text).parse_module()


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    return _universe().all_passes


def pipeline(spec: str) -> PassPipeline:
    """Resolve `spec` against every installed pass; ValueError if a pass is missing."""
    return PassPipeline.parse_spec(available_passes(), spec)


def pass_missing(spec: str) -> str | None:
    """Why `spec` cannot run here (a missing pass or bad option), or None."""
    try:
        pipeline(spec)
    except Exception as exc:  # noqa: BLE001 - any failure to build the pipeline
        return f"{type(exc).__name__}: {exc}"
    return None


@dataclass
class StaticCounts:
    """Allocation and copy ops in a bufferized module, counted statically."""

    allocs: int = 0
    """`memref.alloc` (heap allocations; `memref.alloca` counted apart)."""
    allocas: int = 0
    copies: int = 0
    """`memref.copy` plus `linalg.copy` on memrefs."""
    clones: int = 0
    """`bufferization.clone` (an allocation and a copy at run time)."""
    deallocs: int = 0
    """`memref.dealloc`, plus `bufferization.dealloc` ops if any remain."""
    conditional_deallocs: int = 0
    """Deallocations nested in an `scf.if`."""
    tensor_ops_left: int = 0
    """Ops that still produce or take a tensor (other than in `@main`'s constants)."""

    @property
    def total(self) -> int:
        """Allocations plus copies (clones counted once, as both)."""
        return self.allocs + self.copies + self.clones


def _inside_if(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if parent.name == "scf.if":
            return True
        parent = parent.parent_op()
    return False


def count_ops_by_name(names: list[tuple[str, bool, bool]]) -> StaticCounts:
    """Counts from (op name, operands are memrefs, nested in scf.if) triples."""
    c = StaticCounts()
    for name, on_memref, in_if in names:
        if name == "memref.alloc":
            c.allocs += 1
        elif name == "memref.alloca":
            c.allocas += 1
        elif name == "memref.copy" or (name == "linalg.copy" and on_memref):
            c.copies += 1
        elif name == "bufferization.clone":
            c.clones += 1
        elif name in ("memref.dealloc", "bufferization.dealloc"):
            c.deallocs += 1
            if in_if:
                c.conditional_deallocs += 1
    return c


def static_counts(module: ModuleOp) -> StaticCounts:
    """Static allocation / copy / dealloc counts of an xDSL module."""
    triples: list[tuple[str, bool, bool]] = []
    tensor_left = 0
    for op in module.walk():
        if op is module:
            continue
        if any(
            isinstance(v.type, TensorType) for v in (*op.operands, *op.results)
        ) and op.name not in ("arith.constant",):
            tensor_left += 1
        if op.name in (
            "memref.alloc",
            "memref.alloca",
            "memref.copy",
            "linalg.copy",
            "bufferization.clone",
            "memref.dealloc",
            "bufferization.dealloc",
        ):
            on_memref = all(not isinstance(v.type, TensorType) for v in op.operands)
            triples.append((op.name, on_memref, _inside_if(op)))
    counts = count_ops_by_name(triples)
    counts.tensor_ops_left = tensor_left
    return counts


_NAMED_LINALG_WITH_HIDDEN_BODY = ("linalg.",)


def written_op_count(module: ModuleOp) -> int:
    """Ops as written in the source: all ops except the module and the implicit
    payload regions of named linalg ops (everything but `linalg.generic`)."""
    count = 0

    def visit(op: Operation) -> None:
        nonlocal count
        count += 1
        if op.name.startswith("linalg.") and op.name != "linalg.generic":
            return
        for region in op.regions:
            for block in region.blocks:
                for inner in block.ops:
                    visit(inner)

    for op in module.ops:
        visit(op)
    return count
