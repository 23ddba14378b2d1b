"""Write docs/corpus.md: the model corpus (tests/corpus/models/), which models go
through, and their heap allocations and copies, ours against upstream MLIR's.

    python scripts/corpus_table.py            # writes docs/corpus.md
    python scripts/corpus_table.py --check    # exit 1 if docs/corpus.md is stale

Counts are dynamic: the reference executor runs each model's `@main` once and counts
heap allocations (`memref.alloc`, `bufferization.clone`) and buffer copies
(`memref.copy`, `linalg.copy` on memrefs, `bufferization.clone`). Ours is
`comprehensive-bufferize`; MLIR's is the finch-mlir wheel's one-shot-bufferize
(function boundaries) + ownership-based deallocation, its output read back with xDSL
and run by the same executor (columns empty without the wheel).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.corpus.corpus import (  # noqa: E402 - after the path set-up
    LOOSER,
    Measured,
    expected,
    measure_mlir,
    measure_ours,
    mlir_available,
    model_names,
)

DOC = ROOT / "docs" / "corpus.md"

INTRO = """\
# The model corpus: programs from real frontends

`tests/corpus/models/` holds small models with seeded weights and inputs, made by two
frontends and converted to linalg on tensors by IREE's input conversion
(`iree-compile --compile-to=input`):

- ONNX graphs built with `onnx.helper`, imported by IREE's ONNX importer
  (`iree-import-onnx`, torch dialect), taken before IREE's ABI conversion, then
  torch-mlir's backend type conversion; expected numbers from ONNX's reference
  evaluator;
- JAX functions lowered to StableHLO (`jax.jit(...).lower`); IREE's `util.func` /
  `util.return` (tensor-typed) renamed to func's; expected numbers from `jax.jit` on
  CPU.

Only func, linalg, tensor, arith, math and scf ops remain. Each model has an `@main`
that passes the inputs as constants and returns the outputs, and a `.json` with the
framework's outputs.

`tests/corpus/test_models.py` runs every model before and after
`comprehensive-bufferize` with the reference executor, compares both with the
framework's numbers (relative tolerance 1e-4, absolute 1e-5) and fails on any leak,
double free or other memory finding; when the finch-mlir wheel imports, it does the same
with upstream MLIR's pipeline.

Regenerating the models needs the frontends (not needed by the tests):
`python3 -m venv /tmp/fe && /tmp/fe/bin/pip install iree-base-compiler onnx numpy jax
jaxlib && /tmp/fe/bin/python scripts/generate_corpus.py`. This page is written by
`python scripts/corpus_table.py`.

MLIR's own CPU integration tests (`mlir/test/Integration/Dialect/{Linalg,Tosa}/CPU`
of llvm-project, not part of this repository) run with our bufferization in place of
MLIR's by `scripts/run_mlir_integration_tests.py DIR`: upstream's passes before
bufferization, then ours (`comprehensive-bufferize`, or `--ours PIPELINE`), upstream's
lowering and JIT (finch-mlir's execution engine; the runner-utils print functions and
`memrefCopy` are provided by the script), and the test's own CHECK lines (LLVM's
FileCheck when installed, else the `filecheck` package); the same with upstream's
one-shot-bufferize for comparison. `MLIR_INTEGRATION_TESTS=DIR pytest
tests/corpus/test_mlir_integration.py` asserts that ours passes wherever MLIR's pipeline
does (known failures are strict xfails); `tests/corpus/test_integration_shapes.py` holds
our own small programs of the shapes that fail, and always runs.

MLIR's bufferization test inputs (`mlir/test/Dialect/Bufferization/Transforms/*.mlir`
and the `one-shot-bufferize*.mlir` files of the other dialects, a local copy of
llvm-project's `mlir/test`, not part of this repository) run through our passes by
`scripts/run_upstream_bufferization_tests.py DIR [--json FILE]`: each `// -----` case
under each pipeline of its file's RUN lines (MLIR's older option names renamed), and
upstream MLIR parses and verifies our output as `xdsl-opt` prints it. Each run gets
one verdict: verified, rejected (upstream's message), refused (our diagnostic at the
op; expected where the case has an `expected-error`), unreadable (the op or syntax
xDSL cannot read), unsupported (a pass or option value we lack), traceback (always a
bug) or timeout; where the wheel runs the same pipeline, the allocations and copies of
both outputs are counted. `MLIR_BUFFERIZATION_TESTS=DIR pytest
tests/corpus/test_upstream_bufferization.py` fails on any traceback or rejected
output (known ones are strict xfails, each with its reason).

