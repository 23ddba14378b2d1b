"""The inputs of tests/filecheck/buffer-deallocation stay valid, equal and leak-free through
`comprehensive-bufferize` followed by xDSL's own `canonicalize` (issue #13: no op may end up
using a value that no longer dominates it, e.g. around `memref.realloc` in loops)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xdsl_bufferize.execution import check_pipeline, parse_module

TEST_DIR = Path(__file__).parent.parent / "filecheck" / "buffer-deallocation"
FILES = ("realloc.mlir", "existing_frees.mlir", "joins.mlir", "offset_views.mlir")


def _cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for name in FILES:
        for i, chunk in enumerate((TEST_DIR / name).read_text().split("// -----")):
            if "func.func @main()" in chunk:
                cases.append((f"{name}#{i}", chunk))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_comprehensive_then_canonicalize(name: str, text: str) -> None:
    report = check_pipeline(
        parse_module(text, name), "comprehensive-bufferize,canonicalize", "main", []
    )
    assert report.pipeline_error is None, report.pipeline_error
    assert not report.mismatches, report.mismatches
    assert report.after is not None and report.after.error is None
    assert not report.after.findings, [str(f) for f in report.after.findings]
