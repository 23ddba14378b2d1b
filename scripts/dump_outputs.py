"""Dump the outputs of the main pipelines on every input we have, for refactors.

A refactor that must keep every output byte-identical is checked by dumping before
and after and comparing the two directories (`diff -r BEFORE AFTER` is empty):

    python scripts/dump_outputs.py /tmp/before
    ... refactor ...
    python scripts/dump_outputs.py /tmp/after
    diff -r /tmp/before /tmp/after

Inputs: the examples, the workloads of `../shared/workloads` (when present) and of
`tests/workloads`, the
filecheck inputs (each `xdsl-opt` RUN line as written, plus the main pipelines),
the fuzz regressions and the bench families at 2,000 operations
(also through one-shot-bufferize plus buffer-deallocation, as the benchmark runs). Each run is one
file `<input>.<pipeline>.out` holding the output, or the diagnostic and exit status.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from xdsl.xdsl_opt_main import xDSLOptMain

ROOT = Path(__file__).resolve().parent.parent
TENSOR_PIPELINES = (
    "comprehensive-bufferize",
    'comprehensive-bufferize{memcpy-op="linalg.copy"}',
    "one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true}",
    "one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true allow-return-allocs-from-loops=true}",
)
MEMREF_PIPELINES = ("buffer-deallocation",)
BENCH_ONE_SHOT_DEALLOC = (
    "one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation"
)
"""The benchmark's one-shot plus deallocation pipeline (bench/xdsl_side.py)."""


def _run(args: list[str], path: Path) -> str:
    """Run xdsl-opt in process on the file `path`; return output and diagnostics."""
    out = io.StringIO()
    err = io.StringIO()
    status = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            xDSLOptMain(args=[str(path), *args]).run()
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
        except Exception as error:  # noqa: BLE001 -- recorded, compared
            status = -1
            err.write(f"{type(error).__name__}: {error}\n")
    return f"{out.getvalue()}\n--- stderr (status {status})\n{err.getvalue()}"


def _run_lines(path: Path) -> Iterator[list[str]]:
    """The xdsl-opt argument lists of the RUN lines of a filecheck file."""
    for line in path.read_text().splitlines():
        match = re.search(r"RUN:\s*xdsl-opt\s+%s(.*?)(\||$)", line)
        if match:
            yield shlex.split(match.group(1).replace("2>&1", ""))


def _jobs(shared: Path, scratch: Path) -> Iterator[tuple[str, Path, list[str]]]:
    """(name, input file, xdsl-opt arguments) of every run."""
    tensor_inputs: list[Path] = sorted((ROOT / "examples").glob("*.mlir"))
    tensor_inputs += sorted((shared / "workloads").glob("*.mlir"))
    tensor_inputs += sorted((ROOT / "tests" / "workloads").glob("*.mlir"))
    for path in sorted((ROOT / "tests" / "fuzz" / "regressions").glob("*.mlir")):
        pipelines = (
            MEMREF_PIPELINES if path.name.startswith("dealloc") else TENSOR_PIPELINES
        )
        for pipeline in pipelines:
            yield (
                f"regressions/{path.name}.{pipeline}",
                path,
                [
                    "-p",
                    pipeline,
                ],
            )
    for path in tensor_inputs:
        for pipeline in TENSOR_PIPELINES:
            yield (
                f"{path.relative_to(path.parents[1]).as_posix()}.{pipeline}",
                path,
                [
                    "-p",
                    pipeline,
                ],
            )
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        rel = path.relative_to(ROOT / "tests" / "filecheck")
        for index, args in enumerate(_run_lines(path)):
            yield f"filecheck/{rel}.run{index}", path, args
        split = ["--split-input-file"]
        pipelines = (
            MEMREF_PIPELINES if "buffer-deallocation" in str(rel) else TENSOR_PIPELINES
        )
        for pipeline in pipelines:
            yield (
                f"filecheck/{rel}.{pipeline}",
                path,
                [
                    *split,
                    "-p",
                    pipeline,
                ],
            )
    sys.path.insert(0, str(ROOT))
    from bench.generate import FAMILIES, generate

    for family in FAMILIES:
        path = scratch / f"{family}.mlir"
        path.write_text(generate(family, 2000, seed=1).text)
        for pipeline in (*TENSOR_PIPELINES[:2], BENCH_ONE_SHOT_DEALLOC):
            yield f"bench/{family}.{pipeline}", path, ["-p", pipeline]


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Dump the outputs of the main pipelines."
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    options = parser.parse_args()
    count = 0
    scratch = Path(tempfile.mkdtemp())
    for name, path, args in _jobs(options.shared, scratch):
        target = options.out / (re.sub(r"[^\w./=-]", "_", name) + ".out")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_run(args, path))
        count += 1
    print(f"{count} outputs in {options.out}")


if __name__ == "__main__":
    main()
