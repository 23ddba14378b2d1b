"""The pass reference: `python -m xdsl_bufferize.passes` lists every pass of ours
with its options, and docs/passes.md is exactly its generated Markdown."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from xdsl_bufferize.options import MLIR_PASS_NAMES
from xdsl_bufferize.passes import all_pass_docs, format_markdown, main
from xdsl_bufferize.universe import XDSL_BUFFERIZE_UNIVERSE

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "passes.md"


def test_docs_passes_md_is_generated() -> None:
    """Regenerate with `python scripts/gen_pass_docs.py` when this fails."""
    assert DOCS.read_text() == format_markdown(all_pass_docs())


def test_listing_names_every_pass_and_option(capsys) -> None:  # pyright: ignore[reportMissingParameterType, reportUnknownParameterType]
    assert main([]) == 0
    out: str = capsys.readouterr().out  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    for name in XDSL_BUFFERIZE_UNIVERSE.all_passes:
        assert f"\n{name}: " in "\n" + out
    assert "  bufferize-function-boundaries=bool (default false)  " in out
    assert "  drop-equivalent-buffer-results=bool (default false)  (ours) " in out
    assert (
        "  analysis-heuristic=bottom-up | top-down | bottom-up-from-terminators"
        " | fuzzer (default bottom-up)" in out
    )


def test_every_option_has_help() -> None:
    for doc in all_pass_docs():
        assert doc.summary, doc.name
        for option in doc.options:
            assert option.help, f"{doc.name}: {option.name}"


def test_mlir_names_resolve() -> None:
    passes = set(XDSL_BUFFERIZE_UNIVERSE.all_passes) | {"empty-tensor-to-alloc-tensor"}
    for ours, _ in MLIR_PASS_NAMES.values():
        assert ours is None or ours in passes


def test_console_scripts_resolve(capsys) -> None:  # pyright: ignore[reportMissingParameterType, reportUnknownParameterType]
    """Every `[project.scripts]` entry names a function that exists; the listing is
    installed as `xdsl-bufferize-passes` (the README names it)."""
    tomllib = pytest.importorskip("tomllib")
    scripts: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "project"
    ]["scripts"]
    assert scripts["xdsl-bufferize-passes"] == "xdsl_bufferize.passes:main"
    for target in scripts.values():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function)), target
    entry = importlib.import_module("xdsl_bufferize.passes").main
    assert entry(["buffer-loop-hoisting"]) == 0
    out: str = capsys.readouterr().out  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    assert out.startswith("buffer-loop-hoisting: ")
