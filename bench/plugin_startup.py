"""What loading the xdsl-bufferize plugin adds to `xdsl-opt`'s start-up.

Runs `xdsl-opt` on an empty module, in fresh processes, with the multiverse xDSL
builds from the installed entry points (our universe included) and with the same
entry points minus ours (`importlib.metadata.entry_points` filtered in the child
before xDSL's main runs), alternating the two; prints the median wall time of each
and their ratio (the goal, issue #25: at most 1.2).

    python bench/plugin_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import sys
import importlib.metadata as metadata

if {without!r}:
    original = metadata.entry_points

    def entry_points(**kwargs):
        found = original(**kwargs)
        if kwargs.get("group") == "xdsl.universe":
            return metadata.EntryPoints(e for e in found if e.name != "xdsl_bufferize")
        return found

    metadata.entry_points = entry_points
sys.argv = ["xdsl-opt", {path!r}]
from xdsl.tools.xdsl_opt import main

main()
"""


def time_once(path: str, without: bool) -> float:
    """Wall time of one `xdsl-opt path` in a fresh process."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", CHILD.format(without=without, path=path)],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description="xdsl-opt start-up with and without the plugin"
    )
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.mlir"
        empty.write_text("builtin.module {}\n")
        time_once(str(empty), False)  # warm the file cache
        with_plugin: list[float] = []
        without_plugin: list[float] = []
        for _ in range(args.runs):
            with_plugin.append(time_once(str(empty), False))
            without_plugin.append(time_once(str(empty), True))
    ours = statistics.median(with_plugin)
    theirs = statistics.median(without_plugin)
    print(
        f"xdsl-opt on an empty module, median of {args.runs}: with the plugin "
        f"{ours:.3f} s, without {theirs:.3f} s, ratio {ours / theirs:.2f}"
    )


if __name__ == "__main__":
    main()
