"""bench.memory: the memory section is replaced in place and survives a full bench run."""

from __future__ import annotations

from pathlib import Path

from bench.memory import END, START, kept_section, write_section


def test_section_is_replaced_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "RESULTS.md"
    path.write_text("# Benchmark results\n\nspeed\n")
    write_section(path, [START, "## Memory", "old", END])
    write_section(path, [START, "## Memory", "new", END])
    text = path.read_text()
    assert text.count(START) == 1 and "new" in text and "old" not in text
    assert text.startswith("# Benchmark results\n\nspeed\n")
    assert kept_section(path) == [START, "## Memory", "new", END]
