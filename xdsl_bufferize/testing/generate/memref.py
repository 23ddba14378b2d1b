"""`MemrefProgramGenerator`: memref programs (no deallocations) for the deallocation
pass alone, the families together: the main loop choosing among them and `@main`."""

from __future__ import annotations

from collections.abc import Callable

from xdsl_bufferize.testing.generate.memref_calls import MemrefCallOps
from xdsl_bufferize.testing.generate.memref_joins import MemrefJoinOps

_NESTING_FEATURES = (
    "if",
    "for",
    "joins",
    "while",
    "frees",
    "realloc",
    "offset_loops",
    "view_joins",
)
"""Memref generator features that open a region (not used beyond `max_depth`)."""


class MemrefProgramGenerator(MemrefJoinOps, MemrefCallOps):
    """Generates memref programs (no deallocations) for the deallocation pass alone."""

    def region_ops(self, depth: int, count: int) -> None:
        c = self.config
        table: list[tuple[Callable[[int], None], float, str | None]] = [
            (self.op_store, 1.0, None),
            (self.op_load, 1.0, None),
            (lambda d: self.alloc() and None, 1.0, None),
            (self.op_copy, 0.7, "copy"),
            (self.op_linalg, 0.7, "linalg"),
            (self.op_subview, 0.8, "subviews"),
            (self.op_if, 0.8, "if"),
            (self.op_for, 0.8, "for"),
            (self.op_call, 1.0, "calls"),
            (self.op_if_pair, 0.5, "joins"),
            (self.op_for_pair, 0.5, "joins"),
            (self.op_while_pair, 0.4, "while"),
            (self.op_freed, 0.4, "frees"),
            (self.op_realloc, 0.4, "realloc"),
            (self.op_realloc_join, 0.3, "realloc"),
            (self.op_for_offset_view, 0.4, "offset_loops"),
            (self.op_view_join, 0.4, "view_joins"),
            (self.op_call_recursive, 0.4, "recursion"),
        ]
        if depth == 0:
            table.append((self.op_cf_loop, 0.4, "cf_loops"))
        ops = [
            (fn, c.weight(getattr(fn, "__name__", "alloc"), w))
            for fn, w, feat in table
            if (feat is None or c.enabled(feat))
            and (depth < c.max_depth or feat not in _NESTING_FEATURES)
        ]
        for _ in range(count):
            fn = self.rng.choices([f for f, _ in ops], [w for _, w in ops])[0]
            fn(depth)

    def generate(self) -> str:
        n_helpers = (
            self.rng.randint(0, self.config.max_helpers)
            if self.config.enabled("calls")
            else 0
        )
        for i in range(n_helpers):
            self.gen_helper(i)
        if self.config.enabled("recursion") and self.rng.random() < 0.25:
            self.gen_recursive()
        g = self.g
        g.begin_function()
        self.allow_stack = True
        for _ in range(self.rng.randint(1, 3)):
            self.alloc()
        self.region_ops(0, self.rng.randint(2, self.config.max_ops))
        for helper in self.helpers:
            if helper.name not in g.called:
                self.call(helper)
        returns: list[str] = []
        bufs = self.buffers()
        if len(bufs) > 8:
            bufs = bufs[:3] + self.rng.sample(bufs[3:], 5)
        for b in bufs:
            s = g.fresh("r")
            g.emit(f"{s} = memref.load {b.name}[{g.indices_for(b.shape)}] : {b.type}")
            returns.append(s)
        if not returns:
            returns.append(g.f32(1.0))
        types = ", ".join(["f32"] * len(returns))
        g.emit(f"func.return {', '.join(returns)} : {types}")
        self.functions_text.append(g.end_function(f"func.func @main() -> ({types}) {{"))
        header = f"// generated: seed={self.seed} kind=memref"
        return header + "\n" + "\n\n".join(self.functions_text) + "\n"
