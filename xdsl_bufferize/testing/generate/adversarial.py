"""The adversarial shapes of issue #12 (`ADVERSARIAL_FEATURES`) that are ops of their own:
writes in loop bodies into captured tensors (`captured_writes`), one value as several
operands (`shared_operands`), `bufferization.materialize_in_destination`
(`materialize`) and `bufferization.alloc_tensor` (`alloc_tensor`)."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.core import (
    GeneratorBase,
    Val,
    identity_map,
)


class AdversarialOps(GeneratorBase):
    """Ops on which an in-place analysis must see a conflict."""

    def carried_now(self) -> list[Val]:
        """The current versions of the tensors the innermost loop or branch carries."""
        return self.visible(lambda v: v.is_tensor and v.lineage in self.consumable)

    def op_captured_write(self, depth: int) -> None:
        """In a loop body, write into a tensor defined outside the loop."""
        if self.loop_base is None:
            return
        outside = [
            v
            for scope in self.scopes[: self.loop_base]
            for v in scope
            if v.is_tensor and v.readable and not v.fresh
        ]
        if not outside:
            return
        cap = self.rng.choice(outside)
        written = self.side_write(cap)
        self.loop_captured.append(cap)
        chain = cap.lineage in self.consumable or cap.lineage in self.outer_chains
        if not chain and self.rng.random() < 0.5:
            # Only the loop's own later iterations read the old value.
            self.loop_dead.append(cap)
        carried = self.carried_now()
        if not carried or self.rng.random() < 0.2:
            return
        acc = self.rng.choice(carried)
        if acc.type == written.type and acc.shape == written.shape:
            # The carried value depends on every element of the written one.
            name = self.fresh("b")
            self.emit(
                f"{name} = linalg.add ins({written.name}, {acc.name} : {acc.type}, {acc.type}) "
                f"outs({acc.name} : {acc.type}) -> {acc.type}"
            )
            self.result(name, acc.type, acc.shape, acc)
        else:
            self.observe(written, into=acc)

    def op_shared(self, depth: int) -> None:
        """One value as several operands (and destinations) of one op."""
        a = self.any_tensor()
        typ, rank = a.type, len(a.shape)
        kind = self.rng.choice(["ins_outs", "two_outs", "two_outs", "named"])
        if kind == "named":
            opname = self.rng.choice(["add", "mul", "sub"])
            name = self.fresh("b")
            self.emit(
                f"{name} = linalg.{opname} ins({a.name}, {a.name} : {typ}, {typ}) "
                f"outs({a.name} : {typ}) -> {typ}"
            )
            self.result(name, typ, a.shape, a)
            return
        iters = ", ".join(['"parallel"'] * rank)
        name = self.fresh("g")
        if kind == "ins_outs":
            maps = ", ".join([identity_map(rank)] * 3)
            self.emit(
                f"{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
                f"ins({a.name}, {a.name} : {typ}, {typ}) outs({a.name} : {typ}) {{"
            )
            x, y, o, p, q = (self.fresh(h) for h in "xyopq")
            self.emit(f"^bb0({x}: f32, {y}: f32, {o}: f32):")
            self.emit(f"  {p} = arith.mulf {x}, {y} : f32")
            self.emit(f"  {q} = arith.addf {p}, {o} : f32")
            self.emit(f"  linalg.yield {q} : f32")
            self.emit(f"}} -> {typ}")
            self.result(name, typ, a.shape, a)
            return
        # Two destinations, the same value, different values yielded into each.
        d = self.source(typ, a.shape) if self.rng.random() < 0.5 else a
        maps = ", ".join([identity_map(rank)] * 3)
        self.emit(
            f"{name}:2 = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
            f"ins({a.name} : {typ}) outs({d.name}, {d.name} : {typ}, {typ}) {{"
        )
        x, o1, o2, p, q = (self.fresh(h) for h in ("x", "o", "o", "p", "q"))
        self.emit(f"^bb0({x}: f32, {o1}: f32, {o2}: f32):")
        self.emit(f"  {p} = arith.addf {x}, {o1} : f32")
        self.emit(f"  {q} = arith.mulf {x}, {self.f32(self.small_float())} : f32")
        self.emit(f"  linalg.yield {p}, {q} : f32, f32")
        # xDSL 0.75 reads several results only without parentheses (MLIR wants them).
        self.emit(f"}} -> {typ}, {typ}")
        self.result(f"{name}#0", typ, a.shape, d)
        self.add(Val(f"{name}#1", typ, a.shape, lineage=self.new_lineage()))

    def op_materialize(self, depth: int) -> None:
        """`bufferization.materialize_in_destination` into a new tensor.

        Its destination must bufferize in place (MLIR rejects the program otherwise):
        a `tensor.empty` or a new writable tensor read by nothing else afterwards; its
        source is a new value read by nothing else either."""
        model = self.any_tensor()
        typ, shape = model.type, model.shape
        # MLIR rejects the program when the source is used again (the op is meant to
        # produce its source in the destination): a new value, not read afterwards.
        sizes = ", ".join(self.index(d) for d in shape) if "?" in typ else ""
        src_empty = self.fresh("e")
        self.emit(f"{src_empty} = tensor.empty({sizes}) : {typ}")
        src = self.init_tensor(src_empty, typ, shape)
        empty = self.fresh("e")
        self.emit(f"{empty} = tensor.empty({sizes}) : {typ}")
        dname, dval = empty, None
        if self.rng.random() < 0.5:
            dval = self.init_tensor(empty, typ, shape)
            dname = dval.name
        name = self.fresh("mat")
        self.emit(
            f"{name} = bufferization.materialize_in_destination {src.name} in {dname} "
            f": ({typ}, {typ}) -> {typ}"
        )
        src.readable = False
        if dval is not None:
            dval.readable = False
        self.add(Val(name, typ, shape, lineage=self.new_lineage()))

    def op_alloc_tensor(self, depth: int) -> None:
        """A `bufferization.alloc_tensor` copying an existing value."""
        src = self.any_tensor()
        name = self.fresh("at")
        self.emit(
            f"{name} = bufferization.alloc_tensor() copy({src.name}) : {src.type}"
        )
        self.add(Val(name, src.type, src.shape, lineage=self.new_lineage()))
