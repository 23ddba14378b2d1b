"""The documents' blocks run once per session, side by side (`doc_runner`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest

from tests.docs.doc_blocks import Command
from tests.docs.doc_runner import BlockRuns, skip_reason


@pytest.fixture(scope="session")
def doc_runs(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BlockRuns]:
    """The block runs, with the blocks of every selected test that takes a `block`
    parameter started at once (blocks a test skips are not started)."""
    runs = BlockRuns(tmp_path_factory.mktemp("doc-blocks"))
    selected = [
        cast(list[Command], item.callspec.params["block"])
        for item in request.session.items
        if isinstance(item, pytest.Function)
        and "doc_runs" in item.fixturenames
        and hasattr(item, "callspec")
        and "block" in item.callspec.params
        and not any(item.iter_markers("skip"))
    ]
    runs.start(block for block in selected if skip_reason(block) is None)
    yield runs
    runs.close()
