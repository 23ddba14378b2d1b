"""Scalable tensor programs for the benchmarks.

Five families of modules, each grown block by block until it holds a requested number
of operations (counted as written in the source: every op of every region, payloads and
terminators included, `builtin.module` excluded):

* ``elementwise``: one long `@main` of `linalg.generic` and named elementwise ops
  (`linalg.mul` / `max` / `min`) whose destinations are earlier values, fresh
  `tensor.empty`s or operands; earlier values are read again later, so some writes
  must go out of place (read-after-write reuse).
* ``tiled``: `scf.for` nests over 4x4 tiles with `tensor.extract_slice` /
  `tensor.insert_slice` around `linalg.matmul` and an epilogue `linalg.generic` on the
  tile; accumulators are fresh fills, earlier results updated in place, or earlier
  results that are read again afterwards.
* ``calls``: many private functions: factories returning fresh tensors, helpers in
  destination-passing style returning their updated argument, helpers returning one
  updated argument and one fresh tensor, readers returning scalars, and composite
  helpers calling earlier ones; `@main` threads values through them and re-reads some.
* ``control``: a mix of the above with `scf.if` and `scf.while` carrying tensors and
  `scf.for` loops with tensor iter_args.
* ``chain``: one long dependence chain in `@main`: every step reads the value the
  previous step produced and writes it in place, into a fresh `tensor.empty`, or (rarely)
  into one of the chain's inputs, which is read again later (a copy). This is the shape
  on which upstream's one-shot analysis grows quadratically (its alias sets grow with
  the chain and each write's conflict check visits them all).

Every module has `func.func @main() -> (f32, ...)` that builds its own inputs
(`tensor.empty` + `linalg.fill` / index-pattern `linalg.generic`), so a reference
executor can run it, and only returns scalars. Values stay bounded (averages, products of
numbers below one, scaled accumulations) so results are finite at any size.

The text avoids xDSL 0.75's parsing gaps (only single-result `linalg.generic`; no
`memref` ops) and parses in both xDSL and upstream MLIR.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

FAMILIES: tuple[str, ...] = ("elementwise", "tiled", "calls", "control", "chain")
"""The generated program families, in report order."""

ELEM = "f32"
T = "tensor<4x4xf32>"
"""The tensor type of the elementwise, call and control families."""
BIG = "tensor<8x8xf32>"
"""The full matrix type of the tiled family (tiles are `T`)."""
SCALAR0 = "tensor<f32>"

HEADER = """#id2 = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> ()>
"""


@dataclass
class GeneratedModule:
    """A generated benchmark program and what it is made of."""

    family: str
    """Which family produced it (one of `FAMILIES`)."""
    target: int
    """The requested number of operations."""
    seed: int
    """The random seed it was generated with."""
    text: str
    """The module, in MLIR's textual form."""
    ops: int
    """Operations as written (all regions, payloads and terminators)."""
    tensor_ops: int
    """Written operations with a tensor operand or result."""
    results: int
    """How many f32 scalars `@main` returns."""


@dataclass
class _Func:
    """One function being written: its lines and op counts."""

    lines: list[str] = field(default_factory=lambda: list[str]())
    prologue: list[str] = field(default_factory=lambda: list[str]())
    """Constants, emitted on first use at the top of the body."""
    ops: int = 0
    tensor_ops: int = 0

    def emit(self, line: str, ops: int = 1, tensor_ops: int = 0) -> None:
        self.lines.append("  " + line)
        self.ops += ops
        self.tensor_ops += tensor_ops


_CONSTANTS: dict[str, str] = {
    "i0": "0 : index",
    "i1": "1 : index",
    "i2": "2 : index",
    "i3": "3 : index",
    "i4": "4 : index",
    "i8": "8 : index",
    "half": "0.5 : f32",
    "quarter": "0.25 : f32",
    "sixteenth": "0.0625 : f32",
    "zero": "0.0 : f32",
    "three": "3.0 : f32",
}


class _Consts:
    """A function's named constants (see `_CONSTANTS`), each written once at the top."""

    def __init__(self, f: _Func, names: _Names) -> None:
        self.f = f
        self.names = names
        self.made: dict[str, str] = {}

    def __getitem__(self, key: str) -> str:
        if key not in self.made:
            name = self.names("c")
            self.f.prologue.append(f"  {name} = arith.constant {_CONSTANTS[key]}")
            self.f.ops += 1
            self.made[key] = name
        return self.made[key]


