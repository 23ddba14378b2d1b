"""Shrinking a failing program to a small reproducer (delta debugging on the IR).

`shrink(text, still_fails)` repeatedly proposes smaller variants of a program and keeps
the first one for which `still_fails` holds (the caller checks that the failure is of
the same kind), until no proposal is accepted or the budget runs out. Proposals, tried
from the end of the program backwards:

* drop a helper function nobody calls;
* drop one result of `@main` (the return operand and the function type entry);
* drop a loop or branch level: inline one iteration of an `scf.for` (the iteration
  arguments become the initial values, the induction variable the lower bound) or one
  branch of an `scf.if`;
* drop an op: erase it, replacing each result still used by a dominating value of the
  same type (its own operands first: a linalg op by its `outs`, an insert by its
  destination, a loop by its initial values, a call by an argument);
* shrink shapes: replace one dimension size by a smaller one everywhere in the text.

Variants that no longer parse or verify simply do not reproduce the failure, so every
proposal stays safe without reasoning about validity.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterator

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import FunctionType, MemRefType, ModuleOp, TensorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator, SymbolOpInterface
from xdsl.transforms.dead_code_elimination import dce
from xdsl.universe import Universe

Predicate = Callable[[str], bool]


@functools.cache
def _context() -> Context:
    ctx = Context(allow_unregistered=True)
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def _parse(text: str, ctx: Context) -> ModuleOp | None:
    try:
        return Parser(ctx, text).parse_module()
    except Exception:
        return None


def program_size(text: str) -> tuple[int, int]:
    """The size a shrink minimises: the number of ops, then characters."""
    ops = len(re.findall(r"(?m)^\s*(?:%[^=\n]+=\s*)?\"?[a-z_]+\.[a-z_.]+", text))
    return ops, len(text)


def _dominating_values(op: Operation) -> Iterator[SSAValue]:
    """Values defined before `op` that dominate it, nearest first."""
    current: Operation | None = op
    while current is not None:
        block = current.parent_block()
        if block is None:
            return
        prev = current.prev_op
        while prev is not None:
            yield from reversed(prev.results)
            prev = prev.prev_op
        yield from block.args
        region = block.parent
        if region is not None and region.blocks.first is not block:
            entry = region.blocks.first
            if entry is not None:
                for o in entry.ops:
                    yield from o.results
                yield from entry.args
        parent = current.parent_op()
        if parent is None or isinstance(parent, ModuleOp | func.FuncOp):
            return
        current = parent


def _replacement(op: Operation, value: SSAValue) -> SSAValue | None:
    """A dominating value of `value`'s type to use instead of it (never `op`'s own)."""
    for operand in reversed(op.operands):
        if operand.type == value.type and operand.owner is not op:
            return operand
    if not isinstance(value.type, TensorType | MemRefType):
        # Another index or scalar would change shapes, trip counts or offsets: a
        # program that is no longer well defined. Only the op's own operands may stand in.
        return None
    for cand in _dominating_values(op):
        if cand.type == value.type:
            return cand
    return None


def _erase_with_replacements(op: Operation) -> bool:
    for res in op.results:
        if res.uses:
            repl = _replacement(op, res)
            if repl is None:
                return False
            res.replace_all_uses_with(repl)
    op.detach()
    op.erase(safe_erase=False)
    return True


def _inline_block(op: Operation, block: Block, args: list[SSAValue]) -> bool:
    """Move `block`'s ops before `op`, binding its arguments to `args`, and replace
    `op`'s results by the values its terminator yields."""
    terminator = block.last_op
    if terminator is None or len(terminator.operands) != len(op.results):
        return False
    for arg, val in zip(block.args, args, strict=True):
        arg.replace_all_uses_with(val)
    yielded = list(terminator.operands)
    terminator.detach()
    terminator.erase(safe_erase=False)
    for inner in list(block.ops):
        inner.detach()
        Rewriter.insert_op(inner, InsertPoint.before(op))
    for res, val in zip(op.results, yielded, strict=True):
        res.replace_all_uses_with(val)
    op.detach()
    op.erase(safe_erase=False)
    return True


def _ops_backwards(module: ModuleOp) -> list[Operation]:
    ops = [o for o in module.walk() if not isinstance(o, ModuleOp | func.FuncOp)]
    ops.reverse()
    return ops


