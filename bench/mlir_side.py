"""Upstream MLIR (the `finch-mlir` wheel) as the side-by-side reference.

Optional: everything here degrades to "not available" when `mlir_finch` cannot be
imported (install the project's `mlir` extra to get it).
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from types import ModuleType

MLIR_ONE_SHOT = "builtin.module(one-shot-bufferize{bufferize-function-boundaries})"
MLIR_DEALLOC_TAIL = (
    "ownership-based-buffer-deallocation, canonicalize, "
    "buffer-deallocation-simplification, bufferization-lower-deallocations"
)
MLIR_FULL = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries}, "
    + MLIR_DEALLOC_TAIL
    + ")"
)
"""Upstream's pipelines: one-shot alone, and one-shot followed by deallocation."""

MLIR_MEMORY_PIPELINES: dict[str, str] = {
    "full": MLIR_FULL,
    "stack": (
        "builtin.module(one-shot-bufferize{bufferize-function-boundaries}, "
        "func.func(buffer-hoisting, buffer-loop-hoisting, promote-buffers-to-stack), "
        + MLIR_DEALLOC_TAIL
        + ", func.func(optimize-allocation-liveness))"
    ),
    "out-params+stack": (
        "builtin.module(one-shot-bufferize{bufferize-function-boundaries}, "
        "buffer-results-to-out-params{hoist-static-allocs}, "
        "func.func(buffer-hoisting, buffer-loop-hoisting, promote-buffers-to-stack), "
        + MLIR_DEALLOC_TAIL
        + ", func.func(optimize-allocation-liveness))"
    ),
}
"""Upstream's memory pipelines (the wheel has no static memory planner): the full
pipeline; with buffer hoisting, promote-buffers-to-stack (its default limits) and
optimize-allocation-liveness (frees at the last use); and the same after
buffer-results-to-out-params (which refuses dynamically shaped results)."""


def _load() -> tuple[ModuleType, ModuleType] | None:
    try:
        ir = importlib.import_module("mlir_finch.ir")
        pm = importlib.import_module("mlir_finch.passmanager")
    except ImportError:
        return None
    return ir, pm


_MLIR = _load()


def available() -> bool:
    """Whether the upstream bindings are importable."""
    return _MLIR is not None


def version() -> str:
    try:
        from importlib.metadata import version as dist_version

        return "finch-mlir " + dist_version("finch-mlir")
    except Exception:  # noqa: BLE001 - metadata may be absent
        return "finch-mlir (unknown version)"


@dataclass
class MlirRun:
    """One upstream run: the times (seconds) and the printed output or the error."""

    parse_s: float
    pass_s: float
    output: str | None
    """The result in generic form (None if the pipeline failed)."""
    error: str | None


def _modules() -> tuple[ModuleType, ModuleType]:
    if _MLIR is None:
        raise RuntimeError("mlir_finch is not installed (pip install -e '.[mlir]')")
    return _MLIR


def parse_only(text: str) -> float:
    """Parse and verify `text` with upstream MLIR; the parse time in seconds.

    Raises the bindings' error (an `MLIRError`) if the text does not parse.
    """
    ir, _ = _modules()
    with ir.Context() as ctx:
        start = time.perf_counter()
        module = ir.Module.parse(text, ctx)
        elapsed = time.perf_counter() - start
        if not module.operation.verify():
            raise RuntimeError("upstream verifier rejected the module")
    return elapsed


def run_pipeline(text: str, pipeline: str, want_output: bool = True) -> MlirRun:
    """Parse `text` and run `pipeline` on it, timing both."""
    ir, pm = _modules()
    with ir.Context() as ctx:
        start = time.perf_counter()
        module = ir.Module.parse(text, ctx)
        parse_s = time.perf_counter() - start
        manager = pm.PassManager.parse(pipeline, ctx)
        start = time.perf_counter()
        try:
            manager.run(module.operation)
        except Exception as exc:  # noqa: BLE001 - MLIRError carries diagnostics
            return MlirRun(parse_s, time.perf_counter() - start, None, _short(exc))
        pass_s = time.perf_counter() - start
        output = (
            module.operation.get_asm(print_generic_op_form=True)
            if want_output
            else None
        )
    return MlirRun(parse_s, pass_s, output, None)


def static_triples(text: str) -> list[tuple[str, bool, bool]]:
    """(op name, operands are memrefs, nested in scf.if) for the counted ops of an
    upstream-printed module, read with the upstream parser."""
    ir, _ = _modules()
    triples: list[tuple[str, bool, bool]] = []
    counted = {
        "memref.alloc",
        "memref.alloca",
        "memref.copy",
        "linalg.copy",
        "bufferization.clone",
        "memref.dealloc",
        "bufferization.dealloc",
    }

    def visit(op: object, in_if: bool) -> None:
        operation = op.operation  # type: ignore[attr-defined]
        name: str = operation.name
        if name in counted:
            on_memref = all(
                "memref" in str(v.type)
                for v in operation.operands  # type: ignore[attr-defined]
            )
            triples.append((name, on_memref, in_if))
        inner_if = in_if or name == "scf.if"
        for region in operation.regions:
            for block in region.blocks:
                for inner in block.operations:
                    visit(inner, inner_if)

    with ir.Context() as ctx:
        module = ir.Module.parse(text, ctx)
        for op in module.body.operations:
            visit(op, False)
    return triples


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return " | ".join(line.strip() for line in text[:4])[:400]
