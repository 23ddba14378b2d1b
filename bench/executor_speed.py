"""Speed of the reference executor and memory checker at real sizes (issue #26).

Times `check_pipeline(module, 'comprehensive-bufferize')` (the run before, the
pipeline, the run after, the comparison) on:

- `mlp512`: a 512x512 MLP layer (fill + matmul + bias + ReLU), f32;
- `reduce1000`: a 1000x1000 fill + elementwise + row reduction;
- `matmul1000`: a 1000x1000x1000 matmul;
- the 13 shared workloads (tests/workloads) scaled up: every static dimension of every
  tensor and memref type multiplied by 10 (100x the elements of a 2-D value; one factor
  for all dims keeps the shapes of elementwise ops and contractions consistent);
  @main (with its dense constants) is dropped and the first other public function
  runs on seeded random inputs, dynamic sizes 64. Kernels whose shapes are related
  otherwise (convolution windows, hard-coded tile sizes, stencil halos: 02, 03, 06)
  are scaled by hand (`HAND_SCALED`); the Jacobi solver gets a diagonally dominant
  matrix (`INPUTS`: it diverges to NaN on a random one). Each case stops after 300 s.

Usage: python bench/executor_speed.py [NAME...]   (prints one line per case; the
numbers in bench/RESULTS.md come from it). A benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import random
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from xdsl.dialects import func

from xdsl_bufferize.execution.runner import (
    MATCH,
    Value,
    check_pipeline,
    find_function,
    parse_module,
    random_inputs,
)
from xdsl_bufferize.execution.values import ArrayValue

ROOT = Path(__file__).resolve().parents[1]
PIPELINE = "comprehensive-bufferize"


def mlp(n: int) -> str:
    t = f"tensor<{n}x{n}xf32>"
    return f"""
func.func @main(%x: {t}, %w: {t}, %b: tensor<{n}xf32>) -> {t} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %f = linalg.fill ins(%z : f32) outs(%e : {t}) -> {t}
  %m = linalg.matmul ins(%x, %w : {t}, {t}) outs(%f : {t}) -> {t}
  %e2 = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>,
      affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%m, %b : {t}, tensor<{n}xf32>) outs(%e2 : {t}) {{
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %y = arith.maximumf %s, %z : f32
    linalg.yield %y : f32
  }} -> {t}
  return %r : {t}
}}
"""


def reduce_rows(n: int) -> str:
    t = f"tensor<{n}x{n}xf32>"
    return f"""
func.func @main(%x: {t}) -> tensor<{n}xf32> {{
  %one = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %f = linalg.fill ins(%one : f32) outs(%e : {t}) -> {t}
  %s = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>,
      affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%x, %f : {t}, {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.mulf %a, %b : f32
    linalg.yield %v : f32
  }} -> {t}
  %r0 = tensor.empty() : tensor<{n}xf32>
  %r1 = linalg.fill ins(%z : f32) outs(%r0 : tensor<{n}xf32>) -> tensor<{n}xf32>
  %r = linalg.reduce ins(%s : {t}) outs(%r1 : tensor<{n}xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {{
      %v = arith.addf %a, %acc : f32
      linalg.yield %v : f32
    }}
  return %r : tensor<{n}xf32>
}}
"""


def matmul(n: int) -> str:
    t = f"tensor<{n}x{n}xf32>"
    return f"""
