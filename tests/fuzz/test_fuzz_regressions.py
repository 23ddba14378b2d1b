"""Shrunk reproducers of pass bugs found by the fuzzers (tests/fuzz/regressions).

Each file names its pipeline in its header and must run identically before and after
it, with no memory finding. A file whose `// status:` starts with `open` pins a bug not
fixed yet: it is an expected failure (strict, so fixing the bug forces the status to be
updated to `fixed`).
"""

from pathlib import Path

import pytest

from xdsl_bufferize.testing.fuzz import classify, read_header

REGRESSIONS = sorted((Path(__file__).parent / "regressions").glob("*.mlir"))


def _param(path: Path) -> object:
    header = read_header(path)
    status = header.get("status", "")
    marks = []
    if status.startswith("open"):
        marks.append(pytest.mark.xfail(strict=True, reason=status))
    return pytest.param(path, id=path.stem, marks=marks)


def test_regressions_exist() -> None:
    assert REGRESSIONS
    for path in REGRESSIONS:
        header = read_header(path)
        assert header.get("pipeline") and header.get("kind"), path


@pytest.mark.parametrize("path", [_param(p) for p in REGRESSIONS])
def test_regression(path: Path) -> None:
    header = read_header(path)
    verdict = classify(path.read_text(), header["pipeline"])
    assert verdict.kind is None, f"{verdict.kind}: {verdict.detail}"
