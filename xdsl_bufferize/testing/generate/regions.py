"""The region ops of issue #16 (`REGION_OP_FEATURES`): `affine.for` / `affine.if`
carrying tensors, `vector.mask` around transfers, `scf.parallel` loops; and
`scf.execute_region` with several blocks (`execute_region_blocks`)."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.control import ControlOps
from xdsl_bufferize.testing.generate.core import (
    Val,
)


class RegionOps(ControlOps):
    """Affine loops and branches, `vector.mask`, `scf.parallel`."""

    def _scf_header(self, start: int, marker: str) -> int:
        """The line, from body line `start` on, opening the scf region op (`marker`:
        " = scf.for ", " = scf.if ") emitted at the current indentation."""
        pad = "  " * self.indent
        body = self.fn.body
        return next(
            i
            for i in range(start, len(body))
            if body[i].startswith(pad + "%") and marker in body[i]
        )

    def _affine_region(self, first: int, header: str, closing: str) -> None:
        """Turn the scf region op opened at body line `first` (at the current
        indentation) into its affine form: `header` replaces its first line, its own
        `scf.yield`s become `affine.yield`, its `} else {` separates regions and
        `closing` replaces its closing line (nested ops are left as they are)."""
        pad = "  " * self.indent
        body = self.fn.body
        body[first] = pad + header
        i = first + 1
        while body[i] != pad + "}":
            if body[i].startswith(pad + "  scf.yield "):
                body[i] = body[i].replace("scf.yield", "affine.yield", 1)
            elif body[i] == pad + "  } else {":
                body[i] = pad + "  }, {"
            i += 1
        body[i] = pad + closing

    def op_execute_region_blocks(self, depth: int) -> None:
        """(`execute_region_blocks`) An `scf.execute_region` whose entry block
        branches (`cf.cond_br`) either to a block writing the carried tensor (or
        making a new one) and one yielding it or a new tensor, or to a block
        writing it that passes the write to a merge block (beside the tensor
        itself from the entry), which may write again and yields."""
        init = self.carried()
        typ, shape = init.type, init.shape
        res = self.fresh("er")
        label = [self.fresh("erb")[1:] for _ in range(2)]
        marks = [(v, v.readable) for scope in self.scopes for v in scope]
        self.emit(f"{res} = scf.execute_region -> {typ} {{")
        self.indent += 1
        self.scopes.append([])
        cond = self.condition()
        if self.rng.random() < 0.5:
            self.observe(init)
        merge = self.rng.random() < 0.5
        second = f"^{label[1]}({init.name} : {typ})" if merge else f"^{label[1]}"
        self.emit(f"cf.cond_br {cond}, ^{label[0]}, {second}")
        self.scopes.pop()
        self.emit(f"^{label[0]}:")
        self.scopes.append([])
        written = (
            self.side_write(init)
            if self.rng.random() < 0.7
            else self.fresh_tensor(shape, dynamic="?" in typ)
        )
        if self.rng.random() < 0.4:
            self.observe(init)
        if merge:
            self.emit(f"cf.br ^{label[1]}({written.name} : {typ})")
        else:
            self.emit(f"scf.yield {written.name} : {typ}")
        self.scopes.pop()
        if merge:
            arg = self.fresh("ea")
            self.emit(f"^{label[1]}({arg}: {typ}):")
            self.scopes.append([Val(arg, typ, shape, lineage=self.new_lineage())])
            last = self.scopes[-1][0]
            if self.rng.random() < 0.5:
                last = self.side_write(last)
        else:
            self.emit(f"^{label[1]}:")
            self.scopes.append([])
            last = (
                init
                if self.rng.random() < 0.5
                else self.fresh_tensor(shape, dynamic="?" in typ)
            )
        self.emit(f"scf.yield {last.name} : {typ}")
        self.scopes.pop()
        self.indent -= 1
        self.emit("}")
        for v, readable in marks:
            v.readable = readable
        self.add(Val(res, typ, shape, lineage=self.new_lineage()))
        if init.readable and self.rng.random() < 0.5:
            self.observe(init)

    def op_affine_for(self, depth: int) -> None:
        """An `affine.for` carrying tensors (the shapes of `scf.for`'s)."""
        start = len(self.fn.body)
        self.op_for(depth)
        first = self._scf_header(start, " = scf.for ")
        lhs, rest = self.fn.body[first].strip().split(" = scf.for ", 1)
        iv, bounds = rest.split(" = ", 1)
        ub = bounds.split(" to ", 1)[1].split(" step ", 1)[0]
        trip = next(v for v, n in self.fn.index_consts.items() if n == ub)
        carried = bounds.split(" iter_args", 1)[1]
        self._affine_region(
            first, f"{lhs} = affine.for {iv} = 0 to {trip} iter_args{carried}", "}"
        )

    def op_affine_if(self, depth: int) -> None:
        """An `affine.if` yielding a tensor (the shapes of `scf.if`'s) on an affine
        condition of an induction variable or a constant."""
        ivs = self.visible(lambda v: v.type == "index" and v.name in self.iv_bounds)
        if ivs and self.rng.random() < 0.7:
            iv = self.rng.choice(ivs).name
            k = self.rng.randint(0, self.iv_bounds[iv] + 1)
        else:
            iv, k = self.index(self.rng.randint(0, 3)), self.rng.randint(0, 3)
        kind = self.rng.choice([">=", "=="])
        start = len(self.fn.body)
        self.op_if(depth)
        first = self._scf_header(start, " = scf.if ")
        line = self.fn.body[first].strip()
        res, typ = line.split(" = scf.if ")[0], line.split("-> (")[1][:-3]
        self._affine_region(
            first,
            f'{res} = "affine.if"({iv}) <{{condition = affine_set<(d0) : '
            f"(d0 - {k} {kind} 0)>}}> ({{",
            f"}}) : (index) -> {typ}",
        )

    def op_vector_mask(self, depth: int) -> None:
        """`vector.mask` around a `vector.transfer_read` of a 1-D tensor (maybe with
        a passthru vector) and a `vector.transfer_write` of the read lanes, doubled,
        into a 1-D tensor of the same size (masked-off lanes keep their data)."""
        src = self.any_tensor(lambda v: len(v.shape) == 1 and "?" not in v.type)
        if len(src.shape) != 1 or "?" in src.type:
            src = self.fresh_tensor(self.shape(1))
        n = src.shape[0]
        vec, mask_type = f"vector<{n}xf32>", f"vector<{n}xi1>"
        mask, v, v2 = self.fresh("mk"), self.fresh("vr"), self.fresh("vd")
        zero = self.index(0)
        self.emit(
            f"{mask} = vector.create_mask {self.index(self.rng.randint(0, n))} "
            f": {mask_type}"
        )
        passthru = ""
        if self.rng.random() < 0.4:
            passthru = f", {self.fresh('pt')}"
            self.emit(
                f"{passthru[2:]} = vector.broadcast {self.scalar()} : f32 to {vec}"
            )
        self.emit(
            f"{v} = vector.mask {mask}{passthru} {{ vector.transfer_read "
            f"{src.name}[{zero}], {self.scalar()} : {src.type}, {vec} }} "
            f": {mask_type} -> {vec}"
        )
        self.emit(f"{v2} = arith.addf {v}, {v} : {vec}")
        dest = self.any_tensor(lambda t: t.type == src.type)
        if dest.type != src.type:
            dest = src
        name = self.fresh("mw")
        self.emit(
            f"{name} = vector.mask {mask} {{ vector.transfer_write {v2}, "
            f"{dest.name}[{zero}] : {vec}, {dest.type} }} : {mask_type} -> {dest.type}"
        )
        self.result(name, dest.type, dest.shape, dest)

    def op_scf_parallel(self, depth: int) -> None:
        """An `scf.parallel` whose iterations compute on tensors (writing tensors
        defined outside the loop: each needs a private buffer) and store one element
        each into an output buffer, read after the loop."""
        n = self.rng.randint(1, 3)
        out, iv = self.fresh("po"), self.fresh("pi")
        self.emit(f"{out} = memref.alloc() : memref<{n}xf32>")
        self.emit(
            f'"scf.parallel"({self.index(0)}, {self.index(n)}, {self.index(1)}) '
            "<{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({"
        )
        self.emit(f"^bb0({iv}: index):")
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = set()
        self.indent += 1
        self.scopes.append([Val(iv, "index")])
        self.iv_bounds[iv] = n - 1
        self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(1, max(1, self.config.max_ops // 2))
        )
        self.observe(self.any_tensor())
        self.emit(
            f"memref.store {self.scalars()[-1].name}, {out}[{iv}] : memref<{n}xf32>"
        )
        self.emit('"scf.reduce"() : () -> ()')
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        del self.iv_bounds[iv]
        self.consumable, self.indent = saved
        self.emit("}) : (index, index, index) -> ()")
        for k in range(n):
            x = self.fresh("pl")
            self.emit(f"{x} = memref.load {out}[{self.index(k)}] : memref<{n}xf32>")
            self.add(Val(x, "f32"))
        self.emit(f"memref.dealloc {out} : memref<{n}xf32>")
        self.after_loop(captured, None)