def _deletable(module: ModuleOp) -> list[Operation]:
    return [
        o
        for o in _ops_backwards(module)
        if not o.has_trait(IsTerminator) and not o.has_trait(SymbolOpInterface)
    ]


def _delete_range(text: str, ctx: Context, start: int, size: int) -> str | None:
    """`text` without the deletable ops `start` to `start + size` (counted from the
    end), each replaced by a dominating value where still used; None if none goes."""
    module = _parse(text, ctx)
    if module is None:
        return None
    targets = _deletable(module)[start : start + size]
    erased: set[int] = set()
    for op in targets:
        ancestor = op.parent_op()
        inside_erased = False
        while ancestor is not None:
            if id(ancestor) in erased:
                inside_erased = True
                break
            ancestor = ancestor.parent_op()
        if inside_erased:
            continue
        try:
            if _erase_with_replacements(op):
                erased.add(id(op))
        except Exception:
            return None
    return str(module) if erased else None


def _candidates(text: str, ctx: Context) -> Iterator[str]:
    module = _parse(text, ctx)
    if module is None:
        return
    n_ops = len(_ops_backwards(module))

    def variant(edit: Callable[[ModuleOp], bool]) -> str | None:
        clone = _parse(text, ctx)
        if clone is None:
            return None
        try:
            if not edit(clone):
                return None
        except Exception:
            return None
        return str(clone)

    # Unused helper functions.
    funcs = [o for o in module.ops if isinstance(o, func.FuncOp)]
    for i, f in enumerate(funcs):
        if f.sym_name.data == "main":
            continue

        def drop_func(m: ModuleOp, i: int = i) -> bool:
            target = [o for o in m.ops if isinstance(o, func.FuncOp)][i]
            name = target.sym_name.data
            for o in m.walk():
                if isinstance(o, func.CallOp) and o.callee.string_value() == name:
                    return False
            target.detach()
            target.erase(safe_erase=False)
            return True

        if (v := variant(drop_func)) is not None:
            yield v

    # Results of @main.
    main = next((f for f in funcs if f.sym_name.data == "main"), None)
    if main is not None and main.body.blocks:
        ret = main.body.blocks.last.last_op if main.body.blocks.last else None
        n_res = len(ret.operands) if ret is not None else 0
        for i in reversed(range(n_res)):
            if n_res <= 1:
                break

            def drop_result(m: ModuleOp, i: int = i) -> bool:
                f = next(
                    o
                    for o in m.ops
                    if isinstance(o, func.FuncOp) and o.sym_name.data == "main"
                )
                for block in f.body.blocks:
                    term = block.last_op
                    if isinstance(term, func.ReturnOp):
                        ops = list(term.operands)
                        del ops[i]
                        term.operands = ops
                outs = list(f.function_type.outputs.data)
                del outs[i]
                f.function_type = FunctionType.from_lists(
                    list(f.function_type.inputs.data), outs
                )
                return True

            if (v := variant(drop_result)) is not None:
                yield v

    # Loop and branch levels, then single ops, from the end backwards.
    for k in range(n_ops):

        def inline(m: ModuleOp, k: int = k, branch: int = 0) -> bool:
            op = _ops_backwards(m)[k]
            if isinstance(op, scf.ForOp):
                body = op.body.block
                args: list[SSAValue] = [op.lb, *op.iter_args]
                return _inline_block(op, body, args)
            if isinstance(op, scf.IfOp):
                region = op.true_region if branch == 0 else op.false_region
                if not region.blocks:
                    return False
                return _inline_block(op, region.block, [])
            return False

        def drop(m: ModuleOp, k: int = k) -> bool:
            op = _ops_backwards(m)[k]
            if op.has_trait(IsTerminator) or op.has_trait(SymbolOpInterface):
                return False
            return _erase_with_replacements(op)

        for edit in (inline, lambda m, k=k: inline(m, k, 1), drop):
            if (v := variant(edit)) is not None:
                yield v

    # Smaller shapes: replace a dimension size everywhere.
    sizes = sorted(
        {int(d) for d in re.findall(r"(?<=[<x])(\d+)(?=x)", text) if int(d) > 1},
        reverse=True,
    )
    for size in sizes:
        for smaller in (1, size // 2, size - 1):
            if 0 < smaller < size:
                yield re.sub(rf"(?<=[<x\[ ]){size}(?=[x\]])", str(smaller), text)


def _dce(text: str, ctx: Context) -> str | None:
    module = _parse(text, ctx)
    if module is None:
        return None
    try:
        dce(module)
    except Exception:
        return None
    return str(module)


def _drop_main_results(text: str, ctx: Context, start: int, size: int) -> str | None:
    """`text` with results `start` to `start + size` of `@main` removed."""
    module = _parse(text, ctx)
    if module is None:
        return None
    main = next(
        (
            o
            for o in module.ops
            if isinstance(o, func.FuncOp) and o.sym_name.data == "main"
        ),
        None,
    )
    if main is None:
        return None
    outs = list(main.function_type.outputs.data)
    keep = [i for i in range(len(outs)) if not start <= i < start + size]
    if not keep or len(keep) == len(outs):
        return None
    for block in main.body.blocks:
        term = block.last_op
        if isinstance(term, func.ReturnOp):
            ops = list(term.operands)
            term.operands = [ops[i] for i in keep]
    main.function_type = FunctionType.from_lists(
        list(main.function_type.inputs.data), [outs[i] for i in keep]
    )
    return str(module)


def _main_result_count(text: str, ctx: Context) -> int:
    module = _parse(text, ctx)
    if module is None:
        return 0
    for o in module.ops:
        if isinstance(o, func.FuncOp) and o.sym_name.data == "main":
            return len(o.function_type.outputs.data)
    return 0


def _deletable_count(text: str, ctx: Context) -> int:
    module = _parse(text, ctx)
    return len(_deletable(module)) if module is not None else 0


class _Shrinker:
    """The state of one shrink: the best program so far and the remaining budget."""

    def __init__(
        self, text: str, still_fails: Predicate, max_tests: int, time_limit: float
    ) -> None:
        self.ctx = _context()
        self.current = text
        self.still_fails = still_fails
        self.max_tests = max_tests
        self.deadline = time.monotonic() + time_limit
        self.tests = 0

    def budget_left(self) -> bool:
        return self.tests < self.max_tests and time.monotonic() <= self.deadline

    def attempt(self, cand: str | None) -> bool:
        """Keep `cand` if it is smaller and still fails."""
        if cand is None or not self.budget_left():
            return False
        if program_size(cand) >= program_size(self.current) and cand == self.current:
            return False
        if program_size(cand) > program_size(self.current):
            return False
        self.tests += 1
        if self.still_fails(cand):
            self.current = cand
            return True
        return False

    def chunked(
        self,
        count: Callable[[str, Context], int],
        edit: Callable[[str, Context, int, int], str | None],
    ) -> bool:
        """Delta debugging: remove chunks of items, halving the chunk size."""
        progress = False
        chunk = max(1, count(self.current, self.ctx) // 2)
        while chunk >= 1 and self.budget_left():
            k = 0
            while self.budget_left() and k < count(self.current, self.ctx):
                if self.attempt(edit(self.current, self.ctx, k, chunk)):
                    progress = True
                else:
                    k += chunk
            chunk //= 2
        return progress

    def others(self) -> bool:
        for cand in _candidates(self.current, self.ctx):
            if not self.budget_left():
                return False
            if program_size(cand) >= program_size(self.current):
                continue
            if self.attempt(cand):
                return True
        return False

    def run(self) -> str:
        module = _parse(self.current, self.ctx)
        if module is not None:
            self.attempt(str(module))
        progress = True
        while progress and self.budget_left():
            progress = self.attempt(_dce(self.current, self.ctx))
            progress |= self.chunked(_main_result_count, _drop_main_results)
            progress |= self.attempt(_dce(self.current, self.ctx))
            progress |= self.chunked(_deletable_count, _delete_range)
            progress |= self.others()
        return self.current


def shrink(
    text: str,
    still_fails: Predicate,
    max_tests: int = 400,
    time_limit: float = 60.0,
) -> str:
    """A smaller program for which `still_fails` holds (`text` itself if none is found).

    `still_fails` is called at most `max_tests` times and shrinking stops after
    `time_limit` seconds; the best program so far is returned.
    """
    return _Shrinker(text, still_fails, max_tests, time_limit).run()