class _Names:
    """Fresh SSA names, unique in the whole module (regions may not shadow names)."""

    def __init__(self) -> None:
        self.counter = 0

    def __call__(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"


class _Builder:
    """Shared emission helpers for all families."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.name = _Names()
        self.funcs: list[_Func] = []
        self.func_headers: list[str] = []
        self.call_class: dict[str, int] = {}
        """Values whose buffer may come from a call result, by alias class."""

    # -- values derived from call results ----------------------------------------
    def from_call(self, value: str, like: str | None = None) -> None:
        """`value` may share the buffer of a call result (of `like`'s class if given)."""
        if like is not None and like in self.call_class:
            self.call_class[value] = self.call_class[like]
        else:
            self.call_class[value] = len(self.call_class) + 1

    def written(self, pool: list[str], dest: str, result: str) -> None:
        """`result` was computed in `dest`'s buffer. If that buffer may be a call
        result, every older value of its class leaves the pool, so no later read ever
        forces a copy of it: finch-mlir 0.0.2 crashes (segfault) when one-shot-bufferize
        copies a value whose buffer comes from a `func.call` (cf. llvm-project#150441)."""
        if dest not in self.call_class:
            return
        cls = self.call_class[dest]
        pool[:] = [v for v in pool if self.call_class.get(v) != cls]
        self.call_class[result] = cls

    def pick_apart(self, pool: list[str], dest: str) -> str:
        """A pool value that does not share `dest`'s call-result class (if `dest` has
        one); `dest` itself when nothing else qualifies only if `dest` is safe."""
        cls = self.call_class.get(dest)
        for _ in range(8):
            v = self.pick(pool)
            if cls is None or self.call_class.get(v) != cls:
                return v
        for v in reversed(pool):
            if cls is None or self.call_class.get(v) != cls:
                return v
        return ""

    # -- constants -------------------------------------------------------------
    def constants(self, f: _Func) -> _Consts:
        """The constants of `f`'s body, emitted at its top on first use."""
        return _Consts(f, self.name)

    # -- tensor producers ------------------------------------------------------
    def empty(self, f: _Func, ty: str = T) -> str:
        name = self.name()
        f.emit(f"{name} = tensor.empty() : {ty}", tensor_ops=1)
        return name

    def fill(self, f: _Func, value: str, ty: str = T) -> str:
        e = self.empty(f, ty)
        name = self.name()
        f.emit(
            f"{name} = linalg.fill ins({value} : {ELEM}) outs({e} : {ty}) -> {ty}",
            tensor_ops=1,
        )
        return name

    def pattern(
        self, f: _Func, c: _Consts, a: int, b: int, ty: str = T, scale: str = ""
    ) -> str:
        """A fresh tensor with x[i, j] = (((a*i + b*j + 1) mod 7) - 3) * 0.25 [* scale]."""
        e = self.empty(f, ty)
        n = self.name
        out, i, j, ai, bj, s, s1, r, ri, rf, sub, v = (n() for _ in range(12))
        ca, cb, c7, c1 = n("c"), n("c"), n("c"), n("c")
        name = self.name()
        f.emit(
            f"{name} = linalg.generic {{indexing_maps = [#id2], "
            f'iterator_types = ["parallel", "parallel"]}} outs({e} : {ty}) {{',
            tensor_ops=1,
        )
        body = [
            f"^bb0({out}: {ELEM}):",
            f"  {i} = linalg.index 0 : index",
            f"  {j} = linalg.index 1 : index",
            f"  {ca} = arith.constant {a} : index",
            f"  {cb} = arith.constant {b} : index",
            f"  {c7} = arith.constant 7 : index",
            f"  {c1} = arith.constant 1 : index",
            f"  {ai} = arith.muli {i}, {ca} : index",
            f"  {bj} = arith.muli {j}, {cb} : index",
            f"  {s} = arith.addi {ai}, {bj} : index",
            f"  {s1} = arith.addi {s}, {c1} : index",
            f"  {r} = arith.remui {s1}, {c7} : index",
            f"  {ri} = arith.index_cast {r} : index to i32",
            f"  {rf} = arith.sitofp {ri} : i32 to {ELEM}",
            f"  {sub} = arith.subf {rf}, {c['three']} : {ELEM}",
            f"  {v} = arith.mulf {sub}, {c['quarter']} : {ELEM}",
        ]
        ops = 15
        result = v
        if scale:
            w = n()
            body.append(f"  {w} = arith.mulf {v}, {scale} : {ELEM}")
            ops += 1
            result = w
        body.append(f"  linalg.yield {result} : {ELEM}")
        ops += 1
        for line in body:
            f.emit("  " + line, ops=0)
        f.ops += ops
        f.emit(f"}} -> {ty}", ops=0)
        return name

    # -- elementwise steps -----------------------------------------------------
    def named(self, f: _Func, kind: str, a: str, b: str, out: str) -> str:
        """`linalg.<kind> ins(a, b) outs(out)`: the destination is only written."""
        name = self.name()
        f.emit(
            f"{name} = linalg.{kind} ins({a}, {b} : {T}, {T}) outs({out} : {T}) -> {T}",
            tensor_ops=1,
        )
        return name

    def average(self, f: _Func, c: _Consts, a: str, b: str, out: str) -> str:
        """out = (a + b) * 0.5 with a generic that does not read `out`."""
        n = self.name
        x, y, o, s, m = n(), n(), n(), n(), n()
        name = n()
        f.emit(
            f"{name} = linalg.generic {{indexing_maps = [#id2, #id2, #id2], "
            f'iterator_types = ["parallel", "parallel"]}} '
            f"ins({a}, {b} : {T}, {T}) outs({out} : {T}) {{",
            tensor_ops=1,
        )
        f.emit(f"^bb0({x}: {ELEM}, {y}: {ELEM}, {o}: {ELEM}):", ops=0)
        f.emit(f"  {s} = arith.addf {x}, {y} : {ELEM}")
        f.emit(f"  {m} = arith.mulf {s}, {c['half']} : {ELEM}")
        f.emit(f"  linalg.yield {m} : {ELEM}")
        f.emit(f"}} -> {T}", ops=0)
        return name

    def accumulate(self, f: _Func, c: _Consts, a: str, acc: str, ty: str = T) -> str:
        """acc = acc * 0.5 + a * 0.25: a generic that reads and writes `acc`."""
        n = self.name
        x, o, p, q, s = n(), n(), n(), n(), n()
        name = n()
        f.emit(
            f"{name} = linalg.generic {{indexing_maps = [#id2, #id2], "
            f'iterator_types = ["parallel", "parallel"]}} '
            f"ins({a} : {ty}) outs({acc} : {ty}) {{",
            tensor_ops=1,
        )
        f.emit(f"^bb0({x}: {ELEM}, {o}: {ELEM}):", ops=0)
        f.emit(f"  {p} = arith.mulf {o}, {c['half']} : {ELEM}")
        f.emit(f"  {q} = arith.mulf {x}, {c['quarter']} : {ELEM}")
        f.emit(f"  {s} = arith.addf {p}, {q} : {ELEM}")
        f.emit(f"  linalg.yield {s} : {ELEM}")
        f.emit(f"}} -> {ty}", ops=0)
        return name

    def scale_shift(
        self, f: _Func, c: _Consts, acc: str, ty: str = T, scale: str = ""
    ) -> str:
        """acc = acc * scale + 0.25 in place (only an `outs` operand)."""
        n = self.name
        o, p, s = n(), n(), n()
        name = n()
        f.emit(
            f"{name} = linalg.generic {{indexing_maps = [#id2], "
            f'iterator_types = ["parallel", "parallel"]}} outs({acc} : {ty}) {{',
            tensor_ops=1,
        )
        f.emit(f"^bb0({o}: {ELEM}):", ops=0)
        f.emit(f"  {p} = arith.mulf {o}, {scale or c['sixteenth']} : {ELEM}")
        f.emit(f"  {s} = arith.addf {p}, {c['quarter']} : {ELEM}")
        f.emit(f"  linalg.yield {s} : {ELEM}")
        f.emit(f"}} -> {ty}", ops=0)
        return name

    def reduce_sum(self, f: _Func, c: _Consts, a: str, ty: str = T) -> str:
        """The sum of `a` as an f32 (0-d fill + reduction generic + extract)."""
        init = self.fill(f, c["zero"], SCALAR0)
        n = self.name
        x, o, s = n(), n(), n()
        red = n()
        f.emit(
            f"{red} = linalg.generic {{indexing_maps = [#id2, #red], "
            f'iterator_types = ["reduction", "reduction"]}} '
            f"ins({a} : {ty}) outs({init} : {SCALAR0}) {{",
            tensor_ops=1,
        )
        f.emit(f"^bb0({x}: {ELEM}, {o}: {ELEM}):", ops=0)
        f.emit(f"  {s} = arith.addf {x}, {o} : {ELEM}")
        f.emit(f"  linalg.yield {s} : {ELEM}")
        f.emit(f"}} -> {SCALAR0}", ops=0)
        name = n()
        f.emit(f"{name} = tensor.extract {red}[] : {SCALAR0}", tensor_ops=1)
        return name

    def extract(self, f: _Func, c: _Consts, t: str, ty: str = T) -> str:
        i = c[f"i{self.rng.choice((0, 1, 2, 3))}"]
        j = c[f"i{self.rng.choice((0, 1, 2, 3))}"]
        name = self.name()
        f.emit(f"{name} = tensor.extract {t}[{i}, {j}] : {ty}", tensor_ops=1)
        return name

    def add_scalar(self, f: _Func, acc: str, x: str) -> str:
        name = self.name()
        f.emit(f"{name} = arith.addf {acc}, {x} : {ELEM}")
        return name

    # -- one random elementwise step --------------------------------------------
    def elementwise_step(self, f: _Func, c: _Consts, pool: list[str]) -> str:
        """One elementwise op on pool values; may write into a value read again later."""
        rng = self.rng
        a = self.pick(pool)
        b = self.pick(pool)
        roll = rng.random()
        if roll < 0.45:
            out = a if rng.random() < 0.6 else self.pick(pool)
        elif roll < 0.7:
            out = self.empty(f)
        else:
            out = b
        kind = rng.random()
        if out not in pool and kind >= 0.7:
            kind = 0.5  # a fresh tensor.empty holds no values to accumulate into
        if kind < 0.35:
            result = self.named(f, rng.choice(("mul", "max", "min")), a, b, out)
        elif kind < 0.7:
            result = self.average(f, c, a, b, out)
        else:
            result = self.accumulate(f, c, a, out)
        self.written(pool, out, result)
        pool.append(result)
        if len(pool) > 256:
            del pool[:64]
        return result

    def pick(self, pool: list[str]) -> str:
        """Mostly a recent value, sometimes an old one (read after a later write)."""
        rng = self.rng
        if rng.random() < 0.8:
            return pool[-1 - rng.randrange(min(len(pool), 4))]
        return pool[rng.randrange(len(pool))]

    # -- tiled matmul nest -----------------------------------------------------
    def tiled_nest(self, f: _Func, c: _Consts, a: str, b: str, acc: str) -> str:
        """acc += a @ b over 4x4 tiles (k-step 4), tile epilogue acc = acc/16 + 1/4."""
        n = self.name
        i, j, k = n("i"), n("j"), n("k")
        ci, cj, ct, t = n(), n(), n(), n()
        ri, rj, racc, ta, tb, mm, upd = n(), n(), n(), n(), n(), n(), n()
        i0, i4, i8 = c["i0"], c["i4"], c["i8"]
        f.emit(
            f"{ri} = scf.for {i} = {i0} to {i8} step {i4} iter_args({ci} = {acc}) "
            f"-> ({BIG}) {{",
            tensor_ops=1,
        )
        f.emit(
            f"  {rj} = scf.for {j} = {i0} to {i8} step {i4} iter_args({cj} = {ci}) "
            f"-> ({BIG}) {{",
            tensor_ops=1,
        )
        f.emit(
            f"    {ct} = tensor.extract_slice {cj}[{i}, {j}] [4, 4] [1, 1] : "
            f"{BIG} to {T}",
            tensor_ops=1,
        )
        f.emit(
            f"    {racc} = scf.for {k} = {i0} to {i8} step {i4} iter_args({t} = {ct}) "
            f"-> ({T}) {{",
            tensor_ops=1,
        )
        f.emit(
            f"      {ta} = tensor.extract_slice {a}[{i}, {k}] [4, 4] [1, 1] : "
            f"{BIG} to {T}",
            tensor_ops=1,
        )
        f.emit(
            f"      {tb} = tensor.extract_slice {b}[{k}, {j}] [4, 4] [1, 1] : "
            f"{BIG} to {T}",
            tensor_ops=1,
        )
        f.emit(
            f"      {mm} = linalg.matmul ins({ta}, {tb} : {T}, {T}) outs({t} : {T}) "
            f"-> {T}",
            tensor_ops=1,
        )
        f.emit(f"      scf.yield {mm} : {T}", tensor_ops=1)
        f.emit("    }", ops=0)
        epi = self.scale_shift(f, c, racc)
        f.emit(
            f"    {upd} = tensor.insert_slice {epi} into {cj}[{i}, {j}] [4, 4] [1, 1] : "
            f"{T} into {BIG}",
            tensor_ops=1,
        )
        f.emit(f"    scf.yield {upd} : {BIG}", tensor_ops=1)
        f.emit("  }", ops=0)
        f.emit(f"  scf.yield {rj} : {BIG}", tensor_ops=1)
        f.emit("}", ops=0)
        return ri

    # -- output ----------------------------------------------------------------
    def render(self) -> str:
        parts = [HEADER]
        for header, f in zip(self.func_headers, self.funcs, strict=True):
            parts.append(header)
            parts.extend(f.prologue)
            parts.extend(f.lines)
            parts.append("}")
            parts.append("")
        return "\n".join(parts)

    def total_ops(self) -> int:
        return sum(f.ops for f in self.funcs)

    def total_tensor_ops(self) -> int:
        return sum(f.tensor_ops for f in self.funcs)

    def new_func(self, header: str) -> _Func:
        """Start a function; its `func.func` op counts as one op."""
        f = _Func()
        f.ops += 1
        self.funcs.append(f)
        self.func_headers.append(header)
        return f


def _finish_main(
    bld: _Builder, f: _Func, c: _Consts, scalars: list[str], pool: list[str]
) -> int:
    """Extract a few values of the latest and the earliest tensors and return."""
    results = list(scalars)
    for t in (pool[-1], pool[-2], pool[0], pool[1]):
        results.append(bld.extract(f, c, t))
    types = ", ".join([ELEM] * len(results))
    f.emit(f"func.return {', '.join(results)} : {types}")
    bld.func_headers[bld.funcs.index(f)] = f"func.func @main() -> ({types}) {{"
    return len(results)


def _gen_elementwise(bld: _Builder, target: int) -> int:
    f = bld.new_func("")
    c = bld.constants(f)
    pool = [bld.pattern(f, c, 1 + k, 2 + 3 * k) for k in range(4)]
    pool.append(bld.fill(f, c["half"]))
    acc = c["zero"]
    steps = 0
    while bld.total_ops() + 12 < target:
        bld.elementwise_step(f, c, pool)
        steps += 1
        if steps % 16 == 0:
            acc = bld.add_scalar(f, acc, bld.extract(f, c, bld.pick(pool)))
    return _finish_main(bld, f, c, [acc], pool)


def _gen_tiled(bld: _Builder, target: int) -> int:
    f = bld.new_func("")
    c = bld.constants(f)
    pool = [bld.pattern(f, c, 1 + k, 2 + 3 * k, BIG) for k in range(3)]
    acc_scalar = c["zero"]
    rng = bld.rng
    while bld.total_ops() + 40 < target:
        a, b = bld.pick(pool), bld.pick(pool)
        roll = rng.random()
        if roll < 0.3:
            acc = bld.fill(f, c["quarter"], BIG)
        elif roll < 0.65:
            acc = pool[-1]
        else:
            acc = bld.pick(pool)
        pool.append(bld.tiled_nest(f, c, a, b, acc))
        if rng.random() < 0.2:
            x = bld.name()
            f.emit(
                f"{x} = tensor.extract {bld.pick(pool)}[{c['i1']}, {c['i2']}] : {BIG}",
                tensor_ops=1,
            )
            acc_scalar = bld.add_scalar(f, acc_scalar, x)
    results = [acc_scalar]
    for t in (pool[-1], pool[0], pool[1]):
        x = bld.name()
        f.emit(f"{x} = tensor.extract {t}[{c['i3']}, {c['i4']}] : {BIG}", tensor_ops=1)
        results.append(x)
    types = ", ".join([ELEM] * len(results))
    f.emit(f"func.return {', '.join(results)} : {types}")
    bld.func_headers[0] = f"func.func @main() -> ({types}) {{"
    return len(results)


@dataclass
class _Helper:
    """A generated private function of the call family and how to call it."""

    name: str
    kind: str
    """factory (f32) -> T, update (T, T, f32) -> T, split (T, T) -> (T, T), reader (T) -> f32."""


def _gen_helper(bld: _Builder, helpers: list[_Helper]) -> _Helper:
    """Write one private helper; composite ones call earlier helpers."""
    rng = bld.rng
    idx = len(helpers)
    n = bld.name
    kinds = ["factory", "update", "split", "reader"]
    kind = kinds[idx % 4] if idx < 8 else rng.choice(kinds)
    fname = f"@{kind}{idx}"
    updates = [h for h in helpers if h.kind == "update"]
    if kind == "factory":
        s = n("a")
        f = bld.new_func(f"func.func private {fname}({s}: {ELEM}) -> {T} {{")
        c = bld.constants(f)
        r = bld.pattern(f, c, 1 + idx % 5, 2 + idx % 3, T, scale=s)
        f.emit(f"func.return {r} : {T}", tensor_ops=1)
    elif kind == "update":
        y, x, a = n("a"), n("a"), n("a")
        f = bld.new_func(
            f"func.func private {fname}({y}: {T}, {x}: {T}, {a}: {ELEM}) -> {T} {{"
        )
        c = bld.constants(f)
        r = bld.accumulate(f, c, x, y)
        # Nothing reads `x` after `y` is written, so callers may pass aliases.
        if updates and rng.random() < 0.5:
            callee = rng.choice(updates[-6:])
            r2 = n()
            f.emit(
                f"{r2} = func.call {callee.name}({r}, {r}, {a}) : ({T}, {T}, {ELEM}) "
                f"-> {T}",
                tensor_ops=1,
            )
            r = r2
        else:
            r = bld.scale_shift(f, c, r, scale=c["half"])
        f.emit(f"func.return {r} : {T}", tensor_ops=1)
    elif kind == "split":
        y, x = n("a"), n("a")
        f = bld.new_func(
            f"func.func private {fname}({y}: {T}, {x}: {T}) -> ({T}, {T}) {{"
        )
        c = bld.constants(f)
        fresh = bld.average(f, c, x, y, bld.empty(f))
        upd = bld.named(f, rng.choice(("mul", "max", "min")), y, x, y)
        f.emit(f"func.return {upd}, {fresh} : {T}, {T}", tensor_ops=1)
    else:
        x = n("a")
        f = bld.new_func(f"func.func private {fname}({x}: {T}) -> {ELEM} {{")
        c = bld.constants(f)
        s = bld.reduce_sum(f, c, x)
        f.emit(f"func.return {s} : {ELEM}")
    helper = _Helper(fname, kind)
    helpers.append(helper)
    return helper


def _call(
    bld: _Builder,
    f: _Func,
    c: _Consts,
    helper: _Helper,
    pool: list[str],
    scalars: list[str],
) -> None:
    """Call `helper` from `@main` on pool values; results join the pool / scalars."""
    n = bld.name
    if helper.kind == "factory":
        r = n()
        f.emit(f"{r} = func.call {helper.name}({c['half']}) : ({ELEM}) -> {T}", 1, 1)
        bld.from_call(r)
        pool.append(r)
    elif helper.kind in ("update", "split"):
        y = bld.pick(pool)
        x = bld.pick(pool)
        r = n()
        if helper.kind == "update":
            f.emit(
                f"{r} = func.call {helper.name}({y}, {x}, {c['quarter']}) : "
                f"({T}, {T}, {ELEM}) -> {T}",
                1,
                1,
            )
            updated = r
        else:
            f.emit(
                f"{r}:2 = func.call {helper.name}({y}, {x}) : ({T}, {T}) -> ({T}, {T})",
                1,
                1,
            )
            updated = f"{r}#0"
            bld.from_call(f"{r}#1")
        if y in bld.call_class:
            bld.written(pool, y, updated)
        else:
            bld.from_call(updated)
        pool.append(updated)
        if helper.kind == "split":
            pool.append(f"{r}#1")
    else:
        s = n()
        f.emit(
            f"{s} = func.call {helper.name}({bld.pick(pool)}) : ({T}) -> {ELEM}", 1, 1
        )
        scalars[0] = bld.add_scalar(f, scalars[0], s)


def _fresh_input(bld: _Builder, f: _Func, c: _Consts, pool: list[str]) -> None:
    """A new tensor built in `@main` (not from a call), so later reads may force copies."""
    rng = bld.rng
    if rng.random() < 0.5:
        pool.append(bld.fill(f, rng.choice((c["half"], c["quarter"]))))
    else:
        pool.append(bld.pattern(f, c, rng.randint(1, 6), rng.randint(1, 6)))


def _gen_calls(bld: _Builder, target: int) -> int:
    main = bld.new_func("")
    c = bld.constants(main)
    pool = [bld.pattern(main, c, 2, 3), bld.fill(main, c["half"])]
    scalars = [c["zero"]]
    helpers: list[_Helper] = []
    rng = bld.rng
    while bld.total_ops() + 12 < target:
        if not helpers or rng.random() < 0.3:
            _gen_helper(bld, helpers)
        roll = rng.random()
        if roll < 0.65:
            for _ in range(rng.randint(1, 3)):
                _call(bld, main, c, rng.choice(helpers[-12:]), pool, scalars)
        elif roll < 0.85:
            bld.elementwise_step(main, c, pool)
        else:
            _fresh_input(bld, main, c, pool)
    return _finish_main(bld, main, c, scalars, pool)


def _control_if(bld: _Builder, f: _Func, c: _Consts, pool: list[str]) -> None:
    """scf.if on a data-dependent condition; the then branch updates a pool value."""
    rng = bld.rng
    x = bld.extract(f, c, bld.pick(pool))
    cond, r = bld.name(), bld.name()
    f.emit(f"{cond} = arith.cmpf ogt, {x}, {c['zero']} : {ELEM}")
    dest = bld.pick(pool)
    a = bld.pick(pool)
    f.emit(f"{r} = scf.if {cond} -> ({T}) {{", tensor_ops=1)
    u = bld.accumulate(f, c, a, dest)
    f.emit(f"  scf.yield {u} : {T}", tensor_ops=1)
    f.emit("} else {", ops=0)
    if rng.random() < 0.5:
        other = dest
    else:
        other = bld.named(f, rng.choice(("mul", "max", "min")), a, dest, bld.empty(f))
    f.emit(f"  scf.yield {other} : {T}", tensor_ops=1)
    f.emit("}", ops=0)
    bld.written(pool, dest, r)
    pool.append(r)


def _loop_operands(
    bld: _Builder, f: _Func, c: _Consts, pool: list[str]
) -> tuple[str, str]:
    """(init, read): the loop updates `init` in place and reads `read` every iteration,
    which must not share `init`'s buffer if that may be a call result."""
    init = bld.pick(pool)
    a = bld.pick_apart(pool, init)
    if not a:
        _fresh_input(bld, f, c, pool)
        a = pool[-1]
    return init, a


def _control_while(bld: _Builder, f: _Func, c: _Consts, pool: list[str]) -> None:
    """scf.while carrying (tensor, i32) for three iterations, updating the tensor."""
    n = bld.name
    init, a = _loop_operands(bld, f, c, pool)
    z, three, one = n("c"), n("c"), n("c")
    f.emit(f"{z} = arith.constant 0 : i32")
    f.emit(f"{three} = arith.constant 3 : i32")
    f.emit(f"{one} = arith.constant 1 : i32")
    r, t, m, go, t2, m2, m3 = n(), n(), n(), n(), n(), n(), n()
    f.emit(
        f"{r}:2 = scf.while ({t} = {init}, {m} = {z}) : ({T}, i32) -> ({T}, i32) {{",
        tensor_ops=1,
    )
    f.emit(f"  {go} = arith.cmpi slt, {m}, {three} : i32")
    f.emit(f"  scf.condition({go}) {t}, {m} : {T}, i32", tensor_ops=1)
    f.emit("} do {", ops=0)
    f.emit(f"^bb0({t2}: {T}, {m2}: i32):", ops=0)
    u = bld.accumulate(f, c, a, t2)
    f.emit(f"  {m3} = arith.addi {m2}, {one} : i32")
    f.emit(f"  scf.yield {u}, {m3} : {T}, i32", tensor_ops=1)
    f.emit("}", ops=0)
    bld.written(pool, init, f"{r}#0")
    pool.append(f"{r}#0")


def _control_for(bld: _Builder, f: _Func, c: _Consts, pool: list[str]) -> None:
    """scf.for with a tensor iter_arg updated by an elementwise op each iteration."""
    n = bld.name
    init, a = _loop_operands(bld, f, c, pool)
    r, i, t = n(), n("i"), n()
    f.emit(
        f"{r} = scf.for {i} = {c['i0']} to {c['i3']} step {c['i1']} "
        f"iter_args({t} = {init}) -> ({T}) {{",
        tensor_ops=1,
    )
    if bld.rng.random() < 0.5:
        u = bld.average(f, c, a, t, t)
    else:
        u = bld.accumulate(f, c, a, t)
    f.emit(f"  scf.yield {u} : {T}", tensor_ops=1)
    f.emit("}", ops=0)
    bld.written(pool, init, r)
    pool.append(r)


def _gen_control(bld: _Builder, target: int) -> int:
    main = bld.new_func("")
    c = bld.constants(main)
    pool = [bld.pattern(main, c, 1 + k, 3 + k) for k in range(3)]
    scalars = [c["zero"]]
    helpers: list[_Helper] = []
    rng = bld.rng
    kinds: list[Callable[[_Builder, _Func, _Consts, list[str]], None]] = [
        _control_if,
        _control_while,
        _control_for,
    ]
    while bld.total_ops() + 30 < target:
        roll = rng.random()
        if roll < 0.5:
            rng.choice(kinds)(bld, main, c, pool)
        elif roll < 0.75:
            bld.elementwise_step(main, c, pool)
        elif roll < 0.85:
            _fresh_input(bld, main, c, pool)
        else:
            if not helpers or rng.random() < 0.3:
                _gen_helper(bld, helpers)
            _call(bld, main, c, rng.choice(helpers[-8:]), pool, scalars)
    return _finish_main(bld, main, c, scalars, pool)


def _gen_chain(bld: _Builder, target: int) -> int:
    f = bld.new_func("")
    c = bld.constants(f)
    rng = bld.rng
    inputs = [bld.pattern(f, c, 1 + k, 2 + 3 * k) for k in range(2)]
    current = bld.fill(f, c["half"])
    acc = c["zero"]
    steps = 0
    while bld.total_ops() + 12 < target:
        other = rng.choice(inputs)
        roll = rng.random()
        if roll < 0.55:
            out = current
        elif roll < 0.95:
            out = bld.empty(f)
        else:
            out = rng.choice(inputs)  # an input read again later: out of place
        kind = rng.random()
        if out is current and kind < 0.3:
            current = bld.accumulate(f, c, other, current)
        elif kind < 0.65:
            kinds = ("mul", "max", "min")
            current = bld.named(f, rng.choice(kinds), current, other, out)
        else:
            current = bld.average(f, c, current, other, out)
        steps += 1
        if steps % 64 == 0:
            acc = bld.add_scalar(f, acc, bld.extract(f, c, current))
    return _finish_main(bld, f, c, [acc], [current, inputs[1], inputs[0], current])


_GENERATORS: dict[str, Callable[[_Builder, int], int]] = {
    "elementwise": _gen_elementwise,
    "tiled": _gen_tiled,
    "calls": _gen_calls,
    "control": _gen_control,
    "chain": _gen_chain,
}


def generate(family: str, target: int, seed: int = 0) -> GeneratedModule:
    """A module of `family` with about `target` operations (at least `target` minus a block)."""
    if family not in _GENERATORS:
        raise ValueError(f"unknown family {family!r}; expected one of {FAMILIES}")
    bld = _Builder(seed * 7919 + FAMILIES.index(family))
    results = _GENERATORS[family](bld, target)
    return GeneratedModule(
        family=family,
        target=target,
        seed=seed,
        text=bld.render(),
        ops=bld.total_ops(),
        tensor_ops=bld.total_tensor_ops(),
        results=results,
    )
