"""Our output continues into xDSL's own lowering and interpreter.

Every example and workload goes through `comprehensive-bufferize` (default options),
our `convert-bufferization-to-memref`, then xDSL's `convert-linalg-to-loops`,
`lower-affine`, `convert-scf-to-cf`, `convert-memref-to-ptr{lower_func=true}`,
`convert-ptr-to-llvm` and `reconcile-unrealized-casts`. The test pins, per file, the
stage where it stops and why: a stop is allowed only at a limit of xDSL itself
(`XDSL_LIMITS`, each matched by the error xDSL raises), never at a form of ours.
Separately, `convert-memref-to-ptr{lower_func=true}` must accept the output of every
example and of all workloads but the two whose tiles of dynamically sized buffers
have dynamic strides.

Programs whose ops xDSL's interpreter supports (`programs/`) run in `xdsl-run` after
our pipeline and xDSL's `convert-linalg-to-loops`, with the results of our executor.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from xdsl_bufferize.execution import parse_module, run, values_close
from xdsl_bufferize.execution.runner import make_context

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "programs"
FILES = sorted((ROOT / "examples").glob("*.mlir")) + sorted(
    (ROOT / "tests" / "workloads").glob("*.mlir")
)

OURS = ("comprehensive-bufferize", "convert-bufferization-to-memref")
XDSL_STAGES = (
    "convert-linalg-to-loops",
    "lower-affine",
    "convert-scf-to-cf",
    "convert-memref-to-ptr{lower_func=true}",
    "convert-ptr-to-llvm",
    "reconcile-unrealized-casts",
)

XDSL_LIMITS: dict[str, tuple[str, str]] = {
    "scf.while": (
        "xDSL's convert-scf-to-cf lowers scf.if and scf.for but not scf.while "
        "(the blocks of lowered ops nested in its regions then fail its verifier)",
        "expected a single block",
    ),
    "dynamic stride": (
        "xDSL's convert-memref-to-ptr does not lower memrefs with dynamic strides "
        "(tiles of dynamically sized buffers)",
        "with dynamic stride is not yet implemented",
    ),
    "no memref-to-llvm": (
        "xDSL has no lowering of memref.alloc / memref.get_global / memref.dealloc "
        "to LLVM: convert-ptr-to-llvm replaces each ptr_xdsl.to_ptr by its memref, "
        "so a memref passed to a call or returned fails the func verifier",
        "operand type mismatch|Expected arguments to have the same types",
    ),
    "memref.dim": (
        "xDSL's convert-memref-to-ptr{lower_func=true} turns memref arguments into "
        "bare pointers but does not lower memref.dim, which convert-ptr-to-llvm "
        "then leaves on an !llvm.ptr",
        "Unexpected attribute !llvm.ptr",
    ),
}
"""Why a file may stop: a limit of xDSL, and the text of the error xDSL raises."""

EXPECTED: dict[str, tuple[str | None, str | None]] = {
    "control_flow.mlir": ("convert-scf-to-cf", "scf.while"),
    "elementwise_chain.mlir": (None, None),
    "tiled_matmul.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "two_functions.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "01_mlp_layer.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "02_conv2d_relu_pool.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "03_tiled_matmul.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "04_softmax_rows.mlir": ("convert-ptr-to-llvm", "memref.dim"),
    "05_layer_norm.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "06_heat_stencil_pingpong.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "07_jacobi_solver_while.mlir": ("convert-scf-to-cf", "scf.while"),
    "08_multi_function_inplace.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "09_prefix_sum.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "10_attention_block.mlir": ("convert-ptr-to-llvm", "no memref-to-llvm"),
    "11_mlp_two_layer_dynamic.mlir": ("convert-ptr-to-llvm", "memref.dim"),
    "12_laplace_jacobi_snapshot.mlir": (
        "convert-memref-to-ptr{lower_func=true}",
        "dynamic stride",
    ),
    "13_tiled_matmul_dynamic.mlir": (
        "convert-memref-to-ptr{lower_func=true}",
        "dynamic stride",
    ),
}
"""Per file: the stage it stops at (None: it goes through) and the limit that
stops it."""

FORMS_OF_OURS = ("bufferization.clone", '"memref.copy"', "memref.copy ")
"""Ops of our output that xDSL's lowering does not know and that have an
equivalent it accepts (convert-bufferization-to-memref removes them)."""


def _apply(ctx: Context, module: ModuleOp, spec: str) -> None:
    passes = Universe.get_multiverse().all_passes
    PassPipeline.parse_spec(passes, spec).apply(ctx, module)


def _lower(path: Path, stages: tuple[str, ...]) -> tuple[str | None, str, str]:
    """Run our stages then `stages`; return (stage that failed or None, its error,
    the module text before the failing stage)."""
    ctx = make_context()
    module = parse_module(path.read_text(), path.name, ctx)
    for stage in OURS:
        _apply(ctx, module, stage)
    text = str(module)
    for stage in stages:
        try:
            _apply(ctx, module, stage)
            module.verify()
        except Exception as error:  # xDSL's passes raise several kinds
            return stage, f"{type(error).__name__}: {error}", text
        text = str(module)
    return None, "", text


def test_every_file_is_pinned() -> None:
    assert sorted(EXPECTED) == sorted(path.name for path in FILES)
    assert all(limit is None or limit in XDSL_LIMITS for _, limit in EXPECTED.values())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_how_far_xdsl_lowers_our_output(path: Path) -> None:
    expected_stage, limit = EXPECTED[path.name]
    stage, error, before = _lower(path, XDSL_STAGES)
    assert stage == expected_stage, error
    if limit is not None:
        description, pattern = XDSL_LIMITS[limit]
        assert re.search(pattern, error), f"{description}; got: {error}"
        if limit == "scf.while":
            assert "scf.while" in before
    # No form of ours that xDSL does not know but has an equivalent of.
    for form in FORMS_OF_OURS:
        assert form not in before


MEMREF_TO_PTR = (
    "convert-linalg-to-loops",
    "lower-affine",
    "convert-memref-to-ptr{lower_func=true}",
)


def test_convert_memref_to_ptr_accepts_default_output() -> None:
    accepted = [path.name for path in FILES if _lower(path, MEMREF_TO_PTR)[0] is None]
    examples = sorted(p.name for p in (ROOT / "examples").glob("*.mlir"))
    assert set(examples) <= set(accepted)
    refused = sorted({p.name for p in FILES} - set(accepted))
    assert refused == [
        "12_laplace_jacobi_snapshot.mlir",
        "13_tiled_matmul_dynamic.mlir",
    ]
    assert len(accepted) - len(examples) == 11


_XDSL_RUN = shutil.which("xdsl-run") or str(Path(sys.executable).parent / "xdsl-run")


def _xdsl_run(path: Path) -> list[float]:
    """The results of @main printed by `xdsl-run --verbose`."""
    done = subprocess.run(
        [_XDSL_RUN, "--verbose", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [
        float(v) for v in re.findall(r"(-?[0-9.]+(?:e[-+]?[0-9]+)?) : f32", done.stdout)
    ]


@pytest.mark.parametrize("path", sorted(PROGRAMS.glob("*.mlir")), ids=lambda p: p.name)
@pytest.mark.parametrize(
    "copies",
    ["convert-bufferization-to-memref", "comprehensive-bufferize{memcpy-op=loops}"],
)
def test_xdsl_run_gives_our_executor_results(
    path: Path, copies: str, tmp_path: Path
) -> None:
    ctx = make_context()
    text = path.read_text()
    expected = run(parse_module(text, path.name, ctx)).results
    assert expected is not None
    module = parse_module(text, path.name, ctx)
    if copies.startswith("comprehensive"):
        _apply(ctx, module, copies)
    else:
        _apply(ctx, module, "comprehensive-bufferize")
        _apply(ctx, module, copies)
    _apply(ctx, module, "convert-linalg-to-loops")
    lowered = tmp_path / path.name
    lowered.write_text(str(module))
    got = _xdsl_run(lowered)
    assert values_close(tuple(expected), tuple(got)), (expected, got)
