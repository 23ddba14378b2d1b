"""Memref programs where buffers meet: one buffer reaching a join twice (`joins`), loops
carrying static-offset views (`offset_loops`) and joins of dynamic-offset views
(`view_joins`)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl_bufferize.testing.generate.core import Val
from xdsl_bufferize.testing.generate.memref_frees import MemrefFreeOps


class MemrefJoinOps(MemrefFreeOps):
    """Joins of buffers and views: `scf.if`, `scf.for`, `scf.while` results."""

    def _pair(self, a: Val, carried: Sequence[Val] = ()) -> tuple[Val, Val]:
        """Two buffers of `a`'s type to yield at a join: often one buffer twice."""
        r = self.rng.random()
        pool = [*carried]
        if r < 0.45:
            x = self.alloc(a.shape) if self.rng.random() < 0.5 or not pool else None
            x = x or self.rng.choice(pool)
            return x, x
        if r < 0.7:
            x = self.rng.choice(pool) if pool else self.buffer(a.shape, base_only=True)
            return x, self.alloc(a.shape)
        x = self.buffer(a.shape, base_only=True)
        y = self.alloc(a.shape) if self.rng.random() < 0.5 else x
        return (x, y) if self.rng.random() < 0.5 else (y, x)

    def op_if_pair(self, depth: int) -> None:
        """scf.if or scf.index_switch with two buffer results (one buffer twice, often)."""
        g = self.g
        a = self.buffer(base_only=True)
        res = g.fresh("join")
        switch = self.config.enabled("switch") and self.rng.random() < 0.4
        if switch:
            selector = g.index(self.rng.randint(0, 2))
            g.emit(f"{res}:2 = scf.index_switch {selector} -> {a.type}, {a.type}")
            heads = ["case 0 {", "case 1 {", "default {"]
        else:
            g.emit(f"{res}:2 = scf.if {g.condition()} -> ({a.type}, {a.type}) {{")
            heads = ["", "} else {"]
        g.indent += 1
        for i, head in enumerate(heads):
            if switch:
                g.indent -= 1
                if i:
                    g.emit("}")
                g.emit(head)
                g.indent += 1
            elif head:
                g.emit(head)
            g.scopes.append([])
            self.region_ops(depth + 1, self.rng.randint(0, 2))
            x, y = self._pair(a)
            g.emit(f"scf.yield {x.name}, {y.name} : {a.type}, {a.type}")
            g.scopes.pop()
        g.indent -= 1
        g.emit("}")
        g.add(Val(f"{res}#0", a.type, a.shape))
        g.add(Val(f"{res}#1", a.type, a.shape))

    def op_for_pair(self, depth: int) -> None:
        """scf.for with two buffer iter_args, often started and yielded as one buffer."""
        g = self.g
        a = self.buffer(base_only=True, heap=True)
        b = a if self.rng.random() < 0.6 else self.buffer(a.shape, base_only=True)
        trip = self.rng.randint(1, 3)
        iv, res = g.fresh("iv"), g.fresh("for")
        acc0, acc1 = g.fresh("acc"), g.fresh("acc")
        g.emit(
            f"{res}:2 = scf.for {iv} = {g.index(0)} to {g.index(trip)} step {g.index(1)} "
            f"iter_args({acc0} = {a.name}, {acc1} = {b.name}) -> ({a.type}, {a.type}) {{"
        )
        g.indent += 1
        carried = [Val(acc0, a.type, a.shape), Val(acc1, a.type, a.shape)]
        g.scopes.append([Val(iv, "index"), *carried])
        g.iv_bounds[iv] = trip - 1
        self.region_ops(depth + 1, self.rng.randint(1, 3))
        x, y = self._pair(a, carried)
        g.emit(f"scf.yield {x.name}, {y.name} : {a.type}, {a.type}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        g.add(Val(f"{res}#0", a.type, a.shape))
        g.add(Val(f"{res}#1", a.type, a.shape))

    def op_while_pair(self, depth: int) -> None:
        """scf.while carrying a counter and two buffers; scf.condition may forward one
        buffer twice."""
        g = self.g
        a = self.buffer(base_only=True, heap=True)
        b = a if self.rng.random() < 0.6 else self.buffer(a.shape, base_only=True)
        trip = self.rng.randint(1, 3)
        t = a.type
        res = g.fresh("while")
        i, x, y = g.fresh("wi"), g.fresh("wx"), g.fresh("wy")
        g.emit(
            f"{res}:3 = scf.while ({i} = {g.index(0)}, {x} = {a.name}, {y} = {b.name}) : "
            f"(index, {t}, {t}) -> (index, {t}, {t}) {{"
        )
        g.indent += 1
        cond = g.fresh("wc")
        g.emit(f"{cond} = arith.cmpi slt, {i}, {g.index(trip)} : index")
        second = x if self.rng.random() < 0.5 else y
        g.emit(f"scf.condition({cond}) {i}, {x}, {second} : index, {t}, {t}")
        g.indent -= 1
        i2, x2, y2 = g.fresh("wi"), g.fresh("wx"), g.fresh("wy")
        g.emit("} do {")
        g.emit(f"^bb0({i2}: index, {x2}: {t}, {y2}: {t}):")
        g.indent += 1
        carried = [Val(x2, t, a.shape), Val(y2, t, a.shape)]
        g.scopes.append([*carried])
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        nx, ny = self._pair(a, carried)
        nxt = g.fresh("wi")
        g.emit(f"{nxt} = arith.addi {i2}, {g.index(1)} : index")
        g.emit(f"scf.yield {nxt}, {nx.name}, {ny.name} : index, {t}, {t}")
        g.scopes.pop()
        g.indent -= 1
        g.emit("}")
        g.add(Val(f"{res}#1", t, a.shape))
        g.add(Val(f"{res}#2", t, a.shape))

    def op_for_offset_view(self, depth: int) -> None:
        """scf.for carrying a static-offset view; the body yields the view or the same view
        of a buffer it allocates."""
        g = self.g
        n = self.rng.randint(2, self.config.max_dim)
        k = self.rng.randint(1, n - 1)
        o = self.rng.randint(1, n - k)
        base_type = self.memref_type((n,))
        typ = self.memref_type((k,), f"strided<[1], offset: {o}>")

        def view(of: str) -> str:
            name = g.fresh("ov")
            g.emit(
                f"{name} = memref.subview {of}[{o}] [{k}] [1] : {base_type} to {typ}"
            )
            return name

        base = self.buffer((n,), base_only=True)
        init = view(base.name)
        iv, res, acc = self.open_for(init, typ, (k,))
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        if self.rng.random() < 0.75:
            fresh = self.alloc((n,))
            yielded = view(fresh.name)
            g.emit(f'"memref.copy"({acc}, {yielded}) : ({typ}, {typ}) -> ()')
        else:
            yielded = acc
        g.emit(f"scf.yield {yielded} : {typ}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        g.add(Val(res, typ, (k,)))

    def op_view_join(self, depth: int) -> None:
        """scf.if or scf.for with two results of a dynamic-offset view type; each region
        yields views of a buffer it allocates (one view twice, or two), of an outer
        buffer, or (scf.for) its iter_args; then a write through result #0 and a read
        through result #1 (the same memory when the region yielded one view twice)."""
        g = self.g
        n = self.rng.randint(2, self.config.max_dim)
        k = self.rng.randint(1, n)
        base_type = self.memref_type((n,))
        typ = self.memref_type((k,), "strided<[1], offset: ?>")

        def view(of: str) -> Val:
            name = g.fresh("dv")
            offset = g.index(self.rng.randint(0, n - k))
            g.emit(
                f"{name} = memref.subview {of}[{offset}] [{k}] [1] : "
                f"{base_type} to {typ}"
            )
            return Val(name, typ, (k,))

        def choice() -> str:
            """A buffer of `base_type` allocated here (sometimes one the program frees
            itself: the result of a loop reallocating it) or, through an scf.if, one
            that this region owns on one path and borrows from outside on the other."""
            fresh = self.alloc((n,), heap=self.rng.random() < 0.8)
            if (
                not fresh.stack
                and self.config.enabled("realloc")
                and self.rng.random() < 0.25
            ):
                fresh = self.realloc_loop(fresh, depth)
            if self.rng.random() < 0.6:
                return fresh.name
            outer = self.buffer((n,), base_only=True)
            name = g.fresh("sel")
            g.emit(f"{name} = scf.if {g.condition()} -> ({base_type}) {{")
            g.emit(f"  scf.yield {fresh.name} : {base_type}")
            g.emit("} else {")
            g.emit(f"  scf.yield {outer.name} : {base_type}")
            g.emit("}")
            return name

        def pair(carried: Sequence[Val]) -> tuple[Val, Val]:
            r = self.rng.random()
            if r < 0.6:
                owner = choice()
                x = view(owner)
                y = x if r < 0.35 else view(owner)
            elif r < 0.8 and carried:
                x, y = carried[0], carried[int(self.rng.random() < 0.5)]
            else:
                outer = self.buffer((n,), base_only=True)
                x = view(outer.name)
                y = x if self.rng.random() < 0.5 else view(outer.name)
            return (x, y) if self.rng.random() < 0.5 else (y, x)

        res = g.fresh("vj")
        if self.rng.random() < 0.5:
            g.emit(f"{res}:2 = scf.if {g.condition()} -> ({typ}, {typ}) {{")

            def yielded() -> str:
                x, y = pair(())
                return f"scf.yield {x.name}, {y.name} : {typ}, {typ}"

            self.if_branches(depth, yielded)
        else:
            init = view(self.buffer((n,), base_only=True, heap=True).name)
            other = init if self.rng.random() < 0.6 else pair(())[0]
            trip = self.rng.randint(0, 3)
            iv, acc0, acc1 = g.fresh("iv"), g.fresh("acc"), g.fresh("acc")
            g.emit(
                f"{res}:2 = scf.for {iv} = {g.index(0)} to {g.index(trip)} step "
                f"{g.index(1)} iter_args({acc0} = {init.name}, {acc1} = {other.name}) "
                f"-> ({typ}, {typ}) {{"
            )
            g.indent += 1
            carried = [Val(acc0, typ, (k,)), Val(acc1, typ, (k,))]
            g.scopes.append([Val(iv, "index"), *carried])
            g.iv_bounds[iv] = max(trip - 1, 0)
            self.region_ops(depth + 1, self.rng.randint(0, 2))
            x, y = pair(carried)
            g.emit(f"scf.yield {x.name}, {y.name} : {typ}, {typ}")
            g.scopes.pop()
            del g.iv_bounds[iv]
            g.indent -= 1
            g.emit("}")
        first = g.add(Val(f"{res}#0", typ, (k,)))
        second = g.add(Val(f"{res}#1", typ, (k,)))
        g.emit(
            f"memref.store {g.scalar()}, {first.name}[{g.indices_for(first.shape)}] "
            f": {typ}"
        )
        loaded = g.fresh("l")
        g.emit(
            f"{loaded} = memref.load {second.name}[{g.indices_for(second.shape)}] "
            f": {typ}"
        )
        g.add(Val(loaded, "f32"))
