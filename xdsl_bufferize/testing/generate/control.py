"""Structured control flow carrying tensors: `scf.for`, `scf.forall`, `scf.if`,
`scf.while` (and its forwarding shapes, `while_forwarding`), and the bookkeeping of
loop bodies (what they carry, capture and write)."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.adversarial import AdversarialOps
from xdsl_bufferize.testing.generate.core import (
    Val,
    identity_map,
    tensor_type,
)
from xdsl_bufferize.testing.generate.slices import SliceOps


class ControlOps(SliceOps, AdversarialOps):
    """`scf` loops and branches carrying tensors."""

    def enter_loop(self) -> tuple[int | None, list[Val], list[Val], set[int]]:
        """Start a loop body (call before pushing its scope); returns what to restore."""
        saved = (self.loop_base, self.loop_side, self.loop_captured, self.outer_chains)
        self.outer_chains = self.outer_chains | self.consumable
        self.loop_base = len(self.scopes)
        self.loop_side = []
        self.loop_captured = []
        return saved

    def leave_loop(
        self, saved: tuple[int | None, list[Val], list[Val], set[int]]
    ) -> list[Val]:
        """End a loop body (after popping its scopes); the values from outside it that
        it wrote."""
        captured = self.loop_captured
        self.loop_base, self.loop_side, self.loop_captured, self.outer_chains = saved
        if self.loop_base is not None:
            # What the inner loop wrote and the outer loop captured too.
            outer = {id(v) for scope in self.scopes[: self.loop_base] for v in scope}
            self.loop_captured += [
                v
                for v in captured
                if id(v) in outer and all(v is not w for w in self.loop_captured)
            ]
        return captured

    def after_loop(self, captured: list[Val], result: Val | None) -> None:
        """Code after a loop reads the old values of what the loop wrote (except the
        values chosen to be dead after it: then only later iterations read them)."""
        for cap in self.loop_dead:
            cap.readable = False
        self.loop_dead = []
        for cap in captured[:2]:
            if cap.readable and self.rng.random() < 0.7:
                self.observe(cap, into=result)

    def op_while_forward(self, depth: int) -> None:
        """An `scf.while` with ops in both regions and adversarial forwarding."""
        init = self.carried()
        typ = init.type
        modes = ["chain"]
        if self.config.nonequivalent_yields:
            modes += ["captured", "slice"]
            if self.config.enabled("shared_operands"):
                modes.append("dup")
        mode = self.rng.choice(modes)
        trip = self.rng.randint(0, 3)
        res = self.fresh("wh")
        a, k = self.fresh("wa"), self.fresh("wk")
        zero = self.const("0", "i32", "zi")
        limit = self.const(str(trip), "i32", "lim")
        one = self.const("1", "i32", "one")
        header_at = len(self.fn.body)
        self.emit("")  # the header, once the forwarded types are known
        lin_a = self.new_lineage()
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = {lin_a}
        self.indent += 1
        self.scopes.append([Val(a, typ, init.shape, lineage=lin_a)])
        if self.config.enabled("captured_writes") and self.rng.random() < 0.4:
            self.op_captured_write(depth)
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        chain = [v for v in self.visible() if v.lineage == lin_a][-1]
        forwarded: list[Val] = [chain]
        outside = [
            v
            for scope in self.scopes[: self.loop_base]
            for v in scope
            if v.type == typ and v.shape == init.shape and v.readable
        ]
        if mode == "captured" and outside:
            forwarded = [self.rng.choice(outside)]
            cap = forwarded[0]
            carried_outside = cap.lineage in self.outer_chains or cap is init
            if not carried_outside and self.rng.random() < 0.5:
                # Only the condition reads it again (each iteration): dead after the loop.
                self.loop_dead.append(cap)
        elif mode == "slice" and (
            sources := [
                v
                for scope in self.scopes[: self.loop_base]
                for v in scope
                if v.is_tensor and v.readable and not v.fresh
            ]
        ):
            src = self.rng.choice(sources)
            offs, sizes, tile, ttype = self.slice_params(src.shape, False)
            strides = ", ".join(["1"] * len(src.shape))
            sl = self.fresh("sl")
            self.emit(
                f"{sl} = tensor.extract_slice {src.name}[{offs}] [{sizes}] [{strides}] "
                f": {src.type} to {ttype}"
            )
            forwarded = [Val(sl, ttype, tile)]
        elif mode == "dup":
            forwarded = [chain, chain]
        else:
            mode = "chain"  # nothing to forward instead of the argument
        go = self.fresh("go")
        self.emit(f"{go} = arith.cmpi slt, {k}, {limit} : i32")
        fwd_types = [v.type for v in forwarded]
        self.emit(
            f"scf.condition({go}) {', '.join(v.name for v in forwarded)}, {k} "
            f": {', '.join(fwd_types)}, i32"
        )
        self.scopes.pop()
        self.indent -= 1
        n = len(forwarded) + 1
        self.fn.body[header_at] = "  " * self.indent + (
            f"{res}:{n} = scf.while ({a} = {init.name}, {k} = {zero}) : ({typ}, i32) "
            f"-> ({', '.join(fwd_types)}, i32) {{"
        )
        self.emit("} do {")
        bs = [self.fresh("wb") for _ in forwarded]
        bk = self.fresh("wbk")
        params = ", ".join(f"{b}: {v.type}" for b, v in zip(bs, forwarded, strict=True))
        self.emit(f"^bb0({params}, {bk}: i32):")
        lin_b = self.new_lineage()
        self.consumable = {lin_b}
        self.indent += 1
        self.scopes.append(
            [
                Val(b, v.type, v.shape, lineage=lin_b if i == 0 else self.new_lineage())
                for i, (b, v) in enumerate(zip(bs, forwarded, strict=True))
            ]
        )
        first = self.scopes[-1][0]
        if self.rng.random() < 0.5:
            # A write into the block argument whose old value may still be yielded.
            self.side_write(first)
        if self.config.enabled("captured_writes") and self.rng.random() < 0.5:
            self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(0, max(1, self.config.max_ops // 2))
        )
        same = self.visible(lambda v: v.type == typ and v.shape == init.shape)
        mine = [v for v in same if v.lineage == lin_b]
        if mode == "chain" and (
            not self.config.nonequivalent_yields or self.rng.random() < 0.5
        ):
            y = mine[-1]
        elif same:
            y = self.rng.choice(same)
        else:
            y = self.fresh_tensor(init.shape, dynamic="?" in typ)
        if self.loop_yields_on() and self.rng.random() < 0.6:
            y = self.loop_yield(y)
        nk = self.fresh("nk")
        self.emit(f"{nk} = arith.addi {bk}, {one} : i32")
        self.emit(f"scf.yield {y.name}, {nk} : {y.type}, i32")
        self.scopes.pop()
        self.consumable, self.indent = saved
        captured = self.leave_loop(saved_loop)
        self.emit("}")
        results: list[Val] = []
        for i, v in enumerate(forwarded):
            name = f"{res}#{i}"
            if i == 0 and mode == "chain":
                results.append(self.result(name, typ, init.shape, init))
            else:
                results.append(
                    self.add(Val(name, v.type, v.shape, lineage=self.new_lineage()))
                )
        self.after_loop(captured, results[0])

    def loop_yields_on(self) -> bool:
        """Whether loops may yield new tensors and outside values (`loop_yields`)."""
        return self.config.enabled("loop_yields") and self.config.nonequivalent_yields

    def carried(self) -> Val:
        """A tensor for a loop or branch to carry."""
        cands = self.visible(lambda v: v.is_tensor)
        mine = [v for v in cands if v.lineage in self.consumable]
        if mine and self.rng.random() < 0.6:
            return self.rng.choice(mine)
        return self.any_tensor()

    def region_ops(self, depth: int, count: int) -> None:
        for _ in range(count):
            self.random_op(depth)

    def yield_value(self, init: Val, lineage: int) -> Val:
        same = self.visible(lambda v: v.type == init.type and v.shape == init.shape)
        if self.config.nonequivalent_yields:
            side = [v for v in self.loop_side if v in same]
            if side and self.rng.random() < 0.5:
                return self.rng.choice(side)
        if self.config.nonequivalent_yields and same and self.rng.random() < 0.3:
            return self.rng.choice(same)
        mine = [v for v in same if v.lineage == lineage]
        return mine[-1]

    def loop_yield(self, chain: Val) -> Val:
        """(`loop_yields`) A value for a loop to yield back instead of its chain: a
        new tensor computed from the chain (`linalg.generic` into a `tensor.empty`),
        or an `scf.if` yielding such a new tensor on one path and, on the other, the
        chain, a tensor from outside the loop or a constant made in the body."""
        outside = [
            v
            for scope in self.scopes[: self.loop_base]
            for v in scope
            if v.type == chain.type and v.shape == chain.shape and v.readable
        ]
        if self.rng.random() < 0.4:
            return self._computed_from(chain)
        cond = self.condition()
        res = self.fresh("yif")
        self.emit(f"{res} = scf.if {cond} -> ({chain.type}) {{")
        saved = self.indent
        self.indent += 1
        self.scopes.append([])
        new = self._computed_from(chain)
        self.emit(f"scf.yield {new.name} : {new.type}")
        self.scopes.pop()
        self.emit("} else {")
        self.scopes.append([])
        kinds = ["chain", "outside", "constant"]
        kind = self.rng.choice(kinds)
        other = chain
        if kind == "outside" and outside:
            other = self.rng.choice(outside)
        elif kind == "constant" and "?" not in chain.type and len(chain.shape) <= 2:
            other = self.dense_constant(chain.shape)
        self.emit(f"scf.yield {other.name} : {other.type}")
        self.scopes.pop()
        self.indent = saved
        self.emit("}")
        return self.add(Val(res, chain.type, chain.shape, lineage=self.new_lineage()))

    def _computed_from(self, chain: Val) -> Val:
        """A new tensor of `chain`'s type: `chain` plus a constant, elementwise,
        written into a `tensor.empty`."""
        empty = self.fresh("e")
        sizes = (
            ", ".join(self.index(d) for d in chain.shape) if "?" in chain.type else ""
        )
        self.emit(f"{empty} = tensor.empty({sizes}) : {chain.type}")
        rank = len(chain.shape)
        iters = ", ".join(['"parallel"'] * rank)
        maps = f"{identity_map(rank)}, {identity_map(rank)}"
        name = self.fresh("ynew")
        self.emit(
            f"{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = "
            f"[{iters}]}} ins({chain.name} : {chain.type}) outs({empty} : {chain.type}) {{"
        )
        x, out, p = self.fresh("x"), self.fresh("o"), self.fresh("p")
        self.emit(f"^bb0({x}: f32, {out}: f32):")
        self.emit(f"  {p} = arith.addf {x}, {self.f32(self.small_float())} : f32")
        self.emit(f"  linalg.yield {p} : f32")
        self.emit(f"}} -> {chain.type}")
        return self.add(Val(name, chain.type, chain.shape, lineage=self.new_lineage()))

    def op_for(self, depth: int) -> None:
        inits = [self.carried()]
        if self.config.nonequivalent_yields and self.rng.random() < 0.4:
            inits.append(self.source(inits[0].type, inits[0].shape))
        if self.config.enabled("shared_operands") and self.rng.random() < 0.3:
            inits = [inits[0], inits[0]]  # one value as two iteration arguments
        trip = self.rng.randint(1, 3)
        iv = self.fresh("iv")
        res = self.fresh("for")
        args = [self.fresh("acc") for _ in inits]
        iter_txt = ", ".join(
            f"{a} = {v.name}" for a, v in zip(args, inits, strict=True)
        )
        types = ", ".join(v.type for v in inits)
        lhs = f"{res}:{len(inits)}" if len(inits) > 1 else res
        self.emit(
            f"{lhs} = scf.for {iv} = {self.index(0)} to {self.index(trip)} "
            f"step {self.index(1)} iter_args({iter_txt}) -> ({types}) {{"
        )
        lineages = [self.new_lineage() for _ in inits]
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = set(lineages)
        self.indent += 1
        self.scopes.append([Val(iv, "index")])
        self.iv_bounds[iv] = trip - 1
        for a, v, lin in zip(args, inits, lineages, strict=True):
            self.add(Val(a, v.type, v.shape, lineage=lin))
        if self.config.enabled("captured_writes") and self.rng.random() < 0.6:
            self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(1, max(1, self.config.max_ops // 2))
        )
        ys = [self.yield_value(v, lin) for v, lin in zip(inits, lineages, strict=True)]
        if self.loop_yields_on() and self.rng.random() < 0.6:
            i = self.rng.randrange(len(ys))
            ys[i] = self.loop_yield(ys[i])
            if len(ys) == 2 and self.rng.random() < 0.3:
                ys = [ys[i], ys[i]]  # one new tensor to both iteration arguments
        if (
            len(ys) == 2
            and self.config.nonequivalent_yields
            and self.rng.random() < 0.5
        ):
            ys.reverse()  # swapped iteration arguments
        self.emit(
            f"scf.yield {', '.join(y.name for y in ys)} : {', '.join(y.type for y in ys)}"
        )
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        del self.iv_bounds[iv]
        self.consumable, self.indent = saved
        self.emit("}")
        results = [
            self.result(f"{res}#{i}" if len(inits) > 1 else res, v.type, v.shape, v)
            for i, v in enumerate(inits)
        ]
        self.after_loop(captured, results[0])

    def op_forall(self, depth: int) -> None:
        """An `scf.forall` tiling a shared output along its first dimension: each
        iteration computes its tile (in place on its own slice of the output, or from
        other values) and inserts it with `tensor.parallel_insert_slice`; the shared
        output is read only through the iteration's own tile (anything else would be
        a race). Ops in the body may write into tensors defined outside the loop (and
        with `captured_writes` always do): each iteration needs a private copy."""
        out = self.carried()
        if not out.shape or "?" in out.type.split("x")[0]:
            return
        n = out.shape[0]
        tile_size = self.rng.choice([d for d in range(1, n + 1) if n % d == 0])
        trips = n // tile_size
        rest = out.shape[1:]
        tile_shape = (tile_size, *rest)
        tile_type = tensor_type(tile_shape)
        iv, shared, res = self.fresh("fi"), self.fresh("so"), self.fresh("fa")
        self.emit(
            f"{res} = scf.forall ({iv}) in ({trips}) shared_outs({shared} = {out.name}) "
            f"-> ({out.type}) {{"
        )
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.indent += 1
        self.scopes.append([Val(iv, "index")])
        self.iv_bounds[iv] = trips - 1
        off = self.fresh("off")
        self.emit(f"{off} = arith.muli {iv}, {self.index(tile_size)} : index")
        offs = ", ".join([off] + ["0"] * len(rest))
        sizes = ", ".join(str(d) for d in tile_shape)
        strides = ", ".join(["1"] * len(out.shape))
        self.add(Val(shared, out.type, out.shape, readable=False))
        if self.rng.random() < 0.7:
            tile = self.fresh("tile")
            self.emit(
                f"{tile} = tensor.extract_slice {shared}[{offs}] [{sizes}] [{strides}] "
                f": {out.type} to {tile_type}"
            )
            piece = self.add(
                Val(tile, tile_type, tile_shape, lineage=self.new_lineage())
            )
        else:
            piece = self.fresh_tensor(tile_shape)
        self.consumable = {piece.lineage}
        if self.config.enabled("captured_writes") and self.rng.random() < 0.6:
            self.op_captured_write(depth)
        saved_focus = self.focus
        for _ in range(self.rng.randint(1, 3)):
            self.focus = piece
            self.random_op(depth + 1)
            same = self.visible(lambda v: v.type == tile_type and v.shape == tile_shape)
            piece = same[-1] if same else piece
        self.focus = saved_focus
        self.emit("scf.forall.in_parallel {")
        self.emit(
            f"  tensor.parallel_insert_slice {piece.name} into {shared}[{offs}] "
            f"[{sizes}] [{strides}] : {tile_type} into {out.type}"
        )
        self.emit("}")
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        del self.iv_bounds[iv]
        self.consumable, self.indent = saved
        self.emit("}")
        result = self.result(res, out.type, out.shape, out)
        self.after_loop(captured, result)

    def op_if(self, depth: int) -> None:
        init = self.carried()
        lineage = init.lineage if init.lineage in self.consumable else None
        cond = self.condition()
        res = self.fresh("if")
        self.emit(f"{res} = scf.if {cond} -> ({init.type}) {{")
        saved = (self.consumable, self.indent)
        self.indent += 1
        for branch in range(2):
            if branch == 1:
                self.emit("} else {")
            marks = [(v, v.readable) for s in self.scopes for v in s]
            self.consumable = {lineage} if lineage is not None else set()
            self.scopes.append([])
            self.region_ops(
                depth + 1, self.rng.randint(0, max(1, self.config.max_ops // 3))
            )
            same = self.visible(lambda v: v.type == init.type and v.shape == init.shape)
            if lineage is not None:
                y = [v for v in same if v.lineage == lineage][-1]
            else:
                y = (
                    self.rng.choice(same)
                    if same
                    else self.fresh_tensor(init.shape, "?" in init.type)
                )
            self.emit(f"scf.yield {y.name} : {y.type}")
            self.scopes.pop()
            for v, r in marks:
                v.readable = r
        self.consumable, self.indent = saved
        self.emit("}")
        if lineage is not None:
            self.result(res, init.type, init.shape, init)
        else:
            self.add(Val(res, init.type, init.shape, lineage=self.new_lineage()))

    def condition(self) -> str:
        name = self.fresh("cond")
        ivs = self.visible(lambda v: v.type == "index" and v.name in self.iv_bounds)
        if ivs and self.rng.random() < 0.6:
            iv = self.rng.choice(ivs)
            k = self.rng.randint(0, self.iv_bounds[iv.name])
            self.emit(
                f"{name} = arith.cmpi {self.rng.choice(['eq', 'ne', 'ult'])}, {iv.name}, {self.index(k)} : index"
            )
        elif self.scalars() and self.rng.random() < 0.6:
            s = self.rng.choice(self.scalars())
            self.emit(
                f"{name} = arith.cmpf olt, {s.name}, {self.f32(self.small_float())} : f32"
            )
        else:
            a, b = self.rng.randint(0, 3), self.rng.randint(0, 3)
            self.emit(
                f"{name} = arith.cmpi slt, {self.index(a)}, {self.index(b)} : index"
            )
        return name

    def op_while(self, depth: int) -> None:
        init = self.carried()
        trip = self.rng.randint(0, 3)
        res = self.fresh("wh")
        a, k = self.fresh("wa"), self.fresh("wk")
        zero = self.const("0", "i32", "zi")
        limit = self.const(str(trip), "i32", "lim")
        one = self.const("1", "i32", "one")
        self.emit(
            f"{res}:2 = scf.while ({a} = {init.name}, {k} = {zero}) : ({init.type}, i32) "
            f"-> ({init.type}, i32) {{"
        )
        go = self.fresh("go")
        self.emit(f"  {go} = arith.cmpi slt, {k}, {limit} : i32")
        self.emit(f"  scf.condition({go}) {a}, {k} : {init.type}, i32")
        self.emit("} do {")
        b, bk = self.fresh("wb"), self.fresh("wbk")
        self.emit(f"^bb0({b}: {init.type}, {bk}: i32):")
        lineage = self.new_lineage()
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = {lineage}
        self.indent += 1
        self.scopes.append([Val(b, init.type, init.shape, lineage=lineage)])
        if self.config.enabled("captured_writes") and self.rng.random() < 0.6:
            self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(1, max(1, self.config.max_ops // 2))
        )
        y = self.yield_value(init, lineage)
        if self.loop_yields_on() and self.rng.random() < 0.6:
            y = self.loop_yield(y)
        nk = self.fresh("nk")
        self.emit(f"{nk} = arith.addi {bk}, {one} : i32")
        self.emit(f"scf.yield {y.name}, {nk} : {y.type}, i32")
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        self.consumable, self.indent = saved
        self.emit("}")
        result = self.result(f"{res}#0", init.type, init.shape, init)
        self.after_loop(captured, result)
