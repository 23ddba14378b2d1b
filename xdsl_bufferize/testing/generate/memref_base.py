"""The state of a memref program under construction (for buffer deallocation alone) and
its basic ops: allocations, stores, loads, copies, linalg ops on buffers, subviews,
`scf.if` / `scf.for`. Function text and names come from a `ProgramGenerator`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import replace

from xdsl_bufferize.testing.generate.config import GeneratorConfig
from xdsl_bufferize.testing.generate.core import Helper, Val
from xdsl_bufferize.testing.generate.program import ProgramGenerator


class MemrefGeneratorBase(ABC):
    """Memref programs: the buffers made so far and the basic ops on them."""

    def __init__(self, seed: int, config: GeneratorConfig) -> None:
        self.g = ProgramGenerator(seed, replace(config, kind="tensor"))
        self.rng = self.g.rng
        self.config = config
        self.seed = seed
        self.helpers: list[Helper] = []
        self.functions_text: list[str] = []
        self.allow_stack = True
        """Whether `memref.alloca` may be used (not in helpers: buffers escape them)."""
        self.isolated_argument: dict[str, bool] = {}
        """Helpers whose callers pass a new buffer they never touch again (see `call`)."""
        self.recursive: tuple[str, str, tuple[int, ...], int] | None = None
        self.consumers: dict[str, str] = {}
        """Buffer type -> the helper freeing its argument of that type (`free_statement`)."""
        """The recursive helper's name, buffer type and shape, once made."""

    def memref_type(self, shape: tuple[int, ...], layout: str = "") -> str:
        dims = "".join(f"{d}x" for d in shape)
        return f"memref<{dims}f32{', ' + layout if layout else ''}>"

    def buffers(self, base_only: bool = False) -> list[Val]:
        return self.g.visible(
            lambda v: v.is_memref and (not base_only or "strided" not in v.type)
        )

    def alloc(self, shape: tuple[int, ...] | None = None, heap: bool = False) -> Val:
        """A new initialised buffer (on the stack sometimes, unless `heap`)."""
        g = self.g
        shape = shape or g.shape()
        typ = self.memref_type(shape)
        name = g.fresh("m")
        r = self.rng.random()
        stack = False
        if self.config.enabled("alloca") and not heap and self.allow_stack and r < 0.15:
            g.emit(f"{name} = memref.alloca() : {typ}")
            stack = True
        elif self.config.enabled("dynamic_shapes") and r < 0.3:
            dtype = "memref<?x" + "".join(f"{d}x" for d in shape[1:]) + "f32>"
            dyn = g.fresh("md")
            g.emit(f"{dyn} = memref.alloc({g.index(shape[0])}) : {dtype}")
            g.emit(f'{name} = "memref.cast"({dyn}) : ({dtype}) -> {typ}')
        else:
            g.emit(f"{name} = memref.alloc() : {typ}")
        self.init(name, typ, shape)
        return g.add(Val(name, typ, shape, stack=stack))

    def init(self, name: str, typ: str, shape: tuple[int, ...]) -> None:
        g = self.g
        g.emit(f"linalg.fill ins({g.scalar()} : f32) outs({name} : {typ})")
        if self.rng.random() < 0.6:
            g.emit(f"memref.store {g.scalar()}, {name}[{g.indices_for(shape)}] : {typ}")

    def buffer(
        self,
        shape: tuple[int, ...] | None = None,
        base_only: bool = False,
        heap: bool = False,
    ) -> Val:
        """An existing buffer (a view unless `base_only`) or a new one."""
        cands = [
            v
            for v in self.buffers(base_only)
            if (shape is None or v.shape == shape) and not (heap and v.stack)
        ]
        if cands and self.rng.random() < 0.8:
            return self.rng.choice(cands)
        return self.alloc(shape, heap=heap)

    def op_store(self, depth: int) -> None:
        b = self.buffer()
        self.g.emit(
            f"memref.store {self.g.scalar()}, {b.name}[{self.g.indices_for(b.shape)}] : {b.type}"
        )

    def op_load(self, depth: int) -> None:
        b = self.buffer()
        name = self.g.fresh("l")
        self.g.emit(
            f"{name} = memref.load {b.name}[{self.g.indices_for(b.shape)}] : {b.type}"
        )
        self.g.add(Val(name, "f32"))

    def op_copy(self, depth: int) -> None:
        a = self.buffer()
        b = self.buffer(a.shape)
        self.g.emit(f'"memref.copy"({a.name}, {b.name}) : ({a.type}, {b.type}) -> ()')

    def op_linalg(self, depth: int) -> None:
        a = self.buffer()
        b = self.buffer(a.shape)
        c = self.buffer(a.shape)
        op = self.rng.choice(["add", "mul", "sub"])
        self.g.emit(
            f"linalg.{op} ins({a.name}, {b.name} : {a.type}, {b.type}) outs({c.name} : {c.type})"
        )

    def op_subview(self, depth: int) -> None:
        self.subview_of(self.buffer(base_only=True))

    def op_if(self, depth: int) -> None:
        g = self.g
        a = self.buffer(base_only=True)
        cond = g.condition()
        res = g.fresh("if")
        g.emit(f"{res} = scf.if {cond} -> ({a.type}) {{")

        def yielded() -> str:
            r = self.rng.random()
            y = self.alloc(a.shape) if r < 0.4 else self.buffer(a.shape, base_only=True)
            return f"scf.yield {y.name} : {y.type}"

        self.if_branches(depth, yielded)
        g.add(Val(res, a.type, a.shape))

    def if_branches(self, depth: int, terminator: Callable[[], str]) -> None:
        """The two regions of an `scf.if` whose header is emitted: each some ops, then
        the yield `terminator` makes; closes the op."""
        g = self.g
        g.indent += 1
        for branch in range(2):
            if branch:
                g.emit("} else {")
            g.scopes.append([])
            self.region_ops(depth + 1, self.rng.randint(0, 2))
            g.emit(terminator())
            g.scopes.pop()
        g.indent -= 1
        g.emit("}")

    def open_for(
        self, init: str, typ: str, shape: tuple[int, ...]
    ) -> tuple[str, str, str]:
        """Open an `scf.for` of 1-3 iterations carrying `init` (its body scope has
        the induction variable and the iter_arg); return the names of the induction
        variable, the result and the iter_arg."""
        g = self.g
        trip = self.rng.randint(1, 3)
        iv, res, acc = g.fresh("iv"), g.fresh("for"), g.fresh("acc")
        g.emit(
            f"{res} = scf.for {iv} = {g.index(0)} to {g.index(trip)} step {g.index(1)} "
            f"iter_args({acc} = {init}) -> ({typ}) {{"
        )
        g.indent += 1
        g.scopes.append([Val(iv, "index"), Val(acc, typ, shape)])
        g.iv_bounds[iv] = trip - 1
        return iv, res, acc

    def op_for(self, depth: int) -> None:
        g = self.g
        a = self.buffer(base_only=True)
        iv, res, acc = self.open_for(a.name, a.type, a.shape)
        self.region_ops(depth + 1, self.rng.randint(1, 3))
        r = self.rng.random()
        if r < 0.4:
            y = self.alloc(a.shape)
            g.emit(f'"memref.copy"({acc}, {y.name}) : ({a.type}, {y.type}) -> ()')
        else:
            y = self.buffer(a.shape, base_only=True)
        g.emit(f"scf.yield {y.name} : {y.type}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        g.add(Val(res, a.type, a.shape))

    def subview_of(
        self, src: Val, static_offset: bool = False, dynamic_offset: bool = False
    ) -> Val:
        """A subview of the base buffer `src` (with a non-zero offset if asked and
        possible; with `dynamic_offset`, offsets passed as values, so the type says
        `offset: ?`)."""
        g = self.g
        strides: list[int] = []
        acc = 1
        for d in reversed(src.shape):
            strides.append(acc)
            acc *= d
        strides.reverse()
        offs: list[int] = []
        sizes: list[int] = []
        for d in src.shape:
            size = self.rng.randint(1, d)
            offs.append(self.rng.randint(0, d - size))
            sizes.append(size)
        if static_offset and not any(offs):
            i = self.rng.randrange(len(src.shape))
            if src.shape[i] > 1:
                sizes[i] = self.rng.randint(1, src.shape[i] - 1)
                offs[i] = self.rng.randint(1, src.shape[i] - sizes[i])
        offset = sum(o * s for o, s in zip(offs, strides, strict=True))
        written = [g.index(o) if dynamic_offset else str(o) for o in offs]
        layout = (
            f"strided<[{', '.join(map(str, strides))}], "
            f"offset: {'?' if dynamic_offset else offset}>"
        )
        typ = self.memref_type(tuple(sizes), layout)
        name = g.fresh("sv")
        g.emit(
            f"{name} = memref.subview {src.name}[{', '.join(written)}] "
            f"[{', '.join(map(str, sizes))}] [{', '.join(['1'] * len(sizes))}] : {src.type} to {typ}"
        )
        return g.add(Val(name, typ, tuple(sizes)))

    @abstractmethod
    def region_ops(self, depth: int, count: int) -> None:
        """Emit `count` ops chosen at random at nesting `depth` (`MemrefProgramGenerator`)."""
