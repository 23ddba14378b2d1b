"""MLIR's spellings on the command line: `{flag}` is `flag=true`, every mistake in a
pass option or pass name is one line `error: <pass>: ...` with exit status 1 (in
xdsl-opt and in xdsl-bufferize-check), MLIR's pass names are accepted, and loading
the universe from a Python host leaves its `sys.excepthook` alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.utils.arg_spec import parse_spec

from xdsl_bufferize.options import OneShotBufferizeOptions
from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass
from xdsl_bufferize.utils.cli_errors import InvalidOptionError

BIN = Path(sys.executable).parent

PROGRAM = """
func.func private @helper(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = func.call @helper(%t, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""

MEMREF_PROGRAM = """
func.func @g() -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}
"""


def _opt(
    tmp_path: Path, pipeline: str, text: str = PROGRAM
) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "in.mlir"
    source.write_text(text)
    return subprocess.run(
        [str(BIN / "xdsl-opt"), str(source), "-p", pipeline],
        capture_output=True,
        text=True,
        check=False,
    )


ERRORS = [
    (
        "one-shot-bufferize{buffer-alignment=abc}",
        "one-shot-bufferize: invalid value 'abc' of option buffer-alignment "
        "(expected an integer)",
    ),
    (
        "one-shot-bufferize{bufferize-function-boundaries=yes}",
        "one-shot-bufferize: invalid value 'yes' of option "
        "bufferize-function-boundaries (expected a boolean: true, false, 1 or 0)",
    ),
    (
        "one-shot-bufferize{analysis-heuristic=}",
        "one-shot-bufferize: option analysis-heuristic has an empty value (one of "
        "bottom-up, top-down, bottom-up-from-terminators, fuzzer)",
    ),
    (
        "comprehensive-bufferize{memcpy-op=memref.copy}",
        "comprehensive-bufferize: the value of option memcpy-op must be quoted: "
        'memcpy-op="memref.copy"',
    ),
    (
        "one-shot-bufferize{bufferize-function-boundarie}",
        "one-shot-bufferize: unknown option bufferize-function-boundarie (did you "
        "mean 'bufferize-function-boundaries', 'function-boundary-type-conversion'?)",
    ),
    (
        "one-shot-bufferize{analysis-heuristic=sideways}",
        "one-shot-bufferize: invalid value 'sideways' of option analysis-heuristic "
        "(valid: bottom-up, top-down, bottom-up-from-terminators, fuzzer)",
    ),
    (
        "comprehensive-bufferize{buffer-alignment}",
        "comprehensive-bufferize: option buffer-alignment needs a value (an integer)",
    ),
    (
        "one-shot-bufferiz",
        "unknown pass 'one-shot-bufferiz' (did you mean 'one-shot-bufferize',",
    ),
    (
        "ownership-based-buffer-deallocation{private-function-dynamic-ownership}",
        "ownership-based-buffer-deallocation: value 'true' of option "
        "private-function-dynamic-ownership is not supported (only false, MLIR's "
        "default)",
    ),
]


@pytest.mark.parametrize(("pipeline", "message"), ERRORS)
def test_xdsl_opt_option_errors_are_one_line(
    tmp_path: Path, pipeline: str, message: str
) -> None:
    done = _opt(tmp_path, pipeline)
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: {message}"), done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stdout == ""


def test_bare_flag_is_true(tmp_path: Path) -> None:
    """MLIR's `{flag}` spelling equals `flag=true` (and `flag=1`)."""
    bare = _opt(tmp_path, "one-shot-bufferize{bufferize-function-boundaries}")
    explicit = _opt(tmp_path, "one-shot-bufferize{bufferize-function-boundaries=1}")
    assert bare.returncode == 0, bare.stderr
    assert bare.stdout == explicit.stdout
    assert "memref<4xf32" in bare.stdout


def test_reading_options_in_python() -> None:
    """The same reading without a process: a bare boolean is true; a list option
    takes comma-separated values; errors are `InvalidOptionError`."""
    built = OneShotBufferizePass.from_spec(
        parse_spec("one-shot-bufferize{test-analysis-only print-conflicts}")
    )
    assert built.test_analysis_only and built.print_conflicts
    built = OneShotBufferizePass.from_spec(
        parse_spec("one-shot-bufferize{dialect-filter=tensor,linalg}")
    )
    assert built.dialect_filter == ("tensor", "linalg")
    with pytest.raises(
        InvalidOptionError, match="option enforce-aliasing-invariants is"
    ):
        OneShotBufferizePass.from_spec(
            parse_spec("one-shot-bufferize{enforce-aliasing-invariants=false}")
        )


def test_one_shot_keeps_results_by_default(tmp_path: Path) -> None:
    """As MLIR's one-shot-bufferize, the helper keeps its result (equivalent to its
    argument) unless drop-equivalent-buffer-results is asked for."""
    assert not OneShotBufferizeOptions().drop_equivalent_buffer_results
    kept = _opt(tmp_path, "one-shot-bufferize{bufferize-function-boundaries}")
    assert "func.func private @helper" in kept.stdout
    assert "-> memref<4xf32" in kept.stdout.split("@main")[0], kept.stdout
    dropped = _opt(
        tmp_path,
        "one-shot-bufferize{bufferize-function-boundaries "
        "drop-equivalent-buffer-results}",
    )
    assert "-> memref<4xf32" not in dropped.stdout.split("@main")[0], dropped.stdout


@pytest.mark.parametrize(
    "alias", ["ownership-based-buffer-deallocation", "buffer-deallocation-pipeline"]
)
def test_mlir_pass_names(tmp_path: Path, alias: str) -> None:
    """MLIR's deallocation pass names do our buffer-deallocation's job."""
    ours = _opt(tmp_path, "buffer-deallocation", MEMREF_PROGRAM)
    theirs = _opt(tmp_path, alias, MEMREF_PROGRAM)
    assert theirs.returncode == 0, theirs.stderr
    assert theirs.stdout == ours.stdout
    assert "memref.dealloc" in theirs.stdout


def test_pass_help(tmp_path: Path) -> None:
    done = _opt(tmp_path, "promote-buffers-to-stack{help}")
    assert done.returncode == 0
    assert done.stdout.startswith("promote-buffers-to-stack: ")
    assert "  max-alloc-size-in-bytes=integer (default 1024)" in done.stdout


def test_check_cli_pipeline_errors(tmp_path: Path) -> None:
    """xdsl-bufferize-check's --pipeline reports the same one line."""
    source = tmp_path / "main.mlir"
    source.write_text(PROGRAM)
    done = subprocess.run(
        [
            str(BIN / "xdsl-bufferize-check"),
            str(source),
            "--random-inputs",
            "1",
            "--pipeline",
            "one-shot-bufferize{analysis-heuristic=}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert done.stderr == (
        "xdsl-bufferize-check: error: one-shot-bufferize: option analysis-heuristic "
        "has an empty value (one of bottom-up, top-down, bottom-up-from-terminators, "
        "fuzzer)\n"
    )


def test_python_host_keeps_its_excepthook() -> None:
    """Building the multiverse (which loads our universe) in a Python host leaves
    the host's `sys.excepthook` as it was."""
    code = (
        "import sys\n"
        "def hook(*args): pass\n"
        "sys.excepthook = hook\n"
        "from xdsl.universe import Universe\n"
        "multiverse = Universe.get_multiverse()\n"
        "assert 'one-shot-bufferize' in multiverse.all_passes\n"
        "print(sys.excepthook is hook)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout == "True\n"


def test_pass_errors_name_the_source_position(tmp_path: Path) -> None:
    """Under xdsl-opt an error of our passes reads as MLIR's: the op's
    `file:line:col`, `error: '<op>' op <message>`, then the op as IR text ("see
    current operation"), never a Python repr."""
    source = tmp_path / "in.mlir"
    source.write_text(
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %c = arith.addf %a, %a : tensor<4xf32>\n"
        "  return %c : tensor<4xf32>\n"
        "}\n"
    )
    done = subprocess.run(
        [str(BIN / "xdsl-opt"), str(source), "-p", "one-shot-bufferize"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == (
        f"{source}:2:3: error: 'arith.addf' op has tensor "
        "semantics but no bufferization model (pass allow-unknown-ops to keep it on "
        "tensors behind to_tensor / to_buffer)\n"
        f"{source}:2:3: note: see current operation: "
        "%c = arith.addf %a, %a : tensor<4xf32>\n"
    )


def test_python_api_error_carries_the_location() -> None:
    """`BufferizationError.location` is the op's position when the module was
    parsed with positions (`LocatingParser`)."""
    from xdsl.context import Context
    from xdsl.dialects import get_all_dialects

    from xdsl_bufferize import BufferizationError, bufferize
    from xdsl_bufferize.utils.locations import LocatingParser

    ctx = Context()
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    text = (
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %c = arith.addf %a, %a : tensor<4xf32>\n"
        "  return %c : tensor<4xf32>\n"
        "}\n"
    )
    module = LocatingParser(ctx, text, "f.mlir").parse_module()
    with pytest.raises(BufferizationError) as caught:
        bufferize(module, ctx)
    assert caught.value.location == "f.mlir:2:3"
    assert "AddfOp(" not in str(caught.value)
