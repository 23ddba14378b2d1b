"""comprehensive-bufferize end to end: every example, every workload and every
function-boundary test with a `@main` runs before and after the pipeline with equal
results and no memory finding; the outputs parse and verify in upstream MLIR."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from xdsl_bufferize import bufferize
from xdsl_bufferize.analysis.call_graph import is_public
from xdsl_bufferize.execution.memory import FindingKind
from xdsl_bufferize.execution.runner import (
    Report,
    apply_pipeline,
    check_pipeline,
    make_context,
)
from xdsl_bufferize.utils.ir import strip_casts

ROOT = Path(__file__).resolve().parents[2]
WORKLOADS = Path(__file__).resolve().parents[1] / "workloads"

PROGRAMS = sorted(
    [
        *(ROOT / "examples").glob("*.mlir"),
        *WORKLOADS.glob("*.mlir"),
    ]
)
MODULE_INPUTS = Path(__file__).parent / "inputs"
MODULE_PROGRAMS = sorted(MODULE_INPUTS.glob("*.mlir"))


FILECHECK_INPUTS = ROOT / "tests" / "filecheck" / "comprehensive-bufferize"


def _run_line_pipelines(text: str) -> list[str]:
    """The `-p` pipelines of a file's RUN lines (quoted or not)."""
    found = re.findall(r"^// RUN: .*?-p\s+(?:'([^']*)'|\"([^\"]*)\"|(\S+))", text, re.M)
    return [next(part for part in groups if part) for groups in found]


def _filecheck_programs() -> list[tuple[str, str, str]]:
    """(test id, chunk, pipeline) for every `// -----` chunk of the comprehensive
    filecheck tests that has an argument-free `@main`, under each RUN-line pipeline."""
    cases: list[tuple[str, str, str]] = []
    for path in sorted(FILECHECK_INPUTS.glob("*.mlir")):
        text = path.read_text()
        chunks = re.split(r"^// -----.*$", text, flags=re.MULTILINE)
        for i, chunk in enumerate(chunks):
            if "func.func @main()" not in chunk:
                continue
            for pipeline in _run_line_pipelines(text):
                cases.append((f"{path.name}#{i}:{pipeline}", chunk, pipeline))
    return cases


FILECHECK_PROGRAMS = _filecheck_programs()


def parse(path: Path) -> ModuleOp:
    return Parser(make_context(), path.read_text()).parse_module()


def static_counts(module: ModuleOp) -> dict[str, int]:
    text = str(module)
    return {
        name: len(re.findall(rf'"?{re.escape(name)}"?[ (]', text))
        for name in (
            "memref.alloc",
            "memref.copy",
            "memref.dealloc",
            "bufferization.clone",
        )
    }


def allocs_returned_to_external_callers(module: ModuleOp) -> list[memref.AllocOp]:
    """The allocations returned (through casts) by public functions that no
    function of `module` calls."""
    called = {
        op.callee.root_reference.data
        for op in module.walk()
        if isinstance(op, func.CallOp)
    }
    found: list[memref.AllocOp] = []
    for function in module.ops:
        if not isinstance(function, func.FuncOp) or function.is_declaration:
            continue
        if not is_public(function) or function.sym_name.data in called:
            continue
        for block in function.body.blocks:
            if isinstance(block.last_op, func.ReturnOp):
                for value in block.last_op.arguments:
                    owner = strip_casts(value).owner
                    if isinstance(owner, memref.AllocOp):
                        found.append(owner)
    return found


@pytest.mark.parametrize(
    "path", [*PROGRAMS, *MODULE_PROGRAMS], ids=lambda p: Path(p).name
)
def test_results_unchanged_and_no_finding(path: Path) -> None:
    report = check_pipeline(parse(path), "comprehensive-bufferize", "main", [])
    assert report.before.ok, report.before.findings
    assert_after_run_clean(report)
    assert report.ok


def assert_after_run_clean(report: Report) -> None:
    """The pipeline ran, and its output ran with the input's results and no finding."""
    assert report.pipeline_error is None, report.pipeline_error
    assert report.after is not None
    assert report.after.error is None, report.after.error
    assert not report.after.findings, report.after.findings
    assert not report.mismatches, report.mismatches


