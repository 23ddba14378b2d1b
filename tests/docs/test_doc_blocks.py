"""The extraction and comparison the documentation tests rely on, on small documents."""

from __future__ import annotations

from pathlib import Path

from tests.docs.doc_blocks import (
    anchors,
    commands,
    links,
    output_matches,
    runnable_part,
    split,
    table_cells,
)

DOC = """# Title `x`

Some text with a [link](other.md#a-heading) and `[not](a-link.md)`.

<!-- doc-test: exit 1 -->
```console
$ first command
line one
line two
$ second command
```

```sh
# a comment
third command
```

| a | b |
|---|---|
| cell one | cell two |

- item one
- item two
  continued
"""


def _doc(tmp_path: Path) -> Path:
    path = tmp_path / "doc.md"
    path.write_text(DOC)
    return path


def test_commands_outputs_and_markers(tmp_path: Path) -> None:
    found = commands(_doc(tmp_path))
    assert [c.text for c in found] == [
        "first command",
        "second command",
        "third command",
    ]
    assert found[0].output == ("line one", "line two")
    assert found[1].output == ()
    assert found[2].output is None
    assert found[0].block.marker == "exit 1"
    assert found[2].block.marker is None


def test_paragraphs_cells_links_anchors(tmp_path: Path) -> None:
    path = _doc(tmp_path)
    paragraphs = [lines for _, lines in split(path)[1]]
    assert ["- item two", "  continued"] in paragraphs
    assert ["- item one"] in paragraphs
    assert [c for _, c in table_cells(path)] == ["a", "b", "cell one", "cell two"]
    assert links(path) == ["other.md#a-heading"]
    assert anchors(path) == {"title-x"}


def test_output_comparison() -> None:
    assert output_matches(("a", "b"), ["a", "b"])
    assert not output_matches(("a", "b"), ["a", "c"])
    assert not output_matches(("a",), ["a", "b"])
    assert output_matches(("a", "...", "d"), ["a", "b", "c", "d"])
    assert output_matches(("a", "...", "d"), ["a", "d"])
    assert not output_matches(("a", "...", "d"), ["a", "b", "c"])


def test_setup_commands_run_after_the_install(tmp_path: Path) -> None:
    path = tmp_path / "setup.md"
    path.write_text(
        "<!-- doc-test: setup -->\n```sh\n"
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && xdsl-opt f\n"
        "```\n"
    )
    (command,) = commands(path)
    assert command.block.marker == "setup"
    assert runnable_part(command) == "xdsl-opt f"


def test_block_runs_keep_order_and_stop_at_a_wrong_status(tmp_path: Path) -> None:
    """A block's commands run in order in one folder; a block stops at the first
    command whose exit status is not the expected one; blocks do not share folders."""
    from tests.docs.doc_runner import BlockRuns, by_block

    path = tmp_path / "run.md"
    path.write_text(
        "```console\n$ echo one > f\n$ cat f\none\n```\n\n"
        "<!-- doc-test: exit 3 -->\n```sh\nexit 3\ntrue\necho never\n```\n\n"
        "```sh\ntest ! -e f\n```\n"
    )
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    runs = BlockRuns(scratch)
    blocks = by_block(commands(path))
    runs.start(blocks)
    try:
        first, second, third = (runs.outcomes(block) for block in blocks)
    finally:
        runs.close()
    assert [(o.command.text, o.returncode, o.stdout) for o in first] == [
        ("echo one > f", 0, ""),
        ("cat f", 0, "one\n"),
    ]
    assert [(o.command.text, o.returncode) for o in second] == [
        ("exit 3", 3),
        ("true", 0),
    ]
    assert [o.returncode for o in third] == [0]
