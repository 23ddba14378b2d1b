"""What the documentation tests read: the README and docs/, split into code blocks,
paragraphs, table cells and links.

Conventions (docs/contributing.md, "How the documents are tested"):

* a ```` ```sh ```` block holds commands, one per line (`#` lines are comments); each is
  run by bash from a scratch folder that links `examples/`, `docs/`, `tests/`,
  `bench/` and `xdsl_bufferize/` of the checkout, and must exit 0;
* a ```` ```console ```` block holds `$ command` lines, each followed by its output
  (stdout, then stderr); the command is run the same way and its output must equal
  the text shown (trailing spaces ignored); a line `...` stands for any lines;
* a block right after `<!-- doc-test: setup -->` is a set-up command (a fresh virtual
  environment and `pip install`): its install steps are CI's own (`.ci/run`), and the
  steps after the install are run in the test's environment;
* a block right after `<!-- doc-test: needs mlir -->` needs the `mlir` extra (the
  `finch-mlir` wheel) and is skipped without it;
* a block right after `<!-- doc-test: exit N -->` expects exit status N;
* a ```` ```python ```` block is run whole by the test's Python, from the same scratch
  folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

MARKER = re.compile(r"<!--\s*doc-test:\s*([a-z0-9 ]+?)\s*-->")
FENCE = re.compile(r"^```([a-z]*)\s*$")


def documents() -> list[Path]:
    """The README and every Markdown file under docs/."""
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, lines, the marker before it, where it is."""

    path: Path
    line: int
    lang: str
    lines: tuple[str, ...]
    marker: str | None

    @property
    def where(self) -> str:
        return f"{name(self.path)}:{self.line}"


@dataclass(frozen=True)
class Command:
    """A command shown in a document, and the output shown under it (console blocks)."""

    block: Block
    text: str
    output: tuple[str, ...] | None
    python: bool = False

    @property
    def id(self) -> str:
        short = self.text if len(self.text) < 60 else self.text[:57] + "..."
        return f"{self.block.where}: {short}"


def split(path: Path) -> tuple[list[Block], list[tuple[int, list[str]]]]:
    """The code blocks of a document, and its prose lines grouped by paragraph (with the
    line number of each paragraph's first line). A list item starts a paragraph."""
    blocks: list[Block] = []
    paragraphs: list[tuple[int, list[str]]] = []
    lines = path.read_text().splitlines()
    marker: str | None = None
    current: list[str] = []
    start = 0
    i = 0

    def close() -> None:
        nonlocal current
        if current:
            paragraphs.append((start, current))
        current = []

    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            close()
            body: list[str] = []
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                body.append(lines[j])
                j += 1
            blocks.append(Block(path, i + 1, fence.group(1), tuple(body), marker))
            marker = None
            i = j + 1
            continue
        found = MARKER.fullmatch(line.strip())
        if found:
            close()
            marker = found.group(1)
        elif not line.strip():
            close()
        else:
            if (
                re.match(r"\s*(- |\d+\. |\|)", line)
                and not line.startswith("|")
                or (
                    line.startswith("|") and current and not current[-1].startswith("|")
                )
            ):
                close()
            if not current:
                start = i + 1
            current.append(line)
        i += 1
    close()
    return blocks, paragraphs


def commands(path: Path) -> list[Command]:
    """Every command of a document's sh, console and python blocks."""
    found: list[Command] = []
    for block in split(path)[0]:
        if block.lang == "python":
            found.append(Command(block, "\n".join(block.lines), None, python=True))
        elif block.lang == "sh":
            for line in block.lines:
                if line.strip() and not line.lstrip().startswith("#"):
                    found.append(Command(block, line.strip(), None))
        elif block.lang == "console":
            text: str | None = None
            output: list[str] = []
            for line in block.lines:
                if line.startswith("$ "):
                    if text is not None:
                        found.append(Command(block, text, tuple(output)))
                    text, output = line[2:].strip(), []
                elif text is not None:
                    output.append(line)
            if text is not None:
                found.append(Command(block, text, tuple(output)))
    return found


def runnable_part(command: Command) -> str:
    """The part of a command the test runs: a set-up command's steps after the install
    (the test's environment is installed already); the test suite itself is CI's job."""
    if command.block.marker != "setup":
        return command.text
    steps = [s.strip() for s in command.text.split("&&")]
    install = max(i for i, s in enumerate(steps) if s.startswith("pip install"))
    return " && ".join(s for s in steps[install + 1 :] if s != "bash scripts/test.sh")


def output_matches(shown: tuple[str, ...], real: list[str]) -> bool:
    """Whether the output shown equals the real one; a line `...` stands for any lines."""
    pattern = "".join(
        r"(?:.*\n)*?" if line == "..." else re.escape(line) + r"\n" for line in shown
    )
    return re.fullmatch(pattern, "".join(line + "\n" for line in real)) is not None


def table_cells(path: Path) -> list[tuple[int, str]]:
    """Every cell of every Markdown table, with its line number."""
    cells: list[tuple[int, str]] = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("|") and not re.fullmatch(r"[|\-: ]+", line):
            cells += [(number, c.strip()) for c in re.split(r"(?<!\\)\|", line)[1:-1]]
    return cells


def links(path: Path) -> list[str]:
    """The targets of the document's Markdown links outside code blocks (web links
    left out)."""
    text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    return [t for t in targets if not re.match(r"[a-z]+:", t)]


def anchors(path: Path) -> set[str]:
    """The anchors of a document's headings, as GitHub spells them."""
    found: set[str] = set()
    for line in re.sub(r"```.*?```", "", path.read_text(), flags=re.S).splitlines():
        heading = re.match(r"#+\s+(.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower())
            found.add(slug.replace(" ", "-"))
    return found


def prose_words(path: Path) -> int:
    """Words of a document, code blocks included (what a reader scrolls through)."""
    return len(path.read_text().split())
