"""Packaging and embedding: typing marker, license, the host's garbage collector,
typed Python options, fuzzers' progress and inputs that ship with the package."""

from __future__ import annotations

import dataclasses
import filecmp
import gc
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import xdsl_bufferize
from xdsl_bufferize import bufferize
from xdsl_bufferize.execution import parse_module
from xdsl_bufferize.interfaces.bufferizable import AnalysisHeuristic, LayoutMapOption
from xdsl_bufferize.options import MEMCPY_OPS, ComprehensiveBufferizeOptions
from xdsl_bufferize.testing.fuzz import main as fuzz_main
from xdsl_bufferize.testing.mutate import SEEDS
from xdsl_bufferize.transforms.comprehensive_bufferize import (
    ComprehensiveBufferizePass,
)

ROOT = Path(__file__).resolve().parents[2]


def _project() -> dict[str, typing.Any]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


PACKAGE = Path(xdsl_bufferize.__file__).resolve().parent
BIN = Path(sys.executable).parent


def test_py_typed_ships() -> None:
    assert (PACKAGE / "py.typed").is_file()
    project = _project()
    data = project["tool"]["setuptools"]["package-data"]["xdsl_bufferize"]
    assert "py.typed" in data
    assert "testing/seeds/*.mlir" in data


def test_license_matches_metadata() -> None:
    project = _project()
    assert project["project"]["license"] == {"text": "Apache-2.0"}
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text
    assert "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text


@pytest.fixture
def example() -> str:
    return (ROOT / "examples" / "two_functions.mlir").read_text()


def _gc_state() -> tuple[bool, int, tuple[int, ...]]:
    return gc.isenabled(), gc.get_freeze_count(), gc.get_threshold()


def _is_frozen(obj: object) -> bool:
    """Whether `obj` is in the permanent generation (gc.get_objects() lists the
    three collected generations only)."""
    return not any(o is obj for o in gc.get_objects())


def test_a_frozen_host_heap_stays_frozen(example: str) -> None:
    marker: list[object] = []
    marker.append(marker)  # a container the collector tracks
    gc.freeze()
    try:
        assert _is_frozen(marker)
        enabled, _, threshold = _gc_state()
        bufferize(parse_module(example))
        assert _is_frozen(marker)
        assert gc.get_freeze_count() > 0
        assert (gc.isenabled(), gc.get_threshold()) == (enabled, threshold)
    finally:
        gc.unfreeze()


def test_an_unfrozen_heap_stays_unfrozen(example: str) -> None:
    gc.unfreeze()
    before = _gc_state()
    assert before[1] == 0
    bufferize(parse_module(example))
    assert _gc_state() == before


def test_a_disabled_collector_stays_disabled(example: str) -> None:
    gc.disable()
    try:
        before = _gc_state()
        bufferize(parse_module(example))
        assert _gc_state() == before
    finally:
        gc.enable()


def test_python_options_are_the_pass_options() -> None:
    """bufferize() takes the pass's options: the pass's fields are those of
    `ComprehensiveBufferizeOptions` (same names, defaults and order), each one
    is accepted as a keyword, and the enumerated ones are Literal types of the
    valid values (in the order of the enums, which the error messages list)."""
    fields = [
        (f.name, f.default) for f in dataclasses.fields(ComprehensiveBufferizePass)
    ]
    assert fields == [
        (f.name, f.default) for f in dataclasses.fields(ComprehensiveBufferizeOptions)
    ]
    assert "bufferize_function_boundaries" not in dict(fields)
    module = parse_module((ROOT / "examples" / "two_functions.mlir").read_text())
    expected = str(module)
    defaults: dict[str, object] = dict(fields)
    bufferize(module, None, None, **defaults)
    reference = parse_module(expected)
    bufferize(reference, options=ComprehensiveBufferizeOptions())
    assert str(module) == str(reference)
    hints = typing.get_type_hints(ComprehensiveBufferizeOptions)
    assert typing.get_args(hints["analysis_heuristic"]) == tuple(
        h.value for h in AnalysisHeuristic
    )
    assert typing.get_args(hints["function_boundary_type_conversion"]) == tuple(
        layout.value for layout in LayoutMapOption
    )
    assert typing.get_args(hints["memcpy_op"]) == MEMCPY_OPS


def test_readme_imports_exist() -> None:
    """The pass classes the Python API documentation names exist where it says."""
    readme = (ROOT / "docs" / "python-api.md").read_text()
    for module, names in [
        (
            "xdsl_bufferize.transforms.comprehensive_bufferize",
            ["ComprehensiveBufferizePass"],
        ),
        ("xdsl_bufferize.transforms.one_shot_bufferize", ["OneShotBufferizePass"]),
        ("xdsl_bufferize.transforms.buffer_deallocation", ["BufferDeallocationPass"]),
        (
            "xdsl_bufferize.transforms.convert_bufferization_to_memref",
            ["ConvertBufferizationToMemrefPass"],
        ),
        (
            "xdsl_bufferize.transforms.drop_equivalent_buffer_results",
            ["DropEquivalentBufferResultsPass"],
        ),
        (
            "xdsl_bufferize.transforms.empty_tensor_elimination",
            ["EmptyTensorEliminationPass"],
        ),
        ("xdsl_bufferize.transforms.buffer_loop_hoisting", ["BufferLoopHoistingPass"]),
    ]:
        short = "." + module.rsplit(".", 1)[1]
        assert module in readme or short in readme, module
        imported = __import__(module, fromlist=names)
        for name in names:
            assert f"`{name}`" in readme
            assert hasattr(imported, name)


def test_generator_fuzzer_prints_progress(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = fuzz_main(
        ["--count", "3", "-p", "comprehensive-bufferize", "--out", str(tmp_path)]
    )
    assert code == 0
    err = capsys.readouterr().err
    assert "fuzz: 3/3 programs, 0 failure(s), " in err
    assert err.rstrip().endswith("/s")


def test_mutation_fuzzer_prints_progress(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = fuzz_main(
        [
            "mutate",
            "--count",
            "4",
            "-p",
            "comprehensive-bufferize",
            "--out",
            str(tmp_path),
            "--subprocess-every",
            "0",
        ]
    )
    assert code in (0, 1)
    assert "fuzz: 4/4 mutants, " in capsys.readouterr().err


def test_mutation_inputs_ship_with_the_package() -> None:
    sources = sorted((ROOT / "examples").glob("*.mlir")) + sorted(
        (ROOT / "tests" / "workloads").glob("*.mlir")
    )
    shipped = sorted(SEEDS.glob("*.mlir"))
    assert SEEDS.is_relative_to(PACKAGE)
    assert [p.name for p in shipped] == sorted(p.name for p in sources)
    for source in sources:
        assert filecmp.cmp(source, SEEDS / source.name, shallow=False), source.name


def test_mutate_runs_outside_a_checkout(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            str(BIN / "xdsl-bufferize-fuzz"),
            "mutate",
            "--count",
            "3",
            "--quiet",
            "--subprocess-every",
            "0",
            "-p",
            "comprehensive-bufferize",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "3 programs, 0 failures" in done.stdout
