"""What the README's set-up command and docs/concepts.md say of the main job on
`examples/tiled_matmul.mlir`: the kernel needs no allocation and no copy, and the
executor finds the results equal and nothing leaked. Read from the run of the
README's set-up command itself (the documents' blocks run once, `doc_runner`)."""

from tests.docs.doc_blocks import ROOT, commands, runnable_part
from tests.docs.doc_runner import BlockRuns, Outcome

MAIN_JOB = (
    "xdsl-opt -p comprehensive-bufferize examples/tiled_matmul.mlir && "
    "xdsl-bufferize-check examples/tiled_matmul.mlir --pipeline comprehensive-bufferize"
)


def _main_job(doc_runs: BlockRuns) -> Outcome:
    """The README's first set-up command, after its install step: the main job on
    the example, then the executor's check of it (both print to stdout)."""
    setup = next(c for c in commands(ROOT / "README.md") if c.block.marker == "setup")
    assert runnable_part(setup) == MAIN_JOB
    (done,) = doc_runs.outcomes([setup])
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_main_job_kernel_has_no_alloc_or_copy(doc_runs: BlockRuns) -> None:
    kernel = _main_job(doc_runs).stdout.split("func.func @main")[0]
    assert "@matmul_tiled" in kernel
    assert "memref.alloc" not in kernel
    assert "memref.copy" not in kernel
    assert "linalg.matmul" in kernel


def test_main_job_check_line(doc_runs: BlockRuns) -> None:
    assert "results match; 0 finding(s)" in _main_job(doc_runs).stdout
