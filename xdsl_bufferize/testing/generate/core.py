"""The generator's building blocks: values (`Val`), function texts, helper signatures,
and `GeneratorBase`, the state and basic steps every feature family of tensor programs
builds on (`ProgramGenerator` puts the families together)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from xdsl_bufferize.testing.generate.config import GeneratorConfig


@dataclass
class Val:
    """A value the generator may use: its SSA name, type, runtime shape and lineage."""

    name: str
    type: str
    shape: tuple[int, ...] = ()
    lineage: int = 0
    """Values of one lineage are successive in-place versions of one loop-carried tensor."""
    readable: bool = True
    stack: bool = False
    """A `memref.alloca`: must not outlive its function."""
    fresh: bool = False
    """A `tensor.empty`: may only be fully overwritten, never read."""
    is_const: bool = False

    @property
    def is_tensor(self) -> bool:
        return self.type.startswith("tensor<")

    @property
    def is_memref(self) -> bool:
        return self.type.startswith("memref<")


def tensor_type(shape: Iterable[int | None]) -> str:
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}f32>"


def identity_map(rank: int) -> str:
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({dims})>"


class FunctionText:
    """The text of one function under construction: a constants prologue and a body."""

    def __init__(self) -> None:
        self.prologue: list[str] = []
        self.body: list[str] = []
        self.index_consts: dict[int, str] = {}
        self.f32_consts: dict[float, str] = {}
        self.other_consts: dict[str, str] = {}


@dataclass
class Helper:
    """A generated helper function: its name and signature."""

    name: str
    arg_types: list[str]
    result_types: list[str]
    arg_shapes: list[tuple[int, ...]]
    result_shapes: list[tuple[int, ...]]
    result_lineage_of_arg: list[int | None] = field(default_factory=lambda: [])
    """For each result, the argument it is returned unchanged from (None otherwise)."""


class GeneratorBase(ABC):
    """The state of a tensor program under construction (functions, scopes of visible
    values, loops and their carried tensors) and what every feature family uses:
    names, constants, shapes, new tensors, destinations and results, reads and writes."""

    def __init__(self, seed: int, config: GeneratorConfig) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.config = config
        self.counter = 0
        self.lineage_counter = 0
        self.fn = FunctionText()
        self.indent = 1
        self.scopes: list[list[Val]] = []
        self.consumable: set[int] = set()
        self.iv_bounds: dict[str, int] = {}
        self.helpers: list[Helper] = []
        self.called: set[str] = set()
        self.functions_text: list[str] = []
        self.special_helpers: dict[str, list[Helper]] = {}
        """Recursive / several-returns helpers made so far, by feature."""
        self.focus: Val | None = None
        self.in_helper = False
        self.loop_base: int | None = None
        """Index in `scopes` of the innermost loop body's first scope (None outside)."""
        self.loop_side: list[Val] = []
        """Results of writes, in the current loop body, that did not consume their
        destination (yield candidates when non-equivalent yields are allowed)."""
        self.loop_captured: list[Val] = []
        """Values defined outside the current loop and written inside it."""
        self.loop_dead: list[Val] = []
        """Captured values never read after the loop writing them (dead after it)."""
        self.outer_chains: set[int] = set()
        """Lineages carried by the enclosing loops and branches (never made dead)."""
        dims = list(range(2, config.max_dim + 1)) or [1]
        self.dims = sorted(self.rng.sample(dims, min(3, len(dims))))

    def fresh(self, hint: str = "v") -> str:
        self.counter += 1
        return f"%{hint}{self.counter}"

    def new_lineage(self) -> int:
        self.lineage_counter += 1
        return self.lineage_counter

    def emit(self, line: str) -> None:
        self.fn.body.append("  " * self.indent + line)

    def index(self, value: int) -> str:
        name = self.fn.index_consts.get(value)
        if name is None:
            name = f"%c{value}_{self.counter}".replace("-", "m")
            self.counter += 1
            self.fn.index_consts[value] = name
            self.fn.prologue.append(f"  {name} = arith.constant {value} : index")
        return name

    def f32(self, value: float) -> str:
        name = self.fn.f32_consts.get(value)
        if name is None:
            name = self.fresh("cst")
            self.fn.f32_consts[value] = name
            self.fn.prologue.append(f"  {name} = arith.constant {value!r} : f32")
        return name

    def const(self, text: str, typ: str, hint: str) -> str:
        key = f"{text}:{typ}"
        name = self.fn.other_consts.get(key)
        if name is None:
            name = self.fresh(hint)
            self.fn.other_consts[key] = name
            self.fn.prologue.append(f"  {name} = arith.constant {text} : {typ}")
        return name

    def small_float(self) -> float:
        return self.rng.choice(
            [-2.0, -1.5, -1.0, -0.5, -0.25, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0]
        )

    def shape(self, rank: int | None = None) -> tuple[int, ...]:
        if rank is None:
            rank = self.rng.choice([1, 2, 2, 2])
        return tuple(self.rng.choice(self.dims) for _ in range(rank))

    def add(self, val: Val) -> Val:
        self.scopes[-1].append(val)
        return val

    def visible(self, pred: Callable[[Val], bool] | None = None) -> list[Val]:
        return [
            v
            for scope in self.scopes
            for v in scope
            if v.readable and not v.fresh and (pred is None or pred(v))
        ]

    def scalars(self) -> list[Val]:
        return self.visible(lambda v: v.type == "f32")

    def scalar(self) -> str:
        vals = self.scalars()
        if vals and self.rng.random() < 0.5:
            return self.rng.choice(vals).name
        return self.f32(self.small_float())

    def consume(self, dest: Val) -> int:
        """Note that an op writes `dest`; the lineage of the op's result."""
        if dest.lineage in self.consumable:
            dest.readable = False
            return dest.lineage
        return self.new_lineage()

    def fresh_tensor(self, shape: tuple[int, ...], dynamic: bool = False) -> Val:
        """A new initialised tensor of `shape` (type dynamic if asked)."""
        r = self.rng.random()
        if dynamic:
            if r < 0.5:
                static = self.fresh_tensor(shape)
                return self.cast_dynamic(static)
            sizes = [self.index(d) for d in shape]
            typ = tensor_type([None] * len(shape))
            empty = self.fresh("e")
            self.emit(f"{empty} = tensor.empty({', '.join(sizes)}) : {typ}")
            return self.init_tensor(empty, typ, shape)
        typ = tensor_type(shape)
        if self.config.enabled("constants") and r < 0.2 and len(shape) <= 2:
            return self.dense_constant(shape)
        if self.config.enabled("alloc_tensor") and self.rng.random() < 0.2:
            alloc = self.fresh("at")
            self.emit(f"{alloc} = bufferization.alloc_tensor() : {typ}")
            return self.init_tensor(alloc, typ, shape)
        empty = self.fresh("e")
        self.emit(f"{empty} = tensor.empty() : {typ}")
        return self.init_tensor(empty, typ, shape)

    def dense_constant(self, shape: tuple[int, ...]) -> Val:
        def build(dims: tuple[int, ...]) -> str:
            if not dims:
                return repr(self.small_float())
            return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"

        typ = tensor_type(shape)
        name = self.fresh("k")
        self.emit(f"{name} = arith.constant dense<{build(shape)}> : {typ}")
        return self.add(
            Val(name, typ, shape, lineage=self.new_lineage(), is_const=True)
        )

    def init_tensor(self, empty: str, typ: str, shape: tuple[int, ...]) -> Val:
        name = self.fresh("t")
        if self.rng.random() < 0.35 or not shape:
            s = self.scalar()
            self.emit(
                f"{name} = linalg.fill ins({s} : f32) outs({empty} : {typ}) -> {typ}"
            )
        else:
            rank = len(shape)
            iters = ", ".join(['"parallel"'] * rank)
            self.emit(
                f"{name} = linalg.generic {{indexing_maps = [{identity_map(rank)}], "
                f"iterator_types = [{iters}]}} outs({empty} : {typ}) {{"
            )
            out = self.fresh("o")
            self.emit(f"^bb0({out}: f32):")
            acc: str | None = None
            for d in range(rank):
                idx = self.fresh("i")
                self.emit(f"  {idx} = linalg.index {d} : index")
                mult = self.index(self.rng.randint(1, 5))
                term = self.fresh("m")
                self.emit(f"  {term} = arith.muli {idx}, {mult} : index")
                if acc is None:
                    acc = term
                else:
                    nxt = self.fresh("a")
                    self.emit(f"  {nxt} = arith.addi {acc}, {term} : index")
                    acc = nxt
            assert acc is not None
            rem = self.fresh("r")
            self.emit(
                f"  {rem} = arith.remui {acc}, {self.index(self.rng.randint(3, 9))} : index"
            )
            i32 = self.fresh("n")
            self.emit(f"  {i32} = arith.index_cast {rem} : index to i32")
            flt = self.fresh("f")
            self.emit(f"  {flt} = arith.sitofp {i32} : i32 to f32")
            res = self.fresh("y")
            self.emit(
                f"  {res} = arith.mulf {flt}, {self.f32(self.small_float())} : f32"
            )
            self.emit(f"  linalg.yield {res} : f32")
            self.emit(f"}} -> {typ}")
        return self.add(Val(name, typ, shape, lineage=self.new_lineage()))

    def maybe_dynamic(self, probability: float) -> bool:
        """Draw whether a new tensor gets a dynamic type (never if disabled)."""
        draw = self.rng.random() < probability
        return draw and self.config.enabled("dynamic_shapes")

    def cast_dynamic(self, val: Val) -> Val:
        typ = tensor_type([None] * len(val.shape))
        name = self.fresh("d")
        self.emit(f"{name} = tensor.cast {val.name} : {val.type} to {typ}")
        return self.add(Val(name, typ, val.shape, lineage=self.new_lineage()))

    def source(self, typ: str, shape: tuple[int, ...]) -> Val:
        """A readable tensor of `typ` and runtime `shape`: an existing one or a new one."""
        cands = self.visible(lambda v: v.type == typ and v.shape == shape)
        if cands and self.rng.random() < 0.8:
            return self.rng.choice(cands)
        return self.fresh_tensor(shape, dynamic="?" in typ)

    def dest(
        self, typ: str, shape: tuple[int, ...], overwritten: bool
    ) -> tuple[str, Val | None]:
        """A destination: an existing tensor (an aliasing write) or a `tensor.empty`."""
        focus = self.focus
        if (
            focus is not None
            and focus.readable
            and focus.type == typ
            and focus.shape == shape
            and self.rng.random() < 0.8
        ):
            return focus.name, focus
        cands = self.visible(lambda v: v.type == typ and v.shape == shape)
        if cands and (not overwritten or self.rng.random() < 0.7):
            # Prefer the most recent values: in-place chains.
            pick = cands[-1] if self.rng.random() < 0.5 else self.rng.choice(cands)
            return pick.name, pick
        if not overwritten:
            val = self.fresh_tensor(shape, dynamic="?" in typ)
            return val.name, val
        empty = self.fresh("e")
        if "?" in typ:
            sizes = ", ".join(self.index(d) for d in shape)
            self.emit(f"{empty} = tensor.empty({sizes}) : {typ}")
        else:
            self.emit(f"{empty} = tensor.empty() : {typ}")
        return empty, None

    def result(
        self, name: str, typ: str, shape: tuple[int, ...], dest: Val | None
    ) -> Val:
        lineage = self.consume(dest) if dest is not None else self.new_lineage()
        return self.add(Val(name, typ, shape, lineage=lineage))

    def any_tensor(self, pred: Callable[[Val], bool] | None = None) -> Val:
        focus = self.focus
        if focus is not None and focus.readable and (pred is None or pred(focus)):
            return focus
        cands = self.visible(lambda v: v.is_tensor and (pred is None or pred(v)))
        if cands and self.rng.random() < 0.85:
            return self.rng.choice(cands)
        return self.fresh_tensor(self.shape(), dynamic=self.maybe_dynamic(0.15))

    def indices_for(self, shape: tuple[int, ...]) -> str:
        return ", ".join(self.index(self.rng.randrange(d)) for d in shape)

    def side_write(self, dest: Val) -> Val:
        """Write into `dest` without consuming it: `dest`'s old value stays readable."""
        # Inserts at induction variables and accumulations differ from one iteration
        # to the next: a write seen by a later iteration changes the results.
        kinds = ["insert", "insert", "generic", "generic", "fill", "copy"]
        kind = self.rng.choice(kinds)
        typ = dest.type
        name = self.fresh("w")
        if kind == "insert":
            self.emit(
                f"{name} = tensor.insert {self.scalar()} into {dest.name}"
                f"[{self.indices_varying(dest.shape)}] : {typ}"
            )
        elif kind == "fill":
            self.emit(
                f"{name} = linalg.fill ins({self.scalar()} : f32) outs({dest.name} : {typ}) -> {typ}"
            )
        elif kind == "generic":
            rank = len(dest.shape)
            iters = ", ".join(['"parallel"'] * rank)
            self.emit(
                f"{name} = linalg.generic {{indexing_maps = [{identity_map(rank)}], "
                f"iterator_types = [{iters}]}} outs({dest.name} : {typ}) {{"
            )
            out, p = self.fresh("o"), self.fresh("p")
            self.emit(f"^bb0({out}: f32):")
            self.emit(f"  {p} = arith.addf {out}, {self.f32(self.small_float())} : f32")
            self.emit(f"  linalg.yield {p} : f32")
            self.emit(f"}} -> {typ}")
        else:
            src = self.source(typ, dest.shape)
            self.emit(
                f"{name} = linalg.copy ins({src.name} : {typ}) outs({dest.name} : {typ}) -> {typ}"
            )
        val = self.add(Val(name, typ, dest.shape, lineage=self.new_lineage()))
        if self.loop_base is not None:
            self.loop_side.append(val)
        return val

    def indices_varying(self, shape: tuple[int, ...]) -> str:
        """Indices into `shape`, induction variables where they fit."""
        ivs = [
            (v.name, self.iv_bounds[v.name])
            for v in self.visible(lambda v: v.type == "index")
            if v.name in self.iv_bounds
        ]
        out: list[str] = []
        for d in shape:
            fits = [n for n, b in ivs if b < d]
            if fits and self.rng.random() < 0.7:
                out.append(self.rng.choice(fits))
            else:
                out.append(self.index(self.rng.randrange(d)))
        return ", ".join(out)

    def observe(self, val: Val, into: Val | None = None) -> None:
        """Read one element of `val`; with `into`, store it into `into` (consumed)."""
        x = self.fresh("ob")
        self.emit(
            f"{x} = tensor.extract {val.name}[{self.indices_for(val.shape)}] : {val.type}"
        )
        self.add(Val(x, "f32"))
        if into is not None and into.readable:
            name = self.fresh("ins")
            self.emit(
                f"{name} = tensor.insert {x} into {into.name}[{self.indices_for(into.shape)}] : {into.type}"
            )
            self.result(name, into.type, into.shape, into)

    @abstractmethod
    def random_op(self, depth: int) -> None:
        """Emit one op chosen at random among the enabled features (`ProgramGenerator`)."""
