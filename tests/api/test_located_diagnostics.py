"""Each kind of error of our passes, run by xdsl-opt, reads as MLIR's diagnostics:
`<file>:<line>:<col>: error: '<op>' op <message>` at the op's position in the input,
then `<file>:<line>:<col>: note: see current operation: <op>`; exit status 1, no
traceback. (A bad option: tests/api/test_command_line.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent

NO_MODEL = """\
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.addf %a, %a : tensor<4xf32>
  return %c : tensor<4xf32>
}
"""

UNAVOIDABLE_CONFLICT = """\
func.func @refused(%c: i1, %t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %es = tensor.empty() : tensor<4xf32>
  %src = linalg.fill ins(%two : f32) outs(%es : tensor<4xf32>) -> tensor<4xf32>
  %ed = tensor.empty() : tensor<4xf32>
  %d = scf.if %c -> (tensor<4xf32>) {
    scf.yield %ed : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  %m = bufferization.materialize_in_destination %src in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = tensor.extract %t[%c0] : tensor<4xf32>
  return %m, %y : tensor<4xf32>, f32
}
"""

DEALLOCATION_REFUSAL = """\
func.func @raw() {
  %a = bufftest.raw_alloc : memref<4xf32>
  func.return
}
"""

CASES = [
    (
        "no-model",
        NO_MODEL,
        "one-shot-bufferize",
        (2, 3),
        "'arith.addf' op has tensor semantics but no bufferization model",
        "%c = arith.addf %a, %a : tensor<4xf32>",
    ),
    (
        "raw-conflict",
        UNAVOIDABLE_CONFLICT,
        "one-shot-bufferize{bufferize-function-boundaries}",
        (12, 3),
        "'bufferization.materialize_in_destination' op not bufferizable under the "
        "given constraints: cannot avoid RaW conflict",
        "%m = bufferization.materialize_in_destination %src in %d",
    ),
    (
        "deallocation",
        DEALLOCATION_REFUSAL,
        "buffer-deallocation",
        (2, 3),
        "'bufftest.raw_alloc' op allocates a buffer but has no AllocationOpInterface",
        "%a = bufftest.raw_alloc : memref<4xf32>",
    ),
]


@pytest.mark.parametrize(
    ("text", "pipeline", "position", "message", "op"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_error_names_position_and_op(
    tmp_path: Path,
    text: str,
    pipeline: str,
    position: tuple[int, int],
    message: str,
    op: str,
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(text)
    done = subprocess.run(
        [str(BIN / "xdsl-opt"), str(source), "-p", pipeline],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    where = f"{source}:{position[0]}:{position[1]}"
    lines = done.stderr.splitlines()
    assert len(lines) == 2, done.stderr
    assert lines[0].startswith(f"{where}: error: {message}"), done.stderr
    assert lines[1].startswith(f"{where}: note: see current operation: {op}")


BAD_MATMUL = """\
func.func @m(%a: tensor<4x5xf32>, %b: tensor<6x3xf32>, %c: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<6x3xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
"""


def test_verifier_error_names_the_op(tmp_path: Path) -> None:
    """IR that does not verify: the op that failed, at its position, in MLIR's
    form (not the verifier's bare message)."""
    source = tmp_path / "in.mlir"
    source.write_text(BAD_MATMUL)
    done = subprocess.run(
        [str(BIN / "xdsl-opt"), str(source), "-p", "one-shot-bufferize"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{source}:2:3: error: 'linalg.matmul' op inferred input/output operand #1 "
        "has shape's dimension #0 to be 5, but found 6",
        f"{source}:2:3: note: see current operation: %r = linalg.matmul ins(%a, %b "
        ": tensor<4x5xf32>, tensor<6x3xf32>) outs(%c : tensor<4x3xf32>) -> "
        "tensor<4x3xf32>",
    ]


def test_verifier_error_of_a_built_op(capsys: pytest.CaptureFixture[str]) -> None:
    """An op a pass built has no position of its own: the error names the
    position of the nearest op around it that has one (its function)."""
    from xdsl.context import Context
    from xdsl.dialects import arith, func, get_all_dialects
    from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, i32
    from xdsl.utils.exceptions import VerifyException

    from xdsl_bufferize.utils.cli_errors import (
        _show_our_errors,  # pyright: ignore[reportPrivateUsage]
    )
    from xdsl_bufferize.utils.locations import LocatingParser

    ctx = Context()
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    module: ModuleOp = LocatingParser(
        ctx, "func.func @f() {\n  func.return\n}\n", "built.mlir"
    ).parse_module()
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    built = arith.ConstantOp(IntegerAttr(1, i32), IndexType())
    function.body.block.insert_op_before(built, function.body.block.last_op)  # pyright: ignore[reportArgumentType]
    with pytest.raises(VerifyException) as caught:
        module.verify()
    _show_our_errors(VerifyException, caught.value, caught.value.__traceback__)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("built.mlir:1:1: error: 'arith.constant' op "), lines
    assert lines[1].startswith("built.mlir:1:1: note: see current operation: ")


def test_ops_bufferization_builds_carry_the_location_of_their_op() -> None:
    """The buffer ops one-shot-bufferize builds for an op carry that op's position,
    so an error about one of them points at the input line it came from."""
    from xdsl.dialects import memref

    from xdsl_bufferize.execution import make_context
    from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass
    from xdsl_bufferize.utils.locations import LocatingParser, location_of

    text = (
        "func.func @f(%x: f32) -> tensor<4xf32> {\n"
        "  %e = tensor.empty() : tensor<4xf32>\n"
        "  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>\n"
        "  func.return %t : tensor<4xf32>\n"
        "}\n"
    )
    ctx = make_context()
    module = LocatingParser(ctx, text, "built.mlir").parse_module()
    OneShotBufferizePass(bufferize_function_boundaries=True).apply(ctx, module)
    allocs = [op for op in module.walk() if isinstance(op, memref.AllocOp)]
    assert allocs
    assert [location_of(op) for op in allocs] == ["built.mlir:2:3"] * len(allocs)
