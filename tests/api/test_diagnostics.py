"""Diagnostics: one style naming the op as written and its function; the Python API
raises an exception carrying the op; options are checked when a pass is built."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import UnregisteredOp
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from xdsl_bufferize import BufferizationError, InvalidOptionError, bufferize, deallocate
from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.execution.runner import make_context
from xdsl_bufferize.interfaces.diagnostics import op_error
from xdsl_bufferize.options import ComprehensiveBufferizeOptions
from xdsl_bufferize.transforms.comprehensive_bufferize import (
    ComprehensiveBufferizePass,
)
from xdsl_bufferize.transforms.convert_bufferization_to_memref import (
    ConvertBufferizationToMemrefPass,
)
from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

UNKNOWN = """
func.func @kernel(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %t, %t : tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""


def test_bufferize_raises_with_the_op_and_its_function() -> None:
    module = parse_module(UNKNOWN)
    with pytest.raises(BufferizationError) as caught:
        bufferize(module)
    error = caught.value
    assert error.op.name == "arith.addf"
    assert error.function == "kernel"
    first = str(error).splitlines()[0]
    assert first == (
        "'arith.addf' op has tensor semantics but no "
        "bufferization model (pass allow-unknown-ops to keep it on tensors behind "
        "to_tensor / to_buffer)"
    )


def test_unregistered_op_is_named_as_written() -> None:
    ctx = make_context()
    ctx.allow_unregistered = True
    module = parse_module(
        """
func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "mydialect.frob"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
""",
        ctx=ctx,
    )
    with pytest.raises(BufferizationError) as caught:
        bufferize(module, ctx)
    assert isinstance(caught.value.op, UnregisteredOp)
    text = str(caught.value)
    assert text.startswith("'mydialect.frob' op ")
    assert "builtin.unregistered" not in text.splitlines()[0]


def test_deallocate_raises_with_the_op() -> None:
    module = parse_module(
        """
func.func @raw() {
  %a = "bufftest.raw_alloc"() : () -> memref<4xf32>
  func.return
}
"""
    )
    with pytest.raises(BufferizationError) as caught:
        deallocate(module)
    assert caught.value.op.name == "bufftest.raw_alloc"
    assert caught.value.function == "raw"
    assert str(caught.value).startswith("'bufftest.raw_alloc' op ")


def test_error_outside_a_function() -> None:
    module = parse_module("func.func private @decl(tensor<4xf32>)")
    assert isinstance(next(iter(module.ops)), func.FuncOp)
    error = op_error("one-shot-bufferize", module, "something")
    assert error.function is None
    assert str(error).startswith("'builtin.module' op ")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: OneShotBufferizePass(analysis_heuristic="sideways"),  # pyright: ignore[reportArgumentType]
            "one-shot-bufferize: invalid value 'sideways' of option analysis-heuristic "
            "(valid: bottom-up, top-down, bottom-up-from-terminators, fuzzer)",
        ),
        (
            lambda: ComprehensiveBufferizePass(function_boundary_type_conversion="x"),  # pyright: ignore[reportArgumentType]
            "comprehensive-bufferize: invalid value 'x' of option "
            "function-boundary-type-conversion (valid: infer-layout-map, "
            "identity-layout-map, fully-dynamic-layout-map)",
        ),
        (
            lambda: ComprehensiveBufferizePass(memcpy_op="memcpy"),  # pyright: ignore[reportArgumentType]
            "comprehensive-bufferize: invalid value 'memcpy' of option memcpy-op "
            "(valid: memref.copy, linalg.copy, loops)",
        ),
        (
            lambda: ConvertBufferizationToMemrefPass(memcpy_op="x"),  # pyright: ignore[reportArgumentType]
            "convert-bufferization-to-memref: invalid value 'x' of option memcpy-op "
            "(valid: memref.copy, linalg.copy, loops)",
        ),
        (
            lambda: OneShotBufferizePass(buffer_alignment=48),
            "one-shot-bufferize: invalid value '48' of option buffer-alignment (must "
            "be a positive power of two, or 0 for none)",
        ),
        (
            lambda: ComprehensiveBufferizePass(buffer_alignment=-64),
            "comprehensive-bufferize: invalid value '-64' of option buffer-alignment",
        ),
        (
            # The options object alone (the Python API's) checks like its pass.
            lambda: ComprehensiveBufferizeOptions(memcpy_op="x"),  # pyright: ignore[reportArgumentType]
            "comprehensive-bufferize: invalid value 'x' of option memcpy-op "
            "(valid: memref.copy, linalg.copy, loops)",
        ),
    ],
)
def test_bad_options_fail_when_the_pass_is_built(make: object, message: str) -> None:
    assert callable(make)
    with pytest.raises(InvalidOptionError) as caught:
        make()
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("alignment", [0, 1, 16, 64, 128])
def test_good_alignments(alignment: int) -> None:
    OneShotBufferizePass(buffer_alignment=alignment)
    ComprehensiveBufferizePass(buffer_alignment=alignment)


