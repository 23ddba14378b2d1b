"""Running `xdsl-opt` (of this environment) on a source text, for the dialect tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def xdsl_opt(text: str) -> subprocess.CompletedProcess[str]:
    """`xdsl-opt` with `text` on its standard input, output captured."""
    return subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt")],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )


def assert_diagnostic(text: str, message: str) -> None:
    """`xdsl-opt` rejects `text`: non-zero exit, `message` in its output, no Python
    traceback."""
    done = xdsl_opt(text)
    assert done.returncode != 0
    assert message in done.stderr + done.stdout
    assert "Traceback" not in done.stderr
