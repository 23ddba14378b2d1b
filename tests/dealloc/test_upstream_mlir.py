"""Every output of buffer-deallocation on the inputs of tests/filecheck/buffer-deallocation
parses and verifies in upstream MLIR (optional: needs the `finch-mlir` wheel).

Inputs the pass refuses (the files checking diagnostics) and inputs using ops upstream does
not know (our `bufftest` dialect, xDSL's `test` dialect) are left out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.transforms.buffer_deallocation import deallocate

TEST_DIR = Path(__file__).parent.parent / "filecheck" / "buffer-deallocation"
UPSTREAM_UNKNOWN = ("bufftest.", '"test.', "test.op")


def _cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for path in sorted(TEST_DIR.glob("*.mlir")):
        text = path.read_text()
        if "--verify-diagnostics" in text.splitlines()[0]:
            continue
        for i, chunk in enumerate(text.split("// -----")):
            if "func.func" in chunk and not any(w in chunk for w in UPSTREAM_UNKNOWN):
                cases.append((f"{path.name}#{i}", chunk))
    return cases


CASES = _cases()


def test_there_are_cases() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_output_verifies_in_upstream_mlir(name: str, text: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    module = parse_module(text, name)
    deallocate(module)  # inputs of files without --verify-diagnostics: accepted
    ctx = mlir_ir.Context()
    upstream = mlir_ir.Module.parse(str(module), ctx)
    assert upstream.operation.verify()


def _copies(text: str) -> int:
    """Buffer copies in a module: clones and `memref.copy` (in either syntax)."""
    return (
        text.count("bufferization.clone")
        + text.count('"memref.copy"')
        + text.count("memref.copy %")
    )


UPSTREAM_REFUSES = frozenset(
    {
        # frees already in the input, unstructured control flow upstream's pass
        # rejects, and region ops without its interfaces
        # affine.for with memref iter_args: upstream appends its ownership iter_args
        # without growing operandSegmentSizes, and its verifier rejects the result
        "affine_for_iter_args.mlir#0",
        "affine_for_iter_args.mlir#1",
        "affine_for_iter_args.mlir#2",
        "affine_for_iter_args.mlir#3",
        "callee_frees.mlir#0",  # existing frees (in the callees)
        "callee_frees.mlir#1",
        "cf.mlir#3",
        "cf.mlir#4",
        "cf.mlir#6",  # a cf loop: upstream refuses unstructured loops
        "cf_back_edges.mlir#1",
        "cf_back_edges.mlir#2",
        "cf_back_edges.mlir#3",
        # upstream refuses any bufferization.dealloc in its input
        "existing_bufferization_deallocs.mlir#0",
        "existing_bufferization_deallocs.mlir#2",
        "existing_bufferization_deallocs.mlir#3",
        "existing_bufferization_deallocs.mlir#4",
        "existing_bufferization_deallocs.mlir#5",
        "existing_bufferization_deallocs.mlir#6",
        "existing_frees.mlir#0",
        "existing_frees.mlir#1",
        "existing_frees.mlir#4",
        "existing_frees.mlir#5",
        "existing_frees.mlir#6",
        "existing_frees.mlir#7",
        "flags.mlir#8",
        "flags.mlir#11",
        "recursion_and_region_ops.mlir#2",
        "straight_line.mlir#3",
        "user_managed_views.mlir#3",
        "user_managed_views.mlir#5",  # a cf loop
    }
)
"""The inputs upstream's pipeline refuses (checked: it still refuses them)."""


@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_no_more_copies_than_upstream(name: str, text: str) -> None:
    """No more clones or copies than upstream's ownership-based deallocation
    (`buffer-deallocation-pipeline`) on every input upstream accepts; the inputs
    it refuses are listed (and must still be refused)."""
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    passmanager = pytest.importorskip("mlir_finch.passmanager")
    module = parse_module(text, name)
    deallocate(module)  # inputs of files without --verify-diagnostics: accepted
    ctx = mlir_ir.Context()
    upstream = mlir_ir.Module.parse(text, ctx)
    pipeline = passmanager.PassManager.parse(
        "builtin.module(buffer-deallocation-pipeline)", ctx
    )
    try:
        pipeline.run(upstream.operation)
    except Exception:  # noqa: BLE001 (upstream refuses some inputs, e.g. existing frees)
        assert name in UPSTREAM_REFUSES, f"upstream refuses {name}"
        return
    assert name not in UPSTREAM_REFUSES, f"upstream now accepts {name}"
    ours = _copies(str(module)) - _copies(text)
    theirs = str(upstream).count("bufferization.clone")
    assert ours <= theirs, (ours, theirs)
