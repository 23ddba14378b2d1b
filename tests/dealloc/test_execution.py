"""Every `@main` in tests/filecheck/buffer-deallocation runs the same before and after the
pass, and the reference executor finds no leak, double free or use after free afterwards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls

from xdsl_bufferize.dialects import test_alloc
from xdsl_bufferize.execution import (
    MemRefView,
    allocate_buffer,
    clone_buffer,
    free_buffer,
    parse_module,
    run,
    values_close,
)
from xdsl_bufferize.transforms.buffer_deallocation import deallocate

TEST_DIR = Path(__file__).parent.parent / "filecheck" / "buffer-deallocation"


@register_impls
class BufftestFunctions(InterpreterFunctions):
    """Executor implementations of the bufftest ops, on the executor's tracked memory."""

    @impl(test_alloc.AllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: test_alloc.AllocOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        return (allocate_buffer(interpreter, op, op.memref.type),)

    @impl(test_alloc.CloneOp)
    def run_clone(
        self, interpreter: Interpreter, op: test_alloc.CloneOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        assert isinstance(args[0], MemRefView)
        return (clone_buffer(interpreter, op, args[0]),)

    @impl(test_alloc.FreeOp)
    def run_free(
        self, interpreter: Interpreter, op: test_alloc.FreeOp, args: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        assert isinstance(args[0], MemRefView)
        free_buffer(interpreter, op, args[0])
        return ()


def _cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for path in sorted(TEST_DIR.glob("*.mlir")):
        for i, chunk in enumerate(path.read_text().split("// -----")):
            if "func.func @main()" in chunk:
                cases.append((f"{path.name}#{i}", chunk))
    return cases


CASES = _cases()


def test_there_are_executable_cases() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize(("name", "text"), CASES, ids=[name for name, _ in CASES])
def test_same_results_and_clean_memory(name: str, text: str) -> None:
    extra = (BufftestFunctions(),)
    before = run(parse_module(text, name), "main", (), extra_functions=extra)
    assert before.error is None, before.error
    module = parse_module(text, name)
    deallocate(module)
    module.verify()
    after = run(module, "main", (), extra_functions=extra)
    assert after.error is None, after.error
    assert after.findings == [], f"{name}:\n{module}"
    assert before.results is not None
    assert after.results is not None
    assert len(before.results) == len(after.results)
    for x, y in zip(before.results, after.results, strict=True):
        assert values_close(x, y)
    # the input leaks whenever it allocates on the heap and frees nothing itself: the pass
    # is what fixes it
    heap = any(w in text for w in ("memref.alloc()", "bufftest.alloc", "func.call"))
    frees = any(w in text for w in ("memref.dealloc", "memref.realloc"))
    assert not heap or frees or before.findings, f"{name}: expected the input to leak"
