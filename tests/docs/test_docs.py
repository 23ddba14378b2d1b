"""The README and docs/ stay readable and true: the README's length, paragraph and table
cell sizes, links that resolve, and every command shown run with its output compared.

The conventions the documents follow are in `doc_blocks` (and docs/contributing.md).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.doc_blocks import (
    ROOT,
    Block,
    Command,
    anchors,
    commands,
    documents,
    links,
    name,
    output_matches,
    prose_words,
    runnable_part,
    split,
    table_cells,
)

README_MAX_WORDS = 1500
CELL_MAX_CHARS = 300
PARAGRAPH_MAX_LINES = 25
COMMAND_SECONDS = 240
"""A command's time limit: the slowest shown takes about 20 s on a loaded 2-core CI."""

LINKED_FOLDERS = ("examples", "docs", "tests", "bench", "xdsl_bufferize")
"""What a command's scratch folder links from the checkout (commands use these paths)."""

DOCUMENTS = documents()
COMMANDS = [command for path in DOCUMENTS for command in commands(path)]
HAS_MLIR = importlib.util.find_spec("mlir_finch") is not None


def test_readme_is_short() -> None:
    words = prose_words(ROOT / "README.md")
    assert words <= README_MAX_WORDS, f"README.md has {words} words"


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_table_cells_are_short(path: Path) -> None:
    long = [
        f"{name(path)}:{line}: {len(cell)} characters"
        for line, cell in table_cells(path)
        if len(cell) > CELL_MAX_CHARS
    ]
    assert not long


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_paragraphs_fit_a_screen(path: Path) -> None:
    long = [
        f"{name(path)}:{start}: {len(lines)} lines"
        for start, lines in split(path)[1]
        if len(lines) > PARAGRAPH_MAX_LINES
    ]
    assert not long


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_links_resolve(path: Path) -> None:
    broken: list[str] = []
    for target in links(path):
        file_part, _, anchor = target.partition("#")
        target_path = (path.parent / file_part).resolve() if file_part else path
        if not target_path.exists():
            broken.append(target)
            continue
        if (
            anchor
            and target_path.suffix == ".md"
            and anchor not in anchors(target_path)
        ):
            broken.append(target)
    assert not broken, f"{name(path)}: {broken}"


def test_every_document_shows_commands_that_are_collected() -> None:
    """The extraction sees the README's two set-up commands and its worked example."""
    readme = [c for c in COMMANDS if c.block.path.name == "README.md"]
    assert sum(c.block.marker == "setup" for c in readme) == 2
    assert any(c.output and "results match" in "\n".join(c.output) for c in readme)
    assert len(COMMANDS) >= 15


def test_readme_example_is_the_file_it_names() -> None:
    """The README's tensor program is docs/examples/first.mlir (its comment aside)."""
    shown = next(b for b in split(ROOT / "README.md")[0] if b.lang == "mlir")
    source = (ROOT / "docs" / "examples" / "first.mlir").read_text().splitlines()
    assert list(shown.lines) == [line for line in source if not line.startswith("//")]


def test_python_api_example_prints_a_bufferized_module() -> None:
    """The Python API example (docs/python-api.md) prints memref programs."""
    command = next(c for c in COMMANDS if c.python)
    done = subprocess.run(
        [sys.executable, "-c", command.text],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=COMMAND_SECONDS,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "func.func private @scale_add" in done.stdout
    assert "tensor<" not in done.stdout


def test_setup_commands_are_cis() -> None:
    """The set-up commands install as `.ci/run` does; CI then runs the test command."""
    ci = (ROOT / ".ci" / "run").read_text()
    setup = [c.text for c in COMMANDS if c.block.marker == "setup"]
    assert setup[0].startswith(
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && "
    )
    assert setup[1] == (
        "python3 -m venv .venv && . .venv/bin/activate && "
        "pip install -e '.[dev,mlir]' && bash scripts/test.sh"
    )
    assert "python3 -m venv" in ci
    assert "pip install --quiet -e '.[dev,mlir]'" in ci
    assert ci.rstrip().endswith("bash scripts/test.sh")


def _normalise(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _by_block(found: list[Command]) -> list[list[Command]]:
    """The commands grouped by block: a block's commands run in order in one folder
    (a later one may read what an earlier one wrote)."""
    groups: dict[Block, list[Command]] = {}
    for command in found:
        groups.setdefault(command.block, []).append(command)
    return list(groups.values())


@pytest.mark.parametrize("block", _by_block(COMMANDS), ids=lambda b: b[0].id)
def test_shown_commands_run(block: list[Command], tmp_path: Path) -> None:
    if block[0].block.marker == "needs mlir" and not HAS_MLIR:
        pytest.skip("needs the mlir extra (finch-mlir)")
    for folder in LINKED_FOLDERS:
        (tmp_path / folder).symlink_to(ROOT / folder)
    for command in block:
        _run_and_compare(command, tmp_path)


def _run_and_compare(command: Command, tmp_path: Path) -> None:
    text = runnable_part(command)
    if not text:
        return
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p
    )
    argv = (
        [sys.executable, "-c", text]
        if command.python
        else ["bash", "-c", f"set -eo pipefail; {text}"]
    )
    done = subprocess.run(
        argv,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=COMMAND_SECONDS,
        check=False,
    )
    marker = command.block.marker or ""
    status = int(marker.split()[1]) if marker.startswith("exit ") else 0
    assert done.returncode == status, f"{command.id}\n{done.stdout}\n{done.stderr}"
    if command.output is not None:
        real = _normalise(done.stdout) + _normalise(done.stderr)
        shown = tuple(_normalise("\n".join(command.output)))
        assert output_matches(shown, real), (
            f"{command.id}: output differs\n--- shown\n"
            + "\n".join(shown)
            + "\n--- real\n"
            + "\n".join(real)
        )
