"""Running the commands shown in the documents: each block in a scratch folder of its
own, its commands in order, blocks side by side in a small pool of processes.

A block's commands may read what an earlier command of the block wrote, so they run
in order; different blocks share nothing (each has its own folder, and the folders of
the checkout they link are only read), so they run concurrently. The pool starts the
blocks of every selected test at once; each test then waits for its own block and
compares what it printed. Blocks must not write the same file of the linked folders
(docs/contributing.md, "How the documents are tested").
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.docs.doc_blocks import ROOT, Block, Command, runnable_part

COMMAND_SECONDS = 240
"""A command's time limit: the slowest shown takes about 20 s on a loaded 2-core CI."""

WORKERS = 2
"""Blocks run at the same time: CI has two cores; each command is one process."""

LINKED_FOLDERS = ("examples", "docs", "tests", "bench", "xdsl_bufferize")
"""What a command's scratch folder links from the checkout (commands use these paths)."""


HAS_MLIR = importlib.util.find_spec("mlir_finch") is not None


def skip_reason(commands: list[Command]) -> str | None:
    """Why the block cannot run here (None: it can)."""
    if commands[0].block.marker == "needs mlir" and not HAS_MLIR:
        return "needs the mlir extra (finch-mlir)"
    return None


@dataclass(frozen=True)
class Outcome:
    """What one command of a block did."""

    command: Command
    returncode: int
    stdout: str
    stderr: str


def expected_status(block: Block) -> int:
    """The exit status the block's marker asks for (0 without one)."""
    marker = block.marker or ""
    return int(marker.split()[1]) if marker.startswith("exit ") else 0


def run_block(commands: list[Command], folder: Path) -> list[Outcome]:
    """Run a block's commands in order in `folder` (linking the checkout's folders
    there); stop after the first whose exit status is not the expected one."""
    for name in LINKED_FOLDERS:
        (folder / name).symlink_to(ROOT / name)
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p
    )
    outcomes: list[Outcome] = []
    for command in commands:
        text = runnable_part(command)
        if not text:
            continue
        argv = (
            [sys.executable, "-c", text]
            if command.python
            else ["bash", "-c", f"set -eo pipefail; {text}"]
        )
        done = subprocess.run(
            argv,
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=COMMAND_SECONDS,
            check=False,
        )
        outcomes.append(Outcome(command, done.returncode, done.stdout, done.stderr))
        if done.returncode != expected_status(command.block):
            break
    return outcomes


class BlockRuns:
    """The runs of the documents' blocks, started in a pool of `WORKERS` and
    awaited by the tests that compare them (one run per block per session)."""

    def __init__(self, scratch: Path) -> None:
        self._scratch = scratch
        self._pool = ThreadPoolExecutor(max_workers=WORKERS)
        self._runs: dict[Block, Future[list[Outcome]]] = {}

    def start(self, blocks: Iterable[list[Command]]) -> None:
        """Start the blocks not started yet (in the order given)."""
        for commands in blocks:
            block = commands[0].block
            if block not in self._runs:
                folder = Path(tempfile.mkdtemp(prefix="block-", dir=self._scratch))
                self._runs[block] = self._pool.submit(run_block, commands, folder)

    def outcomes(self, commands: list[Command]) -> list[Outcome]:
        """The outcomes of a block's commands (started now if it was not)."""
        self.start([commands])
        return self._runs[commands[0].block].result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def by_block(found: Iterable[Command]) -> list[list[Command]]:
    """The commands grouped by block, in document order."""
    groups: dict[Block, list[Command]] = {}
    for command in found:
        groups.setdefault(command.block, []).append(command)
    return list(groups.values())
