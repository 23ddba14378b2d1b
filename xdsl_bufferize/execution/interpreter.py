"""The executing interpreter: xDSL's `Interpreter` with memory tracking and call frames.

`ExecutionInterpreter` dispatches ops to `InterpreterFunctions` like xDSL's interpreter,
but runs each region invocation in one scope (so loops built from `cf.br` do not grow the
scope chain), keeps call frames (for `memref.alloca` lifetimes and a call-depth cap),
records where the ops are for findings, turns every Python error raised by an op
implementation into an `ExecutionError` naming the innermost op, and also looks op
implementations up by op name (`register_named_impl`), for ops whose class it does not
import, and by base class (an op subclassing an implemented op runs like it). Parallel
loops run their iterations in a seeded shuffled order (`parallel_order`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    FileLineColLoc,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.interpreter import (
    Interpreter,
    OpImplResult,
    PythonValues,
    ReturnedValues,
    Successor,
)
from xdsl.ir import Operation, Region
from xdsl.traits import SymbolOpInterface

from xdsl_bufferize.execution.memory import (
    DEFAULT_MAX_BYTES,
    Buffer,
    ExecutionError,
    MemoryData,
    MemoryTracker,
)
from xdsl_bufferize.execution.values import MemRefView, element_bytes, num_elements

_T = TypeVar("_T")

PROGRESS_AFTER = 5.0
"""Seconds a run goes on before the interpreter reports its progress."""
PROGRESS_EVERY = 5.0
"""Seconds between two progress reports."""

PARALLEL_ORDER_SEED = 0x5EED
"""Seed of the order in which parallel loop iterations run (fixed: runs reproduce)."""

NamedImpl = Callable[["ExecutionInterpreter", Operation, PythonValues], OpImplResult]
"""An op implementation looked up by op name: (interpreter, op, operand values)."""

_NAMED_IMPLS: dict[str, NamedImpl] = {}


def register_named_impl(op_name: str, impl: NamedImpl) -> None:
    """Make `impl` run every op called `op_name` that has no class-based implementation."""
    _NAMED_IMPLS[op_name] = impl


def _enclosing_function(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


class OpLocator:
    """Gives each op a location a user can find it by."""

    def __init__(self) -> None:
        self._cache: dict[int, str] = {}
        self._indices: dict[int, dict[int, int]] = {}

    def __call__(self, op: Operation) -> str:
        key = id(op)
        if key in self._cache:
            return self._cache[key]
        fn = _enclosing_function(op)
        fn_name = "<module>"
        if fn is not None and (sym := fn.get_trait(SymbolOpInterface)) is not None:
            name = sym.get_sym_attr_name(fn)
            if name is not None:
                fn_name = "@" + name.data
        loc = op.location
        if isinstance(loc, FileLineColLoc):
            text = f"{loc.filename.data}:{loc.line.data}:{loc.column.data} in {fn_name}"
        else:
            index = -1
            if fn is not None:
                table = self._indices.setdefault(
                    id(fn), {id(o): i for i, o in enumerate(fn.walk())}
                )
                index = table.get(key, -1)
            text = f"{fn_name}, op #{index} (in walk order)"
        self._cache[key] = text
        return text


class CallFrame:
    """One active function call: its stack allocations."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.stack_buffers: list[Buffer] = []


