"""The README and docs/ stay readable and true: the README's length, paragraph and table
cell sizes, links that resolve, and every command shown run with its output compared.

The conventions the documents follow are in `doc_blocks` (and docs/contributing.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.doc_blocks import (
    ROOT,
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
from tests.docs.doc_runner import (
    BlockRuns,
    Outcome,
    by_block,
    expected_status,
    skip_reason,
)

README_MAX_WORDS = 1500
CELL_MAX_CHARS = 300
PARAGRAPH_MAX_LINES = 25
DOCUMENTS = documents()
COMMANDS = [command for path in DOCUMENTS for command in commands(path)]
BLOCKS = by_block(COMMANDS)


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


def test_python_api_example_prints_a_bufferized_module(doc_runs: BlockRuns) -> None:
    """The Python API example (docs/python-api.md) prints memref programs."""
    block = next(b for b in BLOCKS if b[0].python)
    (done,) = doc_runs.outcomes(block)
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


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b[0].id)
def test_shown_commands_run(block: list[Command], doc_runs: BlockRuns) -> None:
    """Each command of the block exits as its marker says (0 without one), and a
    console block's output is the one shown. Blocks run side by side
    (`doc_runner`); a block's commands run in order in one folder (a later one may
    read what an earlier one wrote)."""
    reason = skip_reason(block)
    if reason is not None:
        pytest.skip(reason)
    outcomes = doc_runs.outcomes(block)
    for outcome in outcomes:
        _compare(outcome)
    assert [o.command for o in outcomes] == [c for c in block if runnable_part(c)]


def _compare(outcome: Outcome) -> None:
    command = outcome.command
    status = expected_status(command.block)
    assert outcome.returncode == status, (
        f"{command.id}\n{outcome.stdout}\n{outcome.stderr}"
    )
    if command.output is not None:
        real = _normalise(outcome.stdout) + _normalise(outcome.stderr)
        shown = tuple(_normalise("\n".join(command.output)))
        assert output_matches(shown, real), (
            f"{command.id}: output differs\n--- shown\n"
            + "\n".join(shown)
            + "\n--- real\n"
            + "\n".join(real)
        )