func.func @main(%x: {t}, %w: {t}) -> {t} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %f = linalg.fill ins(%z : f32) outs(%e : {t}) -> {t}
  %m = linalg.matmul ins(%x, %w : {t}, {t}) outs(%f : {t}) -> {t}
  return %m : {t}
}}
"""


_TYPE = re.compile(r"\b(tensor|memref)<((?:\d+x)+)(?!i64>)")


def scale_workload(text: str) -> str:
    """Every static dim of every tensor/memref type scaled (about 100x elements per
    value); @main dropped."""

    def scale(match: re.Match[str]) -> str:
        dims = match.group(2).split("x")[:-1]
        scaled = "x".join(str(int(d) * 10) for d in dims)
        return f"{match.group(1)}<{scaled}x"

    start = text.find("func.func @main")
    if start >= 0:
        end = text.find("\n}", start)
        text = text[:start] + text[end + 2 :]
    return _TYPE.sub(scale, text)


HAND_SCALED: dict[str, dict[str, str]] = {
    # conv 3x3 on a 10x larger image: out = in - 2, pooled by 2
    "02_conv2d_relu_pool": {
        "1x8x8x2": "1x80x80x2",
        "1x6x6x4": "1x78x78x4",
        "1x3x3x4": "1x39x39x4",
    },
    # matrices and tiles 10x larger in each dim: the same 2x3x2 tile loops
    "03_tiled_matmul": {
        "8x16x": "80x160x",
        "16x12x": "160x120x",
        "8x12x": "80x120x",
        "4x4x": "40x40x",
        "4x8x": "40x80x",
        "8x4x": "80x40x",
        "[4, 4]": "[40, 40]",
        "[4, 8]": "[40, 80]",
        "[8, 4]": "[80, 40]",
        "constant 4 : index": "constant 40 : index",
        "constant 8 : index": "constant 80 : index",
        "constant 12 : index": "constant 120 : index",
        "constant 16 : index": "constant 160 : index",
    },
    # a 100x100 grid, its 98x98 interior updated from the shifted 98x98 slices
    "06_heat_stencil_pingpong": {
        "10x10x": "100x100x",
        "8x8x": "98x98x",
        "[8, 8]": "[98, 98]",
    },
}
"""Workloads whose shapes are related otherwise than by one factor (convolution
windows, tile sizes, stencil halos): scaled by hand to about 100x the elements of
each value, keeping the program valid (textual replacements in the kernels, applied
in one pass)."""


def hand_scale(stem: str, text: str) -> str | None:
    """The kernels of workload `stem` scaled by `HAND_SCALED` (@main dropped), or None
    if it has no hand scaling."""
    table = HAND_SCALED.get(stem)
    if table is None:
        return None
    start = text.find("func.func @main")
    if start >= 0:
        end = text.find("\n}", start)
        text = text[:start] + text[end + 2 :]
    pattern = re.compile(
        "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
    )
    return pattern.sub(lambda m: table[m.group(0)], text)


def diagonally_dominant(inputs: list[Value]) -> list[Value]:
    """The inputs with n added to the diagonal of the first (an n x n matrix), so
    that a Jacobi iteration on it converges (on a random matrix it diverges to
    infinities and NaN: results that prove nothing)."""
    matrix = inputs[0]
    assert isinstance(matrix, ArrayValue)
    n = matrix.shape[0]
    data = list(matrix.data)
    for i in range(n):
        data[i * n + i] += n
    return [ArrayValue(matrix.shape, data), *inputs[1:]]


INPUTS: dict[str, Callable[[list[Value]], list[Value]]] = {
    "07_jacobi_solver_while": diagonally_dominant,
}
"""Cases whose seeded random inputs are adjusted for defined results."""


def time_case(name: str, text: str, entry: str = "main") -> None:
    module = parse_module(text, name)
    fn = find_function(module, entry)
    inputs = random_inputs(fn, random.Random(0), dynamic_size=64)
    adjust = next((f for k, f in INPUTS.items() if name.startswith(k)), None)
    if adjust is not None:
        inputs = adjust(list(inputs))
    started, cpu = time.perf_counter(), time.process_time()
    report = check_pipeline(module, PIPELINE, entry=entry, inputs=inputs)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    problems = [report.pipeline_error or "", *report.mismatches[:1]]
    problems += [str(f) for _, f in report.findings][:1]
    problems += [report.before.error or "", (report.after and report.after.error) or ""]
    problems.append(report.verdict if report.verdict != MATCH else "")
    verdict = "ok" if report.ok else "NOT OK: " + " ".join(p for p in problems if p)
    fallbacks = sorted(report.before.fallbacks) + sorted(
        report.after.fallbacks if report.after else []
    )
    note = f"; point by point: {', '.join(sorted(set(fallbacks)))}" if fallbacks else ""
    print(
        f"{name:40s} {elapsed:7.2f} s wall {cpu:7.2f} s cpu  {verdict}{note}",
        flush=True,
    )


def _timeout(signum: int, frame: object) -> None:
    raise TimeoutError


def main(names: list[str]) -> None:
    signal.signal(signal.SIGALRM, _timeout)
    cases: dict[str, tuple[str, str]] = {
        "mlp512": (mlp(512), "main"),
        "reduce1000": (reduce_rows(1000), "main"),
        "matmul1000": (matmul(1000), "main"),
    }
    for path in sorted((ROOT / "tests" / "workloads").glob("*.mlir")):
        text = hand_scale(path.stem, path.read_text()) or scale_workload(
            path.read_text()
        )
        module = parse_module(text, path.name)
        entry = next(
            op.sym_name.data
            for op in module.ops
            if isinstance(op, func.FuncOp)
            and op.body.blocks
            and op.sym_visibility is None
        )
        cases[f"{path.stem} x100 (@{entry})"] = (text, entry)
    for name, (text, entry) in cases.items():
        if names and not any(n in name for n in names):
            continue
        signal.alarm(300)
        try:
            time_case(name, text, entry)
        except TimeoutError:
            print(f"{name:40s} stopped after 300 s", flush=True)
        except Exception as e:
            print(f"{name:40s} cannot run: {type(e).__name__}: {e}"[:300], flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