Measured on the 45 files of `mlir/test/Dialect` (llvm-project's texts as stored by
the search index, some older and some newer than the wheel; finch-mlir 0.0.2): before
MLIR's spellings of `dialects/scf_syntax.py`, `vector_print.py`, named-op attributes
in front of `ins` and `linalg.generic #trait`, 23 files gave 476 runs verified, 4
rejected, 105 unreadable, 7 refused, 34 unsupported of 626 (40 runs of
`one-shot-bufferize-partial.mlir` crashed the wheel in upstream's own pipeline); now
all 45 give 692 verified, 0 rejected, 99 unreadable, 11 refused, 89 unsupported of
891, no traceback. Unreadable: MLIR's test dialect (`test.copy`, `test.buffer_based`:
82), texts older than the wheel (`tensor.expand_shape` without `output_shape`,
`scf.foreach_thread`: 5), ops or syntax xDSL lacks (`shape.assuming`, `spirv.Return`,
`acc`, `scf.parallel`/`affine.parallel` custom forms, `scf.while` without operands,
`memref.load ... invariant`, `memref.prefetch`, `func.constant`: 12). Unsupported:
`private-function-dynamic-ownership=true` (65), `tensor-copy-insertion` (10),
`use-encoding-for-memory-space` (7), `eliminate-alloc-tensors` (5), MLIR's `test-*`
passes (2). Refused: 7 where MLIR expects the error, 2 `to_tensor` without `restrict`
that is written, 2 an op without a region-branch model allocating inside its region
(MLIR accepts it). Frees already in the input are kept (see concepts.md), so the 3
cases of `invalid-buffer-deallocation.mlir` MLIR refuses are verified here. Of the 13
CPU integration tests that bufferize, ours passes 11 and MLIR's pipeline 11: the same two
fail on both sides (texts older than the wheel).

Heap allocations and copies are counted at run time (one run of `@main`). MLIR is
one-shot-bufferize{bufferize-function-boundaries} followed by ownership-based
deallocation (`bench/mlir_side.py`), its output run by the same executor.
"""


def _cell(m: Measured | None) -> str:
    if m is None:
        return "—"
    if m.stats is None or m.problems:
        return "✗"
    text = f"{m.stats.allocs} / {m.stats.copies} / {m.stats.bytes_copied}"
    return text + (" ¹" if m.note else "")


def render() -> str:
    have_mlir = mlir_available()
    rows = [
        "| model | frontend | what | output elements | ours: allocs / copies / bytes copied "
        "| MLIR: allocs / copies / bytes copied | status |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    notes: list[str] = []
    through = 0
    for name in model_names():
        info = expected(name)
        size = sum(len(out["data"]) for out in info["outputs"])
        status = "ok"
        ours_cell = "—"
        try:
            ours = measure_ours(name)
        except Exception:  # noqa: BLE001 - a model xDSL cannot read
            status = "xDSL cannot read it"
        else:
            ours_cell = _cell(ours.after)
            if ours.pipeline_error or not ours.after.ok or not ours.before.ok:
                status = "wrong numbers" if not ours.before.ok else "fails"
        if status == "ok":
            through += 1
        if name in LOOSER:
            status += f" (tolerance {LOOSER[name]:g}: the frontend's program differs)"
        mlir = measure_mlir(name) if have_mlir else None
        if mlir is not None and mlir.note:
            notes.append(f"`{name}`")
        rows.append(
            f"| `{name}` | {info['frontend'].split()[0]} | {info['summary']} | {size} "
            f"| {ours_cell} "
            f"| {_cell(mlir)} | {status} |"
        )
    total = len(model_names())
    lines = [
        INTRO,
        f"{through} of {total} models go through today.",
        "Frontends: "
        + "; ".join(sorted({expected(n)["versions"] for n in model_names()}))
        + ".",
        "",
        *rows,
        "",
    ]
    if notes:
        lines.append(
            "¹ Upstream's one-shot-bufferize (finch-mlir) refuses "
            + ", ".join(notes)
            + " by default (a loop yields a tensor not equivalent to its iter_arg); "
            "measured with `allow-return-allocs-from-loops`. Ours needs no option."
        )
    if not have_mlir:
        lines.append("MLIR columns empty: finch-mlir was not importable.")
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not DOC.exists() or DOC.read_text() != text:
            print(f"{DOC} is stale: run python scripts/corpus_table.py")
            return 1
        return 0
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
