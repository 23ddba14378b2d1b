"""bench.memory: the memory section is replaced in place and survives a full bench run."""

from __future__ import annotations

from pathlib import Path

from bench.memory import END, START, write_section
from bench.report import kept_sections


def test_section_is_replaced_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "RESULTS.md"
    path.write_text("# Benchmark results\n\nspeed\n")
    write_section(path, [START, "## Memory", "old", END])
    write_section(path, [START, "## Memory", "new", END])
    text = path.read_text()
    assert text.count(START) == 1 and "new" in text and "old" not in text
    assert text.startswith("# Benchmark results\n\nspeed\n")
    assert kept_sections(path) == [START, "## Memory", "new", END]


def test_a_full_run_keeps_every_section_it_does_not_write(tmp_path: Path) -> None:
    path = tmp_path / "RESULTS.md"
    path.write_text(
        "\n".join(
            [
                "# Benchmark results",
                "## Machine",
                "old machine",
                "## Compile time (medians)",
                "old table",
                "### Growth exponents",
                "old growth",
                "## Speed, a dated note",
                "kept note",
                "### its details",
                "kept details",
                START,
                "## Memory",
                "kept memory",
                END,
                "",
                "<!-- executor section -->",
                "## Reference executor",
                "kept executor",
                "## Plots",
                "old plots",
            ]
        )
    )
    kept = kept_sections(path)
    assert kept == [
        "## Speed, a dated note",
        "kept note",
        "### its details",
        "kept details",
        START,
        "## Memory",
        "kept memory",
        END,
        "",
        "<!-- executor section -->",
        "## Reference executor",
        "kept executor",
    ]