class ExecutionInterpreter(Interpreter):
    """xDSL's interpreter, set up for the reference executor (see module docstring)."""

    def __init__(
        self,
        module: ModuleOp,
        max_call_depth: int = 256,
        max_bytes: int = DEFAULT_MAX_BYTES,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(module=module, index_bitwidth=64)
        self.locate = OpLocator()
        self.memory = MemoryTracker(self.locate, max_bytes)
        self.progress = progress
        """Called with a line (ops executed, elapsed time) every few seconds of a run
        longer than `PROGRESS_AFTER` seconds."""
        self.ops_executed = 0
        self._started = time.monotonic()
        self._next_report = self._started + PROGRESS_AFTER
        self._static_bytes: dict[int, int] = {}
        self.set_data(MemoryData, "memory_tracker", self.memory)
        self.max_call_depth = max_call_depth
        self.frames: list[CallFrame] = []
        self.linalg_indices: list[tuple[int, ...]] = []
        self.fallbacks: dict[str, str] = {}
        """Structured ops run point by point instead of whole, by op name, with the
        reason (see `structured.run_vectorized`)."""
        self.globals: dict[str, MemRefView] = {}
        self._symbols: dict[str, Operation] = {}
        self._no_impl: set[type[Operation]] = set()
        self._order = random.Random(PARALLEL_ORDER_SEED)
        for op in module.ops:
            sym = op.get_trait(SymbolOpInterface)
            name = sym.get_sym_attr_name(op) if sym is not None else None
            if name is not None:
                self._symbols[name.data] = op

    # -- symbols and calls --------------------------------------------------------

    def lookup_symbol(self, name: str) -> Operation:
        if name not in self._symbols:
            raise ExecutionError(f"no symbol named @{name} in the module")
        return self._symbols[name]

    def call_function(self, name: str, args: Sequence[Any]) -> PythonValues:
        """Run `func.func @name` on `args`, with a new call frame."""
        callee = self.lookup_symbol(name)
        if not isinstance(callee, func.FuncOp):
            raise ExecutionError(f"@{name} is not a func.func")
        if not callee.body.blocks:
            raise ExecutionError(
                f"@{name} is an external function without body: cannot run it"
            )
        if len(self.frames) >= self.max_call_depth:
            raise ExecutionError(
                f"call depth exceeds {self.max_call_depth} (runaway recursion?) "
                f"calling @{name}"
            )
        frame = CallFrame(name)
        self.frames.append(frame)
        self.memory.function_calls += 1
        try:
            results = self.run_ssacfg_region(callee.body, tuple(args), name)
        finally:
            self.frames.pop()
            self.memory.release_stack(frame.stack_buffers, f"@{name}")
        return results

    # -- dispatch -----------------------------------------------------------------

    def _impl_of(self, op_type: type[Operation]) -> Any:
        """The class-based implementation of `op_type`: its own, else that of its
        nearest base class (ops that only widen an xDSL op's parser, structured linalg
        ops added to xDSL's dialect), else None."""
        impls = self._impls._impl_dict  # pyright: ignore[reportPrivateUsage]
        entry = impls.get(op_type)
        if entry is None and op_type not in self._no_impl:
            entry = next((impls[t] for t in op_type.__mro__ if t in impls), None)
            if entry is None:
                self._no_impl.add(op_type)
            else:
                impls[op_type] = entry
        return entry

    def parallel_order(self, points: list[_T]) -> list[_T]:
        """The iterations of a parallel loop in the order the executor runs them: a
        seeded shuffle, so that a bufferized program whose iterations share a buffer
        they should not share (a race) computes something else than its tensor form."""
        order = list(points)
        self._order.shuffle(order)
        return order

    def _result_bytes(self, op: Operation) -> int:
        """The largest static size in bytes of a tensor or memref result of `op`."""
        found = self._static_bytes.get(id(op))
        if found is None:
            found = 0
            for result in op.results:
                t = result.type
                if isinstance(t, TensorType | MemRefType) and all(
                    d >= 0 for d in t.get_shape()
                ):
                    elements = num_elements(t.get_shape())
                    found = max(found, elements * element_bytes(t.get_element_type()))
            self._static_bytes[id(op)] = found
        return found

    def _note_progress(self) -> None:
        now = time.monotonic()
        if now >= self._next_report:
            self._next_report = now + PROGRESS_EVERY
            if self.progress is not None:
                self.progress(
                    f"{self.ops_executed} ops executed, "
                    f"{now - self._started:.0f} s elapsed"
                )

    def _run_op(self, op: Operation, inputs: PythonValues) -> OpImplResult:
        entry = self._impl_of(type(op))
        self.ops_executed += 1
        self.memory.advance()
        if not self.ops_executed & 1023:
            self._note_progress()
        if self._result_bytes(op) > self.memory.max_bytes:
            raise ExecutionError(
                f"{op.name} needs {self._result_bytes(op)} bytes, more than the "
                f"limit of {self.memory.max_bytes} bytes (--max-bytes)",
                op.name,
                self.locate(op),
            )
        try:
            if entry is not None:
                ft, impl = entry
                result = impl(ft, self, op, inputs)
            elif op.name in _NAMED_IMPLS:
                result = _NAMED_IMPLS[op.name](self, op, inputs)
            else:
                raise ExecutionError(
                    f"the executor has no implementation for {op.name}"
                )
        except ExecutionError as e:
            if not e.op_name:
                e.op_name = op.name
                e.location = self.locate(op)
            raise
        except RecursionError as e:
            raise ExecutionError(
                "Python recursion limit reached (runaway recursion?)",
                op.name,
                self.locate(op),
            ) from e
        except Exception as e:
            raise ExecutionError(
                f"{type(e).__name__}: {e}", op.name, self.locate(op)
            ) from e
        if len(result.values) != len(op.results):
            raise ExecutionError(
                f"implementation returned {len(result.values)} values for "
                f"{len(op.results)} results",
                op.name,
                self.locate(op),
            )
        return result

    def run_ssacfg_region(
        self, region: Region, args: PythonValues, name: str = "unknown"
    ) -> PythonValues:
        """Run `region` from its entry block until a terminator leaves it."""
        block = region.blocks.first
        if block is None:
            return ()
        initial_scope = self._ctx
        self.push_scope(name)
        env = self._ctx
        try:
            while True:
                if len(block.args) != len(args):
                    raise ExecutionError(
                        f"block expects {len(block.args)} arguments, got {len(args)}"
                    )
                for arg, value in zip(block.args, args, strict=False):
                    env[arg] = value
                op = block.first_op
                next_block = None
                while op is not None:
                    inputs = tuple(env[o] for o in op.operands)
                    result = self._run_op(op, inputs)
                    for res, value in zip(op.results, result.values, strict=False):
                        env[res] = value
                    term = result.terminator_value
                    if term is not None:
                        if isinstance(term, ReturnedValues):
                            return term.values
                        assert isinstance(term, Successor)
                        next_block, args = term.block, term.args
                        break
                    op = op.next_op
                if next_block is None:
                    raise ExecutionError("block ended without a terminator")
                block = next_block
        finally:
            self._ctx = initial_scope
