"""Memref programs with frees already in them (`frees`, `bufferization_deallocs`) and
`memref.realloc` (`realloc`), also of loop-carried buffers."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.core import Val
from xdsl_bufferize.testing.generate.memref_base import MemrefGeneratorBase


class MemrefFreeOps(MemrefGeneratorBase):
    """Frees and reallocations written by the program."""

    def op_freed(self, depth: int) -> None:
        """A buffer the program frees itself, on every path or on some only, and never
        uses again."""
        g = self.g
        g.scopes.append([])
        t = self.alloc(heap=True)
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        self.program_free(t.name, t.type)
        g.scopes.pop()

    def program_free(self, name: str, typ: str) -> None:
        """A free of `name` (see `free_statement`): on every path, or in an scf.if on
        one path only, or in both branches of one."""
        g = self.g
        r = self.rng.random()
        if r < 0.4:
            g.emit(self.free_statement(name, typ))
            return
        g.emit(f"scf.if {g.condition()} {{")
        g.emit(f"  {self.free_statement(name, typ)}")
        if r >= 0.7:
            g.emit("} else {")
            g.emit(f"  {self.free_statement(name, typ)}")
        g.emit("}")

    def free_statement(self, name: str, typ: str) -> str:
        """`memref.dealloc` of `name`, or (with `calls`) sometimes a call of a private
        helper that reads its argument and frees it, or (with `bufferization_deallocs`)
        sometimes a `bufferization.dealloc` of it under a constant or runtime
        condition."""
        if self.config.enabled("bufferization_deallocs") and self.rng.random() < 0.5:
            g = self.g
            r = self.rng.random()
            if r < 0.5:
                cond = g.condition()
            else:
                cond = g.fresh("dc")
                g.emit(f"{cond} = arith.constant {'true' if r < 0.8 else 'false'}")
            return f"bufferization.dealloc ({name} : {typ}) if ({cond})"
        if not self.config.enabled("calls") or self.rng.random() >= 0.3:
            return f"memref.dealloc {name} : {typ}"
        helper = self.consumers.get(typ)
        if helper is None:
            helper = f"mconsume{len(self.consumers)}"
            self.consumers[typ] = helper
            rank = typ.count("x")
            idx = ", ".join("%c0" for _ in range(rank))
            self.functions_text.append(
                f"""func.func private @{helper}(%b: {typ}) -> f32 {{
  %c0 = arith.constant 0 : index
  %v = memref.load %b[{idx}] : {typ}
  memref.dealloc %b : {typ}
  func.return %v : f32
}}"""
            )
        return f"{self.g.fresh('fv')} = func.call @{helper}({name}) : ({typ}) -> f32"

    def op_realloc(self, depth: int) -> None:
        """memref.realloc of a 1-D buffer never used again, or of a loop's iter_arg."""
        g = self.g
        n = self.rng.randint(1, self.config.max_dim)
        g.scopes.append([])
        x = self.alloc((n,), heap=True)
        self.region_ops(depth + 1, self.rng.randint(0, 1))
        g.scopes.pop()  # the buffer (and all made from it) is never used again
        if self.rng.random() < 0.5 and depth < self.config.max_depth:
            g.add(self.realloc_loop(x, depth))
            return
        self.reallocated(x.name, x.type, n)

    def reallocated(self, name: str, typ: str, n: int) -> None:
        """`memref.realloc` of `name` (a 1-D buffer of `n` elements, never used again)
        to a random size; the new elements are filled."""
        g = self.g
        m = self.rng.randint(1, self.config.max_dim)
        new_type = self.memref_type((m,))
        y = g.fresh("re")
        g.emit(f"{y} = memref.realloc {name} : {typ} to {new_type}")
        if m > n:
            g.emit(f"linalg.fill ins({g.scalar()} : f32) outs({y} : {new_type})")
        g.add(Val(y, new_type, (m,)))

    def realloc_loop(self, x: Val, depth: int, cf: bool = False) -> Val:
        """A loop (`scf.for`, or with `cf` a loop of `cf` branches) carrying the 1-D
        heap buffer `x` (never used again) whose body reallocates it to the same size:
        the program frees each iteration's buffer itself, and nothing in the input
        frees the loop result (the header's argument on the exit path)."""
        g = self.g
        x.readable = False
        if cf:
            k = g.fresh("rl")[1:]
            acc, i, nxt = g.fresh("racc"), g.fresh("ri"), g.fresh("rn")
            trip = self.rng.randint(0, 3)
            g.emit(f"cf.br ^h{k}({x.name}, {g.index(0)} : {x.type}, index)")
            g.fn.body.append(f"^h{k}({acc}: {x.type}, {i}: index):")
            go = g.fresh("go")
            g.emit(f"{go} = arith.cmpi slt, {i}, {g.index(trip)} : index")
            g.emit(f"cf.cond_br {go}, ^b{k}, ^x{k}")
            g.fn.body.append(f"^b{k}:")
            y = g.fresh("re")
            g.emit(f"{y} = memref.realloc {acc} : {x.type} to {x.type}")
            g.emit(
                f"memref.store {g.scalar()}, {y}[{g.indices_for(x.shape)}] : {x.type}"
            )
            g.emit(f"{nxt} = arith.addi {i}, {g.index(1)} : index")
            g.emit(f"cf.br ^h{k}({y}, {nxt} : {x.type}, index)")
            g.fn.body.append(f"^x{k}:")
            return Val(acc, x.type, x.shape)
        iv, res, acc = self.open_for(x.name, x.type, x.shape)
        self.region_ops(depth + 1, self.rng.randint(0, 1))
        y = g.fresh("re")
        g.emit(f"{y} = memref.realloc {acc} : {x.type} to {x.type}")
        g.emit(f"memref.store {g.scalar()}, {y}[{g.indices_for(x.shape)}] : {x.type}")
        g.emit(f"scf.yield {y} : {x.type}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        return Val(res, x.type, x.shape)

    def op_realloc_join(self, depth: int) -> None:
        """A join (scf.if, or `cf` branches at function level) of buffers the program
        frees itself: a region yields the result of a reallocating loop, or two views of
        it; the other a fresh buffer (or views of it) or, unless the program frees the
        join, an outer buffer.  Afterwards a write through one result and a read through
        the other; then, on joined buffers, sometimes a free of the program on every
        path or on one only, or a realloc of the join."""
        g = self.g
        n = self.rng.randint(2, self.config.max_dim)
        k = self.rng.randint(1, n)
        base_type = self.memref_type((n,))
        view_type = self.memref_type((k,), "strided<[1], offset: ?>")
        views = self.rng.random() < 0.5
        freed = not views and self.config.enabled("frees") and self.rng.random() < 0.6
        typ, shape = (view_type, (k,)) if views else (base_type, (n,))
        cf = depth == 0 and self.config.enabled("cf") and self.rng.random() < 0.4

        def yielded(first: bool) -> tuple[str, str]:
            r = self.rng.random()
            if not first and not freed and r < 0.3:
                owner = self.buffer((n,), base_only=True).name
            else:
                fresh = self.alloc((n,), heap=True)
                owner = fresh.name
                if first or r < 0.6:
                    in_cf = cf and self.rng.random() < 0.5
                    owner = self.realloc_loop(fresh, depth, in_cf).name
            if not views:
                return owner, owner
            pair: list[str] = []
            for _ in range(2):
                name = g.fresh("uv")
                offset = g.index(self.rng.randint(0, n - k))
                g.emit(
                    f"{name} = memref.subview {owner}[{offset}] [{k}] [1] : "
                    f"{base_type} to {view_type}"
                )
                pair.append(name)
            return pair[0], pair[1]

        first_realloc = self.rng.random() < 0.5
        if cf:
            label = g.fresh("u")[1:]
            g.emit(f"cf.cond_br {g.condition()}, ^t{label}, ^e{label}")
            for branch in range(2):
                g.fn.body.append(f"^{'te'[branch]}{label}:")
                g.scopes.append([])
                self.region_ops(depth + 1, self.rng.randint(0, 1))
                a, b = yielded(first_realloc == (branch == 0))
                g.emit(f"cf.br ^j{label}({a}, {b} : {typ}, {typ})")
                g.scopes.pop()
            r0, r1 = g.fresh("uj"), g.fresh("uj")
            g.fn.body.append(f"^j{label}({r0}: {typ}, {r1}: {typ}):")
        else:
            res = g.fresh("uj")
            g.emit(f"{res}:2 = scf.if {g.condition()} -> ({typ}, {typ}) {{")
            branches = iter((first_realloc, not first_realloc))

            def terminator() -> str:
                a, b = yielded(next(branches))
                return f"scf.yield {a}, {b} : {typ}, {typ}"

            self.if_branches(depth, terminator)
            r0, r1 = f"{res}#0", f"{res}#1"
        g.emit(f"memref.store {g.scalar()}, {r0}[{g.indices_for(shape)}] : {typ}")
        loaded = g.fresh("l")
        g.emit(f"{loaded} = memref.load {r1}[{g.indices_for(shape)}] : {typ}")
        g.add(Val(loaded, "f32"))
        if not freed:
            g.add(Val(r0, typ, shape))
            g.add(Val(r1, typ, shape))
            return
        if self.rng.random() < 0.7:
            self.program_free(self.rng.choice((r0, r1)), typ)
        else:
            self.reallocated(r0, typ, n)
