"""numpy is a dependency of the reference executor only: importing the passes (every
module of the package outside `xdsl_bufferize.execution` and the testing tools of
`xdsl_bufferize.testing`, which use the executor, and the xDSL universe that registers
them) must not import numpy, in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "xdsl_bufferize"

_SCRIPT = """
import importlib, pkgutil, sys
from pathlib import Path

root = Path(sys.argv[1])

def names(path, prefix):
    for info in pkgutil.iter_modules([str(path)]):
        name = prefix + info.name
        if name in ("xdsl_bufferize.execution", "xdsl_bufferize.testing"):
            continue
        yield name
        if info.ispkg:
            yield from names(path / info.name, name + ".")

imported = []
for name in ["xdsl_bufferize", *names(root, "xdsl_bufferize.")]:
    importlib.import_module(name)
    imported.append(name)
    if "numpy" in sys.modules:
        print("numpy imported by", name)
        sys.exit(1)
executor = [n for n in sys.modules if n.startswith("xdsl_bufferize.execution")]
print(len(imported), "modules", executor)
"""


def test_passes_do_not_import_numpy() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(PACKAGE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "modules []" in done.stdout, done.stdout


def test_executor_uses_numpy() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, xdsl_bufferize.execution; print('numpy' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "True"