def test_filecheck_inputs_with_an_entry_are_collected() -> None:
    names = {case[0].split("#")[0] for case in FILECHECK_PROGRAMS}
    assert {"copy-shapes.mlir", "multi-return.mlir", "public-kernels.mlir"} <= names
    assert len(FILECHECK_PROGRAMS) >= 3
    assert _run_line_pipelines(
        "// RUN: xdsl-opt %s -p 'a{b=1},c' | filecheck %s\n"
        '// RUN: xdsl-opt %s --split-input-file -p "d" | filecheck %s\n'
        "// RUN: xdsl-opt %s -p e | filecheck %s\n"
    ) == ["a{b=1},c", "d", "e"]


@pytest.mark.parametrize(
    ("chunk", "pipeline"),
    [case[1:] for case in FILECHECK_PROGRAMS],
    ids=[case[0] for case in FILECHECK_PROGRAMS],
)
def test_filecheck_inputs_run_unchanged_and_no_finding(
    chunk: str, pipeline: str
) -> None:
    module = Parser(make_context(), chunk).parse_module()
    report = check_pipeline(module, pipeline, "main", [])
    # a memref input may leave an allocation to the pass to free; nothing else
    assert report.before.error is None, report.before.error
    assert all(f.kind is FindingKind.LEAK for f in report.before.findings)
    assert_after_run_clean(report)
    assert report.after is not None
    assert report.after.stats.frees == report.after.stats.allocs


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: Path(p).name)
def test_output_is_memref_only(path: Path) -> None:
    out = apply_pipeline(parse(path), "comprehensive-bufferize")
    text = str(out)
    assert "tensor<" not in re.sub(r"dense<[^>]*> : tensor<[^>]*>", "", text)
    counts = static_counts(out)
    # Every allocation is freed statically exactly where the pass decided: at least
    # one free per allocation site (a buffer returned by a callee is freed by its
    # caller, so frees may outnumber allocations), except the buffers a public
    # function nobody in the module calls returns: its external caller owns them.
    assert (
        counts["memref.dealloc"] + len(allocs_returned_to_external_callers(out))
        >= counts["memref.alloc"]
    )


# Static (alloc, copy) counts after comprehensive-bufferize that must not regress.
EXPECTED_AT_MOST = {
    "two_functions.mlir": (2, 0),
    "elementwise_chain.mlir": (2, 1),
    "control_flow.mlir": (2, 0),
    "tiled_matmul.mlir": (3, 0),
    "01_mlp_layer.mlir": (4, 0),
    "02_conv2d_relu_pool.mlir": (5, 0),
    "04_softmax_rows.mlir": (4, 0),
    "05_layer_norm.mlir": (5, 0),
    "10_attention_block.mlir": (8, 0),
    "11_mlp_two_layer_dynamic.mlir": (3, 0),
    # Public kernels called by @main: the in-place variant plus the public wrapper's
    # allocation and copy (for external callers; @main does not execute them).
    "03_tiled_matmul.mlir": (4, 1),
    "08_multi_function_inplace.mlir": (5, 3),
    "13_tiled_matmul_dynamic.mlir": (6, 1),
}


@pytest.mark.parametrize("name", sorted(EXPECTED_AT_MOST))
def test_alloc_and_copy_counts(name: str) -> None:
    path = next(p for p in PROGRAMS if p.name == name)
    counts = static_counts(apply_pipeline(parse(path), "comprehensive-bufferize"))
    allocs, copies = EXPECTED_AT_MOST[name]
    assert counts["memref.alloc"] <= allocs
    assert counts["memref.copy"] <= copies


def test_python_api_matches_the_pass() -> None:
    path = ROOT / "examples" / "two_functions.mlir"
    module = parse(path)
    bufferize(module)
    expected = apply_pipeline(parse(path), "comprehensive-bufferize")
    assert str(module) == str(expected)
    with pytest.raises(TypeError):
        bufferize(parse(path), no_such_option=True)  # pyright: ignore[reportCallIssue]


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: Path(p).name)
def test_output_verifies_in_upstream_mlir(path: Path) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    out = str(apply_pipeline(parse(path), "comprehensive-bufferize"))
    ctx = mlir_ir.Context()
    module = mlir_ir.Module.parse(out, ctx)
    assert module.operation.verify()


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: Path(p).name)
def test_canonicalize_option_changes_no_buffer(path: Path) -> None:
    """canonicalize=true folds arithmetic only: same buffer ops, same results."""
    pipeline = "comprehensive-bufferize{canonicalize=true}"
    report = check_pipeline(parse(path), pipeline, "main", [])
    assert report.ok, (report.pipeline_error, report.mismatches)
    assert report.after is not None and not report.after.findings
    default = static_counts(apply_pipeline(parse(path), "comprehensive-bufferize"))
    assert static_counts(apply_pipeline(parse(path), pipeline)) == default