def test_bad_option_fails_while_the_pipeline_is_parsed() -> None:
    passes = Universe.get_multiverse().all_passes
    with pytest.raises(InvalidOptionError):
        PassPipeline.parse_spec(passes, "comprehensive-bufferize{memcpy-op=fast}")


def test_bufferize_api_checks_options_before_running() -> None:
    module = parse_module(UNKNOWN)
    before = str(module)
    with pytest.raises(InvalidOptionError):
        bufferize(module, analysis_heuristic="sideways")  # pyright: ignore[reportArgumentType]
    assert str(module) == before


@pytest.mark.parametrize(
    "command",
    [
        [
            "xdsl-bufferize-check",
            "examples/two_functions.mlir",
            "--pipeline",
            "comprehensive-bufferize{memcpy-op=fast}",
        ],
        [
            "xdsl-bufferize-check",
            "examples/two_functions.mlir",
            "--pipeline",
            "one-shot-bufferize{buffer-alignment=3}",
        ],
        [
            "xdsl-bufferize-fuzz",
            "--count",
            "1",
            "-p",
            "one-shot-bufferize{analysis-heuristic=x}",
        ],
        [
            "xdsl-bufferize-fuzz",
            "mutate",
            "--count",
            "1",
            "-p",
            "comprehensive-bufferize{function-boundary-type-conversion=x}",
        ],
    ],
)
def test_clis_exit_2_without_traceback(command: list[str], tmp_path: Path) -> None:
    done = subprocess.run(
        [
            str(BIN / command[0]),
            *command[1:],
            *(["--out", str(tmp_path)] if "fuzz" in command[0] else []),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "invalid value" in done.stderr
    assert "valid" in done.stderr


def _xdsl_opt(source: Path, pipeline: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "xdsl-opt"), str(source), "-p", pipeline],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


UNRANKED = """
func.func @f(%t: tensor<*xf32>, %c: i1) -> tensor<*xf32> {
  %r = scf.if %c -> (tensor<*xf32>) {
    scf.yield %t : tensor<*xf32>
  } else {
    scf.yield %t : tensor<*xf32>
  }
  func.return %r : tensor<*xf32>
}
"""


@pytest.mark.parametrize(
    ("pipeline", "message"),
    [
        (
            "one-shot-bufferize{bufferize-function-boundaries=true}",
            "{source}:3:3: error: 'scf.if' op does not support unranked "
            "tensors (tensor<*xf32>)",
        ),
        (
            "comprehensive-bufferize{analysis-heuristic=sideways}",
            "error: comprehensive-bufferize: invalid value 'sideways' of option "
            "analysis-heuristic",
        ),
        (
            # A Literal-typed option: our message, not xDSL's type check.
            "one-shot-bufferize{function-boundary-type-conversion=sideways}",
            "error: one-shot-bufferize: invalid value 'sideways' of option "
            "function-boundary-type-conversion (valid: infer-layout-map, "
            "identity-layout-map, fully-dynamic-layout-map)",
        ),
        (
            "convert-bufferization-to-memref{memcpy-op=fast}",
            "error: convert-bufferization-to-memref: invalid value 'fast' of option "
            "memcpy-op (valid: memref.copy, linalg.copy, loops)",
        ),
        (
            # Two bad options: the first one the pass checks is reported, also when
            # the other is a Literal-typed one.
            "comprehensive-bufferize{memcpy-op=fast max-alloc-size-in-bytes=-1}",
            "error: comprehensive-bufferize: invalid value '-1' of option "
            "max-alloc-size-in-bytes",
        ),
    ],
)
def test_xdsl_opt_shows_our_errors_without_traceback(
    pipeline: str, message: str, tmp_path: Path
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(UNRANKED)
    done = _xdsl_opt(source, pipeline)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(message.format(source=source)), done.stderr
    assert done.stdout == ""
    assert source.read_text() == UNRANKED


UNDEFINED_VALUE = """func.func @f() {
  %x = "memref.cast"(%y) : (memref<2xf32>) -> memref<2xf32>
  func.return
}
"""


def test_xdsl_opt_shows_parse_errors_without_traceback(tmp_path: Path) -> None:
    """Input that does not parse gets xDSL's located message (file:line:column and a
    caret), no traceback, exit 1, no output, the input untouched."""
    source = tmp_path / "in.mlir"
    source.write_text(UNDEFINED_VALUE)
    done = _xdsl_opt(source, "buffer-deallocation")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"error: {source}:"), done.stderr
    assert "values used but not defined: [%y]" in done.stderr
    assert done.stdout == ""
    assert source.read_text() == UNDEFINED_VALUE
