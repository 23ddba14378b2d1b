"""The executor (`xdsl_bufferize.execution`) stands alone: none of its modules imports
the testing tools (`xdsl_bufferize.testing`: generator, fuzzer, mutator, shrinker, MLIR
comparison), which are built on it. Checked in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "xdsl_bufferize"

_SCRIPT = """
import importlib, pkgutil, sys
from pathlib import Path

root = Path(sys.argv[1])
names = ["xdsl_bufferize.execution"] + [
    "xdsl_bufferize.execution." + info.name
    for info in pkgutil.iter_modules([str(root / "execution")])
    if info.name != "__main__"
]
for name in names:
    importlib.import_module(name)
testing = sorted(n for n in sys.modules if n.startswith("xdsl_bufferize.testing"))
print(len(names), "modules", testing)
"""


def test_executor_does_not_import_testing_tools() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(PACKAGE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("modules []"), done.stdout
    assert int(done.stdout.split()[0]) > 10, done.stdout


def test_testing_tools_use_the_executor() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, xdsl_bufferize.testing.fuzz; "
            "print('xdsl_bufferize.execution.runner' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "True"
